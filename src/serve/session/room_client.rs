//! One client in a room: the waiting room until the game starts, then the local game's own screens (the
//! board, the side panel, the help, the review) showing the room's game, with the room's line on top.
//!
//! The game's keys go to the game as they do locally, except those that would change a game that is not
//! this client's alone — undo, a new game, saving, leaving, and every move of a watcher — which are answered
//! here with what to do instead. A move the person makes is played on screen and handed to the room; if the
//! room refuses it, the screen goes back to the room's game and says why.

use super::context::Cx;
use crate::serve::room::registry::{SharedRoom, lock};
use crate::serve::room::view::View;
use crate::serve::room::{MemberId, Phase, Role};
use crate::serve::screens::bar::who;
use crate::serve::screens::name_entry::NameEntry;
use crate::serve::screens::waiting;
use crate::tui::action::Action;
use crate::tui::app::remote::RemoteGame;
use crate::tui::app::{App, Screen};
use crate::tui::model::ending::Ending;
use crate::tui::model::game::RemoteRules;
use crate::tui::model::settings::SeatKind;
use crate::tui::status::Message;
use ratatui::crossterm::event::{Event, KeyEvent, MouseEvent};
use std::time::Instant;

/// Said to a guest as its game starts.
const NO_KEY: &str = "(You have no key: a dropped seat cannot be won back.)";

/// What the session does after a key in a room.
#[derive(Debug, PartialEq, Eq)]
pub enum After {
    /// Stay in the room.
    Stay,
    /// Leave the room.
    Leave,
}

/// A client's place in a room, and the game on its screen.
#[derive(Debug)]
pub struct RoomClient {
    /// The room.
    pub room: SharedRoom,
    /// The room as last read.
    pub view: View,
    /// The game on screen, once the room has one.
    pub app: Option<App>,
    game_no: u64,
    phase: Phase,
    /// The waiting room's row under the cursor.
    pub selected: usize,
    /// The host's name being typed in the waiting room, while it is.
    pub editing: Option<NameEntry>,
    leaving: bool,
    /// The line that tells a watcher whom it watches, as last said: it follows the players' names.
    watching: Option<String>,
}

/// The seats as this client's screen has them: its own seat is the person here, the others remote.
fn seats(role: Role) -> [SeatKind; 2] {
    use crate::game::Seat;
    match role {
        Role::Player(Seat::First) => [SeatKind::Human, SeatKind::Remote],
        Role::Player(Seat::Second) => [SeatKind::Remote, SeatKind::Human],
        Role::Watcher => [SeatKind::Remote, SeatKind::Remote],
    }
}

impl RoomClient {
    /// A client that has just joined `room`.
    pub fn new(room: SharedRoom, member: MemberId) -> RoomClient {
        let view = lock(&room).view(member);
        RoomClient {
            room,
            view,
            app: None,
            game_no: 0,
            phase: Phase::Waiting,
            selected: 0,
            editing: None,
            leaving: false,
            watching: None,
        }
    }

    /// The names the side panel gives the seats: the other players' names or keys (this client's own seat
    /// is "You").
    fn names(&self, me: &crate::serve::identity::Identity) -> [Option<String>; 2] {
        self.view.seats.clone().map(|s| s.map(|s| s.person).filter(|p| p.identity != *me).map(|p| p.short()))
    }

