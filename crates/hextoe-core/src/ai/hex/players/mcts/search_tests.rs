//! One thread's search: the simulations counted, the knowledge's reach and threads sharing a tree.

use super::*;
use crate::ai::hex::players::mcts::params::Odds;

#[test]
fn knowledge_reaches_the_nodes_it_is_asked_for() {
    // 9×9 after e5 d6: with knowledge at every node of 8 visits, nodes well below the root are looked
    // at; with knowledge at the root, only the root; without, none. A node's `known` mark shows the
    // knowledge looked at it.
    let root = root_after(&["e5", "d6"]);
    let known = |knowledge: KnowledgeAt| {
        let p = Params { knowledge, ..Params::for_size(9) };
        let tree = Tree::new(1 << 20);
        run(&tree, &root, &Limits::simulations(4_000, 1), &p, &mut FastRng::new(5));
        let (mut deepest, mut count) = (None, 0);
        let mut stack = vec![(0usize, 0usize)];
        while let Some((i, d)) = stack.pop() {
            if tree.node(i).known {
                deepest = deepest.max(Some(d));
                count += 1;
            }
            stack.extend(tree.children(i).map(|c| (c, d + 1)));
        }
        (deepest, count)
    };
    let (deepest, count) = known(KnowledgeAt::Nodes(8));
    assert!(deepest >= Some(3) && count > 10, "{count} nodes, the deepest {deepest:?} moves down");
    assert_eq!(known(KnowledgeAt::Root), (Some(0), 1));
    assert_eq!(known(KnowledgeAt::Off), (None, 0));
}

#[test]
fn threads_sharing_a_tree_count_every_simulation_once() {
    let root = root_after(&[]);
    let tree = Tree::new(1 << 20);
    let p = Params::for_size(9);
    let limits = Limits::simulations(3_000, 2);
    prepare(&tree, &root, &p);
    let sims: u64 = std::thread::scope(|s| {
        let handles: Vec<_> = (0..2)
            .map(|t| {
                let (tree, root, limits) = (&tree, &root, &limits);
                s.spawn(move || run(tree, root, limits, &p, &mut FastRng::new(t)))
            })
            .collect();
        handles.into_iter().map(|h| h.join().map_or(0, |r| r.sims)).sum()
    });
    assert_eq!(sims, 6_000);
    assert_eq!(u64::from(tree.visits(0)), sims, "every simulation passed the root once");
    // Each simulation through a child passed its parent, and a win is counted only with its visit.
    let mut deep = 0;
    for i in 0..tree.len() {
        let kids: u64 = tree.children(i).map(|c| u64::from(tree.visits(c))).sum();
        assert!(kids <= u64::from(tree.visits(i)), "node {i}: children {kids} > {}", tree.visits(i));
        assert!(tree.node(i).wins <= tree.node(i).visits, "node {i}");
        deep += usize::from(kids > 0 && i != 0);
    }
    assert!(deep > 100, "both threads grew one tree below the root: {deep} inner nodes");
}

#[test]
fn a_search_reports_a_full_tree_only_when_an_expansion_found_no_room() {
    // 9×9 after e5: a budget that ends with the tree nearly full is not a full stop (the caller would
    // compact a tree whose move is done), while one that runs out of room is.
    let game = crate::game::hex::parse_position("e5", 9, false).unwrap_or_else(|e| panic!("{e}"));
    let board = PlayBoard::<u128>::new(game.board(), game.to_move()).unwrap_or_else(|| panic!("9×9 fits"));
    let root = Root { board, swap_depth: None, predictor: None };
    let p = Params::for_size(9);
    let budget = |tree: &Tree| {
        let limits = Limits { stop_when_full: true, ..Limits::simulations(3_000, 1) };
        run(tree, &root, &limits, &p, &mut FastRng::new(9))
    };
    let roomy = Tree::new(1 << 20);
    assert_eq!(budget(&roomy), Ran { sims: 3_000, full: false, evaluations: 0 });
    // The same seeded search in a tree with 100 slots to spare at its end: every expansion (at most 81
    // children) still fits, so it runs the same, ends on its budget, and leaves the tree nearly full.
    let tight = Tree::new(roomy.len() + 100);
    assert_eq!(budget(&tight), Ran { sims: 3_000, full: false, evaluations: 0 });
    assert_eq!(tight.len(), roomy.len());
    assert!(tight.is_full(), "under a whole expansion's worth of room is left");
    // With half the room, an expansion fails and the search stops early to be compacted.
    let small = Tree::new(roomy.len() / 2);
    let ran = budget(&small);
    assert!(ran.full && ran.sims < 3_000, "{ran:?}");
}

/// The root of a 9×9 search after `moves`, without the swap rule.
fn root_after(moves: &[&str]) -> Root<u128> {
    let mut game = crate::game::hex::Game::new(9, false).unwrap_or_else(|e| panic!("{e}"));
    for m in moves {
        let m = crate::game::hex::HexMove::parse(m, 9).unwrap_or_else(|e| panic!("{e}"));
        game.play(m).unwrap_or_else(|e| panic!("{e}"));
    }
    let board = PlayBoard::<u128>::new(game.board(), game.to_move()).unwrap_or_else(|| panic!("9×9 fits"));
    Root { board, swap_depth: None, predictor: None }
}

#[test]
fn each_colour_searches_with_its_own_odds_for_the_local_replies() {
    // 9×9: the empty board (Black to move) and after e5 (White to move). A seeded search by simulations is
    // reproducible, so the root's statistics show which odds its playouts used.
    let stats = |root: &Root<u128>, odds: [f32; 2]| {
        let p = Params { local_odds: Odds(odds), ..Params::for_size(9) };
        let tree = Tree::new(1 << 20);
        run(&tree, root, &Limits::simulations(3_000, 1), &p, &mut FastRng::new(9));
        tree.children(0).map(|c| (tree.node(c).visits, tree.node(c).wins, tree.node(c).rave_visits)).collect::<Vec<_>>()
    };
    let black = root_after(&[]);
    assert_eq!(stats(&black, [2.0, 1.0]), stats(&black, [2.0, 2.0]), "Black searches with Black's odds");
    assert_ne!(stats(&black, [2.0, 1.0]), stats(&black, [1.0, 1.0]));
    let white = root_after(&["e5"]);
    assert_eq!(stats(&white, [2.0, 1.0]), stats(&white, [1.0, 1.0]), "White searches with White's odds");
    assert_ne!(stats(&white, [2.0, 1.0]), stats(&white, [2.0, 2.0]));
}
