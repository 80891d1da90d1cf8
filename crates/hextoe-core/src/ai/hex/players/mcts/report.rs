//! What a search found: the searched tree summed up as an analysis — the root moves ranked, the principal
//! variation, the choice and the sentence that explains it.

use super::tree::{SWAP, Tree};
use crate::ai::hex::knowledge::playout::FastRng;
use crate::ai::hex::winning::ProofSource;
use crate::ai::hex::{HexChoice, MoveEval, Proof};
use crate::game::hex::{Cell, Color, Game, HexMove};
use std::time::{Duration, Instant};

/// One root move's statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveStat {
    /// The move.
    pub mv: HexMove,
    /// Simulations through it, summed over all search threads.
    pub visits: u64,
    /// Its win rate for the side to move, 0..=1: 1 or 0 where it is proven, none where it is neither
    /// searched nor proven (a rate of a half there would pass for an even move nobody looked at).
    pub win_rate: Option<f64>,
    /// What is proven about the move, for the side to move.
    pub proven: Proof,
    /// For a proven win, the most own moves (this one included) it needs to join the edges, when the
    /// quickest-win search measured it: 1 wins at once.
    pub win_in: Option<u32>,
}

/// Everything a search found; the player turns it into a [`HexChoice`], `hextoe analyze --player mcts`
/// prints it.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The root moves, best first.
    pub moves: Vec<MoveStat>,
    /// The chosen move.
    pub best: HexMove,
    /// The principal variation, starting with the chosen move.
    pub pv: Vec<HexMove>,
    /// What is proven about the position, for the side to move.
    pub proven: Proof,
    /// How the proof was found, when there is one.
    pub proof_source: Option<ProofSource>,
    /// Playouts run.
    pub simulations: u64,
    /// Positions the exact solver visited.
    pub solver_nodes: u64,
    /// Positions the learned predictor evaluated for the tree's prior (see [`super::Params::net_after`]).
    pub evaluations: u64,
    /// Wall-clock time of the whole search.
    pub elapsed: Duration,
    /// One sentence on what the search saw.
    pub explanation: String,
}

impl Analysis {
    /// The player's answer: the move, the explanation and every root move's evaluation.
    pub(crate) fn to_choice(&self) -> HexChoice {
        HexChoice {
            mv: self.best,
            explanation: self.explanation.clone(),
            // A move with no rate has no evaluation to give: it is left out, not shown as even.
            evals: self
                .moves
                .iter()
                .filter_map(|m| {
                    let score = m.win_rate?;
                    Some(MoveEval { mv: m.mv, score, visits: Some(m.visits), proven: m.proven, win_in: m.win_in })
                })
                .collect(),
        }
    }
}

/// The tree code of a move on an n×n board (the inverse of [`to_move`]).
pub(crate) fn code(mv: HexMove, n: usize) -> u16 {
    match mv {
        HexMove::Swap => SWAP,
        HexMove::Place(c) => (c.row() * n + c.col()) as u16,
    }
}

/// Turns a tree move code into a move.
pub fn to_move(code: u16, cell_of: &dyn Fn(usize) -> Cell) -> HexMove {
    if code == SWAP { HexMove::Swap } else { HexMove::Place(cell_of(code as usize)) }
}

/// The root moves of the tree, best first as [`rank`] orders them. Ties keep a random order.
pub(crate) fn root_moves(tree: &Tree, cell_of: &dyn Fn(usize) -> Cell, rng: &mut FastRng) -> Vec<MoveStat> {
    let mut stats: Vec<(u16, u64, u64, Proof)> = tree
        .children(0)
        .map(|c| {
            let n = tree.node(c);
            (n.mv, u64::from(n.visits), u64::from(n.wins.min(n.visits)), n.proof)
        })
        .collect();
    // Shuffle first so that the stable sort leaves equal moves in random order.
    for i in (1..stats.len()).rev() {
        stats.swap(i, rng.below(i + 1));
    }
    let mut moves: Vec<MoveStat> = stats
        .into_iter()
        .map(|(mv, visits, wins, proof)| MoveStat {
            mv: to_move(mv, cell_of),
            visits,
            win_rate: match proof {
                Proof::Win => Some(1.0),
                Proof::Loss => Some(0.0),
                Proof::Unknown if visits == 0 => None,
                Proof::Unknown => Some(wins as f64 / visits as f64),
            },
            proven: proof,
            win_in: None,
        })
        .collect();
    rank(&mut moves);
    moves
}