    /// Reads the room again and brings the screen to it: a new game starts the game's screen, a move the
    /// room took is played on it, an ending is said.
    pub fn refresh(&mut self, member: MemberId, cx: &Cx) {
        self.view = lock(&self.room).view(member);
        let Some(position) = self.view.position.clone() else {
            self.app = None;
            return;
        };
        if self.view.phase == Phase::Waiting {
            self.app = None;
            return;
        }
        let names = self.names(cx.me);
        let ending = self.view.ending().and_then(crate::serve::room::ending::ending_of);
        let rules =
            RemoteRules { hints: self.view.settings.hints, adjourned: matches!(self.view.phase, Phase::Adjourned(_)) };
        let game = RemoteGame { position: &position, clock: self.view.clock.as_ref(), ending, names: &names, rules };
        let fresh = self.app.is_none() || self.game_no != self.view.game_no;
        if fresh {
            // The game starts: a name being typed in the waiting room is given up.
            self.editing = None;
            let mut app = cx.new_app();
            let settings = cx.settings_of(&self.view.settings);
            if let Err(e) = app.start_remote(settings, game, seats(self.view.role)) {
                app.status.message = Some(Message::error(format!("Cannot show the game: {e}.")));
            }
            self.watching = self.watch_line(cx);
            if let Some(text) = &self.watching {
                app.status.message = Some(Message::info(text.clone()));
            } else if !cx.me.has_key()
                && let Some(m) = &mut app.status.message
            {
                m.text = format!("{} {NO_KEY}", m.text);
            }
            self.app = Some(app);
            self.game_no = self.view.game_no;
        } else {
            // A player renamed: the watcher's line, while it is up, says the names as they are now.
            let line = self.watch_line(cx);
            if let Some(app) = &mut self.app {
                app.sync_remote(game);
                if let Some(m) = &mut app.status.message
                    && self.watching.as_ref() == Some(&m.text)
                    && let Some(text) = line
                {
                    m.text = text.clone();
                    self.watching = Some(text);
                }
            }
        }
        if self.view.phase != self.phase {
            self.phase = self.view.phase.clone();
            self.say_phase();
        }
    }

    /// What a watcher is told of the game it watches, by the players' names as they are now; `None` for a
    /// player.
    fn watch_line(&self, cx: &Cx) -> Option<String> {
        if self.view.role != Role::Watcher {
            return None;
        }
        let names: Vec<String> = self.view.seats.iter().flatten().map(|s| who(&s.person, cx.me)).collect();
        let text = format!("You watch {}: only the players move.", names.join(" and "));
        Some(if cx.me.has_key() { text } else { format!("{text} {NO_KEY}") })
    }

    /// Adds to the game's own words what only a room has: another game to ask for, an adjournment.
    fn say_phase(&mut self) {
        let Some(app) = &mut self.app else { return };
        let n = app.keys.label(Action::NewGame);
        match (&self.view.phase, self.view.role) {
            (Phase::Over(_), Role::Player(_)) => {
                let mut more = format!("{n} asks for another game (colours exchanged).");
                if let Some(e) = &self.view.unstored {
                    more = format!("The server could not store this game: {e}. {more}");
                }
                let text = app.status.message.take().map_or(more.clone(), |m| format!("{} {more}", m.text));
                app.status.message = Some(Message::info(text));
            }
            (Phase::Adjourned(why), _) => app.status.message = Some(Message::info(why.clone())),
            _ => {}
        }
    }

    /// A key while the room waits for its players: the name being typed takes every key while it is open.
    fn waiting_key(&mut self, k: &KeyEvent, member: MemberId, cx: &Cx, now: Instant) -> After {
        if self.editing.is_some() {
            cx.type_name(&mut self.editing, k, now);
            return After::Stay;
        }
        let host = self.view.role != Role::Watcher;
        match waiting::key(cx.keys.action(k), &mut self.selected, &self.view, host) {
            waiting::Outcome::Stay => After::Stay,
            waiting::Outcome::Leave => After::Leave,
            waiting::Outcome::Name => {
                self.editing = Some(NameEntry::new(cx.shared.names.get(cx.me).as_ref()));
                After::Stay
            }
            waiting::Outcome::Change(s) => {
                let _ = lock(&self.room).configure(member, |x| *x = s);
                self.refresh(member, cx);
                After::Stay
            }
        }
    }

    /// A key or a click.
    pub fn input(&mut self, ev: Event, member: MemberId, cx: &Cx, now: Instant) -> After {
        let Some(app) = &mut self.app else {
            return match ev {
                Event::Key(k) => self.waiting_key(&k, member, cx, now),
                _ => After::Stay,
            };
        };
        match ev {
            Event::Key(k) => {
                if let Some(after) = self.intercept(&k, member, cx, now) {
                    return after;
                }
                if let Some(app) = &mut self.app {
                    app.handle_key(k);
                }
            }
            Event::Mouse(m) => {
                if self.view.role == Role::Watcher {
                    return After::Stay;
                }
                // The room's line takes the top row: the game's rows start one lower.
                let Some(row) = m.row.checked_sub(1) else { return After::Stay };
                app.handle_mouse(MouseEvent { row, ..m });
            }
            _ => {}
        }
        if let Some(app) = &mut self.app
            && app.screen == Screen::Menu
        {
            // The room's game has no menu behind it.
            app.screen = Screen::Game;
        }
        self.hand_over(member, cx, now);
        After::Stay
    }

