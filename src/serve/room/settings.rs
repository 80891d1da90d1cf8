//! What a room's game is made from: the game, the board size, the swap rule, the clock, whether hints are
//! allowed, and which colour the room's host takes. The first to arrive may change them while waiting;
//! otherwise the defaults apply: Hex 11×11 with the config's swap rule.

use crate::config::Config;
use crate::game::clock::TimeControl;
use crate::game::hex::MAX_SIZE;
use crate::game::{GameKind, Seat};
use std::time::Duration;

/// Which seat the host takes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum HostSeat {
    /// Chosen at random when the game starts.
    Random,
    /// The host moves first (x, or Black).
    First,
    /// The host moves second (o, or White).
    Second,
}

impl HostSeat {
    /// Every choice, in the order the waiting room cycles through them.
    pub const ALL: [HostSeat; 3] = [HostSeat::Random, HostSeat::First, HostSeat::Second];

    /// The seat, given a coin for [`HostSeat::Random`].
    pub fn seat(self, coin: bool) -> Seat {
        match self {
            HostSeat::First => Seat::First,
            HostSeat::Second => Seat::Second,
            HostSeat::Random if coin => Seat::First,
            HostSeat::Random => Seat::Second,
        }
    }
}

/// The clocks the waiting room offers, in minutes and seconds of increment; `None` is no clock.
pub const CLOCKS: [Option<(u64, u64)>; 7] =
    [None, Some((1, 0)), Some((3, 2)), Some((5, 3)), Some((10, 5)), Some((15, 10)), Some((30, 20))];

/// A room's game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomSettings {
    /// Which game.
    pub game: GameKind,
    /// The Hex board's side.
    pub size: usize,
    /// The Hex swap rule.
    pub swap: bool,
    /// The clock, if any.
    pub clock: Option<TimeControl>,
    /// Whether the players may ask for hints.
    pub hints: bool,
    /// The host's seat.
    pub host: HostSeat,
}

impl RoomSettings {
    /// The defaults: Hex at the config's size (11×11 unless changed) with its swap rule and clock, no hints.
    pub fn new(config: &Config) -> RoomSettings {
        RoomSettings {
            game: GameKind::Hex,
            size: config.hex.size.0.clamp(1, MAX_SIZE),
            swap: config.hex.swap,
            clock: config.clock.0,
            hints: false,
            host: HostSeat::Random,
        }
    }

    /// A clock from the [`CLOCKS`] table.
    pub fn clock_of(entry: Option<(u64, u64)>) -> Option<TimeControl> {
        entry.map(|(m, s)| TimeControl { main: Duration::from_secs(m * 60), increment: Duration::from_secs(s) })
    }

    /// Moves the clock one step through [`CLOCKS`] (`dir` +1 or −1); a clock not in the table goes to none.
    pub fn step_clock(&mut self, dir: i64) {
        let now = CLOCKS.iter().position(|c| RoomSettings::clock_of(*c) == self.clock).unwrap_or(0) as i64;
        let n = CLOCKS.len() as i64;
        self.clock = RoomSettings::clock_of(CLOCKS[(now + dir).rem_euclid(n) as usize]);
    }

    /// The game in a few words: "Hex 11×11, swap rule, 5+3 clock", "tic-tac-toe, no clock".
    pub fn describe(&self) -> String {
        let game = match self.game {
            GameKind::Tictactoe => "tic-tac-toe".to_string(),
            GameKind::Hex if self.swap => format!("Hex {0}×{0}, swap rule", self.size),
            GameKind::Hex => format!("Hex {0}×{0}", self.size),
        };
        let clock = self.clock.map_or("no clock".to_string(), |c| format!("{c} clock"));
        let hints = if self.hints { ", hints allowed" } else { "" };
        format!("{game}, {clock}{hints}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_steps_round_its_table_and_the_game_describes_itself() {
        let mut s = RoomSettings::new(&Config::default());
        assert_eq!(s.describe(), "Hex 11×11, no clock");
        s.step_clock(-1);
        assert_eq!(s.clock.map(|c| c.to_string()), Some("30+20".into()));
        s.step_clock(1);
        s.step_clock(1);
        assert_eq!(s.clock.map(|c| c.to_string()), Some("1+0".into()));
        s.swap = true;
        s.hints = true;
        assert_eq!(s.describe(), "Hex 11×11, swap rule, 1+0 clock, hints allowed");
        assert_eq!((HostSeat::Random.seat(true), HostSeat::Random.seat(false)), (Seat::First, Seat::Second));
    }
}
