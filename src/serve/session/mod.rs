//! One client's session: what its screen shows (the lobby, a room, or the AI alone), what its keys do, and
//! when it ends. The session knows nothing of SSH: it is handed [`Event`]s and draws frames, so tests drive
//! it with bytes and read its screen.
//!
//! | file | what lives there |
//! |---|---|
//! | this file | [`Session`]: the modes (lobby, room, alone), events, ticks, the idle limit, the end |
//! | [`context`] | what a room client needs of its session, and the game app it shows a room's game in |
//! | [`event`] | what arrives on a session's channel |
//! | [`input`] | the client's bytes read into keys and clicks (bounded) |
//! | [`output`] | the screen's bytes handed to the connection, one frame at a time |
//! | [`room_client`] | a client in a room: the waiting room, then the game's own screens, and the room's rules on keys |
//! | [`screen`] | what the screen shows, and what time changes on it: ticks, deadlines, the idle limit |
//! | [`run`] | the session's thread: the loop, drawing when the client has taken the last frame |

pub mod context;
pub mod event;
pub mod input;
pub mod output;
pub mod room_client;
pub mod run;
mod screen;

use crate::serve::identity::{Identity, Person};
use crate::serve::room::MemberId;
use crate::serve::room::name::Destination;
use crate::serve::room::registry::SharedRoom;
use crate::serve::screens::lobby::{Entry, Lobby, Outcome as LobbyOutcome};
use crate::serve::screens::name_entry::NameEntry;
use crate::serve::shared::Shared;
use crate::tui::action::KeyMap;
use crate::tui::ai::worker::Job;
use crate::tui::app::App;
use crate::tui::theme::Theme;
use context::Cx;
use event::Event;
use input::InputParser;
use ratatui::crossterm::event::{Event as TermEvent, KeyCode, KeyModifiers};
use room_client::{After, RoomClient};
use std::sync::Arc;
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

/// How often the lobby's lists are read again while nothing is pressed.
pub(crate) const LOBBY_REFRESH: Duration = Duration::from_secs(2);

/// What the screen shows.
#[derive(Debug)]
enum Mode {
    /// The lobby.
    Lobby(Lobby, Instant),
    /// A room.
    Room(Box<RoomClient>),
    /// The local game's menu, against the AI.
    Alone(Box<App>),
}

/// The context of a room client, from a session's parts (so that its mode can be borrowed apart).
fn cx<'a>(shared: &'a Shared, me: &'a Identity, keys: &'a KeyMap, size: (u16, u16), seed: u64) -> Cx<'a> {
    Cx { shared, me, keys, grace: shared.limits.grace, size: (size.0, size.1.saturating_sub(1)), seed }
}

/// What a key in the lobby or a room asks of the session, once the mode is let go.
enum Step {
    Stay,
    Leave,
    LeaveRoom,
    Lobby,
    Go(Entry),
}

/// One client's session.
#[derive(Debug)]
pub struct Session {
    shared: Arc<Shared>,
    member: MemberId,
    me: Identity,
    host: String,
    tx: Sender<Event>,
    size: (u16, u16),
    mode: Mode,
    from_lobby: bool,
    parser: InputParser,
    keys: KeyMap,
    theme: Theme,
    last_input: Instant,
    seed: u64,
    farewell: Option<String>,
}

impl Session {
    /// A session for `me`, whose SSH user name asked for `destination`, in a window of `size`; `host` is how
    /// a friend reaches the server (for the `ssh` line), and `tx` the session's own channel (for its room).
    pub fn new(
        shared: Arc<Shared>,
        me: Identity,
        destination: Result<Destination, String>,
        host: String,
        size: (u32, u32),
        tx: Sender<Event>,
        now: Instant,
    ) -> Session {
        let member = shared.next_member();
        let config = &shared.config;
        let mut s = Session {
            keys: KeyMap::new(config.ui.keys.clone()),
            theme: Theme::new(config.ui.theme.clone(), shared.color),
            size: shared.limits.clamp_window(size),
            member,
            me,
            host,
            tx,
            mode: Mode::Lobby(Lobby::default(), now),
            from_lobby: false,
            parser: InputParser::default(),
            last_input: now,
            seed: member,
            farewell: None,
            shared,
        };
        match destination {
            Ok(Destination::Lobby) => s.open_lobby(now),
            Ok(Destination::Room(name)) => {
                let joined = s.shared.registry.join(&name, &s.person(), s.member, s.notifier(), now);
                s.enter_room(joined, now);
            }
            Err(why) => s.farewell = Some(why),
        }
        s
    }

    /// This client as the others see it, with the name it chose.
    fn person(&self) -> Person {
        self.shared.names.person(&self.me)
    }

