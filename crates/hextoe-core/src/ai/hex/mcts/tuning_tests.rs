//! `--tuning` text: every key read and written into the search's settings, and every bad part refused
//! with what it expected.

use super::*;

fn tuned(text: &str) -> Params {
    let mut p = Params::for_size(11);
    text.parse::<Tuning>().unwrap_or_else(|e| panic!("{e}")).apply(&mut p);
    p
}

#[test]
fn a_tuning_text_replaces_exactly_the_settings_it_names() {
    let base = Params::for_size(11);
    let p = tuned(
        "explore=0.25, rootexplore=0.5,uct=0.22,local=off,directed=on,global=8,prune=vulnerable,edge=on,near=on,nearplay=on,shaped=on,book=on,knowledge=64,settle=off,rave=0.01,prior=3,expand=10,vcwork=5000,flow=64,flowexp=1.5,kdepth=2,plain=30,vcm=0.5,raveinit=2.12,raveprior=8,localx=3,swapopen=off",
    );
    assert!(!p.fair_openings && base.fair_openings);
    assert_eq!((p.plain_every, base.plain_every), (Some(30), None));
    assert_eq!((p.vcm_bonus, base.vcm_bonus), (0.5, 0.0));
    assert_eq!((p.rave_initial, base.rave_initial), (2.12, 1.0));
    assert_eq!((p.rave_prior, base.rave_prior), (8.0, 0.0));
    assert_eq!((p.local_odds, base.local_odds), ([3.0, 3.0], [2.0, 2.0]));
    assert_eq!(tuned("localx=0.5/3").local_odds, [0.5, 3.0], "Black's odds, then White's");
    assert_eq!(tuned("localx=1").local_odds, [1.0, 1.0], "one number is both colours'");
    assert_eq!(tuned("plain=30,").plain_every, Some(30));
    assert_eq!(tuned("plain=off").plain_every, None);
    assert_eq!(
        (tuned("halving=8").root_halving, tuned("halving=off").root_halving, base.root_halving),
        (Some(8), None, None)
    );
    assert_eq!(p.expand_after, 10);
    assert_eq!(p.node_vc_work, 5000);
    assert_eq!((p.flow_after, p.flow_exponent, base.flow_after), (Some(64), 1.5, None));
    assert_eq!((p.knowledge_depth, base.knowledge_depth), (Some(2), None));
    assert_eq!((p.explore, p.root_explore, base.root_explore), (0.25, 0.5, 0.0));
    assert_eq!((p.uct_bias, base.uct_bias), (0.22, 0.0));
    assert!(!p.local_replies && !p.stop_when_settled);
    assert!(p.directed_replies && !base.directed_replies);
    assert!(!tuned("directed=off").directed_replies);
    assert_eq!(p.global_cap, Some(8.0));
    assert_eq!(p.pruning, Pruning::Vulnerable);
    assert_eq!(tuned("prune=dominated").pruning, Pruning::Dominated);
    assert_eq!(tuned("prune=all").pruning, Pruning::All);
    assert_eq!(tuned("prune=inferior").pruning, Pruning::Inferior);
    assert_eq!(base.pruning, Pruning::All, "MoHex 2.0's whole prior pruning is the default");
    assert!(p.prune_lone_edge && !base.prune_lone_edge);
    assert!(p.near_prior && p.near_replies);
    assert!(p.shaped_replies && !base.shaped_replies);
    assert_eq!(p.opening_book, BookUse::All);
    assert_eq!(tuned("book=first").opening_book, BookUse::First);
    assert_eq!(tuned("book=replies").opening_book, BookUse::Replies);
    assert_eq!(base.opening_book, BookUse::Replies, "the first stone and the answer to one are the default");
    assert_eq!(tuned("book=off").opening_book, BookUse::Off);
    assert_eq!(base.fill, FillFrom::Off);
    assert_eq!(tuned("fill=nodes").fill, FillFrom::Nodes);
    assert_eq!(tuned("fill=root").fill, FillFrom::Root);
    assert_eq!(tuned("fill=on").fill, FillFrom::Root, "on, as before nodes could give fill-in, is the root's");
    assert_eq!((p.knowledge, base.knowledge), (KnowledgeAt::Nodes(64), KnowledgeAt::Nodes(256)));
    assert_eq!((p.rave_bias, p.prior_weight), (0.01, 3.0));
    assert_eq!(p.first_play, base.first_play);
    let same = tuned("");
    assert_eq!((same.explore, same.prior_weight, same.knowledge), (base.explore, base.prior_weight, base.knowledge));
}

