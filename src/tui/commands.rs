//! What the keys do during a game: move the cursor, place, type a Hex cell, undo, redo, swap, hint, save,
//! start a new game or the other game, and go back to the menu.

use super::action::Action;
use super::app::{App, Screen};
use super::game::Match;
use super::position::{GameResult, Move, Position};
use super::save;
use super::score::Outcome;
use super::settings::{SeatKind, Settings};
use super::typing::{column_letter, digit};
use crate::ai::Level;
use crate::ai::hex::{HexPlayer, PlayerKind, PlayerSpec};
use crate::game::GameKind;
use crate::game::hex::{Cell as HexCell, Color, HexMove};
use crate::game::ttt;
use rand::RngExt;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use std::time::Instant;

impl App {
    /// Starts a game from settings, or from a loaded position. Fails (leaving the current state alone) when
    /// a player cannot be made, e.g. an engine that does not start.
    pub fn start(&mut self, settings: Settings, position: Option<Position>) -> Result<(), String> {
        let position = match position {
            Some(p) => p,
            None => Position::new(settings.game, settings.size, settings.swap)?,
        };
        let seats = settings.seats();
        let mut players: [Option<Box<HexPlayer>>; 2] = [None, None];
        if position.kind() == GameKind::Hex {
            for (seat, kind) in seats.iter().enumerate() {
                let spec = match kind {
                    SeatKind::Human => continue,
                    SeatKind::Ai => self.config.hex.spec(settings.level, None),
                    SeatKind::Engine => {
                        // An engine keeps its own time settings: no move time of ours, only the client's
                        // generous default deadline.
                        let cmd = settings.engine.clone().unwrap_or_default();
                        PlayerSpec {
                            kind: PlayerKind::Engine(cmd),
                            budget: crate::ai::Budget { threads: 1, ..crate::ai::Budget::default() },
                            memory_mb: self.config.hex.level(settings.level).memory_mb.0,
                        }
                    }
                };
                let player = HexPlayer::new(spec, self.rng.random()).map_err(|e| e.to_string())?;
                if let Position::Hex(g) = &position {
                    player.check_swap_rule(g.swap_rule()).map_err(|e| e.to_string())?;
                }
                players[seat] = Some(Box::new(player));
            }
        }
        self.cancel_thinking();
        let id = self.next_match;
        self.next_match += 1;
        let mut game = Match::new(id, settings, position, players);
        if let Some(c) = game.position.last_move().and_then(super::game::cell_of) {
            game.cursor = c;
        }
        // A loaded game that is already over is shown, not scored.
        game.scored = game.is_over();
        let text = match game.result_line() {
            Some(line) => format!("{line}. This game is over: undo to go back, or start a new one."),
            None => intro(&game),
        };
        self.message = Some(super::app::Message { text, error: false });
        self.game = Some(game);
        self.screen = Screen::Game;
        self.help = false;
        self.entry.clear();
        self.last_move_at = Instant::now();
        self.menu.settings = self.game.as_ref().map(|g| g.settings.clone()).unwrap_or(self.menu.settings.clone());
        self.kick(Instant::now());
        Ok(())
    }

    /// A key on the game screen.
    pub(super) fn game_key(&mut self, ev: &KeyEvent, action: Option<Action>) {
        let Some(kind) = self.game.as_ref().map(Match::kind) else {
            self.screen = Screen::Menu;
            return;
        };
        if kind == GameKind::Hex && self.hex_typing(ev, action) {
            return;
        }
        if kind == GameKind::Tictactoe
            && action.is_none()
            && let Some(d) = digit(ev).and_then(|d| d.to_digit(10))
            && (1..=9).contains(&d)
        {
            self.message = None;
            if let Some(c) = ttt::Cell::from_index(d as usize - 1) {
                if let Some(g) = &mut self.game {
                    g.cursor = (c.col(), c.row());
                }
                self.human_move(Move::Ttt(c));
            }
            return;
        }
        if let Some(a) = action {
            self.message = None;
            self.act(a);
        }
    }

    /// Hex cell typing (see [`super::typing`]). True if the key was used for it.
    fn hex_typing(&mut self, ev: &KeyEvent, action: Option<Action>) -> bool {
        let n = self.game.as_ref().map_or(0, |g| g.position.size());
        if let Some(held) = self.entry.take_held() {
            if let Some(d) = digit(ev) {
                self.entry.start(held.letter, false);
                self.entry.push_digit(d);
                self.follow_entry(n);
                return true;
            }
            // Not a digit: the held letter was a command after all.
            self.entry.clear();
            self.act(held.action);
            if self.screen != Screen::Game || self.game.is_none() {
                return true;
            }
        }
        if let Some(letter) = column_letter(ev, n) {
            match action {
                None => self.entry.start(letter, false),
                Some(a) if a.is_cursor_move() => {
                    self.act(a);
                    self.entry.start(letter, true);
                }
                Some(a) => self.entry.hold(letter, a, Instant::now()),
            }
            self.message = None;
            return true;
        }
        if !self.entry.is_active() {
            return false;
        }
        match (digit(ev), ev.code) {
            (Some(d), _) if action.is_none() => {
                if !self.entry.push_digit(d) {
                    self.entry.clear();
                }
                self.follow_entry(n);
                true
            }
            (_, KeyCode::Backspace) if action.is_none() => {
                self.entry.backspace();
                true
            }
            (_, KeyCode::Esc) => {
                self.entry.clear();
                self.message = None;
                true
            }
            _ => false,
        }
    }

