//! One thread's search: the simulations counted, the knowledge's reach and threads sharing a tree.

use super::*;

#[test]
fn knowledge_at_nodes_reaches_only_as_deep_as_asked() {
    // 9×9 after e5 d6: knowledge at every node of 8 visits, at most one move below the root, then
    // at any depth; a node's `known` mark shows the knowledge looked at it.
    let root = root_after(&["e5", "d6"]);
    let deepest_known = |depth: Option<usize>| {
        let p = Params { knowledge: KnowledgeAt::Nodes(8), knowledge_depth: depth, ..Params::for_size(9) };
        let tree = Tree::new(1 << 20);
        let limits = Limits::simulations(4_000, 1);
        run(&tree, &root, &limits, &p, &mut FastRng::new(5));
        let (mut deepest, mut known_at_1) = (0, 0);
        let mut stack = vec![(0usize, 0usize)];
        while let Some((i, d)) = stack.pop() {
            if tree.node(i).known {
                deepest = deepest.max(d);
                known_at_1 += usize::from(d == 1);
            }
            stack.extend(tree.children(i).map(|c| (c, d + 1)));
        }
        (deepest, known_at_1)
    };
    let (deepest, at_1) = deepest_known(Some(1));
    assert_eq!(deepest, 1);
    assert!(at_1 > 3, "{at_1} nodes one move down were looked at");
    assert!(deepest_known(None).0 >= 3, "unbounded, the knowledge reaches deeper");
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
    let root = Root { board, swap_depth: None };
    let p = Params::for_size(9);
    let budget = |tree: &Tree| {
        let limits = Limits { stop_when_full: true, ..Limits::simulations(3_000, 1) };
        run(tree, &root, &limits, &p, &mut FastRng::new(9))
    };
    let roomy = Tree::new(1 << 20);
    assert_eq!(budget(&roomy), Ran { sims: 3_000, full: false });
    // The same seeded search in a tree with 100 slots to spare at its end: every expansion (at most 81
    // children) still fits, so it runs the same, ends on its budget, and leaves the tree nearly full.
    let tight = Tree::new(roomy.len() + 100);
    assert_eq!(budget(&tight), Ran { sims: 3_000, full: false });
    assert_eq!(tight.len(), roomy.len());
    assert!(tight.is_full(), "under a whole expansion's worth of room is left");
    // With half the room, an expansion fails and the search stops early to be compacted.
    let small = Tree::new(roomy.len() / 2);
    let ran = budget(&small);
    assert!(ran.full && ran.sims < 3_000, "{ran:?}");
}

#[test]
fn fill_from_nodes_sees_cells_the_root_fill_cannot() {
    // 9×9 after four stones, knowledge at every node of 8 visits: each node that had it keeps its own
    // fill-in, each colour's on cells empty at the root and apart from the other's, and some of it lies
    // beyond the root's, killed or captured by the stones the tree placed since.
    let game = crate::game::hex::parse_position("e5 d6 c7 f4", 9, false).unwrap_or_else(|e| panic!("{e}"));
    let board = PlayBoard::<u128>::new(game.board(), game.to_move()).unwrap_or_else(|| panic!("9×9 fits"));
    let root = Root { board, swap_depth: None };
    let grow = |fill: FillFrom| {
        let p = Params { knowledge: KnowledgeAt::Nodes(8), fill, ..Params::for_size(9) };
        let tree = Tree::new(1 << 20);
        let mut s = Scratch::new(&root, &p);
        prepare_with(&tree, &root, &p, &mut s);
        let mut rng = FastRng::new(3);
        for _ in 0..4_000 {
            simulate(&tree, &root, &p, &mut rng, &mut s);
        }
        (tree, s)
    };
    let (tree, s) = grow(FillFrom::Nodes);
    let empty = root.board.empty_cells();
    let at_root = s.fill[0] | s.fill[1];
    assert!(s.node_fill.len() > 10, "only {} nodes gave fill-in", s.node_fill.len());
    let mut beyond = 0;
    for (&i, &[black, white]) in &s.node_fill {
        assert!(i != 0 && tree.is_known(i), "node {i} had no knowledge");
        assert!((black & white).is_zero(), "node {i} gives a cell to both colours");
        assert!((black | white).minus(empty).is_zero(), "node {i} fills a cell the root has a stone on");
        beyond += usize::from(!(black | white).minus(at_root).is_zero());
    }
    assert!(beyond > 0, "no node saw fill-in beyond the root's");
    assert!(grow(FillFrom::Root).1.node_fill.is_empty(), "the root's fill alone keeps no node's");
}

