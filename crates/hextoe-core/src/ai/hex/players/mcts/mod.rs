//! Monte-Carlo tree search for Hex: UCT with RAVE, bridge-saving playouts, tree reuse, MCTS-solver, and
//! the exact solver taking over where it can prove the position.
//!
//! - [`tree`]: the node arena with its hard size limit, proofs, re-rooting.
//! - [`search`]: one thread's simulations (descend, play out, back up), with `select` choosing the child
//!   to descend into and `expand` giving a leaf its children and their learned priors.
//! - [`report`]: merging the threads' roots, the principal variation, the explanation.
//! - `knowledge`: virtual connections at the root and at well-visited nodes prove moves won or lost: the
//!   must-play region against the opponent's threats.
//! - `params`: the search's settings, each defined once in one table (`settings` is its machinery), which
//!   `--tuning` overrides by name.
//! - `proven`: the proven wins of [`crate::ai::hex::winning`] (the solver tried first on positions small
//!   enough for it, a win in one, the quickest forced win) in the search's terms.
//!
//! [`MctsState`] lives in the [`HexPlayer`](crate::ai::hex::HexPlayer) between moves. It keeps the tree, which all
//! the search threads share (tree parallelism with a virtual loss, lock-free, see [`tree`]), and when the
//! next position continues the same game it keeps the subtree of the moves actually played.

mod ahead;
mod compact;
mod expand;
mod guide;
mod knowledge;
mod node;
mod opening;
mod params;
mod ponder;
mod proven;
pub mod report;
pub mod search;
mod select;
pub mod settings;
mod settle;
pub mod tree;

pub use crate::ai::hex::winning::ProofSource;
pub use params::{BookUse, KnowledgeAt, Odds, Params, Pruning, SETTINGS, Tuning, settings};
use proven::{defend_lost, finish_proven};
use report::code;
pub use report::{Analysis, MoveStat};
pub use settings::{Setting, TuningError};

use crate::ai::Stop;
use crate::ai::hex::knowledge::bitboard::Bits;
use crate::ai::hex::knowledge::playout::{FastRng, PlayBoard};
use crate::ai::hex::knowledge::solver::Solver;
use crate::ai::hex::winning::convert::{self, MoveBudget};
use crate::ai::hex::winning::exact::{self, Exact};
use crate::ai::hex::{HexChoice, PlayerSpec, Proof};
use crate::ai::memory_bytes;
use crate::dispatch_bits;
use crate::game::hex::{Board, Game, HexMove};
use rand::Rng;
use search::Ran;
use search::{Limits, Root};
use std::time::{Duration, Instant};
use tree::Tree;

/// The time a search takes when its budget names neither time nor simulations.
const DEFAULT_TIME: Duration = Duration::from_secs(1);

/// The tree of the last search and the game position it belongs to.
#[derive(Debug)]
struct Kept {
    start: Board,
    history: Vec<HexMove>,
    swap_rule: bool,
    tree: Tree,
}

/// The search state a player keeps between moves: the tree, so that the subtree of the moves actually
/// played is reused, and the solver with its table.
#[derive(Debug, Default)]
pub struct MctsState {
    kept: Option<Kept>,
    solver: Option<(usize, Solver)>,
    /// The last proven win and the position it was found in: asked again about the same position (a
    /// search cut short, a hint after a move was undone and redone), the player answers at once.
    won: Option<(Board, bool, Analysis)>,
    /// Settings that replace the defaults, for the A/B matches.
    tuning: Tuning,
}

/// The time and simulations a search may take: one second if the spec names neither.
fn budget_of(spec: &PlayerSpec) -> (Option<Duration>, Option<u64>) {
    match (spec.budget.move_time, spec.budget.nodes) {
        (None, None) => (Some(DEFAULT_TIME), None),
        other => other,
    }
}

/// The depth below the root at which the swap is legal: 0 if it is legal now, 1 if the game is empty and
/// the rule is on.
fn swap_depth(game: &Game) -> Option<usize> {
    if game.can_swap() {
        Some(0)
    } else if game.swap_to_come() {
        Some(1)
    } else {
        None
    }
}

