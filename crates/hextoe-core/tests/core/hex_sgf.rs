//! HexGui SGF: random games (with swaps and setup positions) written and read back unchanged, and bad
//! files refused with a message that says what is wrong.

use hextoe_core::game::hex::sgf::{self, SgfError};
use hextoe_core::game::hex::{Game, HexMove, parse_position};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// A random game on n×n: swap at move 2 with probability one half (when the rule is on), stopping after
/// `max` moves or at the win.
fn random_game(start: Game, rng: &mut StdRng, max: usize) -> Game {
    let mut game = start;
    for _ in 0..max {
        if game.winner().is_some() {
            break;
        }
        let m = if game.can_swap() && rng.random_bool(0.5) {
            HexMove::Swap
        } else {
            let places: Vec<HexMove> = game.legal_moves().into_iter().filter(|m| *m != HexMove::Swap).collect();
            places[rng.random_range(0..places.len())]
        };
        assert_eq!(game.play(m), Ok(()));
    }
    game
}

#[test]
fn games_round_trip() {
    let mut rng = StdRng::seed_from_u64(5);
    for n in 1..=19 {
        for _ in 0..10 {
            let swap = rng.random_bool(0.5);
            let game = random_game(Game::new(n, swap).unwrap_or_else(|e| panic!("{e}")), &mut rng, n * n);
            let text = sgf::write(&game);
            assert!(text.starts_with("(;FF[4]GM[11]"), "{text}");
            assert!(text.contains(&format!("SZ[{n}]")));
            let back = sgf::read(&text, swap).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back, game, "{text}");
            assert_eq!(back.winner(), game.winner());
        }
    }
}

#[test]
fn swap_is_written_as_hexgui_does() {
    let game = parse_position("e5 swap-pieces d6 f4", 9, true).unwrap_or_else(|e| panic!("{e}"));
    let text = sgf::write(&game);
    assert!(text.ends_with(";B[e5];W[swap-pieces];W[d6];B[f4])\n"), "{text}");
    // Read without the rule: the swap in the file turns it on.
    let back = sgf::read(&text, false).unwrap_or_else(|e| panic!("{e}"));
    assert!(back.swapped() && back.swap_rule());
    assert_eq!(back.history(), game.history());
}

#[test]
fn setup_positions_round_trip() {
    let mut rng = StdRng::seed_from_u64(9);
    for n in 3..=11 {
        for _ in 0..10 {
            // A start position made of a few random moves, then more moves from it.
            let setup = random_game(Game::new(n, false).unwrap_or_else(|e| panic!("{e}")), &mut rng, n);
            if setup.winner().is_some() {
                continue;
            }
            let start = Game::from_board(setup.board().clone(), false);
            let game = random_game(start, &mut rng, n);
            let text = sgf::write(&game);
            assert!(game.start().stone_count() == 0 || text.contains("AB["), "{text}");
            assert_eq!(sgf::read(&text, false), Ok(game), "{text}");
        }
    }
}

#[test]
fn bad_files_are_refused_with_reasons() {
    let cases: [(&str, &str); 12] = [
        ("(;FF[4]GM[1]SZ[19];B[dd])", "GM[1] is not a Hex game"),
        ("(;FF[4]GM[11]SZ[26])", "SZ[26]"),
        ("(;FF[4]GM[11]SZ[11:9])", "SZ[11:9]"),
        ("(;FF[4]GM[11]SZ[5];B[c3];B[c4])", "move 2 (B[c4]) is illegal: it is white's turn, not black's"),
        ("(;FF[4]GM[11]SZ[5];B[c3];W[c3])", "move 2 (W[c3]) is illegal: c3 is already taken"),
        ("(;FF[4]GM[11]SZ[5];B[c3];W[d4];B[swap-pieces])", "only allowed as the second move"),
        ("(;FF[4]GM[11]SZ[5];B[z3])", "B[z3]"),
        ("(;FF[4]GM[11]SZ[5];B[c3]", "truncated"),
        ("(;FF[4]GM[11]SZ[5];B[c3", "']' is missing"),
        ("(;FF[4]GM[11]SZ[3]AW[a1])", "impossible counts"),
        ("(;FF[4]GM[11]SZ[2];B[a1];W[b1];B[a2];W[b2])", "game is over"),
        ("FF[4]", "does not look like SGF"),
    ];
    for (text, want) in cases {
        let err = sgf::read(text, false).err().map(|e: SgfError| e.to_string()).unwrap_or_default();
        assert!(err.contains(want), "{text}: {err:?} lacks {want:?}");
    }
}