    /// Moves the cursor to the typed cell, or says why the name is not a cell.
    fn follow_entry(&mut self, n: usize) {
        match self.entry.target(n) {
            Some(Ok(c)) => {
                if let Some(g) = &mut self.game {
                    g.cursor = (c.col(), c.row());
                }
                self.message = None;
            }
            Some(Err(e)) => self.complain(e),
            None => {}
        }
    }

    /// Runs a bound action on the game screen.
    pub(super) fn act(&mut self, a: Action) {
        if a != Action::Place {
            self.entry.clear();
        }
        match a {
            Action::Up => self.move_cursor(0, -1),
            Action::Down => self.move_cursor(0, 1),
            Action::Left => self.move_cursor(-1, 0),
            Action::Right => self.move_cursor(1, 0),
            Action::Place => {
                let n = self.game.as_ref().map_or(0, |g| g.position.size());
                if let Some(Err(e)) = self.entry.target(n) {
                    self.complain(e);
                    return;
                }
                self.entry.clear();
                self.place_at_cursor();
            }
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::NewGame => self.restart(|s| s),
            Action::SwitchGame => self.restart(|s| s.switched()),
            Action::Hint => self.hint(),
            Action::Swap => self.human_move(Move::Hex(HexMove::Swap)),
            Action::Save => self.save(),
            Action::Review => self.review_game(super::review::ReturnTo::Game),
            Action::Help => self.help = true,
            Action::Back => self.to_menu(),
            Action::Quit => self.quit(),
        }
    }

    fn move_cursor(&mut self, dc: i32, dr: i32) {
        if let Some(g) = &mut self.game {
            let n = g.position.size() as i32;
            g.cursor.0 = (g.cursor.0 as i32 + dc).clamp(0, n - 1) as usize;
            g.cursor.1 = (g.cursor.1 as i32 + dr).clamp(0, n - 1) as usize;
        }
    }

    /// Places the side to move's stone at the cursor.
    pub(super) fn place_at_cursor(&mut self) {
        let Some(g) = &self.game else { return };
        let (c, r) = g.cursor;
        let m = match g.kind() {
            GameKind::Tictactoe => ttt::Cell::from_col_row(c, r).map(Move::Ttt),
            GameKind::Hex => HexCell::new(c, r).map(|c| Move::Hex(HexMove::Place(c))),
        };
        if let Some(m) = m {
            self.human_move(m);
        }
    }

    /// A person's move, refused with a reason when it is not their turn or not legal.
    pub(super) fn human_move(&mut self, m: Move) {
        let Some(g) = &mut self.game else { return };
        if g.is_over() {
            let new = self.keys.label(Action::NewGame);
            self.complain(format!("The game is over: {new} starts a new one."));
            return;
        }
        if !g.human_to_move() {
            let who = g.seat_name(g.to_move());
            self.complain(format!("Wait: {who} is to move."));
            return;
        }
        if m == Move::Hex(HexMove::Swap) && !g.position.can_swap() {
            let why = match &g.position {
                Position::Hex(h) if !h.swap_rule() => "the swap rule is off (turn it on in the menu)",
                Position::Hex(_) => "a swap is only allowed as the second move of the game",
                Position::Ttt { .. } => "tic-tac-toe has no swap",
            };
            self.complain(format!("No swap: {why}."));
            return;
        }
        let seat = g.to_move();
        if let Err(e) = g.play(m) {
            self.complain(capitalise(&e));
            return;
        }
        // A move changes the position: a hint being computed for the old one is of no use.
        self.cancel_thinking();
        if m == Move::Hex(HexMove::Swap)
            && let Some(g) = &self.game
        {
            let text = swap_message(g, seat);
            self.say(text);
        }
        self.after_move();
    }

    /// Bookkeeping after any move: the score at the end of a game, and the machine's turn.
    pub(super) fn after_move(&mut self) {
        self.entry.clear();
        self.last_move_at = Instant::now();
        self.record_result();
        self.kick(Instant::now());
    }

