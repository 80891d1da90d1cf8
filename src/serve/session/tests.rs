use super::*;
use crate::config::Config;
use crate::serve::limits::Limits;
use crate::serve::room::registry::{Registry, RegistryOptions, lock};
use crate::serve::room::settings::RoomSettings;
use proptest::prelude::*;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::sync::mpsc::{self, Receiver};

pub(super) fn server() -> Arc<Shared> {
    server_with(None)
}

/// A server whose games go to `records`.
fn server_with(records: Option<crate::serve::room::record::Records>) -> Arc<Shared> {
    let config = Config::default();
    let mut defaults = RoomSettings::new(&config);
    defaults.size = 3;
    defaults.host = crate::serve::room::settings::HostSeat::First;
    let registry = Registry::new(RegistryOptions {
        max_rooms: 4,
        max_watchers: 2,
        grace: Duration::from_secs(300),
        idle: Limits::default().idle_time,
        defaults,
        records,
        seed: 1,
    });
    Arc::new(Shared::new(registry, crate::serve::served_config(&config).0, Limits::default(), 2222, false))
}

pub(super) fn key(n: u8) -> Identity {
    Identity::Key(format!("SHA256:{}", char::from(b'A' + n).to_string().repeat(43)))
}

/// A client: its session and its channel, as a connection would drive them.
struct Client {
    session: Session,
    rx: Receiver<Event>,
    size: (u16, u16),
}

impl Client {
    fn new(shared: &Arc<Shared>, who: Identity, user: &str, size: (u16, u16)) -> Client {
        let (tx, rx) = mpsc::channel();
        let dest = Destination::of_user(user);
        let session = Session::new(
            shared.clone(),
            who,
            dest,
            "127.0.0.1".into(),
            (size.0.into(), size.1.into()),
            tx,
            Instant::now(),
        );
        Client { session, rx, size }
    }

