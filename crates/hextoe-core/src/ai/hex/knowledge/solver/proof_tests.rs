//! Proof sets: what a proof claims is checked by playing it out — the loser gets every empty cell outside
//! the set, and a fresh search must still find the same winner.

use super::*;
use crate::ai::Stop;
use crate::ai::hex::knowledge::playout::FastRng;
use crate::game::hex::Color;

/// A random position on the n×n board with `stones` stones placed alternately, and `to_move` to move.
fn random_pos(geo: &Geometry<u64>, rng: &mut FastRng, stones: usize) -> Pos<u64> {
    let cells = geo.cells();
    let mut p = Pos { stones: [0, 0], to_move: Color::Black };
    let mut placed = 0;
    while placed < stones {
        let k = rng.below(cells);
        if p.empty(geo).has(k) {
            p.stones[placed % 2] |= 1 << k;
            placed += 1;
        }
    }
    p.to_move = if rng.below(2) == 0 { Color::Black } else { Color::White };
    p
}

/// Solves `pos` from a fresh table, with its proof set at the root.
fn solve(geo: &Geometry<u64>, pos: &Pos<u64>) -> (Proof, u64) {
    let tt = Mutex::new(Tt::new(16 << 20));
    let limits = Limits::unlimited(&Stop::new());
    let mut d = Dfpn::new(geo.clone(), &tt, &limits, &|_| {});
    let proof = d.solve(pos);
    (proof, d.proof_of(d.key(pos)))
}

#[test]
fn the_loser_may_have_every_cell_outside_the_proof_set() {
    let mut rng = FastRng::new(11);
    let mut narrowed = 0;
    for n in [4, 5, 6] {
        let geo = Geometry::<u64>::new(n).unwrap_or_else(|| panic!("{n}×{n} fits"));
        for _ in 0..40 {
            let stones = 2 + rng.below(n + 2);
            let pos = random_pos(&geo, &mut rng, stones);
            if geo.connects(pos.stones[0], Color::Black) || geo.connects(pos.stones[1], Color::White) {
                continue;
            }
            let (proof, set) = solve(&geo, &pos);
            let loser = match proof {
                Proof::Win => pos.to_move.opponent(),
                Proof::Loss => pos.to_move,
                Proof::Unknown => panic!("no limit was set"),
            };
            let outside = pos.empty(&geo).minus(set);
            narrowed += usize::from(outside != 0);
            let mut given = pos;
            given.stones[loser.index()] |= outside;
            let again = if geo.connects(given.of(loser.opponent()), loser.opponent()) {
                proof
            } else {
                assert!(!geo.connects(given.of(loser), loser), "the loser connects outside {set:#x}: {pos:?}");
                solve(&geo, &given).0
            };
            assert_eq!(again, proof, "outside the proof set {set:#x}, the loser turned it: {pos:?}");
        }
    }
    assert!(narrowed > 40, "the proof sets left the loser nothing in most positions ({narrowed})");
}
