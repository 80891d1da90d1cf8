//! Inferior moves against a brute force that knows nothing of them.

use super::*;
use crate::ai::hex::knowledge::playout::FastRng;
use crate::ai::hex::knowledge::solver::inferior::{brute_wins, fill_in};
use crate::game::hex::Color;
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
    p.to_move = if rng.below(2) == 0 { Color::Black } else { Color::White };
    fill_in(geo, rings, &mut p);
    let over = [Color::Black, Color::White].iter().any(|&c| geo.connects(p.of(c), c));
    (!over && !p.empty(geo).is_zero()).then_some(p)
}

#[test]
fn a_won_position_keeps_a_winning_move_among_the_moves_left() {
    // Random 4×4 and 5×5 positions, solved by plain negamax: whenever the side to move wins, one of the
    // moves left after pruning wins; and the pruning has work to do in enough of them.
    let mut rng = FastRng::new(3);
    let (mut pruned_vulnerable, mut pruned_dominated, mut won) = (0, 0, 0);
    for (n, tries, low) in [(4, 500, 3), (5, 120, 14)] {
        let geo = Geometry::<u64>::new(n).unwrap_or_else(|| panic!("{n}×{n}"));
        let rings = Rings::new(n);
        let mut memo = HashMap::new();
        for _ in 0..tries {
            let stones = low + rng.below(n * n / 3);
            let Some(p) = position(&geo, &rings, &mut rng, stones) else { continue };
            let all = p.empty(&geo);
            let pruned = prune(&geo, &rings, &p, all);
            assert!(pruned.kept.subset_of(all) && !pruned.kept.is_zero());
            let killed: Vec<usize> = all.minus(pruned.kept).ones().collect();
            pruned_vulnerable += usize::from(!pruned.killers.is_zero());
            pruned_dominated += usize::from(!killed.is_empty() && pruned.killers.is_zero());
            if brute_wins(&geo, &p, &mut memo) {
                won += 1;
                let keeps_a_win = pruned.kept.ones().any(|k| !brute_wins(&geo, &p.play(k), &mut memo));
                assert!(keeps_a_win, "{n}×{n}: every winning move of {p:?} was pruned ({killed:?})");
            }
        }
    }
    assert!(
        won > 200 && pruned_vulnerable > 100 && pruned_dominated > 4,
        "{won} {pruned_vulnerable} {pruned_dominated}"
    );
}

#[test]
fn the_acute_corner_is_vulnerable_on_the_empty_board_and_its_killer_is_reported() {
    let n = 4;
    let geo = Geometry::<u64>::new(n).unwrap_or_else(|| panic!());
    let rings = Rings::new(n);
    let p = Pos { stones: [0u64, 0], to_move: Color::Black };
    let all = p.empty(&geo);
    let pruned = prune(&geo, &rings, &p, all);
    // a1 (index 0): White at a2 or b1 leaves it touching one run of each colour.
    assert!(!pruned.kept.has(0), "a1 is left out");
    assert!(pruned.killers.has(1) || pruned.killers.has(n), "{:#x}", pruned.killers);
    // The centre is kept.
    assert!(pruned.kept.has(5) && pruned.kept.has(10));
}
