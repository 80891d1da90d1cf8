//! What a room client needs of its session: the server, who the client is, the bindings, and how to make
//! the game app that shows a room's game.

use crate::cli::PlayArgs;
use crate::serve::identity::Identity;
use crate::serve::room::settings::RoomSettings;
use crate::serve::shared::Shared;
use crate::tui::action::KeyMap;
use crate::tui::app::{App, AppOptions};
use crate::tui::model::settings::Settings;
use std::time::Duration;

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
        app.resize(self.size.0, self.size.1);
        app
    }

    /// A room's game as the app's settings.
    pub fn settings_of(&self, s: &RoomSettings) -> Settings {
        let base = Settings::new(&PlayArgs::default(), &self.shared.config);
        Settings { game: s.game, size: s.size, swap: s.swap, ..base }
    }
}
