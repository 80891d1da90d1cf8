//! Every explanation tells the truth about the move, for both styles at every level, in every reachable
//! position: "wins now" exactly when the move wins, "blocks" only when it fills an opponent's threat, and
//! "forks" only when it makes two threats.

use crate::ttt_common::{after, reachable};
use hextoe::ai::Level;
use hextoe::ai::ttt::{Style, choose};
use hextoe::config::Config;
use hextoe::game::ttt::{Cell, Outcome, WIN_MASKS};
use rand::SeedableRng;
use rand::rngs::StdRng;

#[test]
fn explanations_match_what_the_move_does() {
    let config = Config::default();
    let mut rng = StdRng::seed_from_u64(3);
    for b in reachable().into_iter().filter(|b| b.outcome() == Outcome::Ongoing) {
        let me = b.to_move();
        for style in [Style::Minimax, Style::Rules] {
            for level in Level::ALL {
                let c = choose(&b, style, level, config.tictactoe.depth(level), &mut rng).unwrap();
                let e = &c.explanation;
                let next = after(&b, c.cell);
                let context = format!("{} {style:?} {level}: {} — {e}", b.to_text(), c.cell);
                assert_eq!(e.starts_with("wins now"), next.has_won(me), "{context}");
                if e.contains("blocks") {
                    assert!(b.threats(me.opponent()) & c.cell.bit() != 0, "{context}");
                    // The named line runs through the cell, and the opponent holds its other two cells.
                    let name = e.split(" on ").nth(1).and_then(|r| r.split([',', ';', ' ']).next()).unwrap();
                    let ends: Vec<Cell> = name.split('–').map(|n| n.parse().unwrap()).collect();
                    let line = WIN_MASKS
                        .into_iter()
                        .find(|&w| {
                            w.trailing_zeros() as usize == ends[0].index()
                                && 15 - w.leading_zeros() as usize == ends[1].index()
                        })
                        .unwrap();
                    assert!(line & c.cell.bit() != 0, "{context}");
                    assert_eq!(b.mask(me.opponent()) & line, line & !c.cell.bit(), "{context}");
                }
                if e.starts_with("forks") {
                    assert!(next.threats(me).count_ones() >= 2, "{context}");
                }
                assert!(!e.is_empty() && !e.contains('{') && e.len() < 140, "{context}");
            }
        }
    }
}