impl MctsState {
    /// A player whose search replaces the defaults by what `tuning` sets: the A/B matches of
    /// `docs/experiments/` compare such players.
    pub fn tuned(tuning: Tuning) -> MctsState {
        MctsState { tuning, ..MctsState::default() }
    }

    /// The search parameters for an n×n board.
    fn params(&self, n: usize) -> Params {
        let mut p = Params::for_size(n);
        self.tuning.apply(&mut p);
        p
    }

    /// Searches within the spec's budget and returns the move, its explanation and every root move's
    /// statistics; with [`Params::opening_book`], a position the book holds is answered from it instead.
    /// A move proven won spends the rest of its budget proving the answers to the replies
    /// ([`MctsState::prove_ahead`]), for the next move of the same game. The game must not be over.
    pub fn choose<R: Rng + ?Sized>(&mut self, game: &Game, spec: &PlayerSpec, stop: &Stop, rng: &mut R) -> HexChoice {
        let from_book = match self.params(game.size()).opening_book {
            BookUse::Off => false,
            BookUse::First => game.board().stone_count() == 0,
            BookUse::Replies => game.board().stone_count() <= 1,
            BookUse::All => true,
        };
        if from_book && let Some(choice) = crate::ai::hex::data::book::choice(game, rng) {
            return choice;
        }
        let start = Instant::now();
        let analysis = self.analyze(game, spec, stop, rng);
        if analysis.proven == Proof::Win {
            // The next move of this game asks the solver first: the rest of this one proves its answers.
            let (time, sims) = budget_of(spec);
            let budget = MoveBudget { time, sims, start, stop: stop.clone() };
            self.prove_ahead(game, analysis.best, spec, &budget);
        }
        analysis.to_choice()
    }

    /// Searches within the spec's budget and reports what it found (for `hextoe analyze --player mcts`).
    pub fn analyze<R: Rng + ?Sized>(&mut self, game: &Game, spec: &PlayerSpec, stop: &Stop, rng: &mut R) -> Analysis {
        let start = Instant::now();
        let threads = spec.budget.threads.clamp(1, 256);
        let mut frng = FastRng::from_rng(rng);
        let (time, sims) = budget_of(spec);
        let deadline = time.map(|t| start + t);
        if let Some((_, _, a)) = self.won.as_ref().filter(|(b, s, _)| b == game.board() && *s == game.can_swap()) {
            return Analysis { elapsed: start.elapsed(), ..a.clone() };
        }
        let budget = MoveBudget { time, sims, start, stop: stop.clone() };
        // On the empty board under the swap rule, a "won" first stone would simply be swapped: no shortcuts.
        let opening = swap_depth(game) == Some(1);
        if let Some(win) = if opening { None } else { convert::before_search(game, &budget) } {
            let a = Analysis::proven_win(win, start.elapsed());
            return self.remember_win(game, a);
        }
        let fair = opening && self.params(game.size()).fair_openings;
        // The solved table up to 7×7, else the book where it has the size.
        let booked = fair.then(|| {
            opening::from_table(game, start, &mut frng).or_else(|| opening::from_book(game, start, &mut frng))
        });
        if let Some(a) = booked.flatten() {
            return a;
        }
        let exact = self.try_exact(game, spec, time, sims, stop, start, &mut frng);
        let solver_nodes = match exact {
            Some(Exact::Win(win)) => {
                let mut analysis = Analysis::proven_win(win, start.elapsed());
                finish_proven(&mut analysis, game, &budget);
                analysis.elapsed = start.elapsed();
                return self.remember_win(game, analysis);
            }
            Some(Exact::Loss(n) | Exact::Unknown(n)) => n,
            None => 0,
        };
        let mut tree = self.take_tree(game, spec.memory_mb);
        let limits = Limits { sims: None, deadline, stop: stop.clone(), threads: threads as u64, stop_when_full: true };
        let n = game.size();
        let params = self.params(n);
        let ran = dispatch_bits!(n, run_threads(&mut tree, game, &limits, sims, &params, &mut frng));
        let mut analysis = report::summarize(&tree, game, ran.sims, start, &mut frng);
        analysis.evaluations = ran.evaluations;
        if opening::on_edges(&params, swap_depth(game), n) {
            analysis.explanation = format!(
                "under the swap rule a strong first stone would be swapped, so it opens on its own edge; {}",
                analysis.explanation
            );
        }
        analysis.solver_nodes = solver_nodes;
        if let Some(Exact::Loss(_)) = exact {
            // Every move is lost; the search still ranks them, and the most visited holds out longest.
            for m in &mut analysis.moves {
                m.proven = Proof::Loss;
            }
            analysis.proven = Proof::Loss;
            analysis.proof_source = Some(ProofSource::Solver);
        }
        defend_lost(&mut analysis, game);
        self.keep_tree(game, tree);
        if analysis.proven == Proof::Win && !opening {
            finish_proven(&mut analysis, game, &budget);
            analysis.elapsed = start.elapsed();
            return self.remember_win(game, analysis);
        }
        analysis.elapsed = start.elapsed();
        analysis
    }