#[test]
fn a_deeper_fill_wins_where_two_disagree() {
    // Cells 0 and 1 are Black's above; the deeper fill gives 1 to White and 2 to Black.
    let layered = super::layer::<u64>([0b011, 0b1000], [0b100, 0b010]);
    assert_eq!(layered, [0b101, 0b1010]);
}

#[test]
fn root_halving_levels_the_finalists_and_leaves_a_seeded_search_reproducible() {
    // 9×9 after e5: 20,000 simulations. With halving over 8 moves, after the 30 % warm-up only the eight
    // candidates get simulations, each round giving them to the least visited one: so the two finalists end
    // level, and the moves out in the second round end above those out in the first. (Two moves out in
    // the same round need not be level: one may have come into it with more visits from the warm-up than
    // the round brings the others to.)
    let root = root_after(&["e5"]);
    let ranked = |halving: Option<usize>, seed: u64| {
        let p = Params { root_halving: halving, ..Params::for_size(9) };
        let tree = Tree::new(1 << 20);
        run(&tree, &root, &Limits::simulations(20_000, 1), &p, &mut FastRng::new(seed));
        let mut v: Vec<(u32, u16)> = tree.children(0).map(|c| (tree.visits(c), tree.node(c).mv)).collect();
        v.sort_unstable_by(|a, b| b.cmp(a));
        v
    };
    let halved = ranked(Some(8), 3);
    let level = |a: (u32, u16), b: (u32, u16)| a.0.abs_diff(b.0) <= 1;
    assert!(level(halved[0], halved[1]), "the finalists: {:?}", &halved[..2]);
    assert!(halved[3].0 > halved[4].0, "out in the second round, then the first: {:?}", &halved[2..6]);
    assert!(halved[8].0 * 10 < halved[7].0, "no candidate: {:?} against {:?}", halved[8], halved[7]);
    let greedy = ranked(None, 3);
    assert!(!level(greedy[0], greedy[1]), "without halving: {:?}", &greedy[..2]);
    assert_eq!(ranked(Some(8), 7), ranked(Some(8), 7), "one seed, one search");
}

#[test]
fn the_directed_replies_reach_the_playouts() {
    // 9×9 after e5, 5,000 simulations on one seed: the default search and the same with the directed
    // replies share every setting but the strengths their playouts answer by, so their trees differ only if
    // the setting's playouts read the directed ones; each is the same twice.
    let root = root_after(&["e5"]);
    assert!(!Params::for_size(9).directed_replies, "off by default");
    let visits = |directed: bool| root_visits(&root, &Params { directed_replies: directed, ..Params::for_size(9) });
    assert_eq!(visits(true), visits(true), "one seed, one search");
    assert_ne!(visits(true), visits(false), "the directed strengths change the playouts");
}

#[test]
fn the_whole_board_draw_reaches_the_playouts() {
    // As above: with `global` the playouts' moves elsewhere are drawn by shape, so the tree differs from
    // the default's on the same seed, and the same cap on the same seed gives the same tree.
    let root = root_after(&["e5"]);
    assert_eq!(Params::for_size(9).global_cap, None, "off by default");
    let visits = |cap: Option<f32>| root_visits(&root, &Params { global_cap: cap, ..Params::for_size(9) });
    assert_eq!(visits(Some(8.0)), visits(Some(8.0)), "one seed, one search");
    assert_ne!(visits(Some(8.0)), visits(None), "the whole-board draw changes the playouts");
}

/// Each root move and its visits after 5,000 simulations from `root` with `p`, on one seed.
fn root_visits(root: &Root<u128>, p: &Params) -> Vec<(u16, u32)> {
    let tree = Tree::new(1 << 20);
    run(&tree, root, &Limits::simulations(5_000, 1), p, &mut FastRng::new(5));
    tree.children(0).map(|c| (tree.node(c).mv, tree.visits(c))).collect()
}

/// The root of a 9×9 search after `moves`, without the swap rule.
fn root_after(moves: &[&str]) -> Root<u128> {
    let mut game = crate::game::hex::Game::new(9, false).unwrap_or_else(|e| panic!("{e}"));
    for m in moves {
        let m = crate::game::hex::HexMove::parse(m, 9).unwrap_or_else(|e| panic!("{e}"));
        game.play(m).unwrap_or_else(|e| panic!("{e}"));
    }
    let board = PlayBoard::<u128>::new(game.board(), game.to_move()).unwrap_or_else(|| panic!("9×9 fits"));
    Root { board, swap_depth: None }
}

#[test]
fn each_colour_searches_with_its_own_odds_for_the_local_replies() {
    // 9×9: the empty board (Black to move) and after e5 (White to move). A seeded search by simulations is
    // reproducible, so the root's statistics show which odds its playouts used.
    let stats = |root: &Root<u128>, odds: [f32; 2]| {
        let p = Params { local_odds: odds, ..Params::for_size(9) };
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