    /// Hands the session what its room sent it.
    fn pump(&mut self) {
        while let Ok(ev) = self.rx.try_recv() {
            self.session.handle(ev, Instant::now());
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        self.pump();
        self.session.handle(Event::Input(bytes.to_vec()), Instant::now());
        self.pump();
    }

    fn screen(&mut self) -> String {
        self.screen_at(Instant::now())
    }

    /// The screen as drawn at `now`.
    fn screen_at(&mut self, now: Instant) -> String {
        self.pump();
        let (w, h) = self.session.size();
        self.size = (w, h);
        let mut t = Terminal::new(TestBackend::new(w, h)).unwrap_or_else(|e| panic!("{e}"));
        t.draw(|f| self.session.draw(f, now)).unwrap_or_else(|e| panic!("{e}"));
        let buf = t.backend().buffer().clone();
        (0..h).map(|y| (0..w).map(|x| buf[(x, y)].symbol().to_string()).collect::<String>() + "\n").collect()
    }
}

/// Pumps every client until no event is left anywhere.
fn settle(clients: &mut [&mut Client]) {
    for _ in 0..5 {
        for c in clients.iter_mut() {
            c.pump();
        }
    }
}

#[path = "tests_room.rs"]
mod room;

#[test]
fn a_room_waits_with_the_ssh_line_then_two_keys_play_on_both_screens() {
    let shared = server();
    let mut a = Client::new(&shared, key(0), "Friday", (100, 30));
    let s = a.screen();
    assert!(s.contains("Waiting for a friend") && s.contains("ssh -p 2222 friday@127.0.0.1"), "{s}");
    let mut b = Client::new(&shared, key(1), "friday", (100, 30));
    settle(&mut [&mut a, &mut b]);
    assert!(a.screen().contains("Your move"), "{}", a.screen());
    a.send(b":b2\r");
    settle(&mut [&mut a, &mut b]);
    let s = b.screen();
    assert!(s.contains("1 ● b2") && s.contains("Your move"), "the move reached the other screen: {s}");
    b.send(b":b2\r");
    assert!(b.screen().contains("taken") || b.screen().contains("occupied"), "{}", b.screen());
    for (c, m) in [(1, "a1"), (0, "b1"), (1, "c1"), (0, "b3")] {
        let who = if c == 0 { &mut a } else { &mut b };
        who.send(format!(":{m}\r").as_bytes());
        settle(&mut [&mut a, &mut b]);
    }
    assert!(a.screen().contains("You win"), "{}", a.screen());
    assert!(b.screen().contains("You lose"), "{}", b.screen());
}

#[test]
fn a_click_on_a_cell_plays_there_below_the_room_line() {
    let shared = server();
    let mut a = Client::new(&shared, key(0), "r", (100, 30));
    let mut b = Client::new(&shared, key(1), "r", (100, 30));
    settle(&mut [&mut a, &mut b]);
    // The first empty cell in reading order is a1: click it (SGR mouse, 1-based column and row).
    let screen = a.screen();
    let (row, line) = screen.lines().enumerate().find(|(_, l)| l.contains('·')).unwrap_or_else(|| panic!("{screen}"));
    let col = line.chars().position(|c| c == '·').unwrap_or(0);
    a.send(format!("\x1b[<0;{};{}M", col + 1, row + 1).as_bytes());
    settle(&mut [&mut a, &mut b]);
    assert!(b.screen().contains("1 ● a1"), "{}", b.screen());
}

#[test]
fn a_watcher_sees_the_game_and_its_moves_are_refused() {
    let shared = server();
    let mut a = Client::new(&shared, key(0), "r", (100, 30));
    let mut b = Client::new(&shared, key(1), "r", (100, 30));
    let mut w = Client::new(&shared, key(2), "r", (100, 30));
    settle(&mut [&mut a, &mut b, &mut w]);
    a.send(b":a1\r");
    settle(&mut [&mut a, &mut b, &mut w]);
    assert!(w.screen().contains("1 ● a1") && w.screen().contains("you watch"), "{}", w.screen());
    w.send(b":c3\r");
    w.send(b" ");
    assert!(w.screen().contains("You are watching: only the players move"), "{}", w.screen());
    settle(&mut [&mut a, &mut b, &mut w]);
    assert!(!b.screen().contains("c3"), "nothing the watcher did reached the game");
}

#[test]
fn undo_saving_and_hints_are_answered_by_the_room() {
    let shared = server();
    let mut a = Client::new(&shared, key(0), "r", (100, 30));
    let mut b = Client::new(&shared, key(1), "r", (100, 30));
    settle(&mut [&mut a, &mut b]);
    a.send(b":a1\r");
    a.send(b"u");
    assert!(a.screen().contains("No undo in a game over the network"), "{}", a.screen());
    a.send(b"S");
    assert!(a.screen().contains("keeps every finished game"), "{}", a.screen());
    b.send(b"t");
    assert!(b.screen().contains("Hints are off in this room"), "{}", b.screen());
    b.send(b"q");
    assert!(b.screen().contains("Leave the room?"), "the first q asks: {}", b.screen());
    b.send(b"q");
    assert_eq!(b.session.farewell(), Some(""), "the second leaves (straight in: no lobby to go back to)");
}

#[test]
fn the_lobby_creates_a_room_and_lists_it_for_others_to_join() {
    let shared = server();
    let mut a = Client::new(&shared, key(0), "lobby", (100, 30));
    assert!(a.screen().contains("Create a room"), "{}", a.screen());
    a.send(b"\r");
    let s = a.screen();
    assert!(s.contains("Waiting for a friend"), "{s}");
    let mut b = Client::new(&shared, Identity::guest(), "LOBBY", (100, 30));
    let s = b.screen();
    assert!(s.contains("Waiting for a player") && s.contains("ssh-keygen"), "{s}");
    // In a narrow window the long lines wrap: the line that makes a key is there whole.
    b.session.handle(Event::Resize(50, 30), Instant::now());
    let s = b.screen().replace(['│', '\n'], "");
    assert!(s.contains("ssh-keygen -t ed25519"), "{s}");
    b.session.handle(Event::Resize(100, 30), Instant::now());
    // The cursor stays on its entry when a room appears above it.
    let mut c = Client::new(&shared, key(2), "lobby", (100, 30));
    c.send(b"jjj");
    assert!(c.screen().contains("› Choose a name"), "{}", c.screen());
    let mut d = Client::new(&shared, key(3), "lobby", (100, 30));
    d.send(b"\r");
    c.session.tick(Instant::now() + 2 * LOBBY_REFRESH);
    assert!(c.screen().contains("› Choose a name"), "{}", c.screen());
    b.send(b"jj\r");
    settle(&mut [&mut a, &mut b]);
    assert!(a.screen().contains("Your move") || b.screen().contains("Your move"), "{}", b.screen());
    b.send(b"qq");
    assert!(b.screen().contains("Create a room"), "leaving a room opened from the lobby goes back to it");
}

#[test]
fn tiny_and_huge_windows_are_drawn_within_bounds() {
    let shared = server();
    let mut a = Client::new(&shared, key(0), "r", (1, 1));
    assert_eq!(a.screen().chars().filter(|c| *c != '\n').count(), 1);
    let mut b = Client::new(&shared, key(1), "r", (1, 1));
    settle(&mut [&mut a, &mut b]);
    b.session.handle(Event::Resize(20, 6), Instant::now());
    assert!(b.screen().contains("too small"), "{}", b.screen());
    b.session.handle(Event::Resize(100_000, 0), Instant::now());
    assert_eq!(b.session.size(), (500, 1));
    let _ = b.screen();
    b.session.handle(Event::Resize(u32::MAX, u32::MAX), Instant::now());
    assert_eq!(b.session.size(), (500, 300));
    assert!(b.screen().contains("Your move") || b.screen().contains("to move"));
}

#[test]
fn a_bad_room_name_is_refused_with_what_is_expected() {
    let shared = server();
    let a = Client::new(&shared, key(0), "no!way", (80, 24));
    let why = a.session.farewell().unwrap_or_default();
    assert!(why.contains("'!'") && why.contains("letters"), "{why}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

    #[test]
    fn nothing_a_client_sends_panics_any_session(
        bursts in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 0..64), 1..9),
        sizes in proptest::collection::vec((0u32..1000, 0u32..1000), 0..4),
    ) {
        let shared = server();
        let mut a = Client::new(&shared, key(0), "lobby", (80, 24));
        a.send(b"\r");
        let mut b = Client::new(&shared, key(1), "lobby", (80, 24));
        b.send(b"jj\r");
        let mut w = Client::new(&shared, key(2), "r", (80, 24));
        for (i, burst) in bursts.iter().enumerate() {
            let who = match i % 3 { 0 => &mut a, 1 => &mut b, _ => &mut w };
            who.send(burst);
            if let Some(&(x, y)) = sizes.get(i) {
                who.session.handle(Event::Resize(x, y), Instant::now());
            }
            let _ = who.screen();
        }
        settle(&mut [&mut a, &mut b, &mut w]);
        for c in [&mut a, &mut b, &mut w] {
            let _ = c.screen();
            let (x, y) = c.session.size();
            prop_assert!((1..=500).contains(&x) && (1..=300).contains(&y));
        }
    }
}