    /// Answers the keys that would change the room's game in ways only the room decides; `None` lets the key
    /// through to the game.
    fn intercept(&mut self, k: &KeyEvent, member: MemberId, cx: &Cx, now: Instant) -> Option<After> {
        let app = self.app.as_mut()?;
        let on_board =
            app.screen == Screen::Game && !app.help.open && app.confirm.is_none() && app.status.notice.is_none();
        let action = app.keys.action(k);
        let leaving = std::mem::take(&mut self.leaving);
        if !on_board {
            return None;
        }
        let playing = self.view.phase == Phase::Playing;
        let adjourned = match &self.view.phase {
            Phase::Adjourned(why) => Some(why.clone()),
            _ => None,
        };
        let player = self.view.role != Role::Watcher;
        let say = |app: &mut App, text: String| app.status.message = Some(Message::error(text));
        let back = app.keys.label(Action::Back);
        match action? {
            Action::Back | Action::Quit if playing && player && !leaving => {
                self.leaving = true;
                let grace = crate::game::clock::show(cx.grace);
                let text = format!(
                    "Leave the room? Your seat is kept for {grace}, for you to come back with the same key. {back} again leaves."
                );
                app.status.message = Some(Message::info(text));
            }
            Action::Back | Action::Quit => return Some(After::Leave),
            Action::Undo | Action::Redo => say(app, "No undo in a game over the network: the move stands.".into()),
            Action::Save => {
                say(app, "The server keeps every finished game in its history: nothing to save here.".into())
            }
            Action::SwitchGame => say(
                app,
                format!(
                    "This room plays {}; to play another game, leave ({back}) and open another room.",
                    self.view.settings.describe()
                ),
            ),
            Action::Place | Action::Swap | Action::Goto | Action::Hint | Action::NewGame | Action::Resign
                if !player =>
            {
                say(app, "You are watching: only the players move.".into())
            }
            Action::Place | Action::Swap | Action::Goto | Action::Hint | Action::Resign | Action::NewGame
                if adjourned.is_some() =>
            {
                say(app, format!("{} Nothing more is played here: {back} leaves.", adjourned.unwrap_or_default()))
            }
            Action::Hint if !self.view.settings.hints => {
                say(app, "Hints are off in this room (the first to arrive can allow them while it waits).".into())
            }
            Action::Review if playing => say(app, "The review opens once the game is over.".into()),
            Action::NewGame if playing => say(app, "Another game can be asked for once this one is over.".into()),
            Action::NewGame => {
                let result = lock(&self.room).rematch(member, now);
                match result {
                    Ok(true) => {}
                    Ok(false) => {
                        app.status.message = Some(Message::info(
                            "Asked for another game: it starts when the other player asks too, with the colours exchanged.",
                        ))
                    }
                    Err(e) => say(app, crate::tui::text::sentence(&e)),
                }
            }
            _ => return None,
        }
        Some(After::Stay)
    }

    /// Hands what the person just did on screen — a move, a resignation — to the room; a move the room
    /// refuses is taken back.
    fn hand_over(&mut self, member: MemberId, cx: &Cx, now: Instant) {
        let (Some(app), Some(room)) = (&mut self.app, &self.view.position) else { return };
        let Some(g) = app.session.game.as_ref() else { return };
        let resigned = matches!(g.ending, Some(Ending::Resigned(s)) if Some(s) == self.view.my_seat());
        if resigned && self.view.phase == Phase::Playing {
            let result = lock(&self.room).resign(member, now);
            if let Err(e) = result {
                app.status.message = Some(Message::error(crate::tui::text::sentence(&e)));
            }
            return;
        }
        let (ours, theirs) = (g.position.history(), room.history());
        if ours == theirs {
            return;
        }
        let refusal = if ours.len() == theirs.len() + 1 && ours.starts_with(&theirs) {
            lock(&self.room).play(member, ours[theirs.len()], now).err()
        } else {
            Some("the room's game is not the one on your screen".into())
        };
        if let Some(why) = refusal {
            self.refresh(member, cx);
            if let Some(app) = &mut self.app {
                app.status.message = Some(Message::error(format!("Not played: {why}.")));
            }
        }
    }
}
