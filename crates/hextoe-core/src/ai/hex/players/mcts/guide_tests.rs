//! The predictor's prior: where it is asked, what the children get, and what a failing predictor leaves.

use super::*;
use crate::ai::hex::knowledge::playout::FastRng;
use crate::ai::hex::players::mcts::Params;
use crate::ai::hex::players::mcts::search::{Limits, Root, run};
use crate::game::hex::{Game, HexMove};
use std::sync::atomic::{AtomicU64, Ordering};

/// A predictor that favours the cells of higher index, cell k getting a share proportional to k + 1, gives
/// every position the mover's value `value`, and counts its calls; or, `failing`, one that always fails.
#[derive(Default)]
struct Ramp {
    failing: bool,
    value: f32,
    calls: AtomicU64,
}

impl MovePredictor for Ramp {
    fn shares(&self, size: usize, cells: &[Option<Color>], _: Color, out: &mut [f32]) -> Option<f32> {
        self.calls.fetch_add(1, Ordering::Relaxed);
        assert_eq!((cells.len(), out.len()), (size * size, size * size));
        for (k, (o, c)) in out.iter_mut().zip(cells).enumerate() {
            *o = if c.is_some() { 0.0 } else { k as f32 + 1.0 };
        }
        (!self.failing).then_some(self.value)
    }

    fn name(&self) -> &str {
        "ramp"
    }
}

/// A 7×7 root after `moves`, asking `predictor`.
fn root(moves: &str, predictor: &'static Ramp) -> Root<u64> {
    let mut g = Game::new(7, false).unwrap_or_else(|e| panic!("{e}"));
    for m in moves.split_whitespace() {
        g.play(HexMove::parse(m, 7).unwrap_or_else(|e| panic!("{e}"))).unwrap_or_else(|e| panic!("{e}"));
    }
    let board = PlayBoard::<u64>::new(g.board(), g.to_move()).unwrap_or_else(|| panic!("7×7 fits"));
    Root { board, swap_depth: None, predictor: Some(predictor) }
}

/// The tree after a seeded search of `sims` simulations from `root` with `net_after`.
fn search(root: &Root<u64>, net_after: u32, sims: u64) -> (Tree, u64) {
    search_valued(root, net_after, 0, sims)
}

/// [`search`] with the value counted as `net_value` simulations.
fn search_valued(root: &Root<u64>, net_after: u32, net_value: u32, sims: u64) -> (Tree, u64) {
    let p = Params { net_after, net_value, ..Params::for_size(7) };
    let tree = Tree::new(1 << 18);
    let ran = run(&tree, root, &Limits::simulations(sims, 1), &p, &mut FastRng::new(11));
    (tree, ran.evaluations)
}

fn leak(r: Ramp) -> &'static Ramp {
    Box::leak(Box::new(r))
}

#[test]
fn the_root_children_take_the_predictors_shares_of_their_total() {
    let ramp = leak(Ramp::default());
    let (tree, evaluations) = search(&root("d4 c5", ramp), 1_000_000, 10);
    assert_eq!(evaluations, 1, "the root alone: no other node reaches the threshold");
    assert!(tree.node(0).guided);
    let kids: Vec<_> = tree.children(0).map(|c| tree.node(c)).collect();
    let total: f32 = kids.iter().map(|n| f32::from(n.mv) + 1.0).sum();
    for n in &kids {
        assert!((n.prior - (f32::from(n.mv) + 1.0) / total).abs() < 1e-6, "{n:?}");
    }
    let sum: f32 = kids.iter().map(|n| n.prior).sum();
    assert!((sum - 1.0).abs() < 1e-4, "the priors sum to {sum}");
}

#[test]
fn each_node_past_the_threshold_is_evaluated_once_and_only_those() {
    let ramp = leak(Ramp::default());
    let (tree, evaluations) = search(&root("d4", ramp), 16, 3_000);
    assert_eq!(ramp.calls.load(Ordering::Relaxed), evaluations);
    let mut guided = 0;
    for i in 0..tree.len() {
        let n = tree.node(i);
        if n.guided {
            guided += 1;
            assert!(i == 0 || n.visits > 16, "node {i} was evaluated with {} visits", n.visits);
        }
    }
    assert_eq!(guided, evaluations, "one evaluation per node marked");
    assert!(evaluations > 5, "nodes below the root were evaluated too: {evaluations}");
    // Off, the predictor is never asked and the priors are the patterns'.
    let (plain, none) = search(&root("d4", ramp), 0, 3_000);
    assert_eq!(none, 0);
    assert!((0..plain.len()).all(|i| !plain.node(i).guided));
}

#[test]
fn a_failing_predictor_leaves_the_pattern_prior() {
    let failing = leak(Ramp { failing: true, ..Ramp::default() });
    let (tree, evaluations) = search(&root("d4 c5", failing), 1_000_000, 10);
    assert_eq!(evaluations, 1);
    let (plain, _) = search(&root("d4 c5", failing), 0, 10);
    let priors = |t: &Tree| t.children(0).map(|c| t.node(c).prior).collect::<Vec<_>>();
    assert_eq!(priors(&tree), priors(&plain));
    assert!(priors(&plain).iter().any(|&p| p > 0.0), "the pattern prior is there");
}

#[test]
fn a_seeded_search_with_the_predictor_is_reproducible() {
    let ramp = leak(Ramp::default());
    let stats = |t: &Tree| t.children(0).map(|c| (t.node(c).mv, t.node(c).visits, t.node(c).wins)).collect::<Vec<_>>();
    let (a, _) = search(&root("d4", ramp), 16, 2_000);
    let (b, _) = search(&root("d4", ramp), 16, 2_000);
    assert_eq!(stats(&a), stats(&b));
    // And the predictor changes the search: the ramp pulls towards the last cells.
    let (plain, _) = search(&root("d4", ramp), 0, 2_000);
    assert_ne!(stats(&a), stats(&plain));
}

#[test]
fn the_value_counts_as_simulations_won_by_the_side_it_favours() {
    // Only the root is evaluated. Its wins are counted for the player who moved into it, the opponent of
    // the mover the value speaks for: a value of 1 adds no wins, −1 adds them all, 0 half.
    let root_after = |value: f32, net_value: u32| {
        let ramp = leak(Ramp { value, ..Ramp::default() });
        let (tree, evaluations) = search_valued(&root("d4 c5", ramp), 1_000_000, net_value, 200);
        assert_eq!(evaluations, 1);
        (tree.node(0).visits, tree.node(0).wins)
    };
    let (plain_visits, _) = root_after(1.0, 0);
    let (visits, sure_win) = root_after(1.0, 32);
    let (_, even) = root_after(0.0, 32);
    let (_, sure_loss) = root_after(-1.0, 32);
    assert_eq!(visits, plain_visits + 32, "the value counts as 32 simulations");
    assert_eq!(even, sure_win + 16);
    assert_eq!(sure_loss, sure_win + 32);
    // A failing predictor adds nothing.
    let failing = leak(Ramp { failing: true, value: -1.0, ..Ramp::default() });
    let (tree, _) = search_valued(&root("d4 c5", failing), 1_000_000, 32, 200);
    assert_eq!(tree.node(0).visits, plain_visits);
}
