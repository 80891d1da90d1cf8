//! Negamax with alpha-beta for tic-tac-toe, and the engine that keeps its table warm.
//!
//! **Scores** are from the side to move's point of view. A game won with the winning stone as the P-th
//! stone on the board scores `10 − P` for the winner and `−(10 − P)` for the loser; a draw, or a position
//! still undecided at the depth limit, scores 0. A sooner win therefore scores higher and a later loss
//! scores higher than a sooner one. Because P is the stone count of the final position, the score of a
//! position searched to the end of the game depends on the position alone, never on the path to it: the
//! transposition table ([`super::tt`]) can keep it forever, and the window passes through negation as is.
//!
//! **The search** ([`TttEngine`]) is fail-soft alpha-beta with
//! - an immediate-win check (a win now is the best any position offers),
//! - a forced reply (a single threat of the opponent must be blocked; two cannot be and lose at once),
//! - score bounds from the ply (no win sooner than in 3 plies once there is no win now),
//! - centre, corners, sides move ordering,
//! - a table of bounds on exact scores for every node whose depth reaches the end of the game.
//!
//! Depth-limited nodes (easy and medium) skip the table: their score depends on the depth as well, and
//! their trees are tiny. At the root every move gets its own full-window search, so every root score is
//! exact — alpha-beta would only bound the moves it cuts off — and ties can be broken fairly.
//!
//! [`reference`](fn@reference) is the plain negamax with no pruning at all: the oracle the tests hold the engine to.

use super::choice::Choice;
use super::explain;
use super::tt::Table;
use super::value::{Value, value_of};
use crate::ai::Level;
use crate::game::ttt::lines::cells_of;
use crate::game::ttt::lines::threats_of;
use crate::game::ttt::{Board, Cell, FULL, Outcome};
use rand::Rng;
use rand::seq::IndexedRandom;

/// The score of a game that ends with the `end_ply`-th stone, for the winner.
fn win_score(end_ply: u32) -> i32 {
    10 - end_ply as i32
}

/// Larger than any score.
const INF: i32 = 100;

/// Moves in the order most likely to cut off first: centre, corners, sides.
const ORDER: [usize; 9] = [4, 0, 2, 6, 8, 1, 3, 5, 7];

/// The tic-tac-toe minimax player. It owns its transposition table, so keep one engine for a whole game
/// (or a whole session: table entries never go stale) and the search after the first is mostly look-ups.
///
/// ```
/// use hextoe_core::ai::Level;
/// use hextoe_core::ai::ttt::{TttEngine, Value};
/// use hextoe_core::game::ttt::parse_position;
/// use rand::SeedableRng;
///
/// let board = parse_position("xox/oox/...")?;
/// let mut engine = TttEngine::new();
/// let best = engine.evaluate_all(&board).into_iter().max_by_key(|&(_, v)| v);
/// assert_eq!(best.map(|(c, v)| (c.to_string(), v)), Some(("c3".to_string(), Value::Win { plies: 1 })));
/// let mut rng = rand::rngs::StdRng::seed_from_u64(1);
/// let choice = engine.choose(&board, Level::Impossible, 9, &mut rng);
/// assert_eq!(choice.map(|c| c.explanation), Some("wins now".to_string()));
/// # Ok::<(), hextoe_core::game::ttt::ParsePositionError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct TttEngine {
    tt: Table,
    nodes: u64,
}

impl TttEngine {
    /// An engine with an empty table.
    pub fn new() -> TttEngine {
        TttEngine::default()
    }