#[test]
fn bad_tuning_texts_say_what_was_expected() {
    for (text, part, want) in [
        ("explore", "explore", "key=value"),
        ("speed=3", "speed=3", "one of prior, local"),
        ("explore=-1", "explore=-1", "from 0 to 10"),
        ("explore=NaN", "explore=NaN", "from 0 to 10"),
        ("raveprior=1001", "raveprior=1001", "even odds each child starts with, a number from 0 to 1000"),
        ("raveprior=inf", "raveprior=inf", "a number from 0 to 1000 (0: none)"),
        (
            "localx=0",
            "localx=0",
            "than their fit the playouts' local replies are against a move elsewhere, a number from 0.01 to 100",
        ),
        ("localx=101", "localx=101", "a number from 0.01 to 100"),
        ("localx=twice", "localx=twice", "a number from 0.01 to 100"),
        ("localx=2/", "localx=2/", "or two as BLACK/WHITE"),
        ("localx=/1", "localx=/1", "or two as BLACK/WHITE"),
        ("localx=2/1/1", "localx=2/1/1", "or two as BLACK/WHITE"),
        ("localx=2/0", "localx=2/0", "a number from 0.01 to 100"),
        ("uct=11", "uct=11", "inside the RAVE blend, as MoHex 2.0 weighs it, a number from 0 to 10"),
        ("local=yes", "local=yes", "on or off"),
        ("global=0.5", "global=0.5", "from 1 to 100000"),
        ("global=on", "global=on", "off, or the cap"),
        (
            "prune=most",
            "prune=most",
            "off, inferior (dead and captured), vulnerable (those and vulnerable cells), dominated",
        ),
        ("knowledge=0", "knowledge=0", "off, root, or a visit count"),
        ("prior=1,rave=2", "rave=2", "from 0 to 1"),
        ("knowledge=root,knowledge=off", "knowledge=off", "given twice"),
        ("expand=1.5", "expand=1.5", "a whole number from 0 to 1000"),
        ("vcwork=99", "vcwork=99", "from 100 to 400000"),
        ("vcwork=400001", "vcwork=400001", "from 100 to 400000"),
        ("flow=on", "flow=on", "current weighs its prior: off, or a whole number"),
        ("flow=1000001", "flow=1000001", "from 0 to 1000000"),
        ("flowexp=9", "flowexp=9", "from 0 to 8"),
        ("kdepth=0", "kdepth=0", "get knowledge: any, or a whole number from 1 to 400"),
        ("plain=1", "plain=1", "leaves RAVE out and weighs the children's own results alone: off, or every Nth"),
        ("plain=ß", "plain=ß", "a whole number from 2 to 1000000"),
        ("raveinit=0", "raveinit=0", "AMAF simulation counts as while few, a number from 0.1 to 100"),
        ("raveinit=-2", "raveinit=-2", "from 0.1 to 100"),
        ("vcm=11", "vcm=11", "restore a broken virtual connection, a number from 0 to 10"),
        ("vcm=inf", "vcm=inf", "a number from 0 to 10"),
        ("halving=1", "halving=1", "most visited moves once 30 % of the budget is spent: off, or how many"),
        ("halving=65", "halving=65", "a whole number from 2 to 64"),
        ("fill=leaves", "fill=leaves", "off, root (the root's), or nodes"),
    ] {
        let e = text.parse::<Tuning>().err().unwrap_or_else(|| panic!("{text} was accepted"));
        assert_eq!(e.part, part);
        assert!(e.why.contains(want), "{text}: {e}");
    }
    let long = format!("{}=1", "é".repeat(100));
    let e = long.parse::<Tuning>().err().unwrap_or_else(|| panic!("accepted"));
    assert_eq!(e.part, format!("{}…", "é".repeat(40)), "quoted by its first 40 characters, marked as cut");
}

#[test]
fn a_borrowing_search_is_allowed_its_savings_and_no_other_is() {
    use crate::ai::Budget;
    use crate::ai::hex::mcts::MctsState;
    use crate::ai::hex::{PlayerKind, PlayerSpec};
    use std::time::Duration;
    let second = Duration::from_secs(1);
    let timed = PlayerSpec { kind: PlayerKind::Mcts, budget: Budget::time(second), memory_mb: 1 };
    let counted = PlayerSpec { budget: Budget { nodes: Some(100), ..timed.budget }, ..timed.clone() };
    let mut lender = MctsState::tuned("borrow=on".parse().unwrap_or_else(|e| panic!("{e}")));
    let mut plain = MctsState::default();
    assert_eq!(lender.allowance(&timed, 11), Some(second), "nothing saved yet");
    for s in [&mut lender, &mut plain] {
        s.clock.book(second, Duration::from_millis(300));
    }
    assert_eq!(lender.allowance(&timed, 11), Some(Duration::from_millis(1700)));
    assert_eq!(plain.allowance(&timed, 11), Some(second), "borrowing is off by default");
    assert_eq!(lender.allowance(&counted, 11), Some(second), "a simulation budget never borrows");
    let untimed = PlayerSpec { budget: Budget { nodes: Some(100), ..Budget::default() }, ..timed.clone() };
    assert_eq!(lender.allowance(&untimed, 11), None);
}