    /// How the room reaches this session.
    fn notifier(&self) -> crate::serve::room::Notifier {
        let tx = self.tx.clone();
        Arc::new(move |n| {
            let _ = tx.send(Event::Room(n));
        })
    }

    fn cx(&self) -> Cx<'_> {
        cx(&self.shared, &self.me, &self.keys, self.size, self.seed)
    }

    /// The `ssh` line that brings a friend into `room`.
    pub fn ssh_line(&self, room: &str) -> String {
        match self.shared.port {
            22 => format!("ssh {room}@{}", self.host),
            p => format!("ssh -p {p} {room}@{}", self.host),
        }
    }

    fn open_lobby(&mut self, now: Instant) {
        let mut lobby = Lobby::default();
        self.fill_lobby(&mut lobby);
        self.mode = Mode::Lobby(lobby, now);
        self.from_lobby = true;
    }

    fn fill_lobby(&self, lobby: &mut Lobby) {
        lobby.rooms = self.shared.registry.list();
        lobby.adjourned = self.shared.registry.adjourned(&self.me);
    }

    fn enter_room(&mut self, joined: Result<(SharedRoom, crate::serve::room::Role), String>, now: Instant) {
        match joined {
            Ok((room, _)) => {
                let mut client = RoomClient::new(room, self.member);
                client.refresh(self.member, &self.cx());
                self.mode = Mode::Room(Box::new(client));
            }
            Err(why) if self.from_lobby => {
                self.open_lobby(now);
                self.say_in_lobby(why);
            }
            Err(why) => self.farewell = Some(why),
        }
    }

    fn say_in_lobby(&mut self, why: String) {
        crate::serve::log::line(format!("{}: {why}", self.me));
        if let Mode::Lobby(lobby, _) = &mut self.mode {
            lobby.problem = Some(crate::tui::text::sentence(&why));
        }
    }

    /// Leaves the room (if any): back to the lobby for a client that came from it, else the end.
    fn leave_room(&mut self, now: Instant) {
        if let Mode::Room(client) = &self.mode {
            self.shared.registry.leave(&client.room, self.member, now);
        }
        if self.from_lobby {
            self.open_lobby(now);
        } else {
            self.farewell = Some(String::new());
        }
    }

    /// The room closed around this client (its game adjourned as idle): back to the lobby with why, or
    /// goodbye for a client that came straight in or pressed nothing for the idle time either. A player is
    /// told the line that opens the lobby, where the game waits.
    fn dismissed(&mut self, why: String, now: Instant) {
        let Mode::Room(c) = &self.mode else { return };
        let player = c.view.role != crate::serve::room::Role::Watcher;
        let idle = now.saturating_duration_since(self.last_input) >= self.shared.limits.idle_time;
        if self.from_lobby && !idle {
            self.open_lobby(now);
            self.say_in_lobby(why);
        } else if player {
            self.farewell = Some(format!("{why} The lobby: {}", self.ssh_line("lobby")));
        } else {
            self.farewell = Some(why);
        }
    }

    /// The session is over: leaves its room. Called once, by the loop, whatever ended it.
    pub fn end(&mut self, now: Instant) {
        self.shared.names.forget_guest(&self.me);
        match &mut self.mode {
            Mode::Room(client) => {
                self.shared.registry.leave(&client.room, self.member, now);
                // A search asked for and not started yet gives up at once when its turn comes.
                if let Some(app) = &mut client.app {
                    app.quit();
                }
            }
            Mode::Alone(app) => app.quit(),
            Mode::Lobby(..) => {}
        }
        self.mode = Mode::Lobby(Lobby::default(), now);
    }

    /// Why the session ends, once it does: a sentence for the client (empty: nothing to say).
    pub fn farewell(&self) -> Option<&str> {
        self.farewell.as_deref()
    }

    /// Searches to run for this client's games.
    pub fn take_jobs(&mut self) -> Vec<Job> {
        match &mut self.mode {
            Mode::Alone(app) => app.take_jobs(),
            Mode::Room(c) => c.app.as_mut().map(App::take_jobs).unwrap_or_default(),
            Mode::Lobby(..) => Vec::new(),
        }
    }

    /// The window's size, as drawn.
    pub fn size(&self) -> (u16, u16) {
        self.size
    }

    /// One event.
    pub fn handle(&mut self, ev: Event, now: Instant) {
        match ev {
            Event::Input(bytes) => {
                self.last_input = now;
                if let Mode::Room(c) = &self.mode {
                    // A player's key keeps a game without a clock from being adjourned as idle.
                    crate::serve::room::registry::lock(&c.room).touch(self.member, now);
                }
                for ev in self.parser.feed(&bytes) {
                    if self.farewell.is_none() {
                        self.input(ev, now);
                    }
                }
            }
            Event::Resize(w, h) => {
                self.size = self.shared.limits.clamp_window((w, h));
                let (w, h) = self.size;
                match &mut self.mode {
                    Mode::Alone(app) => app.resize(w, h),
                    Mode::Room(c) => {
                        if let Some(app) = &mut c.app {
                            app.resize(w, h.saturating_sub(1));
                        }
                    }
                    Mode::Lobby(..) => {}
                }
            }
            Event::Room(crate::serve::room::Notice::Changed) => {
                let cx = cx(&self.shared, &self.me, &self.keys, self.size, self.seed);
                if let Mode::Room(c) = &mut self.mode {
                    c.refresh(self.member, &cx);
                }
            }
            Event::Room(crate::serve::room::Notice::Closed(why)) => {
                self.farewell = Some(crate::tui::text::sentence(&why))
            }
            Event::Room(crate::serve::room::Notice::Dismissed(why)) => self.dismissed(why, now),
            Event::Reply(r) => match &mut self.mode {
                Mode::Alone(app) => app.handle_reply(r),
                Mode::Room(c) => {
                    if let Some(app) = &mut c.app {
                        app.handle_reply(r);
                    }
                }
                Mode::Lobby(..) => {}
            },
            Event::AiCrashed(e) => {
                self.farewell = Some(format!("The AI stopped with an internal error ({e}); connect again to go on."))
            }
            Event::Kick(why) => self.farewell = Some(why),
            Event::Hangup => self.farewell = Some(String::new()),
            Event::Sent => {}
        }
    }

    /// A key or a click.
    fn input(&mut self, ev: TermEvent, now: Instant) {
        if let TermEvent::Key(k) = &ev
            && k.code == KeyCode::Char('c')
            && k.modifiers.contains(KeyModifiers::CONTROL)
        {
            self.farewell = Some(String::new());
            return;
        }
        self.seed = self.seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let cx = cx(&self.shared, &self.me, &self.keys, self.size, self.seed);
        let step = match &mut self.mode {
            Mode::Lobby(lobby, _) => match ev {
                TermEvent::Key(k) => lobby_key(lobby, &k, &cx, now),
                _ => Step::Stay,
            },
            Mode::Room(c) => match c.input(ev, self.member, &cx, now) {
                After::Leave => Step::LeaveRoom,
                After::Stay => Step::Stay,
            },
            Mode::Alone(app) => {
                match ev {
                    TermEvent::Key(k) => app.handle_key(k),
                    TermEvent::Mouse(m) => app.handle_mouse(m),
                    _ => {}
                }
                if app.should_quit() { Step::Lobby } else { Step::Stay }
            }
        };
        match step {
            Step::Stay => {}
            Step::Leave => self.farewell = Some(String::new()),
            Step::LeaveRoom => self.leave_room(now),
            Step::Lobby => self.open_lobby(now),
            Step::Go(entry) => self.go(entry, now),
        }
    }

    /// Follows a lobby entry.
    fn go(&mut self, entry: Entry, now: Instant) {
        let (registry, me, member, notifier) = (&self.shared.registry, &self.person(), self.member, self.notifier());
        let joined = match entry {
            Entry::Create => registry.create(me, member, notifier, now),
            Entry::Join(name) | Entry::Watch(name) => registry.join(&name, me, member, notifier, now),
            Entry::Resume(path) => registry.resume(&path, me, member, notifier, now),
            Entry::Solo => {
                let mut app = self.cx().new_app();
                app.resize(self.size.0, self.size.1);
                self.mode = Mode::Alone(Box::new(app));
                return;
            }
            // The lobby opens its own name entry.
            Entry::Name => return,
        };
        self.enter_room(joined, now);
    }
}

/// A key in the lobby: the name being typed takes every key while it is open.
fn lobby_key(lobby: &mut Lobby, k: &ratatui::crossterm::event::KeyEvent, cx: &Cx, now: Instant) -> Step {
    lobby.problem = None;
    if lobby.editing.is_some() {
        cx.type_name(&mut lobby.editing, k, now);
        return Step::Stay;
    }
    match lobby.key(cx.keys.action(k), &cx.shared.names.person(cx.me)) {
        LobbyOutcome::Stay => Step::Stay,
        LobbyOutcome::Leave => Step::Leave,
        LobbyOutcome::Go(Entry::Name) => {
            lobby.editing = Some(NameEntry::new(cx.shared.names.get(cx.me).as_ref()));
            Step::Stay
        }
        LobbyOutcome::Go(e) => Step::Go(e),
    }
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