/// A move with at least this share of the most searched unproven move's visits is *well searched*: its win
/// rate is trusted enough to rank it first. Half keeps the choice close to the classic "most visited"
/// rule, which is robust, while the move shown first is always the best-rated of the moves searched well.
pub(crate) const WELL_SEARCHED: f64 = 0.5;

/// A move with less than this share of the most searched unproven move's visits was *barely searched*: its
/// win rate is noise (a handful of playouts, or none), so it is ranked by visits, after the others.
const BARELY_SEARCHED: f64 = 0.01;

/// Sorts root moves best first, the order in which the player chooses and the hint lists them (a stable
/// sort, so equal moves keep their order):
/// 1. proven wins, the quickest first (a measured length before an unmeasured one), then by visits;
/// 2. well-searched unproven moves (see [`WELL_SEARCHED`]) by win rate, then visits;
/// 3. the other unproven moves by win rate, then visits;
/// 4. barely searched moves (see [`BARELY_SEARCHED`]) by visits, then win rate;
/// 5. proven losses, the most visited (the longest resistance) first.
pub fn rank(moves: &mut [MoveStat]) {
    let lead = moves.iter().filter(|m| !m.proven.is_proven()).map(|m| m.visits).max().unwrap_or(0) as f64;
    let tier = |m: &MoveStat| match m.proven {
        Proof::Win => 0,
        Proof::Unknown if m.visits > 0 && m.visits as f64 >= WELL_SEARCHED * lead => 1,
        Proof::Unknown if m.visits > 0 && m.visits as f64 >= BARELY_SEARCHED * lead => 2,
        Proof::Unknown => 3,
        Proof::Loss => 4,
    };
    let by_rate = |t: u8| t <= 2;
    // Unrated moves (unvisited, unproven) are all in tier 3, where visits decide first.
    let rate = |m: &MoveStat| m.win_rate.unwrap_or(f64::NEG_INFINITY);
    moves.sort_by(|a, b| {
        let (ta, tb) = (tier(a), tier(b));
        ta.cmp(&tb).then(a.win_in.unwrap_or(u32::MAX).cmp(&b.win_in.unwrap_or(u32::MAX))).then_with(|| {
            if by_rate(ta) {
                rate(b).total_cmp(&rate(a)).then(b.visits.cmp(&a.visits))
            } else {
                b.visits.cmp(&a.visits).then(rate(b).total_cmp(&rate(a)))
            }
        })
    });
}

/// The most visited line of `tree` starting with root move `first`, at most `max` moves.
pub(crate) fn principal_variation(
    tree: &Tree,
    first: u16,
    max: usize,
    cell_of: &dyn Fn(usize) -> Cell,
) -> Vec<HexMove> {
    let mut pv = vec![to_move(first, cell_of)];
    let Some(mut node) = tree.child_with(0, first) else { return pv };
    while pv.len() < max {
        let best = tree.children(node).max_by_key(|&c| {
            let n = tree.node(c);
            // A proven win is the line; otherwise the most visited reply.
            (n.proof == Proof::Win, n.visits)
        });
        match best {
            Some(c) if tree.node(c).visits > 0 || tree.node(c).proof == Proof::Win => {
                pv.push(to_move(tree.node(c).mv, cell_of));
                node = c;
            }
            _ => break,
        }
    }
    pv
}

