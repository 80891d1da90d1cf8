//! The settings table: every key is its field, `--tuning` sets exactly what it names, and every bad part
//! is refused with what it expected.

use super::*;

fn tuned(text: &str) -> Params {
    let mut p = Params::for_size(11);
    text.parse::<Tuning>().unwrap_or_else(|e| panic!("{e}")).apply(&mut p);
    p
}

#[test]
fn every_setting_is_listed_once_with_its_default_and_what_it_takes() {
    let all = settings();
    assert_eq!(all.iter().map(|s| s.key).collect::<Vec<_>>(), SETTINGS);
    for (i, s) in all.iter().enumerate() {
        assert!(!s.about.is_empty() && !s.takes.is_empty(), "{s:?}");
        assert!(all[..i].iter().all(|t| t.key != s.key), "{} twice", s.key);
        // The default, read back as a tuning, changes nothing.
        let text = format!("{}={}", s.key, s.default);
        assert_eq!(tuned(&text), Params::for_size(11), "{text}");
    }
    let show = |key: &str| all.iter().find(|s| s.key == key).map(|s| (s.takes.as_str(), s.default.as_str()));
    assert_eq!(show("rave_bias"), Some(("a number from 0 to 1", "0.002")));
    assert_eq!(show("expand_after"), Some(("a whole number from 0 to 1000", "2")));
    assert_eq!(show("pruning").map(|s| s.1), Some("all"));
    assert_eq!(show("knowledge").map(|s| s.1), Some("256"));
    assert_eq!(show("local_odds").map(|s| s.1), Some("2"));
}

#[test]
fn a_tuning_text_replaces_exactly_the_settings_it_names() {
    let base = Params::for_size(11);
    assert_eq!(tuned(""), base);
    let p = tuned(
        "expand_after=10, rave_bias=0.01,first_play=0.75,pruning=vulnerable,prior_weight=3,near_prior=off,local_replies=off,local_odds=3,knowledge=64,opening_book=all,stop_when_settled=on,fair_openings=off",
    );
    assert_eq!((p.expand_after, p.rave_bias, p.first_play, p.prior_weight), (10, 0.01, 0.75, 3.0));
    assert_eq!((p.pruning, p.knowledge, p.opening_book), (Pruning::Vulnerable, KnowledgeAt::Nodes(64), BookUse::All));
    assert!(!p.near_prior && !p.local_replies && p.stop_when_settled && !p.fair_openings);
    assert_eq!(p.local_odds, Odds([3.0, 3.0]));
    assert_ne!(p, base);
    assert_eq!(tuned("local_odds=0.5/3").local_odds, Odds([0.5, 3.0]), "Black's odds, then White's");
    assert_eq!(tuned("knowledge=root").knowledge, KnowledgeAt::Root);
    assert_eq!(tuned("knowledge=off").knowledge, KnowledgeAt::Off);
    assert_eq!(tuned("opening_book=first").opening_book, BookUse::First);
    assert_eq!(tuned("opening_book=on").opening_book, BookUse::All, "the old spelling of all");
    assert_eq!(tuned("pruning=inferior,").pruning, Pruning::Inferior);
    let one = tuned("prior_weight=0");
    assert_eq!(Params { prior_weight: 2.0, ..one }, base, "one key changes one field");
    assert_eq!(Params::for_size(7).expand_after, 1, "small boards expand at once");
}

#[test]
fn bad_tuning_texts_say_what_was_expected() {
    for (text, part, want) in [
        ("rave_bias", "rave_bias", "key=value"),
        ("speed=3", "speed=3", "unknown key; expected one of expand_after, rave_bias, first_play"),
        ("explore=0.2", "explore=0.2", "unknown key"),
        ("rave_bias=-1", "rave_bias=-1", "expected a number from 0 to 1"),
        ("rave_bias=NaN", "rave_bias=NaN", "a number from 0 to 1"),
        ("prior_weight=inf", "prior_weight=inf", "a number from 0 to 100"),
        ("local_odds=0", "local_odds=0", "a number from 0.01 to 100 for both colours' searches"),
        ("local_odds=2/", "local_odds=2/", "or two as BLACK/WHITE"),
        ("local_odds=/1", "local_odds=/1", "or two as BLACK/WHITE"),
        ("local_odds=2/1/1", "local_odds=2/1/1", "or two as BLACK/WHITE"),
        ("local_replies=yes", "local_replies=yes", "expected on or off"),
        ("pruning=most", "pruning=most", "one of off, inferior, vulnerable, dominated, all"),
        ("opening_book=some", "opening_book=some", "one of off, first, replies, all"),
        ("knowledge=0", "knowledge=0", "off, root, or the visits"),
        ("prior_weight=1,rave_bias=2", "rave_bias=2", "from 0 to 1"),
        ("knowledge=root,knowledge=off", "knowledge=off", "given twice"),
        ("expand_after=1.5", "expand_after=1.5", "a whole number from 0 to 1000"),
        ("expand_after=ß", "expand_after=ß", "a whole number from 0 to 1000"),
    ] {
        let e = text.parse::<Tuning>().err().unwrap_or_else(|| panic!("{text} was accepted"));
        assert_eq!(e.part, part);
        assert!(e.why.contains(want), "{text}: {e}");
    }
    let long = format!("{}=1", "é".repeat(100));
    let e = long.parse::<Tuning>().err().unwrap_or_else(|| panic!("accepted"));
    assert_eq!(e.part, format!("{}…", "é".repeat(40)), "quoted by its first 40 characters, marked as cut");
}
