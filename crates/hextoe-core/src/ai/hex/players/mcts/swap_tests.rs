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
    let root = Root { board, swap_depth: Some(1), predictor: None };
    let tree = Tree::new(1 << 20);
    let limits = Limits::simulations(sims, 1);
    // Every first stone, not only the fair ones: the test is of how the swap's wins are counted.
    let p = Params { fair_openings: false, ..Params::for_size(n) };
    run(&tree, &root, &limits, &p, &mut FastRng::new(seed));
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
    let root = Root { board, swap_depth: Some(0), predictor: None };
    let tree = Tree::new(1 << 20);
    let limits = Limits::simulations(5_000, 1);
    run(&tree, &root, &limits, &Params::for_size(9), &mut FastRng::new(1));
    let swap = tree.node(tree.child_with(0, SWAP).unwrap_or_else(|| panic!("the swap is a root move")));
    let root_visits = tree.visits(0);
    assert!(swap.rave_visits + 10 >= root_visits, "{} of {root_visits}", swap.rave_visits);
    assert!(swap.rave_wins > swap.rave_visits / 2, "the centre wins: {} of {}", swap.rave_wins, swap.rave_visits);
}

/// The impossible player's first stone on the empty `n`×`n` board under the swap rule, with `tuning`.
fn first_stone(n: usize, tuning: &str, seed: u64) -> Analysis {
    use crate::ai::Budget;
    use crate::ai::hex::PlayerKind;
    use rand::SeedableRng;
    let spec = PlayerSpec {
        kind: PlayerKind::Mcts,
        budget: Budget { nodes: Some(3_000), threads: 1, ..Budget::default() },
        memory_mb: 16,
    };
    let game = Game::new(n, true).unwrap_or_else(|e| panic!("{e}"));
    let mut state = MctsState::tuned(tuning.parse().unwrap_or_else(|e| panic!("{e}")));
    state.analyze(&game, &spec, &Stop::new(), &mut rand::rngs::StdRng::seed_from_u64(seed))
}

#[test]
fn under_the_swap_rule_the_first_stone_keeps_to_the_openers_edges() {
    // 10×10: the solved table stops at 7×7 and the book has no stones for it.
    let geo = crate::ai::hex::knowledge::bitboard::Geometry::<u128>::new(10).unwrap_or_else(|| panic!("10×10 fits"));
    let fair = opening::edge_openings(&geo, crate::game::hex::Color::Black);
    let is_fair = |mv: HexMove| mv.cell().is_some_and(|c| fair.has(geo.index(c)));
    let a = first_stone(10, "", 1);
    assert!(a.simulations > 0, "searched: {}", a.explanation);
    assert!(is_fair(a.best), "{} is on Black's edges: {}", a.best, a.explanation);
    assert_eq!(a.moves.len(), 18, "only the 18 fair stones are searched");
    assert!(a.moves.iter().all(|m| is_fair(m.mv)));
    assert!(a.explanation.starts_with("under the swap rule"), "{}", a.explanation);
    // Turned off, the search judges every first stone and picks an interior one.
    let free = first_stone(10, "fair_openings=off", 1);
    assert_eq!(free.moves.len(), 100);
    assert!(!is_fair(free.best), "{}", free.best);
    // Pruning by dominance would leave out fair edge stones that a stronger neighbour dominates; the stone
    // the swap may take over is kept from it, so all 18 are still searched.
    let pruned = first_stone(10, "pruning=all", 1);
    assert_eq!(pruned.moves.len(), 18, "prune=all searches the 18 fair stones too");
}

#[test]
fn under_the_swap_rule_the_first_stone_at_eleven_comes_from_the_book_at_random() {
    let geo = crate::ai::hex::knowledge::bitboard::Geometry::<u128>::new(11).unwrap_or_else(|| panic!("11×11 fits"));
    let fair = opening::edge_openings(&geo, crate::game::hex::Color::Black);
    let book = ["c1", "i1", "c11", "i11"];
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..24 {
        let a = first_stone(11, "", seed);
        let best = a.best.to_string();
        assert_eq!(a.simulations, 0, "not searched: {}", a.explanation);
        assert!(book.contains(&best.as_str()), "{best} is a book stone");
        assert!(a.best.cell().is_some_and(|c| fair.has(geo.index(c))), "{best} is on Black's own edges");
        let listed: Vec<String> = a.moves.iter().map(|m| m.mv.to_string()).collect();
        assert_eq!(listed, book, "the analysis lists the book");
        assert!(a.explanation.contains(&format!("book: {best}")), "{}", a.explanation);
        seen.insert(best);
    }
    assert_eq!(seen.len(), 4, "each book stone is played: {seen:?}");
    // Turned off, the tree judges the openings, as before.
    let free = first_stone(11, "fair_openings=off", 1);
    assert!(free.simulations > 0 && free.moves.len() == 121, "{}", free.explanation);
}

#[test]
fn under_the_swap_rule_the_first_stone_on_small_boards_comes_from_the_solved_table() {
    let a = first_stone(7, "", 2);
    assert_eq!(a.simulations, 0, "answered from the table");
    assert_eq!(a.proven, Proof::Loss, "every first stone loses under the swap rule");
    assert!(["b2", "d2", "a3", "g3", "f6", "d6", "g5", "a5"].contains(&a.best.to_string().as_str()), "{}", a.best);
    assert!(a.explanation.contains("only 1 of 48 replies win"), "{}", a.explanation);
    // Turned off, the tree judges the openings, as before.
    let free = first_stone(7, "fair_openings=off", 2);
    assert!(free.simulations > 0, "the tree judged the openings: {}", free.explanation);
}