/// The plain sentence for an unproven search: how the side to move (`mover`) stands, by the move's win
/// rate `rate` in the games the search played out, and the answer it expects (the second move of `pv`).
/// The figures themselves are `hextoe analyze`'s.
pub(crate) fn describe_rate(rate: f64, mover: Color, pv: &[HexMove]) -> String {
    let (me, them) = (mover.title(), mover.opponent().title());
    let percent = (rate * 100.0).round();
    let stands = if rate >= 0.85 {
        format!("{me} looks close to winning ({percent:.0}%)")
    } else if rate >= 0.6 {
        format!("{me}'s chances look good ({percent:.0}%)")
    } else if rate > 0.4 {
        format!("the game looks even ({percent:.0}% for {me})")
    } else if rate > 0.15 {
        format!("{me} is behind ({percent:.0}%) and plays for the best chance")
    } else {
        format!("{me} looks lost ({percent:.0}%) but plays the move that holds out best")
    };
    match pv.get(1) {
        Some(HexMove::Swap) => format!("{stands}; it expects {them} to swap"),
        Some(reply) => format!("{stands}; it expects {them} to answer {reply}"),
        None => stands,
    }
}

/// The colour the side to move in `game` plays once it has played `mv`: its own, but for the swap, which
/// takes over the opener's stone and colour (and the opener, now the other colour, moves next). The
/// sentence about a swap speaks of the colours as they stand after it, as the game does.
fn side_after(game: &Game, mv: HexMove) -> Color {
    let mut after = game.clone();
    match after.play(mv) {
        Ok(()) => after.to_move().opponent(),
        Err(_) => game.to_move(),
    }
}

