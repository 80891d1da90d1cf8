//! The rush player: grows its own longest chain toward its own edges, and nothing else.
//!
//! It takes its chain with the longest reach along its own direction (rows for Black, columns for White)
//! and puts a stone next to it one row (or column) closer to an edge it has not reached, at the end that
//! still has farther to go. It never blocks and never swaps: it is the baseline that shows whether a
//! player does more than run for the edge. With no chain to grow it starts in the middle of its own
//! direction.

use crate::ai::hex::{HexChoice, MoveEval, Proof};
use crate::game::hex::{Board, Cell, CellSet, Color, Game, HexMove};
use rand::Rng;
use rand::seq::IndexedRandom;

/// A chain's reach along a colour's direction.
fn along(c: Cell, color: Color) -> usize {
    match color {
        Color::Black => c.row(),
        Color::White => c.col(),
    }
}

/// Picks the mover's rush move.
pub fn choose<R: Rng + ?Sized>(game: &Game, rng: &mut R) -> HexChoice {
    let board = game.board();
    let me = board.to_move();
    let n = board.size();
    let empty = board.empty_cells();
    // Every chain with its reach, longest first (ties in random order).
    let mut chains: Vec<(CellSet, usize, usize)> = Vec::new();
    let mut seen = CellSet::EMPTY;
    for s in board.stones(me).iter() {
        if seen.contains(s) {
            continue;
        }
        let g = board.group(s);
        seen = seen.or(&g);
        let lo = g.iter().map(|c| along(c, me)).min().unwrap_or(0);
        let hi = g.iter().map(|c| along(c, me)).max().unwrap_or(0);
        chains.push((g, lo, hi));
    }
    let mut keyed: Vec<(usize, u32, (CellSet, usize, usize))> =
        chains.into_iter().map(|ch| (ch.2 - ch.1, rng.next_u32(), ch)).collect();
    keyed.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    for (_, _, (chain, lo, hi)) in keyed {
        let around = chain.neighbours(n).and(&empty);
        let up: Vec<Cell> = around.iter().filter(|&c| along(c, me) + 1 == lo).collect();
        let down: Vec<Cell> = around.iter().filter(|&c| along(c, me) == hi + 1).collect();
        // The end with farther to go first; the other end if that one is blocked.
        let (first, second) = if lo >= n - 1 - hi { (up, down) } else { (down, up) };
        let options = if first.is_empty() { second } else { first };
        if let Some(&c) = options.choose(rng) {
            let (from, to) = span_after(board, c, me);
            return choice(
                c,
                format!("rush: grows its longest chain to {from}–{to} toward its edges"),
                &options,
                reach_after(board, c, me),
            );
        }
    }
    // No chain can grow: start in the middle of the own direction, or anywhere free.
    let mid = n / 2;
    let central: Vec<Cell> = empty.iter().filter(|&c| along(c, me) == mid).collect();
    let pool: Vec<Cell> = if central.is_empty() { empty.iter().collect() } else { central };
    let c = pool.choose(rng).copied().or_else(|| empty.first()).unwrap_or_else(|| unreachable!("a legal move exists"));
    choice(c, format!("rush: starts a new chain at {c}"), &pool, 0.0)
}

/// The chain through `c` as its two far ends once `color` plays there.
fn span_after(board: &Board, c: Cell, color: Color) -> (Cell, Cell) {
    let mut after = board.clone();
    after.play(c, color);
    let g = after.group(c);
    let lo = g.iter().min_by_key(|&x| (along(x, color), x)).unwrap_or(c);
    let hi = g.iter().max_by_key(|&x| (along(x, color), x)).unwrap_or(c);
    (lo, hi)
}

/// The reach of the chain through `c` once `color` plays there, the score rush gives its move.
fn reach_after(board: &Board, c: Cell, color: Color) -> f64 {
    let (a, b) = span_after(board, c, color);
    (along(b, color) - along(a, color) + 1) as f64
}

fn choice(c: Cell, explanation: String, options: &[Cell], score: f64) -> HexChoice {
    let evals = options
        .iter()
        .map(|&o| MoveEval { mv: HexMove::Place(o), score, visits: None, proven: Proof::Unknown, win_in: None })
        .collect();
    HexChoice { mv: HexMove::Place(c), explanation, evals }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::hex::parse_position;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    #[test]
    fn grows_the_longest_chain_toward_the_far_end() {
        // Black b1–b2 (reach 2 from the top) and e4 alone; White elsewhere. Black extends b1–b2 downward.
        let g = parse_position("b1 e1 b2 e2 e4 a5", 5, false).unwrap_or_else(|e| panic!("{e}"));
        for seed in 0..20 {
            let c = choose(&g, &mut StdRng::seed_from_u64(seed));
            let s = c.mv.to_string();
            assert!(s == "b3" || s == "a3", "{s}");
            assert!(c.explanation.contains("b1–"), "{}", c.explanation);
        }
        // White's first stone goes in the middle column.
        let g = parse_position("a1", 5, false).unwrap_or_else(|e| panic!("{e}"));
        let c = choose(&g, &mut StdRng::seed_from_u64(3));
        assert_eq!(c.mv.cell().map(|c| c.col()), Some(2));
    }

    #[test]
    fn blocked_end_uses_the_other() {
        // Black c3–c4 with White on c5 and b5: it can only grow upward (c2 or d2).
        let g = parse_position("c3 c5 c4 b5", 5, false).unwrap_or_else(|e| panic!("{e}"));
        let c = choose(&g, &mut StdRng::seed_from_u64(7));
        let s = c.mv.to_string();
        assert!(s == "c2" || s == "d2", "{s}");
    }
}
