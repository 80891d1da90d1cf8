//! The one-line explanation of a minimax move: what the move does on the board (wins, blocks, forks) and
//! what the search knows about it (wins in n whatever the opponent does, every move draws, every move
//! loses, or nothing is decided within the level's depth).

use super::value::{Value, value_of};
use crate::ai::Level;
use crate::game::ttt::lines::line_name;
use crate::game::ttt::{Board, Cell};

/// "1 move" / "3 moves", counting both players' moves, as a player counts the moves to the end.
fn plies(n: u32) -> String {
    if n == 1 { "1 move".into() } else { format!("{n} moves") }
}

/// Explains `chosen` among the root `scores` of a search `depth` plies deep on `board` at `level`, drawn
/// at random from `among` moves as good.
pub fn minimax(board: &Board, level: Level, depth: u32, scores: &[(Cell, i32)], chosen: Cell, among: usize) -> String {
    let me = board.to_move();
    let opp = me.opponent();
    let ply = board.ply();
    let total = scores.len();
    let score = scores.iter().find(|&&(c, _)| c == chosen).map_or(0, |&(_, s)| s);
    let tied = scores.iter().filter(|&&(_, s)| s == score).count();
    let losing = scores.iter().filter(|&&(_, s)| s < 0).count();
    let to_end = depth >= board.empty().count_ones();
    let blocked = board.threat_line(opp, chosen).map(line_name);
    let mut after = *board;
    after.play(chosen);
    let forks = after.threats(me).count_ones() >= 2;
    let picked = if among <= 1 { String::new() } else { format!("; picked one of {among} at random") };
    match value_of(score, ply) {
        Value::Win { plies: 1 } => "wins now".into(),
        Value::Win { plies: n } => {
            let how = if forks {
                "forks: two threats at once; ".to_string()
            } else if let Some(line) = &blocked {
                format!("blocks {opp} on {line}; ")
            } else {
                String::new()
            };
            format!("{how}wins in {} whatever {opp} does{picked}", plies(n))
        }
        Value::Loss { plies: n } => match &blocked {
            Some(line) => format!("blocks {opp} on {line}, but {opp} still wins in {}{picked}", plies(n)),
            None if tied == total => format!("every move loses: {opp} wins in {} whatever {me} does{picked}", plies(n)),
            None => format!("every move loses; this one holds out longest: {opp} wins in {}{picked}", plies(n)),
        },
        Value::Draw => {
            if let Some(line) = blocked {
                return format!("blocks {opp} on {line}");
            }
            if to_end {
                if total == 1 {
                    "the last free cell: the game ends in a draw".into()
                } else if tied == total {
                    format!("every move draws with perfect play{picked}")
                } else if tied == 1 {
                    format!("the only move that does not lose; perfect play draws from here (the other {losing} lose)")
                } else {
                    format!("draws with perfect play{picked}; the other {losing} moves lose")
                }
            } else {
                let sight = if depth <= 1 {
                    format!("{level} looks only one move ahead and no move wins now")
                } else {
                    format!("{level} looks {} ahead and sees nothing decided there", plies(depth))
                };
                let avoided = if losing > 0 { format!(", avoiding {losing} that lose") } else { String::new() };
                format!("{sight}{picked}{avoided}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::ttt::TttEngine;
    use crate::game::ttt::parse_position;

    fn explain(pos: &str, level: Level, depth: u32, cell: &str) -> String {
        let b = parse_position(pos).unwrap();
        let scores = TttEngine::new().root_scores(&b, depth);
        let chosen = cell.parse().unwrap();
        let score = scores.iter().find(|s| s.0 == chosen).map(|s| s.1);
        minimax(&b, level, depth, &scores, chosen, scores.iter().filter(|s| Some(s.1) == score).count())
    }

    #[test]
    fn says_what_the_move_does() {
        assert_eq!(explain("xox/oox/...", Level::Impossible, 9, "c3"), "wins now");
        assert_eq!(explain("xx./oo./...", Level::Impossible, 9, "c1"), "wins now");
        assert_eq!(
            explain("x../.o./...", Level::Impossible, 9, "b1"),
            "every move draws with perfect play; picked one of 7 at random"
        );
        assert_eq!(explain("xx./.o./...", Level::Impossible, 9, "c1"), "blocks x on a1–c1");
        // x on a1 and b2 against o on b1 and c3: a2 makes threats on a3 and c2.
        let fork = explain("xo./.x./..o", Level::Impossible, 9, "a2");
        assert!(fork.starts_with("forks: two threats at once; wins in 3 moves whatever o does"), "{fork}");
        let lost = explain("x.x/.o./o.x", Level::Impossible, 9, "b1");
        assert_eq!(lost, "blocks x on a1–c1, but x still wins in 2 moves; picked one of 4 at random");
        let lost = explain("x.x/.o./o.x", Level::Impossible, 9, "b3");
        assert_eq!(lost, "every move loses: x wins in 2 moves whatever o does; picked one of 4 at random");
        let easy = explain(".........", Level::Easy, 1, "a1");
        assert_eq!(easy, "easy looks only one move ahead and no move wins now; picked one of 9 at random");
    }
}