    fn record_result(&mut self) {
        let Some(g) = &mut self.game else { return };
        let Some(result) = g.position.result() else { return };
        let line = g.result_line().unwrap_or_default();
        let keep = self.message.as_ref().filter(|m| !m.error).map(|m| m.text.clone());
        self.message = Some(super::app::Message {
            text: match keep {
                Some(k) if k.contains("swapped") => format!("{line}. {k}"),
                _ => format!("{line}! {} reviews the game.", self.keys.label(Action::Review)),
            },
            error: false,
        });
        if g.scored || !g.counts_for_score() {
            return;
        }
        g.scored = true;
        let human = g.lone_human().unwrap_or(0);
        let outcome = match result {
            GameResult::Draw => Outcome::Draw,
            GameResult::Win(s) if s == human => Outcome::Win,
            GameResult::Win(_) => Outcome::Loss,
        };
        let key = g.settings.score_key();
        match &self.storage {
            Some(storage) => match self.score.record_and_save(storage, &key, outcome) {
                Ok(None) => {}
                Ok(Some(text)) | Err(text) => self.notice = Some(super::app::notice(text)),
            },
            None => self.score.record(&key, outcome),
        }
    }

    fn undo(&mut self) {
        let Some(g) = &mut self.game else { return };
        match g.undo() {
            Ok(n) => {
                g.failed = None;
                self.cancel_thinking();
                self.say(if n == 1 { "Took back 1 move.".to_string() } else { format!("Took back {n} moves.") });
                self.last_move_at = Instant::now();
                self.kick(Instant::now());
            }
            Err(e) => self.complain(capitalise(&e)),
        }
    }

    fn redo(&mut self) {
        let Some(g) = &mut self.game else { return };
        match g.redo() {
            Ok(n) => {
                g.failed = None;
                self.cancel_thinking();
                self.say(if n == 1 { "Replayed 1 move.".to_string() } else { format!("Replayed {n} moves.") });
                self.after_move();
            }
            Err(e) => self.complain(capitalise(&e)),
        }
    }

    /// A new game from the current game's settings, changed by `f` (the same, or the other game).
    fn restart(&mut self, f: impl FnOnce(Settings) -> Settings) {
        let settings = f(self.game.as_ref().map_or_else(|| self.menu.settings.clone(), |g| g.settings.clone()));
        if let Err(e) = self.start(settings, None) {
            self.complain(e);
        }
    }

    fn save(&mut self) {
        let Some(g) = &self.game else { return };
        let Some(storage) = &self.storage else {
            self.complain("Cannot save: there is no data directory on this system.");
            return;
        };
        match save::save(storage, &g.position) {
            Ok(path) => self.say(format!("Saved to {}", path.display())),
            Err(e) => self.complain(e),
        }
    }

    /// The AI level a game's AI plays at (for messages).
    pub fn level(&self) -> Level {
        self.game.as_ref().map_or(self.menu.settings.level, |g| g.settings.level)
    }
}

/// The first status line of a game: who plays what, and who starts.
fn intro(g: &Match) -> String {
    let your_move = |h: usize| if g.to_move() == h && !g.is_over() { " Your move." } else { "" };
    match (g.kind(), g.lone_human()) {
        (GameKind::Tictactoe, Some(h)) => format!("You play {}.{}", g.side_name(h), your_move(h)),
        (GameKind::Tictactoe, None) => format!("{} plays x and moves first.", g.seat_name(0)),
        (GameKind::Hex, Some(h)) => {
            let c = g.position.color_of_seat(h);
            format!("You are {}: join the {} edges.{}", color_name(c), edges(c).replace('–', " and "), your_move(h))
        }
        (GameKind::Hex, None) => {
            format!("{} plays Black ● and starts. Black joins top–bottom, White left–right.", g.seat_name(0))
        }
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

/// A seat as the subject of a sentence: "you", "the AI", "the engine", "Player 2", "AI 1".
fn subject(g: &Match, seat: usize) -> String {
    match g.seat_name(seat).as_str() {
        "You" => "you".into(),
        "AI" => "the AI".into(),
        "Engine" => "the engine".into(),
        other => other.into(),
    }
}

/// Says plainly who plays which colour after `seat` swapped.
pub fn swap_message(g: &Match, seat: usize) -> String {
    let other = 1 - seat;
    let (mine, theirs) = (g.position.color_of_seat(seat), g.position.color_of_seat(other));
    let (me, them) = (subject(g, seat), subject(g, other));
    let me_cap = capitalise(&me).trim_end_matches('.').to_string();
    match (g.seats[seat], g.lone_human()) {
        (SeatKind::Human, Some(_)) => format!(
            "You swapped: you are now {} ({}); {them} is {} ({}) and moves next.",
            color_name(mine),
            edges(mine),
            color_name(theirs),
            edges(theirs)
        ),
        (_, Some(_)) => format!(
            "{me_cap} swapped: it took your stone and is now {} ({}); you are {} ({}). Your move.",
            color_name(mine),
            edges(mine),
            color_name(theirs),
            edges(theirs)
        ),
        _ => format!(
            "{me_cap} swapped and is now {} ({}); {them} is {} ({}) and moves next.",
            color_name(mine),
            edges(mine),
            color_name(theirs),
            edges(theirs)
        ),
    }
}

/// A sentence from an error text: first letter upper-case, a full stop at the end.
fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    let mut out: String = c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default();
    if !out.ends_with('.') {
        out.push('.');
    }
    out
}
