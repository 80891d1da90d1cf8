//! The sentences the game says: the first line of a game, who plays which colour after a swap, refusals
//! turned into sentences, the names of games, colours and edges. Everything that decides *which* sentence
//! branches on types (seats, colours, games), never on the words of another sentence.

use super::game::Match;
use super::settings::SeatKind;
use crate::game::hex::Color;
use crate::game::{GameKind, Seat};

/// A line for the status bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The sentence.
    pub text: String,
    /// True for a refusal or a failure (drawn in the error style).
    pub error: bool,
}

impl Message {
    /// News: drawn in the normal style.
    pub fn info(text: impl Into<String>) -> Message {
        Message { text: text.into(), error: false }
    }

    /// A refusal or failure: drawn in the error style.
    pub fn error(text: impl Into<String>) -> Message {
        Message { text: text.into(), error: true }
    }
}

/// The status line: the last message, and a notice about the player's data.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Status {
    /// The status line's message.
    pub message: Option<Message>,
    /// A warning about the player's data (a score file set aside or not saved): shown in place of
    /// [`Status::message`] until a key is pressed, so that no later message hides it.
    pub notice: Option<Message>,
}

/// The help overlay.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Help {
    /// True while the help covers the rest of the screen.
    pub open: bool,
    /// How far it is scrolled down, in lines (the view clamps it).
    pub scroll: u16,
}

/// The game's name as the menu and the panels write it: "Tic-tac-toe", "Hex".
pub fn game_name(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Tictactoe => "Tic-tac-toe",
        GameKind::Hex => "Hex",
    }
}

/// "Black ●" / "White ○".
pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black ●",
        Color::White => "White ○",
    }
}

/// The edges a colour joins.
pub fn edges(c: Color) -> &'static str {
    match c {
        Color::Black => "top–bottom",
        Color::White => "left–right",
    }
}

/// The game and its board as a short phrase: "the Hex 11×11 game", "the tic-tac-toe game".
pub fn game_phrase(g: &Match) -> String {
    match g.kind() {
        GameKind::Tictactoe => "the tic-tac-toe game".into(),
        GameKind::Hex => format!("the Hex {0}×{0} game", g.position.size()),
    }
}

/// The first status line of a game: who plays what, and who starts.
pub fn intro(g: &Match) -> String {
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
        _ => g.seat_name(seat),
    }
}

/// Says plainly who plays which colour after `seat` swapped.
pub fn swap_message(g: &Match, seat: Seat) -> String {
    let other = seat.other();
    let (mine, theirs) = (g.position.color_of_seat(seat), g.position.color_of_seat(other));
    let (me, them) = (subject(g, seat), subject(g, other));
    let me_cap = sentence_case(&me);
    let (mine, mine_edges, theirs, theirs_edges) = (color_name(mine), edges(mine), color_name(theirs), edges(theirs));
    match (g.seat_kind(seat), g.lone_human()) {
        (SeatKind::Human, Some(_)) => {
            format!(
                "You swapped: you are now {mine} ({mine_edges}); {them} is {theirs} ({theirs_edges}) and moves next."
            )
        }
        (_, Some(_)) => format!(
            "{me_cap} swapped: it took your stone and is now {mine} ({mine_edges}); you are {theirs} ({theirs_edges}). \
             Your move."
        ),
        _ => format!(
            "{me_cap} swapped and is now {mine} ({mine_edges}); {them} is {theirs} ({theirs_edges}) and moves next."
        ),
    }
}

/// The first letter upper-case, unless the text starts with a cell name (`a2 is already taken`): cell names
/// are lower-case everywhere.
fn sentence_case(s: &str) -> String {
    let first_word = s.split_whitespace().next().unwrap_or("");
    let mut chars = first_word.chars();
    let is_cell = chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && !chars.as_str().is_empty()
        && chars.as_str().chars().all(|c| c.is_ascii_digit());
    if is_cell {
        return s.to_string();
    }
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// A sentence from an error text: the first letter upper-case (cell names excepted), a full stop at the end.
pub fn sentence(s: &str) -> String {
    let mut out = sentence_case(s);
    if !out.ends_with('.') {
        out.push('.');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_keep_cell_names_lower_case() {
        assert_eq!(sentence("a2 is already taken by black"), "a2 is already taken by black.");
        assert_eq!(sentence("k11 is off the board."), "k11 is off the board.");
        assert_eq!(sentence("nothing to undo"), "Nothing to undo.");
        assert_eq!(sentence("ab is odd"), "Ab is odd.");
        assert_eq!(game_name(GameKind::Tictactoe), "Tic-tac-toe");
    }
}
