//! Converting won positions: the quickest forced win.
//!
//! A proof that a position is won says nothing about how to finish it; a player that picks any proven
//! winning move can fill in harmless cells for ever while the win stays proven. This search asks the
//! question that finishes games: can the side to move join its edges with at most `k` more stones of its
//! own, whatever the opponent does? It answers for k = 1, 2, … in turn, so the first winning move it finds
//! is one of the fastest.
//!
//! It is an AND/OR search in which every win carries its *carrier*: the empty cells the proof relies on.
//! An opponent's move outside the carrier cannot spoil the proof, so at an opponent's node only the carrier
//! of the "opponent passes" proof is searched (passing never helps in Hex: an extra stone never hurts its
//! owner). The side to move only tries cells on a path that needs at most `k` empty cells ([`Paths`]), and
//! a path distance above `k` ends a line at once. Every win it reports is a real forced win: the opponent's
//! relevant replies are all refuted.

use crate::ai::Stop;
use crate::ai::hex::knowledge::paths::Paths;
use crate::game::hex::{Board, Cell, CellSet, Color};
use std::collections::HashMap;
use std::time::Instant;

/// The longest win, in own stones, that the search looks for unless told otherwise.
const DEFAULT_HORIZON: u32 = 8;

/// The most positions a search looks at unless told otherwise, so that no call can run for ever.
pub(crate) const DEFAULT_NODES: u64 = 200_000;

/// When the search gives up. A win in one is always looked for, whatever the limits.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Most own stones a win may need (the search depth); [`DEFAULT_HORIZON`] when `None`.
    pub horizon: Option<u32>,
    /// Most positions to search; [`DEFAULT_NODES`] when `None`.
    pub nodes: Option<u64>,
    /// Wall-clock deadline.
    pub deadline: Option<Instant>,
    /// The caller's stop flag.
    pub stop: Stop,
}

/// One winning move and the most own stones (this one included) it needs to finish the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct QuickWin {
    /// The move.
    pub cell: Cell,
    /// Own stones needed to join the edges against any defence, this one included: 1 wins at once.
    pub moves: u32,
}

/// What the search found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Finish {
    /// The winning moves found, fastest first. Moves of one length come in the order they were tried: on
    /// the shortest paths first, then nearer the centre.
    pub wins: Vec<QuickWin>,
    /// True if every length up to the horizon (or up to the first win plus one) was searched to the end,
    /// so no move wins faster than `wins[0]`, and a move missing from the list does not win as fast.
    pub complete: bool,
    /// Positions searched.
    pub nodes: u64,
}

impl Finish {
    /// The fastest win, if any.
    pub fn best(&self) -> Option<QuickWin> {
        self.wins.first().copied()
    }
}

/// Every cell where `color` joins its edges at once, in index order.
fn wins_in_one(board: &Board, color: Color) -> Vec<Cell> {
    board.winning_cells(color).iter().collect()
}

/// Finds the fastest forced wins of `me` on `board` (with `me` to move) within `limits`. Lengths are
/// tried from the path distance up; once a win is found, one more length is tried so that the list also
/// has the next-fastest moves.
pub fn quickest(board: &Board, me: Color, limits: &Limits) -> Finish {
    let mut out = Finish::default();
    if board.winner().is_some() {
        return out;
    }
    let instant = wins_in_one(board, me);
    if !instant.is_empty() {
        out.wins = instant.into_iter().map(|cell| QuickWin { cell, moves: 1 }).collect();
        out.complete = true;
        return out;
    }
    let paths = Paths::new(board, me);
    let horizon = limits.horizon.unwrap_or(DEFAULT_HORIZON);
    let mut s = Search { me, limits, nodes: 0, aborted: false, table: HashMap::new() };
    let mut found_at: Option<u32> = None;
    let from = u32::from(paths.distance()).max(2);
    let mut k = from;
    while k <= horizon && found_at.is_none_or(|f| k <= f + 1) {
        let mut candidates: Vec<Cell> = paths.cells_within(k as u16).iter().collect();
        order(&mut candidates, &paths, board.size());
        for c in candidates {
            if out.wins.iter().any(|w| w.cell == c) {
                continue;
            }
            let mut child = board.clone();
            child.play(c, me);
            if s.and(&child, k - 1).is_some() {
                out.wins.push(QuickWin { cell: c, moves: k });
                found_at.get_or_insert(k);
            }
            if s.aborted {
                break;
            }
        }
        if s.aborted {
            break;
        }
        k += 1;
    }
    out.complete = !s.aborted;
    out.nodes = s.nodes;
    out
}

/// Cells on the shortest paths first, then nearer the centre, then in index order.
fn order(cells: &mut [Cell], paths: &Paths, n: usize) {
    let centre = |c: &Cell| {
        let (x, y) = (2 * c.col() as i32 - (n as i32 - 1), 2 * c.row() as i32 - (n as i32 - 1));
        x.abs() + y.abs() + (x + y).abs()
    };
    cells.sort_by_key(|c| (paths.through(*c), centre(c), c.index()));
}

/// What is known about one position with `me` to move.
#[derive(Clone, Debug, Default)]
struct Known {
    /// The fewest own stones proven to win, with the proof's carrier.
    win: Option<(u32, CellSet)>,
    /// The most own stones proven not to be enough.
    fail: u32,
}

struct Search<'a> {
    me: Color,
    limits: &'a Limits,
    nodes: u64,
    aborted: bool,
    /// Results by the position's key (its stones; the side to move is implied by the node kind).
    table: HashMap<u64, Known>,
}

