//! The swap in the tree: every playout is a sample of the position after it, and a player's wins are
//! counted as the player's on both sides of it, although the players trade colours there.

use super::search::run;
use super::tree::SWAP;
use super::*;
use crate::ai::Stop;

/// A single-thread search of `sims` simulations from the empty `n`×`n` board under the swap rule.
fn searched_opening(n: usize, sims: u64, seed: u64) -> Tree {
    let game = Game::new(n, true).unwrap_or_else(|e| panic!("{e}"));
    let board = PlayBoard::<u128>::new(game.board(), game.to_move()).unwrap_or_else(|| panic!("{n}×{n} fits"));
    let root = Root { board, swap_depth: Some(1) };
    let tree = Tree::new(1 << 20);
    let limits = Limits { sims: Some(sims), deadline: None, stop: Stop::new(), threads: 1 };
    run(&tree, &root, &limits, &Params::for_size(n), &mut FastRng::new(seed));
    tree
}

#[test]
fn an_openings_wins_are_the_openers_also_where_the_reply_is_the_swap() {
    // Each simulation through an opening counts a win for its mover exactly when the reply's mover
    // lost, except for the few it ended at while the opening was a leaf. The swap hands the opener the
    // other colour: counting an opening's wins by the colour of its stone broke this wherever the reply
    // was the swap.
    let n = 9;
    let tree = searched_opening(n, 20_000, 3);
    let expand_after = u64::from(Params::for_size(n).expand_after);
    let mut swapped_openings = 0;
    for opening in tree.children(0) {
        if tree.proof(opening) != Proof::Unknown || !tree.is_expanded(opening) {
            continue;
        }
        let wins = u64::from(tree.node(opening).wins);
        let replies_lost: u64 =
            tree.children(opening).map(|r| tree.node(r)).map(|r| u64::from(r.visits) - u64::from(r.wins)).sum();
        assert!(
            wins >= replies_lost && wins - replies_lost <= expand_after,
            "opening {}: {wins} wins, but its replies lost {replies_lost}",
            tree.node(opening).mv
        );
        let swap = tree.child_with(opening, SWAP).map(|c| tree.node(c).visits).unwrap_or(0);
        swapped_openings += usize::from(swap >= 100);
    }
    assert!(swapped_openings > 0, "some opening had the swap searched as its reply");
}

#[test]
fn the_swap_learns_from_every_playout_through_its_parent() {
    // Without the all-moves-as-first visits of its own, a swap whose first playout was lost kept a
    // value of 0. After the centre stone on 9×9 — which wins, so the swap is the best reply — its
    // visits match its parent's.
    let game = crate::game::hex::parse_position("e5", 9, true).unwrap_or_else(|e| panic!("{e}"));
    let board = PlayBoard::<u128>::new(game.board(), game.to_move()).unwrap_or_else(|| panic!("9×9 fits"));
    let root = Root { board, swap_depth: Some(0) };
    let tree = Tree::new(1 << 20);
    let limits = Limits { sims: Some(5_000), deadline: None, stop: Stop::new(), threads: 1 };
    run(&tree, &root, &limits, &Params::for_size(9), &mut FastRng::new(1));
    let swap = tree.node(tree.child_with(0, SWAP).unwrap_or_else(|| panic!("the swap is a root move")));
    let root_visits = tree.visits(0);
    assert!(swap.rave_visits + 10 >= root_visits, "{} of {root_visits}", swap.rave_visits);
    assert!(swap.rave_wins > swap.rave_visits / 2, "the centre wins: {} of {}", swap.rave_wins, swap.rave_visits);
}
