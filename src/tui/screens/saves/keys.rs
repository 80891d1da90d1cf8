//! The keys of the saves list: ↑/↓ (Home/End, Page Up/Down) choose, Enter plays an unfinished game on or
//! reviews a finished one, Tab shows one game or both, `d` deletes after asking (`y` confirms, any other key
//! keeps the file), Esc/`q` goes back to the menu. Replacing a game in progress is asked about first, by the
//! app.

use super::SaveList;
use crate::game::Position;
use crate::tui::action::{Action, KeyMap};
use crate::tui::model::settings::Settings;
use crate::tui::overlays::confirm::is_yes;
use crate::tui::persist::listing::read_summary;
use crate::tui::persist::save::Saved;
use crate::tui::persist::storage::Storage;
use crate::tui::status::{Message, Status};
use crate::tui::widgets::footer::KeyHint;
use ratatui::crossterm::event::{KeyCode, KeyEvent};

/// The key that deletes the selected save (after asking).
pub(crate) const DELETE_KEY: char = 'd';

/// What the app does after a key on the saves list.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Nothing more: the selection moved, a question was asked or answered, or the key does nothing here.
    Stay,
    /// Back to the menu; the list is dropped.
    Close,
    /// The help, over the list.
    Help,
    /// A finished game from the list, to review.
    Review {
        /// The game.
        position: Position,
        /// The settings "play from here" starts a game with.
        settings: Settings,
        /// The names of the two seats, as the file records them.
        names: [String; 2],
        /// How it ended off the board, if it did.
        ending: Option<crate::tui::model::ending::Ending>,
    },
    /// An unfinished game from the list, to play on.
    Play {
        /// The game, with its clock and players, and the file it came from.
        saved: Box<Saved>,
        /// The menu's settings with the file's game, players and level.
        settings: Settings,
        /// The file's name, for the status line.
        name: String,
        /// A sentence when the file's players cannot be had as they were.
        note: Option<String>,
    },
}

/// What a key on the list needs besides the list.
#[derive(Debug)]
pub(crate) struct Context<'a> {
    /// The data directory, read again after a file is deleted.
    pub storage: Option<&'a Storage>,
    /// The menu's settings, which a loaded game starts from.
    pub menu: &'a Settings,
    /// The status line.
    pub status: &'a mut Status,
}

/// A key on the saves list.
pub(crate) fn handle(list: &mut SaveList, ev: &KeyEvent, action: Option<Action>, cx: Context) -> Outcome {
    if list.confirm_delete {
        list.confirm_delete = false;
        if is_yes(ev) {
            delete_selected(list, cx);
        } else {
            cx.status.message = Some(Message::info("Kept it."));
        }
        return Outcome::Stay;
    }
    cx.status.message = None;
    match (ev.code, action) {
        (KeyCode::Home, _) => list.selected = 0,
        (KeyCode::End, _) => list.selected = list.shown().len().saturating_sub(1),
        (KeyCode::PageUp, _) => list.select(-10),
        (KeyCode::PageDown, _) => list.select(10),
        (_, Some(Action::Up)) => list.select(-1),
        (_, Some(Action::Down)) => list.select(1),
        (_, Some(Action::Place)) => return load_selected(list, cx),
        (_, Some(Action::Back)) => return Outcome::Close,
        (_, Some(Action::Help)) => return Outcome::Help,
        (_, Some(Action::SwitchGame)) => list.next_filter(),
        (KeyCode::Char(DELETE_KEY), None) => match list.current() {
            Some(e) => {
                cx.status.message = Some(Message::info(format!("Delete {}? y: yes, any other key: no.", e.name)));
                list.confirm_delete = true;
            }
            None => cx.status.message = Some(Message::error("There is nothing to delete.")),
        },
        _ => {}
    }
    Outcome::Stay
}

/// Deletes the selected file and reads the list again.
fn delete_selected(list: &mut SaveList, cx: Context) {
    let Some(entry) = list.current().cloned() else { return };
    cx.status.message = Some(match std::fs::remove_file(&entry.path) {
        Ok(()) => {
            *list = SaveList::open(cx.storage, list.selected, list.filter);
            Message::info(format!("Deleted {}.", entry.name))
        }
        Err(e) => Message::error(format!("Cannot delete {}: {e}", entry.path.display())),
    });
}

/// Loads the selected save: an unfinished game to play on, a finished one to review. The file is read
/// again: it may have changed since the list was made.
fn load_selected(list: &SaveList, cx: Context) -> Outcome {
    let Some(entry) = list.current() else {
        let text = if list.entries.is_empty() {
            "Nothing to load yet."
        } else {
            "Nothing of this game here: tab shows the others."
        };
        cx.status.message = Some(Message::error(text));
        return Outcome::Stay;
    };
    let info = match read_summary(&entry.path) {
        Ok(i) => i,
        Err(e) => {
            cx.status.message = Some(Message::error(format!("Cannot load {}: {e}", entry.name)));
            return Outcome::Stay;
        }
    };
    // The file's game, players, level and clock (a game saved against impossible comes back against it).
    let (settings, note) = info.saved.settings(cx.menu);
    if info.is_over() {
        let names = info.saved.info.seat_names();
        return Outcome::Review { position: info.saved.position, settings, names, ending: info.saved.info.ending };
    }
    Outcome::Play { saved: Box::new(info.saved), settings, name: entry.name.clone(), note }
}

/// The key line's hints on the saves list (none: an empty list).
pub(crate) fn hints(list: Option<&SaveList>, keys: &KeyMap) -> Vec<KeyHint> {
    if list.is_some_and(|l| l.confirm_delete) {
        return vec![("y".into(), "yes"), ("any other key".into(), "no")];
    }
    vec![
        (format!("{}{}", keys.first_key(Action::Up), keys.first_key(Action::Down)), "choose"),
        (keys.first_key(Action::Place), "play on / review"),
        (keys.label(Action::SwitchGame), "filter"),
        (DELETE_KEY.to_string(), "delete"),
        (keys.last_key(Action::Back), "menu"),
    ]
}