/// Turns the searched tree into an [`Analysis`].
pub(crate) fn summarize(tree: &Tree, game: &Game, simulations: u64, start: Instant, rng: &mut FastRng) -> Analysis {
    let n = game.size();
    let cell_of = |k: usize| {
        crate::game::hex::Cell::new(k % n, k / n).unwrap_or_else(|| unreachable!("index {k} is on the board"))
    };
    let mut moves = root_moves(tree, &cell_of, rng);
    if moves.is_empty() {
        // The tree could not even hold the root's children: fall back to the legal moves, unrated.
        moves = game
            .legal_moves()
            .into_iter()
            .map(|mv| MoveStat { mv, visits: 0, win_rate: None, proven: Proof::Unknown, win_in: None })
            .collect();
        let len = moves.len();
        if len > 1 {
            moves.swap(0, rng.below(len));
        }
    }
    let best = moves.first().map_or(HexMove::Swap, |m| m.mv);
    let proven = match moves.first().map(|m| m.proven) {
        Some(Proof::Win) => Proof::Win,
        _ if !moves.is_empty() && moves.iter().all(|m| m.proven == Proof::Loss) => Proof::Loss,
        _ => Proof::Unknown,
    };
    let pv = principal_variation(tree, code(best, n), 8, &cell_of);
    let immediate = proven == Proof::Win && {
        let mut g = game.clone();
        g.play(best).is_ok() && g.winner().is_some()
    };
    let proof_source = proven.is_proven().then_some(if immediate { ProofSource::Immediate } else { ProofSource::Tree });
    let explanation = match proven {
        Proof::Win if immediate => format!("wins at once: {best} joins both edges"),
        // A line of the move alone says nothing the move does not: it is shown only with replies.
        Proof::Win if pv.len() < 2 => "proven win: every reply loses, as the search tree shows".to_string(),
        Proof::Win => format!(
            "proven win: every reply loses, as the search tree shows; the line it expects is {}",
            pv.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" ")
        ),
        Proof::Loss => "every move loses against perfect play; choosing the one that holds out longest".to_string(),
        Proof::Unknown => match moves.first().and_then(|m| m.win_rate) {
            Some(rate) => describe_rate(rate, side_after(game, best), &pv),
            None => format!("no move could be searched, so {best} is a guess"),
        },
    };
    Analysis {
        moves,
        best,
        pv,
        proven,
        proof_source,
        simulations,
        solver_nodes: 0,
        evaluations: 0,
        elapsed: start.elapsed(),
        explanation,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A root move; its rate is dropped where the search would have none (no visits, no proof).
    fn stat(mv: &str, visits: u64, win_rate: f64, proven: Proof, win_in: Option<u32>) -> MoveStat {
        let mv = HexMove::parse(mv, 9).unwrap_or_else(|e| panic!("{e}"));
        let win_rate = (visits > 0 || proven.is_proven()).then_some(win_rate);
        MoveStat { mv, visits, win_rate, proven, win_in }
    }

    #[test]
    fn the_choice_leaves_out_the_moves_nobody_rated() {
        let moves = vec![
            stat("c3", 1000, 0.55, Proof::Unknown, None),
            stat("a1", 0, 0.0, Proof::Loss, None),
            stat("b9", 0, 0.5, Proof::Unknown, None),
        ];
        let analysis = Analysis {
            best: moves[0].mv,
            moves,
            pv: Vec::new(),
            proven: Proof::Unknown,
            proof_source: None,
            simulations: 1000,
            solver_nodes: 0,
            evaluations: 0,
            elapsed: Duration::ZERO,
            explanation: String::new(),
        };
        let evals: Vec<(String, f64)> =
            analysis.to_choice().evals.iter().map(|e| (e.mv.to_string(), e.score)).collect();
        assert_eq!(evals, [("c3".to_string(), 0.55), ("a1".to_string(), 0.0)]);
    }

    #[test]
    fn ranks_quick_wins_then_well_searched_moves_by_win_rate() {
        let mut moves = vec![
            stat("a1", 900, 0.2, Proof::Loss, None),
            stat("b2", 40, 0.80, Proof::Unknown, None),
            stat("c3", 1000, 0.55, Proof::Unknown, None),
            stat("d4", 600, 0.58, Proof::Unknown, None),
            stat("e5", 10, 1.0, Proof::Win, None),
            stat("f6", 0, 1.0, Proof::Win, Some(3)),
            stat("g7", 0, 1.0, Proof::Win, Some(2)),
            stat("h8", 450, 0.70, Proof::Unknown, None),
            stat("i9", 300, 0.1, Proof::Loss, None),
            stat("a9", 9, 0.9, Proof::Unknown, None),
            stat("b9", 0, 0.5, Proof::Unknown, None),
            stat("c9", 20, 0.3, Proof::Unknown, None),
        ];
        rank(&mut moves);
        let order: Vec<String> = moves.iter().map(|m| m.mv.to_string()).collect();
        // Wins by length (unmeasured last); d4 (600 ≥ 1000 / 2) outranks c3 by rate; h8, b2 and c9 were
        // searched too little to go first, whatever their rates; a9 and b9 (under 1 % of c3's visits) barely
        // at all, so by visits; losses by visits.
        assert_eq!(order, ["g7", "f6", "e5", "d4", "c3", "b2", "h8", "c9", "a9", "b9", "a1", "i9"]);
    }

    #[test]
    fn a_swap_is_described_in_the_colours_it_leads_to() {
        let mut game = Game::new(9, true).unwrap_or_else(|e| panic!("{e}"));
        game.play(HexMove::parse("e5", 9).unwrap_or_else(|e| panic!("{e}"))).unwrap_or_else(|e| panic!("{e}"));
        // White to move: a stone is White's, the swap makes the swapper Black, with White (the opener) next.
        let place = HexMove::parse("d6", 9).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(side_after(&game, place), Color::White);
        assert_eq!(side_after(&game, HexMove::Swap), Color::Black);
        let pv = [HexMove::Swap, HexMove::parse("e6", 9).unwrap_or_else(|e| panic!("{e}"))];
        let text = describe_rate(0.57, side_after(&game, HexMove::Swap), &pv);
        assert_eq!(text, "the game looks even (57% for Black); it expects White to answer e6");
        // An illegal move (a swap on move three) leaves the side to move as it is.
        game.play(place).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(side_after(&game, HexMove::Swap), Color::Black);
    }
}
