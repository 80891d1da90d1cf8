//! The held-out scores with the symmetry at inference ([`hextoe_nn::eval::network_frames`]): read in one
//! frame they are the plain scores, and averaged over both frames they cannot tell a position from its
//! 180° turn.

use hextoe_core::game::hex::Color;
use hextoe_nn::dataset::{Example, Source};
use hextoe_nn::eval::{Scores, network, network_frames, rows};
use hextoe_nn::planes::Position;
use hextoe_nn::weights;
use std::path::Path;

/// Positions of side `n` with about a third of the cells filled, each with a spread policy target over
/// three empty cells, the first of them played.
fn examples(n: usize, count: u64) -> Vec<Example> {
    let mut s = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        s >> 33
    };
    (0..count)
        .map(|i| {
            let cells: Vec<Option<Color>> = (0..n * n)
                .map(|_| match next() % 6 {
                    0 => Some(Color::Black),
                    1 => Some(Color::White),
                    _ => None,
                })
                .collect();
            let empty: Vec<usize> = (0..n * n).filter(|&k| cells[k].is_none()).collect();
            let mut pick = |j: u64| empty[(next() as usize + j as usize) % empty.len()];
            let (a, b, c) = (pick(0), pick(1), pick(2));
            let to_move = if i % 2 == 0 { Color::Black } else { Color::White };
            Example {
                pos: Position { size: n, cells, to_move },
                last: None,
                policy: vec![(a, 0.5), (b, 0.25), (c, 0.25)],
                played: a,
                value: if i % 3 == 0 { 1.0 } else { -1.0 },
                source: Source::MoHex,
            }
        })
        .collect()
}

/// The example turned 180°: cell k becomes cell n·n − 1 − k, and every edge the one of its colour opposite.
fn turned(e: &Example) -> Example {
    let last = e.pos.cells.len() - 1;
    Example {
        pos: Position { size: e.pos.size, cells: e.pos.cells.iter().rev().copied().collect(), to_move: e.pos.to_move },
        last: e.last.map(|k| last - k),
        policy: e.policy.iter().map(|&(k, t)| (last - k, t)).collect(),
        played: last - e.played,
        value: e.value,
        source: e.source,
    }
}

fn shipped() -> hextoe_nn::Net {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(hextoe_nn::SHIPPED);
    weights::load(&path).unwrap_or_else(|e| panic!("{e}")).net
}

fn close(a: &Scores, b: &Scores, tol: f64) -> bool {
    a.positions == b.positions
        && (a.top1 - b.top1).abs() < tol
        && (a.top3 - b.top3).abs() < tol
        && (a.policy_loss - b.policy_loss).abs() < tol
        && (a.value_loss - b.value_loss).abs() < tol
}

#[test]
fn one_frame_gives_the_plain_scores() {
    let net = shipped();
    let ex = examples(11, 24);
    let refs: Vec<&Example> = ex.iter().collect();
    let plain = network(&net, &refs, 8).unwrap_or_else(|e| panic!("{e}"));
    let one = network_frames(&net, &refs, 8, false).unwrap_or_else(|e| panic!("{e}"));
    assert!(close(&plain, &one, 1e-4), "{plain:?} against {one:?}");
    assert!(plain.policy_loss > 0.0 && plain.value_loss > 0.0, "{plain:?}");
}

#[test]
fn averaged_over_both_frames_a_position_and_its_turn_score_alike() {
    let net = shipped();
    for n in [11, 13] {
        let ex = examples(n, 12);
        let back: Vec<Example> = ex.iter().map(turned).collect();
        let (a, b): (Vec<&Example>, Vec<&Example>) = (ex.iter().collect(), back.iter().collect());
        let sa = network_frames(&net, &a, 4, true).unwrap_or_else(|e| panic!("{e}"));
        let sb = network_frames(&net, &b, 4, true).unwrap_or_else(|e| panic!("{e}"));
        assert!(close(&sa, &sb, 1e-4), "side {n}: {sa:?} against {sb:?}");
        // In one frame alone the two differ: the network is not symmetric by itself.
        let (oa, ob) = (network_frames(&net, &a, 4, false).unwrap(), network_frames(&net, &b, 4, false).unwrap());
        assert!(!close(&oa, &ob, 1e-6), "side {n}: the plain scores agree already: {oa:?}");
    }
}

#[test]
fn the_table_splits_the_held_out_positions_by_size_only_when_there_are_several() {
    let mixed: Vec<Example> = examples(11, 6).into_iter().chain(examples(13, 4)).collect();
    let counts = |ex: &[Example]| rows(ex).into_iter().map(|(name, e)| (name, e.len())).collect::<Vec<_>>();
    let row = |name: &str, n: usize| (name.to_string(), n);
    assert_eq!(
        counts(&mixed),
        [row("game lists", 0), row("self-play (visits)", 10), row("at 11x11", 6), row("at 13x13", 4), row("all", 10)]
    );
    assert_eq!(counts(&examples(11, 3)), [row("game lists", 0), row("self-play (visits)", 3), row("all", 3)]);
}
