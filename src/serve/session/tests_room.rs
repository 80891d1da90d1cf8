//! A session in a room, over time and at any width: what the room allows, the idle game's countdown and its
//! end, the waiting room's keys, a watcher's line, a narrow waiting room.

use super::*;

/// Hands the session what its room sent it, at `now`.
fn pump_at(c: &mut Client, now: Instant) {
    while let Ok(ev) = c.rx.try_recv() {
        c.session.handle(ev, now);
    }
}

#[test]
fn the_key_line_offers_only_what_the_room_allows_and_an_adjourned_game_takes_no_move() {
    let shared = server();
    let mut a = Client::new(&shared, key(0), "r", (100, 30));
    let mut b = Client::new(&shared, key(1), "r", (100, 30));
    settle(&mut [&mut a, &mut b]);
    let s = a.screen();
    assert!(s.contains("enter place") && s.contains("G resign") && !s.contains("t hint"), "hints are off: {s}");
    // b's connection drops, and stays away past the grace period: the game is adjourned.
    b.session.end(Instant::now());
    shared.registry.tick(Instant::now() + Duration::from_secs(301));
    let s = a.screen();
    assert!(s.contains("adjourned") && s.contains("R review") && s.contains("q leave"), "{s}");
    assert!(!s.contains("place") && !s.contains("G resign"), "nothing to play once adjourned: {s}");
    for keys in [&b":a1\r"[..], b" ", b"G"] {
        a.send(keys);
        assert!(a.screen().contains("Nothing more is"), "{:?}: {}", keys, a.screen());
    }
    // A room that allows hints offers them.
    let mut c = Client::new(&shared, key(2), "hints", (100, 30));
    c.send(b"jjjj\x1b[C");
    assert!(c.screen().contains("‹ allowed ›"), "{}", c.screen());
    let mut d = Client::new(&shared, key(3), "hints", (100, 30));
    settle(&mut [&mut c, &mut d]);
    assert!(c.screen().contains("t hint"), "{}", c.screen());
}

#[test]
fn an_idle_game_counts_down_on_the_rooms_line_then_is_adjourned_and_everyone_is_out() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let storage = crate::tui::persist::storage::Storage::at(dir.path());
    let shared = server_with(Some(crate::serve::room::record::Records::new(storage)));
    let t = Instant::now();
    let mut a = Client::new(&shared, key(0), "lobby", (160, 30));
    a.send(b"\r");
    let room = shared.registry.list().first().map(|r| r.name.to_string()).unwrap_or_default();
    let mut b = Client::new(&shared, key(1), &room, (160, 30));
    let mut w = Client::new(&shared, key(2), "lobby", (160, 30));
    w.send(b"jj\r");
    settle(&mut [&mut a, &mut b, &mut w]);
    assert!(w.screen().contains("you watch"), "{}", w.screen());
    let idle = shared.limits.idle_time;
    let before = t + idle - crate::serve::room::idle::WARNING - Duration::from_secs(1);
    assert!(!a.screen_at(before).contains("idle"), "no countdown yet: {}", a.screen_at(before));
    let wake = a.session.next_deadline(before).unwrap_or(before + idle);
    assert!(wake <= t + idle - crate::serve::room::idle::WARNING + Duration::from_secs(1), "the countdown wakes it");
    let soon = t + idle - Duration::from_secs(90);
    assert!(
        a.screen_at(soon).contains("idle: adjourned in 1:30 unless one of you presses a key"),
        "{}",
        a.screen_at(soon)
    );
    assert!(w.screen_at(soon).contains("unless a player presses a key"), "{}", w.screen_at(soon));
    // The time passes; the watcher pressed a key meanwhile (it keeps nothing alive), the players none.
    let late = t + idle + Duration::from_secs(1);
    w.session.handle(Event::Input(b"?".to_vec()), late - Duration::from_secs(5));
    w.session.handle(Event::Input(b"\x1b".to_vec()), late - Duration::from_secs(5));
    assert_eq!(shared.registry.tick(late), 1);
    assert_eq!(shared.registry.count(), 0, "the room is freed");
    for c in [&mut a, &mut b, &mut w] {
        pump_at(c, late);
    }
    let said = |c: &Client| c.session.farewell().unwrap_or_default().to_string();
    assert!(said(&a).contains("Nobody pressed a key for 30 minutes") && said(&a).contains("lobby@"), "{}", said(&a));
    assert!(said(&b).contains("both players can resume it from the lobby"), "{}", said(&b));
    assert_eq!(w.session.farewell(), None, "a watcher who was there goes back to its lobby");
    assert!(w.screen().contains("Nobody pressed a key"), "{}", w.screen());
    let mut again = Client::new(&shared, key(1), "lobby", (160, 30));
    assert!(again.screen().contains("Your adjourned games"), "{}", again.screen());
}

#[test]
fn in_the_waiting_room_left_and_right_leave_the_name_alone_and_enter_opens_it() {
    let shared = server();
    let mut a = Client::new(&shared, key(0), "r", (100, 30));
    a.send(b"jjjjjjj");
    assert!(a.screen().contains("› Your name"), "the last row: {}", a.screen());
    for arrow in [&b"\x1b[C"[..], b"\x1b[D", b"l", b"h"] {
        a.send(arrow);
        assert!(!a.screen().contains("Enter keeps it"), "{arrow:?} opened typing: {}", a.screen());
    }
    a.send(b"\r");
    assert!(a.screen().contains("Enter keeps it"), "{}", a.screen());
}

#[test]
fn a_watchers_line_follows_the_players_names() {
    let shared = server();
    let mut a = Client::new(&shared, key(0), "r", (100, 30));
    let mut b = Client::new(&shared, key(1), "r", (100, 30));
    let mut w = Client::new(&shared, Identity::guest(), "r", (100, 30));
    settle(&mut [&mut a, &mut b, &mut w]);
    assert!(w.screen().contains("You watch key AAAAAAAA and key BBBBBBBB"), "{}", w.screen());
    let name = crate::serve::display_name::DisplayName::parse("Ada").ok();
    shared.names.set(&key(0), name.clone(), Instant::now()).unwrap_or_else(|e| panic!("{e}"));
    shared.registry.rename(&key(0), &name);
    settle(&mut [&mut a, &mut b, &mut w]);
    let s = w.screen().replace('\n', "");
    assert!(s.contains("You watch Ada and key BBBBBBBB") && s.contains("You have no key"), "{s}");
    // Once another message took its place, the line is not brought back.
    w.send(b"u");
    shared.registry.rename(&key(0), &None);
    settle(&mut [&mut a, &mut b, &mut w]);
    assert!(!w.screen().contains("You watch"), "{}", w.screen());
}

#[test]
fn in_a_narrow_waiting_room_the_ssh_line_wraps_set_in() {
    let shared = server();
    let mut a = Client::new(&shared, key(0), "friday", (24, 30));
    let s = a.screen();
    let at = |needle: &str| s.lines().find(|l| l.contains(needle)).unwrap_or_default().to_string();
    assert!(at("ssh -p 2222").starts_with("│    ssh"), "{s}");
    assert!(at("friday@127.0.0.1").starts_with("│    friday@"), "the line that wraps is set in too: {s}");
    // A row's value that wraps goes on under the value.
    let row = s.lines().position(|l| l.contains("You play")).unwrap_or_else(|| panic!("{s}"));
    let next = s.lines().nth(row + 1).unwrap_or_default();
    assert!(next.starts_with(&format!("│{}", " ".repeat(14))) && next.trim_matches(['│', ' ']).len() > 1, "{s}");
}
