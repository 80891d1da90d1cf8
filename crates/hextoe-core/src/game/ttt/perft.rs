//! Counting the tic-tac-toe game tree.
//!
//! [`Perft::count`] walks the tree one ply at a time, keeping each distinct position once together with the
//! number of move orders that reach it. The tree has 549,946 nodes but only 5,478 distinct positions, so
//! this does about 16,000 steps instead of half a million, and yields every statistic at once: paths per
//! ply, finished games by length and result, distinct and terminal positions.
//!
//! [`perft`] is the plain recursive count, kept as the independent reference the tests compare against.

use super::board::POW3;
use super::{Board, Cell, INDEX_COUNT, Outcome, Player};

/// Everything perft knows about the first `depth` plies of the game, ply by ply (index = ply, 0..=9).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Perft {
    /// The deepest ply counted.
    pub depth: u32,
    /// Move sequences of exactly this many plies that are legal (a game stops at a win).
    pub paths: [u64; 10],
    /// Games that end after exactly this many plies: `[first player wins, second player wins, draws]`.
    pub finished: [[u64; 3]; 10],
    /// Distinct positions with this many stones.
    pub positions: [u64; 10],
    /// Distinct finished positions with this many stones.
    pub terminal_positions: [u64; 10],
}

impl Perft {
    /// Counts the tree to `depth` plies (9 or more: the whole game).
    pub fn count(depth: u32) -> Perft {
        let depth = depth.min(9);
        let mut p =
            Perft { depth, paths: [0; 10], finished: [[0; 3]; 10], positions: [0; 10], terminal_positions: [0; 10] };
        // `slot[i]` is 1 + the place in `next` of the position with index i, 0 when it is not there yet.
        let mut slot = vec![0u32; INDEX_COUNT];
        // Each position travels with its index, so a child's index is one addition away.
        let mut layer: Vec<(Board, usize, u64)> = vec![(Board::new(), 0, 1)];
        let mut next: Vec<(Board, usize, u64)> = Vec::new();
        for ply in 0..=depth as usize {
            p.positions[ply] = layer.len() as u64;
            // The player who made the last move, the only one who can have just won; and the digit the
            // next move writes into the index.
            let (last, digit) = if ply % 2 == 1 { (Player::X, 2) } else { (Player::O, 1) };
            for &(board, index, n) in &layer {
                p.paths[ply] += n;
                let result = if ply > 0 && board.has_won(last) {
                    Some(last.index())
                } else if ply == 9 {
                    Some(2)
                } else {
                    None
                };
                if let Some(r) = result {
                    p.finished[ply][r] += n;
                    p.terminal_positions[ply] += 1;
                    continue;
                }
                if ply == depth as usize {
                    continue;
                }
                let mut empty = board.empty();
                while empty != 0 {
                    let i = empty.trailing_zeros() as usize;
                    empty &= empty - 1;
                    let child_index = index + digit * POW3[i];
                    match slot[child_index] {
                        0 => {
                            let mut child = board;
                            child.play(Cell::ALL[i]);
                            next.push((child, child_index, n));
                            slot[child_index] = next.len() as u32;
                        }
                        s => next[s as usize - 1].2 += n,
                    }
                }
            }
            for &(_, i, _) in &next {
                slot[i] = 0;
            }
            std::mem::swap(&mut layer, &mut next);
            next.clear();
        }
        p
    }

    /// Leaves at depth `d` (1..=depth): the paths of length `d` plus the games that ended sooner, each
    /// counting once more at every deeper depth.
    pub fn nodes(&self, d: u32) -> u64 {
        let d = d as usize;
        self.paths[d] + (0..d).map(|l| self.finished[l].iter().sum::<u64>()).sum::<u64>()
    }

    /// Games that ended within `d` plies: `[first player wins, second player wins, draws]`.
    pub fn finished_within(&self, d: u32) -> [u64; 3] {
        let mut t = [0; 3];
        for row in &self.finished[..=d as usize] {
            for (a, b) in t.iter_mut().zip(row) {
                *a += b;
            }
        }
        t
    }

    /// Distinct positions with at most `depth` stones, the empty board included.
    pub fn total_positions(&self) -> u64 {
        self.positions.iter().sum()
    }

    /// Distinct finished positions with at most `depth` stones.
    pub fn total_terminal_positions(&self) -> u64 {
        self.terminal_positions.iter().sum()
    }
}

/// The plain recursive perft: leaves at `depth` plies below `board`, a finished game counting as one leaf.
/// Visits the whole tree; the reference [`Perft::count`] is tested against.
pub fn perft(board: &mut Board, depth: u32) -> u64 {
    if depth == 0 || board.outcome() != Outcome::Ongoing {
        return 1;
    }
    let mut n = 0;
    for c in board.moves() {
        board.play(c);
        n += perft(board, depth - 1);
        board.unplay(c);
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layered_count_matches_the_plain_recursion() {
        let p = Perft::count(9);
        for d in 1..=6 {
            assert_eq!(p.nodes(d), perft(&mut Board::new(), d), "depth {d}");
        }
    }

    #[test]
    fn carried_indices_match_the_boards() {
        // A wrong carried index would merge distinct positions and lose some.
        assert_eq!(Perft::count(9).total_positions(), 5478);
    }

    #[test]
    fn shallow_counts_stop_at_the_depth() {
        let p = Perft::count(3);
        assert_eq!(p.depth, 3);
        assert_eq!(p.nodes(3), 504);
        assert_eq!(p.paths[4], 0);
        assert_eq!(p.total_positions(), 1 + 9 + 72 + 252);
        assert_eq!(p.total_terminal_positions(), 0);
    }
}