#[test]
fn idle_in_the_lobby_in_a_room_nobody_came_to_or_alone_with_the_ai_ends_the_session_and_says_why() {
    let shared = server();
    let later = Instant::now() + shared.limits.idle_time + Duration::from_secs(1);
    let mut lobby = Client::new(&shared, key(0), "lobby", (80, 24));
    lobby.session.tick(Instant::now());
    assert_eq!(lobby.session.farewell(), None);
    lobby.session.tick(later);
    assert!(lobby.session.farewell().is_some_and(|f| f.contains("Idle in the lobby for 30 minutes")));
    let mut waiting = Client::new(&shared, key(1), "alone", (80, 24));
    waiting.session.tick(later);
    assert!(waiting.session.farewell().is_some_and(|f| f.contains("Nobody came")));
    let mut alone = Client::new(&shared, key(4), "lobby", (80, 24));
    alone.send(b"j\r");
    assert!(alone.session.next_deadline(Instant::now()).is_some_and(|d| d < later), "the idle limit is a deadline");
    alone.session.tick(later - Duration::from_secs(2));
    assert_eq!(alone.session.farewell(), None);
    alone.session.tick(later);
    assert!(alone.session.farewell().is_some_and(|f| f.contains("Idle for 30 minutes against the AI")));
    // A client in a game in progress is not sent away (the room decides when a game is idle: room::idle).
    let mut a = Client::new(&shared, key(2), "game", (80, 24));
    let mut b = Client::new(&shared, key(3), "game", (80, 24));
    settle(&mut [&mut a, &mut b]);
    let mut w = Client::new(&shared, key(5), "game", (80, 24));
    a.session.tick(later);
    w.session.tick(later);
    assert_eq!((a.session.farewell(), w.session.farewell()), (None, None));
    // Once it is over, nobody holds the room forever: players and watchers alike go after the idle time.
    if let Mode::Room(c) = &a.session.mode {
        lock(&c.room).resign(a.session.member, Instant::now()).unwrap_or_else(|e| panic!("{e}"));
    }
    settle(&mut [&mut a, &mut b, &mut w]);
    let later = Instant::now() + shared.limits.idle_time + Duration::from_secs(1);
    assert!(w.session.next_deadline(Instant::now()).is_some_and(|d| d < later), "the idle limit is a deadline");
    w.session.tick(later);
    assert!(w.session.farewell().is_some_and(|f| f.contains("No game here")), "{:?}", w.session.farewell());
}

