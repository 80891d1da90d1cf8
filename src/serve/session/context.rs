//! What a room client needs of its session: the server, who the client is, the bindings, how to make the
//! game app that shows a room's game, and how the client's name changes.

use crate::cli::PlayArgs;
use crate::serve::display_name::DisplayName;
use crate::serve::identity::Identity;
use crate::serve::room::settings::RoomSettings;
use crate::serve::screens::name_entry::{NameEntry, Typed};
use crate::serve::shared::Shared;
use crate::tui::action::KeyMap;
use crate::tui::app::{App, AppOptions};
use crate::tui::model::settings::Settings;
use std::time::{Duration, Instant};

/// What a room client needs of its session.
#[derive(Debug)]
pub struct Cx<'a> {
    /// The server.
    pub shared: &'a Shared,
    /// This client.
    pub me: &'a Identity,
    /// The bindings.
    pub keys: &'a KeyMap,
    /// How long a dropped seat is kept.
    pub grace: Duration,
    /// The game's area: the window less the room's line.
    pub size: (u16, u16),
    /// A seed for a new app.
    pub seed: u64,
}

impl Cx<'_> {
    /// A new game app, in memory only (the server keeps the games), at this client's size.
    pub fn new_app(&self) -> App {
        let time = crate::tui::time::TimeSource::system();
        let options = AppOptions { color: self.shared.color, seed: self.seed, storage: None, time };
        let config = self.shared.config.clone();
        let settings = Settings::new(&PlayArgs::default(), &config);
        let mut app = App::new(config, settings, options);
        app.host();
        app.resize(self.size.0, self.size.1);
        app
    }

    /// Gives this client the name typed at `now` (empty: none, so that others see its key), or says why
    /// not; every seat it holds shows the new name.
    pub fn rename(&self, text: &str, now: Instant) -> Result<(), String> {
        let name = if text.trim().is_empty() { None } else { Some(DisplayName::parse(text)?) };
        if !self.shared.names.set(self.me, name.clone(), now)? {
            return Ok(());
        }
        self.shared.registry.rename(self.me, &name);
        crate::serve::log::line(match &name {
            Some(n) => format!("{} is now called {:?}", self.me, n.as_str()),
            None => format!("{} has no name now", self.me),
        });
        Ok(())
    }

    /// A key while `entry` holds a name being typed: typing goes on, Esc gives up, and Enter keeps the name
    /// or shows why it cannot be kept. `entry` is `None` once done.
    pub fn type_name(&self, entry: &mut Option<NameEntry>, k: &ratatui::crossterm::event::KeyEvent, now: Instant) {
        let Some(e) = entry else { return };
        match e.key(k) {
            Typed::Editing => {}
            Typed::Cancelled => *entry = None,
            Typed::Done(text) => match self.rename(&text, now) {
                Ok(()) => *entry = None,
                Err(why) => e.problem = Some(crate::tui::text::sentence(&why)),
            },
        }
    }

    /// A room's game as the app's settings.
    pub fn settings_of(&self, s: &RoomSettings) -> Settings {
        let base = Settings::new(&PlayArgs::default(), &self.shared.config);
        Settings { game: s.game, size: s.size, swap: s.swap, ..base }
    }
}
