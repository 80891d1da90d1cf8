//! Inferior cells: dead cells, whose colour can never matter, and captured pairs, which one colour can
//! always claim. Both are filled in before a position is searched, which removes moves and often settles
//! the position outright.
//!
//! Both tests look only at a cell's ring of six neighbours (edges count as their owner's stones). A cell
//! is *dead* if, however its empty neighbours are coloured, the black neighbours form one run around the
//! ring and so do the white ones: the cell then joins nothing that is not already joined, for either
//! colour. Stones added later only narrow the choices, so a dead cell stays dead.
//!
//! Two empty neighbours a, b are *captured* by X if a Y stone on a would be dead once X holds b, and a
//! Y stone on b dead once X holds a: X answers Y in the pair and Y's stone is worthless, so filling both
//! with X changes no result (Hayward et al., "Solving 7×7 Hex", 2003).

use super::position::{Pos, Rings};
use crate::ai::hex::knowledge::bitboard::{Bits, DEAD, Geometry};
use crate::game::hex::Color;

/// What fill-in did to a position.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Filled<B> {
    /// Cells filled because they were dead.
    pub dead: B,
    /// Cells filled by Black or White because that colour had captured them.
    pub captured: [B; 2],
}

/// Fills dead cells (with the colour not to move) and captured pairs (with their captor) until none is
/// left. The result has the same winner with perfect play as `pos`.
pub(crate) fn fill_in<B: Bits>(geo: &Geometry<B>, rings: &Rings, pos: &mut Pos<B>) -> Filled<B> {
    let mut filled = Filled::default();
    let dead_colour = pos.to_move.opponent();
    loop {
        let mut changed = false;
        let empty = pos.empty(geo);
        for k in empty.ones() {
            if !pos.empty(geo).has(k) {
                continue;
            }
            let p = rings.pattern(pos, k);
            if DEAD[p] {
                pos.stones[dead_colour.index()] |= B::bit(k);
                filled.dead |= B::bit(k);
                changed = true;
                continue;
            }
            for j in rings.cells(k) {
                if j < k || !pos.empty(geo).has(j) {
                    continue;
                }
                let (Some(sj), Some(sk)) = (rings.slot(k, j), rings.slot(j, k)) else { continue };
                let pj = rings.pattern(pos, j);
                for x in [Color::Black, Color::White] {
                    let v = x.index() + 1;
                    if DEAD[p | v << (2 * sj)] && DEAD[pj | v << (2 * sk)] {
                        let pair = B::bit(k) | B::bit(j);
                        pos.stones[x.index()] |= pair;
                        filled.captured[x.index()] |= pair;
                        changed = true;
                        break;
                    }
                }
                if !pos.empty(geo).has(k) {
                    break;
                }
            }
        }
        if !changed {
            return filled;
        }
    }
}

