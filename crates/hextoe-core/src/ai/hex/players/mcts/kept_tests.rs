//! The tree kept between moves: a root that arrives proven keeps its proof only if its children carry it.

use super::*;
use crate::ai::Budget;
use crate::ai::hex::PlayerKind;
use rand::SeedableRng;

/// A 9×9 game after `moves`.
fn game(moves: &str) -> Game {
    crate::game::hex::parse_position(moves, 9, false).unwrap_or_else(|e| panic!("{e}"))
}

/// A player whose kept tree is `tree`, built for `game` under `spec`'s memory.
fn keeping(game: &Game, tree: Tree) -> MctsState {
    let kept = Kept { start: game.start().clone(), history: game.history().to_vec(), swap_rule: false, tree };
    MctsState { kept: Some(kept), ..MctsState::default() }
}

/// A tree with the node limit that a search under `spec` asks for, so that the player keeps it.
fn tree_for(spec: &PlayerSpec) -> Tree {
    Tree::new((memory_bytes(spec.memory_mb) / 4 * 3) / Tree::NODE_BYTES)
}

/// The tree code of a cell named like `d4` on the 9×9 board.
fn at(cell: &str) -> u16 {
    code(HexMove::parse(cell, 9).unwrap_or_else(|e| panic!("{e}")), 9)
}

#[test]
fn a_kept_root_proven_without_a_winning_child_is_searched_again() {
    let spec = PlayerSpec {
        kind: PlayerKind::Mcts,
        budget: Budget { nodes: Some(300), threads: 1, ..Budget::default() },
        memory_mb: 1,
    };
    let before = game("e5 e6");
    let mut after = before.clone();
    after.play(HexMove::parse("d4", 9).unwrap_or_else(|e| panic!("{e}"))).unwrap_or_else(|e| panic!("{e}"));
    for winning_child in [false, true] {
        // Black's d4 was proven lost (as pondering's root knowledge proves a move lost) after the tree had
        // already expanded it; only in the second case does one of White's replies, c3, carry the proof.
        let tree = tree_for(&spec);
        tree.expand(0, &[(at("d4"), Proof::Loss), (at("a1"), Proof::Unknown)], None);
        let d4 = tree.child_with(0, at("d4")).unwrap_or_else(|| panic!("d4 is a child"));
        let c3 = if winning_child { Proof::Win } else { Proof::Unknown };
        tree.expand(d4, &[(at("c3"), c3), (at("f4"), Proof::Unknown)], None);
        let mut state = keeping(&before, tree);
        let a = state.analyze(&after, &spec, &Stop::new(), &mut rand::rngs::StdRng::seed_from_u64(1));
        if winning_child {
            assert_eq!((a.proven, a.best.to_string()), (Proof::Win, "c3".to_string()), "{}", a.explanation);
            // The tree holds no reply below c3, so there is no line to show beyond the move itself.
            assert_eq!(a.explanation, "proven win: every reply loses, as the search tree shows");
        } else {
            assert!(a.simulations > 0, "the search ran: {}", a.explanation);
            assert_eq!(a.proven, Proof::Unknown, "{}", a.explanation);
        }
    }
}