    /// Keeps a proven win for its position (see [`MctsState::won`]) and returns it.
    fn remember_win(&mut self, game: &Game, a: Analysis) -> Analysis {
        self.won = Some((game.board().clone(), game.can_swap(), a.clone()));
        a
    }

    /// Tries the exact solver where [`exact::worth_trying`] says it has a chance, within the share of the
    /// budget that [`exact::solver_limits`] gives it: the whole move where the position is known won
    /// ([`proven::still_won`]) on a board up to 7×7.
    #[allow(clippy::too_many_arguments)]
    fn try_exact(
        &mut self,
        game: &Game,
        spec: &PlayerSpec,
        time: Option<Duration>,
        sims: Option<u64>,
        stop: &Stop,
        start: Instant,
        rng: &mut FastRng,
    ) -> Option<Exact> {
        // At move 1 under the swap rule the solver's answer misleads: a winning opening would be swapped.
        // The tree, which has the swap among the replies, judges openings there.
        if swap_depth(game) == Some(1) {
            return None;
        }
        // The table of solved openings first: it knows 8×8 positions too big for the solver's attempt.
        if let Some(known) = exact::from_table(game, rng) {
            return Some(known);
        }
        let won = proven::still_won(self.won.as_ref(), game);
        if !exact::worth_trying(game, won) {
            return None;
        }
        let limits = exact::solver_limits(game, won, time, sims, stop, start);
        let solver = self.solver_for(spec);
        // The search's other threads help the solver.
        let helpers = spec.budget.threads.clamp(1, 256) - 1;
        Some(exact::try_solve(solver, game, &limits, rng, helpers))
    }

    /// The solver, with the table it keeps between moves: a quarter of the spec's memory.
    fn solver_for(&mut self, spec: &PlayerSpec) -> &mut Solver {
        let mb = (spec.memory_mb / 4).max(1);
        if self.solver.as_ref().is_some_and(|(m, _)| *m != mb) {
            self.solver = None;
        }
        &mut self.solver.get_or_insert_with(|| (mb, Solver::new(mb))).1
    }

    /// Keeps `tree`, searched from `game`, for the next search of the same game ([`MctsState::take_tree`]).
    fn keep_tree(&mut self, game: &Game, tree: Tree) {
        self.kept = Some(Kept {
            start: game.start().clone(),
            history: game.history().to_vec(),
            swap_rule: game.swap_rule(),
            tree,
        });
    }

