//! Decompositions against a brute force that knows nothing of them.

use super::*;
use crate::ai::hex::knowledge::playout::FastRng;
use crate::ai::hex::knowledge::solver::inferior::{brute_wins, fill_in};
use crate::ai::hex::knowledge::solver::position::Rings;
use crate::ai::hex::knowledge::solver::vc::EdgeLink;
use std::collections::HashMap;

/// A random filled-in position on the n×n board with about `stones` stones, no winner yet, or `None`.
fn position(geo: &Geometry<u64>, rings: &Rings, rng: &mut FastRng, stones: usize) -> Option<Pos<u64>> {
    let cells = geo.cells();
    let mut p = Pos { stones: [0u64, 0], to_move: Color::Black };
    for i in 0..stones {
        let k = rng.below(cells);
        if p.empty(geo).has(k) {
            p.stones[i % 2] |= 1 << k;
        }
    }
    fill_in(geo, rings, &mut p);
    let over = [Color::Black, Color::White].iter().any(|&c| geo.connects(p.of(c), c));
    (!over && p.empty(geo).count() > 2).then_some(p)
}

#[test]
fn a_filled_decomposition_changes_no_winner() {
    // Random 4×4 and 5×5 positions, solved by plain negamax with each side to move: wherever a colour's
    // carrier is filled by a decomposition, the winner is the same; and enough positions have one.
    let mut rng = FastRng::new(11);
    let mut found = [0usize; 2];
    let mut hs = Vcs::default();
    for (row, (n, tries, low)) in [(4, 3000, 3), (5, 1500, 12)].into_iter().enumerate() {
        let geo = Geometry::<u64>::new(n).unwrap_or_else(|| panic!("{n}×{n}"));
        let rings = Rings::new(n);
        let mut memo = HashMap::new();
        for _ in 0..tries {
            let stones = low + rng.below(n * n / 3);
            let Some(p) = position(&geo, &rings, &mut rng, stones) else { continue };
            for color in [Color::Black, Color::White] {
                if !matches!(hs.run(&geo, &p, color, false), EdgeLink::Sc(_) | EdgeLink::None) {
                    continue;
                }
                let Some(carrier) = decomposition(&geo, &p, color, &hs) else { continue };
                assert!(carrier.subset_of(p.empty(&geo)) && !carrier.is_zero());
                found[row] += 1;
                let mut filled = p;
                filled.stones[color.index()] |= carrier;
                for to_move in [Color::Black, Color::White] {
                    let (a, b) = (Pos { to_move, ..p }, Pos { to_move, ..filled });
                    assert_eq!(
                        brute_wins(&geo, &a, &mut memo),
                        brute_wins(&geo, &b, &mut memo),
                        "{n}×{n}, {color:?}'s carrier {carrier:#x} in {a:?}"
                    );
                }
            }
        }
    }
    assert!(found.iter().all(|&f| f >= 20), "decompositions found by size: {found:?}");
}
