//! The app's side of the AI worker: the jobs it has to send, the one search it waits for, and the current
//! game's [`PlayerTable`].
//!
//! Every job gets a new ticket. Only the search in [`AiClient::thinking`] is awaited; cancelling it raises
//! its stop flag and forgets its ticket, so its late reply is recognised by [`AiClient::accept`] as stale and
//! dropped. The players never come back to the app: they stay in the table, which jobs name.

use super::worker::{Job, PlayerTable, Players, Searcher, Task};
use crate::ai::Stop;
use crate::ai::hex::{HexPlayer, OnClock, PlayerSpec};
use crate::game::Seat;
use std::time::Instant;

/// What a running search is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The move of the machine at `seat` in game `match_id`.
    Move {
        /// The game.
        match_id: u64,
        /// The seat that moves.
        seat: Seat,
    },
    /// A hint for the person to move in game `match_id`.
    Hint {
        /// The game.
        match_id: u64,
    },
}

/// The search the app is waiting for.
#[derive(Clone, Debug)]
pub struct Thinking {
    /// The job's ticket.
    pub ticket: u64,
    /// Raised to cancel it.
    pub stop: Stop,
    /// When it started, for the elapsed seconds.
    pub started: Instant,
    /// What it is for.
    pub purpose: Purpose,
}

/// The jobs to send and the search awaited.
#[derive(Debug)]
pub struct AiClient {
    /// The search being waited for.
    pub thinking: Option<Thinking>,
    outbox: Vec<Job>,
    next_ticket: u64,
    /// The players of the current game, with its id, and whether its table has a hint player yet.
    table: Option<(u64, PlayerTable, bool)>,
    /// The pondering job, if any. It stays here after the job ends by itself, so that the same position
    /// is not pondered twice.
    pondering: Option<Pondering>,
}

/// A job that thinks on the person's time.
#[derive(Debug)]
struct Pondering {
    /// The game.
    match_id: u64,
    /// The move it ponders.
    ply: usize,
    /// Raised to stop it.
    stop: Stop,
    /// Its ticket, to tell when it has ended by itself.
    ticket: u64,
    /// Whether it is still running, for the side panel's sign.
    running: bool,
}

impl Default for AiClient {
    fn default() -> AiClient {
        AiClient { thinking: None, outbox: Vec::new(), next_ticket: 1, table: None, pondering: None }
    }
}

impl AiClient {
    /// Gives game `match_id` these machine players, replacing any earlier game's. A game that only changed
    /// its players (resumed with other settings) keeps its warm hint player when the worker is not using it.
    pub(crate) fn seat_players(&mut self, match_id: u64, seats: [Option<Box<HexPlayer>>; 2], same_game: bool) {
        let table = Players::table(seats);
        let hint = match (&self.table, same_game) {
            (Some((_, old, true)), true) => Players::keep_hint(old, &table),
            _ => false,
        };
        self.table = Some((match_id, table, hint));
    }

    /// A Hex search by the player at `seat` of game `match_id`; `None` if that game has no table.
    /// On a clock (`clock`), the player plans its search from the time it has left.
    pub(crate) fn seat_task(
        &self,
        match_id: u64,
        seat: Seat,
        game: &crate::game::hex::Game,
        clock: Option<OnClock>,
    ) -> Option<Task> {
        let (id, players, _) = self.table.as_ref()?;
        (*id == match_id).then(|| Task::Hex {
            players: players.clone(),
            searcher: Searcher::Seat(seat),
            game: Box::new(game.clone()),
            clock,
        })
    }

    /// A Hex hint search for game `match_id`. The hint player is made on the worker the first time, from
    /// `make` (called only then, so that the seed is drawn only then).
    pub(crate) fn hint_task(
        &mut self,
        match_id: u64,
        game: &crate::game::hex::Game,
        make: impl FnOnce() -> (PlayerSpec, u64),
    ) -> Option<Task> {
        let (id, players, made) = self.table.as_mut()?;
        if *id != match_id {
            return None;
        }
        let make = (!*made).then(make);
        *made = true;
        Some(Task::Hex {
            players: players.clone(),
            searcher: Searcher::Hint { make },
            game: Box::new(game.clone()),
            clock: None,
        })
    }

    /// The hint player could not be made: the next hint tries again.
    pub(crate) fn hint_failed(&mut self) {
        if let Some((_, _, made)) = &mut self.table {
            *made = false;
        }
    }

    /// Queues a search and waits for it (only one is awaited at a time). Pondering stops first: the worker
    /// runs one job at a time.
    pub(crate) fn submit(&mut self, purpose: Purpose, task: Task, now: Instant) {
        self.stop_pondering();
        let stop = self.queue(task);
        self.thinking = Some(Thinking { ticket: self.next_ticket - 1, stop, started: now, purpose });
    }

    /// Queues a job under a new ticket and returns its stop flag.
    fn queue(&mut self, task: Task) -> Stop {
        let ticket = self.next_ticket;
        self.next_ticket += 1;
        let stop = Stop::new();
        self.outbox.push(Job { ticket, stop: stop.clone(), task });
        stop
    }

    /// Lets the machine at `seat` of game `match_id` think on the person's time at move `ply`, unless it
    /// already does (or did) at that very move. Nobody waits for the job: the next [`AiClient::submit`]
    /// stops it, and its reply is dropped.
    pub(crate) fn ponder(&mut self, match_id: u64, ply: usize, seat: Seat, game: &crate::game::hex::Game) {
        if self.pondering_at() == Some((match_id, ply)) {
            return;
        }
        self.stop_pondering();
        let Some((_, players, _)) = self.table.as_ref().filter(|(id, _, _)| *id == match_id) else { return };
        let task = Task::Ponder { players: players.clone(), seat, game: Box::new(game.clone()) };
        let stop = self.queue(task);
        let ticket = self.next_ticket - 1;
        self.pondering = Some(Pondering { match_id, ply, stop, ticket, running: true });
    }

    /// The game and move being pondered (or pondered last, if that job ended by itself).
    pub(crate) fn pondering_at(&self) -> Option<(u64, usize)> {
        self.pondering.as_ref().map(|p| (p.match_id, p.ply))
    }

    /// Whether the machine of game `match_id` is thinking on the person's time right now, so that the side
    /// panel can say so (and why the fan turns).
    pub fn is_pondering(&self, match_id: u64) -> bool {
        self.pondering.as_ref().is_some_and(|p| p.match_id == match_id && p.running)
    }

    /// Stops pondering, at once.
    pub(crate) fn stop_pondering(&mut self) {
        if let Some(p) = self.pondering.take() {
            p.stop.stop();
        }
    }

    /// Cancels the search being waited for, at once: its stop flag is raised and its reply will be dropped.
    /// Pondering stops too.
    pub(crate) fn cancel(&mut self) {
        self.stop_pondering();
        if let Some(t) = self.thinking.take() {
            t.stop.stop();
        }
    }

    /// What a reply with this ticket was for, if it is the one awaited (which it then no longer is).
    pub(crate) fn accept(&mut self, ticket: u64) -> Option<Purpose> {
        if let Some(p) = self.pondering.as_mut().filter(|p| p.ticket == ticket) {
            p.running = false;
        }
        let purpose = self.thinking.as_ref().filter(|t| t.ticket == ticket).map(|t| t.purpose);
        if purpose.is_some() {
            self.thinking = None;
        }
        purpose
    }

    /// Jobs for the worker, taken out of the client.
    pub fn take_jobs(&mut self) -> Vec<Job> {
        std::mem::take(&mut self.outbox)
    }
}
