//! What a session's screen shows and what time changes on it: the lobby, the room (its line above the
//! waiting room or the game) or the game alone; the ticks that turn spinners, refresh the lobby and run the
//! clocks; and the idle limit of the lobby and of a room where nobody came.

use super::{LOBBY_REFRESH, Mode, Session};
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
                false
            }
            Mode::Room(c) => {
                if let Some(app) = &mut c.app {
                    app.tick(now);
                }
                if idle && c.app.is_none() {
                    self.farewell = Some(format!(
                        "Nobody came for {} minutes: the room is closed.",
                        self.shared.limits.idle_time.as_secs() / 60
                    ));
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
            if let Mode::Lobby(old, at) = &mut self.mode {
                lobby.selected = old.selected;
                lobby.problem = old.problem.take();
                *old = lobby;
                *at = now;
            }
        }
    }

    /// When [`Session::tick`] should be called even without input.
    pub fn next_deadline(&self, now: Instant) -> Option<Instant> {
        let idle = self.last_input + self.shared.limits.idle_time;
        match &self.mode {
            Mode::Alone(app) => app.next_deadline(now),
            Mode::Room(c) => {
                let app = c.app.as_ref().and_then(|a| a.next_deadline(now));
                let room = c.view.next_change(now);
                let waiting = c.app.is_none().then_some(idle);
                [app, room, waiting].into_iter().flatten().min()
            }
            Mode::Lobby(_, at) => Some((*at + LOBBY_REFRESH).min(idle)),
        }
    }

    /// Draws the screen.
    pub fn draw(&self, frame: &mut Frame, now: Instant) {
        let area = frame.area();
        match &self.mode {
            Mode::Lobby(lobby, _) => lobby.draw(frame, area, &self.me, &self.theme, &self.keys),
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