    /// Nodes searched since the engine was made (a node is one call of the search).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets the table (for measuring cold searches; play never needs it).
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// The exact score of every legal move, searched `depth` plies deep (the move itself is ply 1; 9 or more
    /// reaches the end of the game). Empty when the game is over.
    pub fn root_scores(&mut self, board: &Board, depth: u32) -> Vec<(Cell, i32)> {
        if board.outcome() != Outcome::Ongoing {
            return Vec::new();
        }
        let me = board.to_move();
        let ply = board.ply();
        let depth = depth.max(1);
        let mut out = Vec::with_capacity(9);
        for c in Cell::ALL {
            if board.empty() & c.bit() == 0 {
                continue;
            }
            let mut child = *board;
            child.play(c);
            let s = if child.has_won(me) {
                win_score(ply + 1)
            } else if child.occupied() == FULL {
                0
            } else {
                -self.search(child, depth - 1, -INF, INF)
            };
            out.push((c, s));
        }
        out
    }

    /// Every legal move with its exact game value under perfect play (the winner hurrying, the loser
    /// delaying): what analysis, hints and heat maps show. Empty when the game is over.
    pub fn evaluate_all(&mut self, board: &Board) -> Vec<(Cell, Value)> {
        self.evaluate(board, 9)
    }

    /// Every legal move with its value as a search of `depth` plies sees it; a draw there may also mean
    /// "nothing decided within the depth".
    fn evaluate(&mut self, board: &Board, depth: u32) -> Vec<(Cell, Value)> {
        let ply = board.ply();
        self.root_scores(board, depth).into_iter().map(|(c, s)| (c, value_of(s, ply))).collect()
    }

    /// Picks uniformly at random among all the moves with the best score at `depth`, with the explanation
    /// and the value of every move. When the best still loses, the moves among them that block one of the
    /// opponent's wins in one come first: the loss is no quicker, and the opponent must still find the
    /// other win. `level` only words the explanation. `None` once the game is over.
    pub fn choose<R: Rng + ?Sized>(&mut self, board: &Board, level: Level, depth: u32, rng: &mut R) -> Option<Choice> {
        let scores = self.root_scores(board, depth);
        let best = scores.iter().map(|&(_, s)| s).max()?;
        let mut best_cells: Vec<Cell> = scores.iter().filter(|&&(_, s)| s == best).map(|&(c, _)| c).collect();
        if best < 0 {
            let threats = board.threats(board.to_move().opponent());
            let blocks: Vec<Cell> = best_cells.iter().copied().filter(|c| cells_of(threats).any(|t| t == *c)).collect();
            if !blocks.is_empty() {
                best_cells = blocks;
            }
        }
        let cell = *best_cells.choose(rng)?;
        let explanation = explain::minimax(board, level, depth, &scores, cell, best_cells.len());
        let ply = board.ply();
        let evals = scores.iter().map(|&(c, s)| (c, value_of(s, ply))).collect();
        Some(Choice { cell, explanation, evals })
    }

