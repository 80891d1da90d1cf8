//! What a session's screen shows and what time changes on it: the lobby, the room (its line above the
//! waiting room or the game) or the game alone; the ticks that turn spinners, refresh the lobby and run the
//! clocks; and the idle limit of the lobby, of a room without a game in progress, and of a game alone against
//! the AI.

use super::{LOBBY_REFRESH, Mode, Session};
use crate::serve::room::Phase;
use crate::serve::screens::lobby::Lobby;
use crate::serve::screens::{bar, waiting};
use crate::tui::app::view as app_view;
use ratatui::Frame;
use ratatui::layout::Rect;
use std::time::Instant;

impl Session {
    /// Time passed: spinners, analyses, the lobby's lists, and the idle limit.
    pub fn tick(&mut self, now: Instant) {
        let idle = now.saturating_duration_since(self.last_input) >= self.shared.limits.idle_time;
        let refresh = match &mut self.mode {
            Mode::Alone(app) => {
                app.tick(now);
                if idle {
                    // Nobody waits on this game but the server, which keeps it for no one.
                    self.farewell = Some(format!(
                        "Idle for {} minutes against the AI: goodbye.",
                        self.shared.limits.idle_time.as_secs() / 60
                    ));
                }
                false
            }
            Mode::Room(c) => {
                if let Some(app) = &mut c.app {
                    app.tick(now);
                }
                // A client in a game in progress stays (the room adjourns a game nobody plays: room::idle); a
                // room without one keeps nobody forever, watchers included.
                let minutes = self.shared.limits.idle_time.as_secs() / 60;
                if idle && c.app.is_none() {
                    self.farewell = Some(format!("Nobody came for {minutes} minutes: the room is closed."));
                } else if idle && c.view.phase != Phase::Playing {
                    self.farewell = Some(format!("No game here and nothing pressed for {minutes} minutes: goodbye."));
                }
                false
            }
            Mode::Lobby(_, at) => {
                if idle {
                    self.farewell = Some(format!(
                        "Idle in the lobby for {} minutes: goodbye.",
                        self.shared.limits.idle_time.as_secs() / 60
                    ));
                }
                now.saturating_duration_since(*at) >= LOBBY_REFRESH
            }
        };
        if refresh {
            let mut lobby = Lobby::default();
            self.fill_lobby(&mut lobby);
            let me = self.person();
            if let Mode::Lobby(old, at) = &mut self.mode {
                // The cursor stays on its entry as the lists around it change, not on its line.
                let was = old.entries(&me).into_iter().nth(old.selected).map(|(_, e, _)| e);
                let now_at = was.and_then(|e| lobby.entries(&me).into_iter().position(|(_, x, _)| x == e));
                lobby.selected = now_at.unwrap_or(old.selected);
                lobby.problem = old.problem.take();
                lobby.editing = old.editing.take();
                *old = lobby;
                *at = now;
            }
        }
    }

    /// When [`Session::tick`] should be called even without input.
    pub fn next_deadline(&self, now: Instant) -> Option<Instant> {
        let idle = self.last_input + self.shared.limits.idle_time;
        match &self.mode {
            Mode::Alone(app) => Some(app.next_deadline(now).map_or(idle, |d| d.min(idle))),
            Mode::Room(c) => {
                let app = c.app.as_ref().and_then(|a| a.next_deadline(now));
                let room = c.view.next_change(now);
                let waiting = (c.app.is_none() || c.view.phase != Phase::Playing).then_some(idle);
                [app, room, waiting].into_iter().flatten().min()
            }
            Mode::Lobby(_, at) => Some((*at + LOBBY_REFRESH).min(idle)),
        }
    }

    /// Draws the screen.
    pub fn draw(&self, frame: &mut Frame, now: Instant) {
        let area = frame.area();
        match &self.mode {
            Mode::Lobby(lobby, _) => lobby.draw(frame, area, &self.person(), &self.theme, &self.keys),
            Mode::Alone(app) => app_view::draw_in(frame, area, app),
            Mode::Room(c) => {
                let bar_area = Rect { height: area.height.min(1), ..area };
                let rest = Rect { y: area.y + bar_area.height, height: area.height - bar_area.height, ..area };
                bar::draw(frame, bar_area, &c.view, &self.me, now, &self.theme);
                match &c.app {
                    Some(app) => app_view::draw_in(frame, rest, app),
                    None => {
                        let around = waiting::Around {
                            ssh_line: self.ssh_line(c.view.name.as_str()),
                            me: &self.me,
                            selected: c.selected,
                            theme: &self.theme,
                            keys: &self.keys,
                            editing: c.editing.as_ref(),
                        };
                        waiting::draw(frame, rest, &c.view, &around);
                    }
                }
            }
        }
        if self.shared.config.ui.ascii {
            crate::tui::ascii::transliterate(frame.buffer_mut());
        }
    }
}