impl Search<'_> {
    fn out_of_budget(&mut self) -> bool {
        if !self.aborted {
            self.aborted = self.limits.stop.is_stopped()
                || self.nodes >= self.limits.nodes.unwrap_or(DEFAULT_NODES)
                || self.limits.deadline.is_some_and(|d| Instant::now() >= d);
        }
        self.aborted
    }

    /// `me` to move: a win with at most `k` own stones, and its carrier.
    fn or(&mut self, board: &Board, k: u32) -> Option<CellSet> {
        if let Some(c) = board.winning_cells(self.me).first() {
            return Some([c].into_iter().collect());
        }
        if k <= 1 || board.winner().is_some() {
            return None;
        }
        let key = board.zobrist();
        if let Some(known) = self.table.get(&key) {
            if let Some((_, carrier)) = known.win.filter(|(w, _)| *w <= k) {
                return Some(carrier);
            }
            if known.fail >= k {
                return None;
            }
        }
        self.nodes += 1;
        if self.out_of_budget() {
            return None;
        }
        let paths = Paths::new(board, self.me);
        let result = if u32::from(paths.distance()) > k {
            None
        } else {
            let mut candidates: Vec<Cell> = paths.cells_within(k as u16).iter().collect();
            order(&mut candidates, &paths, board.size());
            let mut found = None;
            for c in candidates {
                let mut child = board.clone();
                child.play(c, self.me);
                if let Some(mut carrier) = self.and(&child, k - 1) {
                    carrier.insert(c);
                    found = Some(carrier);
                    break;
                }
                if self.aborted {
                    return None;
                }
            }
            found
        };
        if self.aborted {
            return result;
        }
        let known = self.table.entry(key).or_default();
        match result {
            Some(carrier) => {
                if known.win.is_none_or(|(w, _)| k < w) {
                    known.win = Some((k, carrier));
                }
            }
            None => known.fail = known.fail.max(k),
        }
        result
    }

    /// The opponent to move, `me` needing at most `k ≥ 1` more stones: a win against every reply, and its
    /// carrier. The replies outside the carrier of the "opponent passes" proof cannot spoil it.
    fn and(&mut self, board: &Board, k: u32) -> Option<CellSet> {
        if board.winner().is_some() {
            return (board.winner() == Some(self.me)).then_some(CellSet::EMPTY);
        }
        let pass = self.or(board, k)?;
        let mut carrier = pass;
        let replies: Vec<Cell> = pass.and(&board.empty_cells()).iter().collect();
        for r in replies {
            let mut child = board.clone();
            child.play(r, self.me.opponent());
            let sub = self.or(&child, k)?;
            carrier = carrier.or(&sub);
        }
        Some(carrier)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::hex::parse_position;

    fn board(moves: &str, n: usize) -> Board {
        parse_position(moves, n, false).unwrap_or_else(|e| panic!("{e}")).board().clone()
    }

    fn names(f: &Finish) -> Vec<(String, u32)> {
        f.wins.iter().map(|w| (w.cell.to_string(), w.moves)).collect()
    }

    #[test]
    fn a_win_in_one_comes_first_whatever_the_limits() {
        // Black c1..c4 on 5×5: c5 (or b5) joins at once, even with the stop flag raised.
        let b = board("c1 a1 c2 a2 c3 a3 c4 a4", 5);
        let stop = Stop::new();
        stop.stop();
        let f = quickest(&b, Color::Black, &Limits { stop, ..Limits::default() });
        assert_eq!(names(&f), [("b5".to_string(), 1), ("c5".to_string(), 1)]);
    }

    #[test]
    fn a_double_threat_is_a_win_in_two() {
        // Black c1 c2 reaches row 2 and b5 sits on row 5; White is out of the way on column e. No cell wins
        // at once, but b4 and c3 each make two threats White cannot both stop (b4: b3 or c3 joins c2;
        // c3: b4 or c4 joins b5).
        let b = board("c1 e1 c2 e2 b5 e3", 5);
        let f = quickest(&b, Color::Black, &Limits::default());
        assert!(f.complete, "{f:?}");
        let mut two: Vec<String> = f.wins.iter().filter(|w| w.moves == 2).map(|w| w.cell.to_string()).collect();
        two.sort();
        assert_eq!(two, ["b4", "c3"], "{f:?}");
        assert_eq!(f.best().map(|w| w.moves), Some(2));
        // Every reported win is real: after it, every White reply leaves a win in one.
        for w in f.wins.iter().filter(|w| w.moves == 2) {
            let mut after = b.clone();
            after.play(w.cell, Color::Black);
            for r in after.empty_cells().iter() {
                let mut x = after.clone();
                x.play(r, Color::White);
                assert!(!x.winning_cells(Color::Black).is_empty(), "{} then {r}: no win in one", w.cell);
            }
        }
    }

    #[test]
    fn no_win_is_claimed_where_there_is_none() {
        // The empty 3×3 board is won for Black, but not within two stones.
        let f = quickest(&board("", 3), Color::Black, &Limits { horizon: Some(2), ..Limits::default() });
        assert!(f.wins.is_empty(), "{f:?}");
        assert!(f.complete);
        // 3×3 opening b2 wins in three stones at most: b2 then two cells of the bridges to both edges.
        let f = quickest(&board("", 3), Color::Black, &Limits { horizon: Some(3), ..Limits::default() });
        assert_eq!(f.best().map(|w| (w.cell.to_string(), w.moves)), Some(("b2".to_string(), 3)), "{f:?}");
    }
}