    /// Fail-soft alpha-beta below the root. `b` is a position still in play.
    fn search(&mut self, b: Board, depth: u32, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if depth == 0 {
            return 0;
        }
        let me = b.to_move();
        let (own, their) = (b.mask(me), b.mask(me.opponent()));
        let ply = b.ply();
        if threats_of(own, their) != 0 {
            return win_score(ply + 1);
        }
        if depth == 1 {
            return 0;
        }
        let their_threats = threats_of(their, own);
        if their_threats.count_ones() >= 2 {
            return -win_score(ply + 2);
        }
        let empty = b.empty();
        let exact = depth >= empty.count_ones();
        let key = b.index();
        if exact {
            let e = self.tt.get(key);
            let (lo, hi) = (i32::from(e.lo), i32::from(e.hi));
            if lo == hi || lo >= beta {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
        }
        // No win now: the soonest win is 3 plies away, and with at most one threat (about to be blocked)
        // the soonest loss is 4 plies away — when those are within the game and within the depth.
        let best_possible = if ply + 3 <= 9 && depth >= 3 { win_score(ply + 3) } else { 0 };
        let worst_possible = if ply + 4 <= 9 && depth >= 4 { -win_score(ply + 4) } else { 0 };
        if best_possible <= alpha {
            return best_possible;
        }
        if worst_possible >= beta {
            return worst_possible;
        }
        beta = beta.min(best_possible);
        let (alpha0, beta0) = (alpha, beta);
        let moves = if their_threats != 0 { their_threats } else { empty };
        let mut best = -INF;
        for i in ORDER {
            if moves & (1 << i) == 0 {
                continue;
            }
            let mut child = b;
            child.play(Cell::ALL[i]);
            // No move wins here (there was no threat), so the child is either full or still in play.
            let s = if child.occupied() == FULL { 0 } else { -self.search(child, depth - 1, -beta, -alpha) };
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if exact {
            self.tt.store(key, best, alpha0, beta0);
        }
        best
    }
}

/// Plain negamax to `depth` plies with no pruning and no table, counting every node it visits (the root
/// and finished positions included). The reference the engine is tested against; from the empty board at
/// full depth it visits all 549,946 nodes of the game tree.
pub fn reference(board: &Board, depth: u32, nodes: &mut u64) -> i32 {
    *nodes += 1;
    match board.outcome() {
        // The winner is always the player who just moved.
        Outcome::Win(_) => return -win_score(board.ply()),
        Outcome::Draw => return 0,
        Outcome::Ongoing if depth == 0 => return 0,
        Outcome::Ongoing => {}
    }
    let mut best = -INF;
    for c in board.moves() {
        let mut child = *board;
        child.play(c);
        best = best.max(-reference(&child, depth - 1, nodes));
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::ttt::parse_position;

    #[test]
    fn a_lost_position_blocks_one_of_the_winning_cells() {
        // x on a1, c1 and c3 threatens b1 and c2; o loses whatever it plays, but blocking one of them
        // makes x find the other.
        let board = crate::game::ttt::parse_position("x.x/.o./o.x").unwrap_or_else(|e| panic!("{e}"));
        let mut engine = TttEngine::new();
        for seed in 0..20 {
            let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(seed);
            let c = engine.choose(&board, Level::Impossible, 9, &mut rng).unwrap_or_else(|| panic!("a move"));
            assert!(["b1", "c2"].contains(&c.cell.to_string().as_str()), "seed {seed}: {} ({})", c.cell, c.explanation);
            assert!(c.explanation.contains("picked one of 2 at random"), "{}", c.explanation);
        }
    }

    #[test]
    fn plain_negamax_visits_the_whole_tree() {
        let mut nodes = 0;
        assert_eq!(reference(&Board::new(), 9, &mut nodes), 0);
        assert_eq!(nodes, 549_946);
    }

    #[test]
    fn engine_matches_the_reference_at_every_depth_from_sample_positions() {
        let mut e = TttEngine::new();
        for pos in [".........", "x...o....", "xo.......", "x.o.x...o", "xox/oox/...", "xo./.x./..."] {
            let b = parse_position(pos).unwrap();
            for depth in 1..=9 {
                for (c, s) in e.root_scores(&b, depth) {
                    let mut child = b;
                    child.play(c);
                    let want = -reference(&child, depth - 1, &mut 0);
                    assert_eq!(s, want, "{pos} {c} depth {depth}");
                }
            }
        }
    }

    #[test]
    fn values_read_plies_from_the_side_to_move() {
        assert_eq!(value_of(win_score(5), 4), Value::Win { plies: 1 });
        assert_eq!(value_of(-win_score(6), 4), Value::Loss { plies: 2 });
        assert_eq!(value_of(0, 3), Value::Draw);
    }

    #[test]
    fn cold_search_from_the_empty_board_is_small_and_leaves_the_table_warm() {
        let mut e = TttEngine::new();
        let scores = e.root_scores(&Board::new(), 9);
        assert!(scores.iter().all(|&(_, s)| s == 0));
        let cold = e.nodes();
        assert!(cold < 549_946 / 20, "{cold}");
        e.root_scores(&Board::new(), 9);
        // Warm: each root move is one look-up.
        assert_eq!(e.nodes() - cold, 9);
    }
}