    /// The tree to search `game` with: the kept one re-rooted at the current position if it continues
    /// the kept game, else a fresh one.
    fn take_tree(&mut self, game: &Game, memory_mb: usize) -> Tree {
        // Three quarters of the memory for the tree, a quarter for the solver's table.
        let limit = (memory_bytes(memory_mb) / 4 * 3) / Tree::NODE_BYTES;
        let n = game.size();
        let continues = |k: &Kept| {
            &k.start == game.start() && k.swap_rule == game.swap_rule() && game.history().starts_with(&k.history)
        };
        let kept = self.kept.take().filter(|k| continues(k) && k.tree.limit() == limit);
        kept.and_then(|k| {
            let mut node = 0;
            for &mv in &game.history()[k.history.len()..] {
                node = k.tree.child_with(node, code(mv, n))?;
            }
            Some(if node == 0 { k.tree } else { k.tree.subtree(node) })
        })
        .inspect(|t| {
            // The new root keeps a proof only if its own children carry it. Pondering's root knowledge
            // proves lost the person's moves outside the must-play region, as a fact about the move, not
            // through a winning reply in the tree: a root proven that way would stop the search before its
            // first simulation and leave the move to a tree that never looked for it.
            if t.proof(0) != Proof::Unknown {
                t.set_proof(0, Proof::Unknown);
                t.update_proof(0);
            }
        })
        .unwrap_or_else(|| Tree::new(limit))
    }
}

/// Searches `tree` with `limits.threads` threads; returns the simulations run and the predictor's
/// evaluations. With
/// [`Limits::stop_when_full`], a round that fills the tree is followed by another in the tree compacted
/// ([`Tree::compacted`]), until the limits are reached; a tree that cannot be compacted searches on from
/// its leaves.
fn run_threads<B: Bits>(
    tree: &mut Tree,
    game: &Game,
    limits: &Limits,
    sims: Option<u64>,
    params: &Params,
    rng: &mut FastRng,
) -> Ran {
    let n = game.size();
    let Some(mut board) = PlayBoard::<B>::new(game.board(), game.to_move()) else { return Ran::default() };
    let last = game.history().iter().rev().find_map(|m| m.cell());
    board.set_last(last.map(|c| c.row() * n + c.col()));
    let predictor = crate::ai::hex::knowledge::predictor::installed();
    let root = Root { board, swap_depth: swap_depth(game), predictor };
    let mut limits = limits.clone();
    let mut done = Ran::default();
    loop {
        let left = sims.map(|s| s.saturating_sub(done.sims));
        let ran = run_round(tree, &root, &limits, left, params, rng);
        done = Ran { full: false, ..done.plus(ran) };
        let over = sims.is_some_and(|s| done.sims >= s)
            || limits.stop.is_stopped()
            || limits.deadline.is_some_and(|d| Instant::now() >= d)
            || tree.proof(0) != Proof::Unknown;
        // Only a round that stopped on a full tree searches on; one that ended because its move settled
        // is done, however full the tree.
        if over || !ran.full {
            return done;
        }
        match tree.compacted() {
            Some(t) => *tree = t,
            None => limits.stop_when_full = false,
        }
    }
}

/// One round of [`run_threads`]: `sims` simulations at most, shared among the threads; full if any thread
/// stopped on a full tree.
fn run_round<B: Bits>(
    tree: &Tree,
    root: &Root<B>,
    limits: &Limits,
    sims: Option<u64>,
    params: &Params,
    rng: &mut FastRng,
) -> Ran {
    let params = *params;
    let k = limits.threads.max(1);
    let per_thread = |i: u64| sims.map(|s| s / k + u64::from(i < s % k));
    if k == 1 {
        let lim = Limits { sims: per_thread(0), ..limits.clone() };
        return search::run(tree, root, &lim, &params, rng);
    }
    search::prepare(tree, root, &params);
    let seeds: Vec<u64> = (0..k).map(|_| rng.next_u64()).collect();
    std::thread::scope(|s| {
        let handles: Vec<_> = seeds
            .into_iter()
            .enumerate()
            .map(|(i, seed)| {
                let lim = Limits { sims: per_thread(i as u64), ..limits.clone() };
                s.spawn(move || search::run(tree, root, &lim, &params, &mut FastRng::new(seed)))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_default()).fold(Ran::default(), Ran::plus)
    })
}

#[cfg(test)]
#[path = "kept_tests.rs"]
mod kept_tests;

#[cfg(test)]
#[path = "swap_tests.rs"]
mod swap_tests;
