//! Every text parser of the core over arbitrary Unicode: cell names, moves, position text, move lists and
//! SGF. None may panic, whatever the input; and wherever a writer exists, what it writes reads back as the
//! same value.

use hextoe_core::game::hex::{self, Game, HexMove, sgf};
use hextoe_core::game::ttt;
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};

/// Text that is mostly noise but often near the grammar: cell-like pieces, separators, SGF brackets and
/// multi-byte characters, so the parsers get past their first check.
fn near_grammar() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        any::<String>(),
        "[a-zA-Z]{1,2}[0-9]{1,3}",
        Just("swap-pieces".to_string()),
        Just("/".to_string()),
        Just(" ".to_string()),
        Just(";B[".to_string()),
        Just(";W[".to_string()),
        Just("]".to_string()),
        Just("(;FF[4]GM[11]SZ[".to_string()),
        Just(")".to_string()),
        "[bwxo.]{1,5}",
        Just("é€\u{feff}\u{0}".to_string()),
    ];
    prop::collection::vec(piece, 0..12).prop_map(|v| v.concat())
}

/// A random legal Hex game of up to `moves` moves (a swap sometimes among them when the rule is on).
fn random_game(n: usize, swap: bool, moves: usize, seed: u64) -> Game {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut g = Game::new(n, swap).unwrap_or_else(|e| panic!("{e}"));
    for _ in 0..moves {
        if g.winner().is_some() {
            break;
        }
        let legal = g.legal_moves();
        let Some(&mv) = legal.choose(&mut rng) else { break };
        let mv = if swap && g.history().len() == 1 && rng.random_bool(0.5) { HexMove::Swap } else { mv };
        g.play(mv).unwrap_or_else(|e| panic!("{e}"));
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn cell_names_never_panic_and_round_trip(s in near_grammar(), n in 1usize..=19) {
        if let Ok(c) = hex::Cell::parse(&s, n) {
            prop_assert_eq!(hex::Cell::parse(&c.to_string(), n), Ok(c));
        }
        if let Ok(m) = HexMove::parse(&s, n) {
            prop_assert_eq!(HexMove::parse(&m.to_string(), n), Ok(m));
        }
        if let Ok(c) = s.parse::<ttt::Cell>() {
            prop_assert_eq!(c.to_string().parse::<ttt::Cell>(), Ok(c));
        }
    }

    #[test]
    fn every_cell_name_reads_back(n in 1usize..=19, i in 0usize..361) {
        if let Some(c) = hex::Cell::from_index(i).filter(|c| c.on_board(n)) {
            prop_assert_eq!(hex::Cell::parse(&c.to_string(), n), Ok(c));
            prop_assert_eq!(hex::Cell::parse(&c.to_string().to_uppercase(), n), Ok(c));
        }
    }

    #[test]
    fn position_text_never_panics_and_round_trips(s in near_grammar(), n in 1usize..=19, swap in any::<bool>()) {
        if let Ok(g) = hex::parse_position(&s, n, swap) {
            let back = hex::parse_position(&g.board().to_text(), n, swap).map(|b| b.board().clone());
            prop_assert_eq!(back, Ok(g.board().clone()));
        }
        if let Ok(b) = ttt::parse_position(&s) {
            prop_assert_eq!(ttt::parse_position(&b.to_text()), Ok(b));
        }
    }

    #[test]
    fn move_lists_round_trip(n in 1usize..=11, swap in any::<bool>(), moves in 0usize..40, seed in any::<u64>()) {
        let g = random_game(n, swap, moves, seed);
        let text: Vec<String> = g.history().iter().map(|m| m.to_string()).collect();
        let back = hex::parse_position(&text.join(" "), n, swap).unwrap_or_else(|e| panic!("{e}: {text:?}"));
        prop_assert_eq!(back.history(), g.history());
        prop_assert_eq!(back.board(), g.board());
    }

    #[test]
    fn sgf_never_panics_and_round_trips(s in near_grammar(), swap in any::<bool>()) {
        if let Ok(g) = sgf::read(&s, swap) {
            let again = sgf::read(&sgf::write(&g), swap).unwrap_or_else(|e| panic!("{e}"));
            prop_assert_eq!(again.history(), g.history());
            prop_assert_eq!(again.board(), g.board());
        }
    }

    #[test]
    fn written_games_read_back(n in 1usize..=19, swap in any::<bool>(), moves in 0usize..60, seed in any::<u64>(), bom in any::<bool>()) {
        let g = random_game(n, swap, moves, seed);
        let text = sgf::write(&g);
        let text = if bom { format!("\u{feff}{text}") } else { text };
        let back = sgf::read(&text, false).unwrap_or_else(|e| panic!("{e}: {text}"));
        prop_assert_eq!(back.history(), g.history());
        prop_assert_eq!(back.size(), n);
    }
}
