//! What the game says about a game on screen: its first status line (who plays what, who starts), the game
//! as a short phrase, and who plays which colour after a swap.

use super::game::Match;
use super::settings::SeatKind;
use crate::game::{GameKind, Seat};
use crate::tui::text::{capital, color_name, edges};

/// The game and its board as a short phrase: "the Hex 11×11 game", "the tic-tac-toe game".
pub(crate) fn game_phrase(g: &Match) -> String {
    match g.kind() {
        GameKind::Tictactoe => "the tic-tac-toe game".into(),
        GameKind::Hex => format!("the Hex {0}×{0} game", g.position.size()),
    }
}

/// The first status line of a game: who plays what, and who starts.
pub(crate) fn intro(g: &Match) -> String {
    let your_move = |h: Seat| if g.to_move() == h && !g.is_over() { " Your move." } else { "" };
    match (g.kind(), g.lone_human()) {
        (GameKind::Tictactoe, Some(h)) => format!("You play {}.{}", g.side_name(h), your_move(h)),
        (GameKind::Tictactoe, None) => format!("{} plays x and moves first.", g.seat_name(Seat::First)),
        (GameKind::Hex, Some(h)) => {
            let c = g.position.color_of_seat(h);
            format!("You are {}: join the {} edges.{}", color_name(c), edges(c).replace('–', " and "), your_move(h))
        }
        (GameKind::Hex, None) => {
            format!("{} plays Black ● and starts. Black joins top–bottom, White left–right.", g.seat_name(Seat::First))
        }
    }
}

/// A seat as the subject of a sentence: "you", "the AI", "the engine", "Player 2", "AI 1".
fn subject(g: &Match, seat: Seat) -> String {
    let both = g.seats[0] == g.seats[1];
    match (g.seat_kind(seat), both) {
        (SeatKind::Human, false) => "you".into(),
        (SeatKind::Ai, false) => "the AI".into(),
        (SeatKind::Engine, _) => "the engine".into(),
        (SeatKind::Remote, false) => "your opponent".into(),
        _ => g.seat_name(seat),
    }
}

/// Says plainly who plays which colour after `seat` swapped.
pub(crate) fn swap_message(g: &Match, seat: Seat) -> String {
    let other = seat.other();
    let (mine, theirs) = (g.position.color_of_seat(seat), g.position.color_of_seat(other));
    let (me, them) = (subject(g, seat), subject(g, other));
    let me_cap = capital(&me);
    let (mine, mine_edges, theirs, theirs_edges) = (color_name(mine), edges(mine), color_name(theirs), edges(theirs));
    match (g.seat_kind(seat), g.lone_human()) {
        (SeatKind::Human, Some(_)) => {
            format!(
                "You swapped: you are now {mine} ({mine_edges}); {them} is {theirs} ({theirs_edges}) and moves next."
            )
        }
        (SeatKind::Remote, Some(_)) => format!(
            "{me_cap} swapped: they took your stone and are now {mine} ({mine_edges}); you are {theirs} \
             ({theirs_edges}). Your move."
        ),
        (_, Some(_)) => format!(
            "{me_cap} swapped: it took your stone and is now {mine} ({mine_edges}); you are {theirs} ({theirs_edges}). \
             Your move."
        ),
        _ => format!(
            "{me_cap} swapped and is now {mine} ({mine_edges}); {them} is {theirs} ({theirs_edges}) and moves next."
        ),
    }
}