/// Whether the side to move in `pos` wins, by plain negamax over every move (no fill-in), memoized: the
/// truth that tests of inferior-cell pruning check their cells against, on boards small enough for it.
#[cfg(test)]
pub(crate) fn brute_wins(
    geo: &Geometry<u64>,
    pos: &Pos<u64>,
    memo: &mut std::collections::HashMap<(u64, u64, bool), bool>,
) -> bool {
    // After a fill-in the side to move may be joined already, even on a full board.
    if geo.connects(pos.of(pos.to_move), pos.to_move) {
        return true;
    }
    let previous = pos.to_move.opponent();
    if geo.connects(pos.of(previous), previous) {
        return false;
    }
    // Keyed by the side to move too: fill-in breaks the usual count of stones.
    let key = (pos.stones[0], pos.stones[1], pos.to_move == Color::Black);
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let wins = pos.empty(geo).ones().any(|k| !brute_wins(geo, &pos.play(k), memo));
    memo.insert(key, wins);
    wins
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::hex::knowledge::bitboard::dead_pattern;
    use crate::game::hex::{Board, Cell};

    fn pat(ring: [usize; 6]) -> usize {
        ring.iter().enumerate().map(|(i, v)| v << (2 * i)).sum()
    }

    #[test]
    fn known_dead_patterns() {
        // Four in a row of one colour.
        assert!(dead_pattern(pat([1, 1, 1, 1, 0, 0])));
        assert!(dead_pattern(pat([0, 2, 2, 2, 2, 0])));
        // Three in a row and the opposite cell of the other colour.
        assert!(dead_pattern(pat([1, 1, 1, 0, 2, 0])));
        // Not dead: alternating, or empty around.
        assert!(!dead_pattern(pat([1, 2, 1, 2, 0, 0])));
        assert!(!dead_pattern(pat([0; 6])));
        assert!(!dead_pattern(pat([1, 1, 1, 0, 0, 0])));
    }

    /// Brute force: a cell is dead if no fill of the other empty cells makes its colour decide the winner.
    fn dead_by_brute_force(board: &Board, cell: Cell) -> bool {
        let n = board.size();
        let empties: Vec<Cell> = board.empty_cells().iter().filter(|&c| c != cell).collect();
        for fill in 0u32..(1 << empties.len()) {
            let mut winners = Vec::new();
            for own in [Color::Black, Color::White] {
                let mut b = board.clone();
                for (i, &c) in empties.iter().enumerate() {
                    b.play(c, if fill >> i & 1 == 1 { Color::Black } else { Color::White });
                }
                b.play(cell, own);
                winners.push(b.winner());
            }
            if winners[0] != winners[1] {
                return false;
            }
            let _ = n;
        }
        true
    }

    #[test]
    fn fill_in_keeps_the_winner_by_brute_force() {
        // Random 5×5 positions of 13 to 16 stones: the filled-in position has the same winner with perfect
        // play as the position itself, by a negamax that knows nothing of dead or captured cells; and the
        // fill-in has work to do in enough of them, captured pairs included.
        let mut rng = crate::ai::hex::knowledge::playout::FastRng::new(7);
        let n = 5;
        let geo = Geometry::<u64>::new(n).unwrap_or_else(|| panic!());
        let rings = Rings::new(n);
        let (mut filled_some, mut captured_some) = (0, 0);
        for _ in 0..300 {
            let mut pos = Pos { stones: [0u64; 2], to_move: Color::Black };
            while (pos.stones[0] | pos.stones[1]).count() < 13 + rng.below(4) as u32 {
                let k = rng.below(n * n);
                if pos.empty(&geo).has(k) {
                    pos = pos.play(k);
                }
            }
            if [Color::Black, Color::White].iter().any(|&c| geo.connects(pos.of(c), c)) {
                continue;
            }
            let mut memo = std::collections::HashMap::new();
            let before = brute_wins(&geo, &pos, &mut memo);
            let mut after = pos;
            let filled = fill_in(&geo, &rings, &mut after);
            filled_some += usize::from(after != pos);
            captured_some += usize::from(!(filled.captured[0] | filled.captured[1]).is_zero());
            assert_eq!(brute_wins(&geo, &after, &mut memo), before, "fill-in of {pos:?}");
        }
        assert!(filled_some > 100 && captured_some > 20, "{filled_some} filled, {captured_some} with captures");
    }

    #[test]
    fn fill_in_only_fills_truly_dead_cells() {
        // Random positions on 4×4: every cell filled as dead must be dead by brute force.
        let mut rng = crate::ai::hex::knowledge::playout::FastRng::new(42);
        let geo = Geometry::<u64>::new(4).unwrap_or_else(|| panic!());
        let rings = Rings::new(4);
        let mut checked = 0;
        for _ in 0..300 {
            let mut board = Board::new(4).unwrap_or_else(|e| panic!("{e}"));
            let stones = 4 + rng.below(6);
            for s in 0..stones {
                let empty: Vec<Cell> = board.empty_cells().iter().collect();
                let c = empty[rng.below(empty.len())];
                board.play(c, if s % 2 == 0 { Color::Black } else { Color::White });
            }
            if board.winner().is_some() {
                continue;
            }
            let pos = Pos::from_board(&geo, &board, board.to_move());
            for k in pos.empty(&geo).ones() {
                if dead_pattern(rings.pattern(&pos, k)) {
                    assert!(dead_by_brute_force(&board, geo.cell(k)), "{board:?} {}", geo.cell(k));
                    checked += 1;
                }
            }
        }
        assert!(checked > 20, "only {checked} dead cells seen");
    }
}
