//! The review screen's keys: ←/→ step one move, Home/End go to the start and the end, PageUp/PageDown ten
//! moves, ↑/↓ the previous and next mistake, `p` (or Enter) plays on from the position shown — after the
//! usual question, asked by the app, if that would discard a game in progress — and Esc/`q` goes back.

use super::Review;
use crate::game::Position;
use crate::tui::action::{Action, KeyMap};
use crate::tui::model::settings::Settings;
use crate::tui::status::{Message, Status};
use crate::tui::widgets::footer::KeyHint;
use ratatui::crossterm::event::{KeyCode, KeyEvent};

/// The key that plays on from the position under review (Enter does too).
pub(crate) const PLAY_KEY: char = 'p';

/// What the app does after a key on the review screen.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Nothing more: the review moved, or the key does nothing here.
    Stay,
    /// A game from the position on screen, with the reviewed game's settings.
    PlayFrom {
        /// The settings, with the position's game, size and swap rule.
        settings: Settings,
        /// The position on screen.
        position: Position,
        /// Its number of moves, for the status line.
        ply: usize,
    },
    /// Back to where the review was opened from.
    Leave,
    /// The help, over the review.
    Help,
}

/// A key on the review screen; `status` is the status line.
pub(crate) fn handle(r: &mut Review, ev: &KeyEvent, action: Option<Action>, status: &mut Status) -> Outcome {
    status.message = None;
    let n = r.moves.len();
    match (ev.code, action) {
        (KeyCode::Home, _) => r.go_to(0),
        (KeyCode::End, _) => r.go_to(n),
        (KeyCode::PageUp, _) => r.step(-10),
        (KeyCode::PageDown, _) => r.step(10),
        (_, Some(Action::Left)) => r.step(-1),
        (_, Some(Action::Right)) => r.step(1),
        (_, Some(a @ (Action::Up | Action::Down))) => {
            let (dir, word) = if a == Action::Up { (-1, "before") } else { (1, "after") };
            if !r.jump_to_mistake(dir) {
                status.message = Some(Message::info(format!("No mistake {word} this move.")));
            }
        }
        (_, Some(Action::Place)) | (KeyCode::Char(PLAY_KEY), None) => return play_from_here(r, status),
        (_, Some(Action::Back)) => return Outcome::Leave,
        (_, Some(Action::Help)) => return Outcome::Help,
        _ => {}
    }
    Outcome::Stay
}

/// A game from the position on screen, with the reviewed game's settings; refused at the end of a game.
fn play_from_here(r: &Review, status: &mut Status) -> Outcome {
    let ply = r.ply;
    let position = r.position_at(ply);
    if position.result().is_some() {
        let why = "The game is over at this move: step back with ← to play on from an earlier one.";
        status.message = Some(Message::error(why));
        return Outcome::Stay;
    }
    let mut settings = r.settings.clone();
    settings.game = position.kind();
    // The settings' size is the Hex board's: a tic-tac-toe position leaves it as it was.
    if let Position::Hex(g) = &position {
        settings.size = g.size();
        settings.swap = g.swap_rule();
    }
    Outcome::PlayFrom { settings, position, ply }
}

/// The key line's hints on the review screen.
pub(crate) fn hints(keys: &KeyMap) -> Vec<KeyHint> {
    vec![
        (format!("{}{}", keys.first_key(Action::Left), keys.first_key(Action::Right)), "step"),
        ("home/end".into(), "start/end"),
        (format!("{}{}", keys.first_key(Action::Up), keys.first_key(Action::Down)), "mistakes"),
        (PLAY_KEY.to_string(), "play from here"),
        (keys.last_key(Action::Back), "back"),
    ]
}