#[test]
fn the_ai_alone_plays_from_the_lobby_and_leaving_its_menu_goes_back_to_the_lobby() {
    let shared = server();
    let mut a = Client::new(&shared, key(0), "lobby", (100, 30));
    a.send(b"j\r");
    let s = a.screen();
    assert!(s.contains("Start new game") && s.contains("Back to the lobby"), "the local game's menu: {s}");
    assert!(!s.contains("Load game") && s.contains("q lobby"), "nothing to load on the server: {s}");
    // A tic-tac-toe game against the AI (Tab switches from Hex), and the first move in the middle.
    a.send(b"\r\t5");
    let jobs = a.session.take_jobs();
    assert_eq!(jobs.len(), 1, "the AI's move is asked for");
    for job in jobs {
        a.session.handle(Event::Reply(crate::tui::ai::worker::execute(job)), Instant::now());
    }
    let s = a.screen();
    assert!(s.contains("Your move") && s.contains("2 o "), "the AI answered: {s}");
    // On a wide window the whole key line shows: everything but saving.
    a.session.handle(Event::Resize(200, 30), Instant::now());
    let s = a.screen();
    assert!(s.contains("tab hex") && !s.contains("S save"), "nothing to save on the server: {s}");
    a.send(b"S");
    assert!(a.screen().contains("not saved"), "{}", a.screen());
    a.send(b"q");
    a.send(b"q");
    assert!(a.screen().contains("hextoe lobby"), "{}", a.screen());
}

#[test]
fn a_player_chooses_a_name_that_the_others_see_and_no_other_key_can_take() {
    let shared = server();
    let mut a = Client::new(&shared, key(0), "lobby", (100, 30));
    // The last entry of the lobby: the name.
    a.send(b"jjjjj\r");
    assert!(a.screen().contains("Your name:") && !a.screen().contains(" go · "), "its own keys only: {}", a.screen());
    a.send("Ada\u{7}! \r".as_bytes());
    assert!(a.screen().contains("has '!'"), "a bad name says why, and stays to be mended: {}", a.screen());
    // In a short window too, the refusal is in view.
    a.session.handle(Event::Resize(60, 12), Instant::now());
    assert!(a.screen().contains("has '!'"), "{}", a.screen());
    a.session.handle(Event::Resize(100, 30), Instant::now());
    a.session.tick(Instant::now() + 2 * LOBBY_REFRESH);
    let s = a.screen();
    assert!(s.contains("Your name: Ada! ") && s.contains("has '!'"), "the lists read again keep the typing: {s}");
    a.send(b"\x7f\x7f\r");
    assert!(a.screen().contains("You are Ada (key AAAAAAAA)"), "{}", a.screen());
    let mut b = Client::new(&shared, key(1), "lobby", (100, 30));
    b.send(b"jjjjj\rADA\r");
    assert!(b.screen().contains("another player's"), "{}", b.screen());
    b.send(b"\x1b");
    // a waits in a room and renames there (the last row); b joins and sees the name.
    a.send(b"kkkkk\r");
    a.send(b"jjjjjj");
    assert!(a.screen().contains("type your name"), "{}", a.screen());
    a.send(b"\r\x15Ada L\r");
    assert!(a.screen().contains("‹ Ada L ›"), "{}", a.screen());
    let room = shared.registry.list().first().map(|r| r.name.to_string()).unwrap_or_default();
    let mut c = Client::new(&shared, key(2), &room, (100, 30));
    let mut w = Client::new(&shared, Identity::guest(), &room, (100, 30));
    settle(&mut [&mut a, &mut c, &mut w]);
    let s = c.screen();
    assert!(s.contains("● Ada L") && s.contains("Black  Ada L"), "the room's line and the side panel: {s}");
    assert!(w.screen().contains("You watch Ada L and key CCCCCCCC"), "{}", w.screen());
    // A guest's name is marked as a guest's, and forgotten when it leaves.
    let mut g = Client::new(&shared, Identity::guest(), "lobby", (100, 30));
    g.send(b"jjjjj\rAda L\r");
    let guest = g.session.me.clone();
    assert_eq!(shared.names.person(&guest).short(), "Ada L (guest)");
    let s = g.screen();
    assert!(
        s.contains(&format!("You are Ada L ({}).", guest.short())) && s.contains("see you as Ada L (guest))"),
        "{s}"
    );
    g.session.end(Instant::now());
    assert_eq!(shared.names.get(&guest), None);
}
