//! A game's lifecycle as the app drives it: starting one (after asking, if it would discard a game in
//! progress), resuming it with the menu's changes, the moves, undo and redo, the result, saving and the
//! autosave. The state itself is the [`crate::tui::persist::session::Session`]; these steps also move the screen, the
//! status line and the AI along.

use super::{App, Screen};
use crate::ai::Level;
use crate::ai::hex::{HexPlayer, PlayerKind, PlayerSpec};
use crate::game::GameKind;
use crate::game::hex::{Cell as HexCell, HexMove};
use crate::game::ttt;
use crate::game::{Move, Position};
use crate::tui::model::game::Match;
use crate::tui::model::sentences;
use crate::tui::model::settings::{SeatKind, Settings};
use crate::tui::overlays::confirm::Confirm;
use crate::tui::persist::history;
use crate::tui::persist::save::Saved;
use crate::tui::persist::save_info::SaveInfo;
use crate::tui::status::Message;
use crate::tui::text;
use rand::RngExt;

/// What the status line says when the menu's game, board or clock differ from the game resumed.
const NEXT_GAME: &str = "The game, board size, swap rule and clock you chose apply to a new game.";

impl App {
    /// The Hex players of a game's machine seats (none for tic-tac-toe or people). An engine that cannot
    /// play the game's swap rule is refused here, with its reason.
    fn players(&mut self, settings: &Settings, position: &Position) -> Result<[Option<Box<HexPlayer>>; 2], String> {
        let mut players: [Option<Box<HexPlayer>>; 2] = [None, None];
        let Position::Hex(g) = position else { return Ok(players) };
        for (seat, seat_kind) in settings.seats().iter().enumerate() {
            let spec = match seat_kind {
                SeatKind::Human | SeatKind::Remote => continue,
                SeatKind::Ai => self.config.hex.spec(settings.level, None),
                SeatKind::Engine => {
                    // An engine keeps its own time settings: no move time of ours, only the client's generous
                    // default deadline.
                    let cmd = settings.engine.clone().unwrap_or_default();
                    PlayerSpec {
                        kind: PlayerKind::Engine(cmd),
                        budget: crate::ai::Budget { threads: 1, ..crate::ai::Budget::default() },
                        memory_mb: self.config.hex.level(settings.level).memory_mb.0,
                    }
                }
            };
            let player = HexPlayer::new(spec, self.rng.random()).map_err(|e| e.to_string())?;
            player.check_swap_rule(g.swap_rule()).map_err(|e| e.to_string())?;
            players[seat] = Some(Box::new(player));
        }
        Ok(players)
    }

    /// Starts a game, but first asks (see [`Confirm`]) if that would leave a game in progress.
    pub(super) fn request_start(&mut self, settings: Settings, saved: Option<Saved>) {
        self.request_start_saying(settings, saved, None);
    }

    /// [`App::request_start`], and once the game starts without asking, `news` goes before its first status
    /// line (a game started after the question says only that line).
    pub(super) fn request_start_saying(&mut self, settings: Settings, saved: Option<Saved>, news: Option<String>) {
        if self.session.game_in_progress() {
            self.confirm = Some(Confirm::Discard { settings, saved: saved.map(Box::new) });
            return;
        }
        match self.start_saved(settings, saved) {
            Ok(()) => {
                if let Some(news) = news {
                    let intro = self.status.message.take().map(|m| m.text).unwrap_or_default();
                    self.say(format!("{news} {intro}"));
                }
            }
            Err(e) => self.complain(e),
        }
    }

    /// Starts a game from settings, or from a position (played on from a review, or a test's), leaving any
    /// game in memory (see [`App::start_saved`]).
    pub fn start(&mut self, settings: Settings, position: Option<Position>) -> Result<(), String> {
        self.start_saved(settings, position.map(Saved::bare))
    }

    /// Starts a game from settings, or from a saved game with its clock, its people's names and how it
    /// ended. The game in memory, if unfinished, goes to the history; so does the unfinished game of an
    /// earlier run, which the new game's autosave replaces. Fails (leaving the current state alone) when a
    /// player cannot be made, e.g. an engine that does not start.
    pub fn start_saved(&mut self, settings: Settings, saved: Option<Saved>) -> Result<(), String> {
        let (position, info, source) = match saved {
            Some(s) => (s.position, s.info, s.source),
            None => {
                let p = Position::new(settings.game, settings.size, settings.swap).map_err(|e| e.to_string())?;
                (p, SaveInfo::default(), None)
            }
        };
        let players = self.players(&settings, &position)?;
        self.cancel_thinking();
        let now = self.time.now();
        // Nothing is lost: the game left unfinished for this one, and the last run's, go to the history.
        let left = if self.session.game_in_progress() { self.session.keep_in_history(now) } else { None };
        let (kept, notice) = self.session.keep_last_game();
        let id = self.session.next_id();
        self.ai.seat_players(id, players, false);
        let mut game = Match::new(id, settings, position);
        info.restore(&mut game);
        game.kept = source.filter(|p| self.session.storage().is_some_and(|s| history::holds(s, p)));
        if let Some(c) = game.position.last_move().and_then(crate::tui::model::game::cell_of) {
            game.cursor = c;
        }
        // A loaded game that is already over is shown, not scored.
        game.scored = game.is_over();
        let mut text = match game.result_line() {
            Some(line) if game.ending.is_some() => format!("{line}. This game is over."),
            Some(line) => format!("{line}. This game is over: undo to go back, or start a new one."),
            None => sentences::intro(&game),
        };
        if let Some(path) = kept {
            let name = path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into());
            text = format!("Your unfinished game from last time is kept in the history as {name}. {text}");
        }
        self.status.message = Some(Message::info(text));
        if let Some(n) = left.or(notice) {
            self.status.notice = Some(crate::tui::status::notice(n));
        }
        // The game just started is what the menu would start next; from here on the menu keeps its own
        // choices, and nothing the game does changes them.
        self.menu.settings = game.settings.clone();
        self.session.game = Some(game);
        // A game on screen ends a review (its analysis stops) and the list of saves.
        (self.review, self.saves) = (None, None);
        self.screen = Screen::Game;
        self.help.open = false;
        self.entry.clear();
        self.session.last_move_at = self.time.now();
        self.autosave();
        self.kick(self.time.now());
        Ok(())
    }

    /// Back from the menu to the game in progress. Changes made in the menu to the players, the level or
    /// the tic-tac-toe style apply to it at once (the machine's players are made anew); a different game,
    /// board size or swap rule can only apply to a new game, and the status line says so.
    pub(super) fn resume(&mut self) {
        let Some(g) = &self.session.game else { return };
        let (old, new) = (g.settings.clone(), self.menu.settings.clone());
        let board_changed = new.game != old.game
            || new.clock != old.clock
            || (new.game == GameKind::Hex && (new.size, new.swap) != (old.size, old.swap));
        let seats_changed = (new.opponent, new.level, new.style) != (old.opponent, old.level, old.style);
        let mut note = None;
        if seats_changed {
            let mut s = old.clone();
            (s.opponent, s.level, s.style) = (new.opponent, new.level, new.style);
            let position = g.position.clone();
            match self.players(&s, &position) {
                Ok(players) => {
                    let id = self.session.next_id();
                    self.ai.seat_players(id, players, true);
                    if let Some(g) = &mut self.session.game {
                        // A new id: a reply from the old players' search is not for this game any more.
                        g.id = id;
                        g.seats = s.seats();
                        g.settings = s;
                        g.failed = None;
                        note =
                            Some(format!("Resumed with {}, level {}.", g.settings.opponent.label(), g.settings.level));
                    }
                }
                Err(e) => note = Some(format!("Resumed unchanged: {e}.")),
            }
        }
        if board_changed {
            let now = note.map(|n| format!("{n} ")).unwrap_or_default();
            note = Some(format!("{now}{NEXT_GAME}"));
        }
        self.screen = Screen::Game;
        self.status.message = note.map(Message::info);
        self.autosave();
        self.kick(self.time.now());
    }

    /// Resumes the unfinished game of an earlier run. The menu shows its players and level (see
    /// [`crate::tui::persist::save::Saved::settings`]); changes made there to them apply, as for [`App::resume`], while the game, size
    /// and swap rule are the file's.
    pub(super) fn resume_last(&mut self) {
        let Some(last) = self.session.last_game.take() else { return };
        let (mut settings, note) = last.settings(&self.menu.settings);
        let chosen = &self.menu.settings;
        (settings.opponent, settings.level, settings.style) = (chosen.opponent, chosen.level, chosen.style);
        let board_changed = chosen.game != settings.game
            || chosen.clock != settings.clock
            || (settings.game == GameKind::Hex && (chosen.size, chosen.swap) != (settings.size, settings.swap));
        match self.start_saved(settings, Some(last)) {
            Ok(()) => {
                let changed = board_changed.then_some(NEXT_GAME.to_string());
                let text = [note, self.status.message.take().map(|m| m.text), changed].into_iter().flatten();
                self.status.message = Some(Message::info(text.collect::<Vec<_>>().join(" ")));
            }
            Err(e) => self.complain(format!("Cannot resume the last game: {e}.")),
        }
    }

    /// Places the side to move's stone at the cursor.
    pub(super) fn place_at_cursor(&mut self) {
        let Some(g) = &self.session.game else { return };
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
        // A move made after the flag fell is not a move: the game is lost on time.
        if self.keep_time() {
            return;
        }
        let Some(g) = &mut self.session.game else { return };
        if g.is_over() {
            let new = self.keys.label(crate::tui::action::Action::NewGame);
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
        if let Err(e) = g.play(m, self.time.now()) {
            self.complain(text::sentence(&e.to_string()));
            return;
        }
        let note = (m == Move::Hex(HexMove::Swap)).then(|| Message::info(sentences::swap_message(g, seat)));
        // A move changes the position: a hint being computed for the old one is of no use.
        self.cancel_thinking();
        self.status.message = note;
        self.after_move();
    }

    /// Bookkeeping after any move: the result and the score at the end of a game, the autosave, and the
    /// machine's turn.
    pub(super) fn after_move(&mut self) {
        self.entry.clear();
        self.session.last_move_at = self.time.now();
        self.record_result();
        self.autosave();
        self.kick(self.time.now());
    }

    /// At the end of a game: the result on the status line, the score, and the game kept in the history.
    pub(super) fn record_result(&mut self) {
        let Some(g) = &self.session.game else { return };
        if !g.is_over() {
            return;
        }
        // The result replaces whatever the status line said about earlier moves.
        let review = self.keys.label(crate::tui::action::Action::Review);
        let line = g.result_line().unwrap_or_default();
        self.status.message = Some(Message::info(format!("{line}! {review} reviews the game.")));
        let score = self.session.score_result();
        let kept = self.session.keep_in_history(self.time.now());
        if let Some(text) = score.or(kept) {
            self.status.notice = Some(crate::tui::status::notice(text));
        }
    }

    /// Writes the game in progress to the autosave (or removes it once the game is over); a failure is
    /// reported in the status line, and the game goes on.
    pub(super) fn autosave(&mut self) {
        if let Some(n) = self.session.autosave(self.time.now()) {
            self.status.notice = Some(crate::tui::status::notice(n));
        }
    }

    pub(super) fn undo(&mut self) {
        let Some(g) = &mut self.session.game else { return };
        match g.undo() {
            Ok(n) => {
                g.failed = None;
                self.cancel_thinking();
                self.say(if n == 1 { "Took back 1 move.".to_string() } else { format!("Took back {n} moves.") });
                self.session.last_move_at = self.time.now();
                self.autosave();
                self.kick(self.time.now());
            }
            Err(e) => self.complain(text::sentence(&e)),
        }
    }

    pub(super) fn redo(&mut self) {
        let Some(g) = &mut self.session.game else { return };
        match g.redo() {
            Ok(n) => {
                g.failed = None;
                self.cancel_thinking();
                self.say(if n == 1 { "Replayed 1 move.".to_string() } else { format!("Replayed {n} moves.") });
                self.after_move();
            }
            Err(e) => self.complain(text::sentence(&e)),
        }
    }

    /// A new game from the menu's settings, the next game's (those of the game on screen, unless they were
    /// changed in the menu since), changed by `f` (the same, or the other game); asks first if the game in
    /// progress would be lost.
    pub(super) fn restart(&mut self, f: impl FnOnce(Settings) -> Settings) {
        let settings = f(self.menu.settings.clone());
        self.request_start(settings, None);
    }

    pub(super) fn save(&mut self) {
        match self.session.save(self.time.now()) {
            Ok(Some(path)) => self.say(format!("Saved to {}", path.display())),
            Ok(None) => {}
            Err(e) => self.complain(text::sentence(&e)),
        }
    }

    /// The AI level a game's AI plays at (for messages).
    pub fn level(&self) -> Level {
        self.session.game.as_ref().map_or(self.menu.settings.level, |g| g.settings.level)
    }
}
