//! The AI worker thread: the app sends it a [`Job`], it runs the search and sends back a [`Reply`].
//!
//! The Hex players of a game live in its [`Players`] table, which the worker alone uses: a job names the
//! seat (or the hint) it wants a move from, never carries a player, so each MCTS tree (or engine process)
//! stays warm from move to move without travelling. Jobs run one after another, so a cancelled search —
//! its [`Stop`] flag raised — simply finishes before the next one starts; its reply carries a ticket the app
//! no longer waits for and is dropped. The search itself is [`execute`], which tests call directly, without
//! a thread.

use crate::ai::hex::{HexChoice, HexPlayer, OnClock, PlayerSpec};
use crate::ai::ttt::{self, Choice, Style};
use crate::ai::{Level, Stop};
use crate::game::{Seat, hex, ttt as ttt_game};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;

/// The Hex players of one game: one per machine seat, and the hint player once a hint was asked for.
#[derive(Debug, Default)]
pub struct Players {
    seats: [Option<Box<HexPlayer>>; 2],
    hint: Option<Box<HexPlayer>>,
}

/// A game's players, shared by its jobs. The app makes the table when it makes the players and from then
/// on only hands it on: the worker is the one that locks it, one job at a time.
pub(crate) type PlayerTable = Arc<Mutex<Players>>;

impl Players {
    /// The table of a game whose machine seats have these players (none for people or tic-tac-toe).
    pub(crate) fn table(seats: [Option<Box<HexPlayer>>; 2]) -> PlayerTable {
        Arc::new(Mutex::new(Players { seats, hint: None }))
    }

    /// Hands the warm hint player of an old table to this one, if the old one is not in use right now.
    pub(crate) fn keep_hint(from: &PlayerTable, to: &PlayerTable) -> bool {
        let (Ok(mut from), Ok(mut to)) = (from.try_lock(), to.try_lock()) else { return false };
        to.hint = from.hint.take();
        to.hint.is_some()
    }
}

/// Whose move a Hex search is for.
#[derive(Clone, Debug)]
pub enum Searcher {
    /// The player at this seat.
    Seat(Seat),
    /// The hint player (the impossible level); made from `spec` and `seed` on the first hint of a game.
    Hint {
        /// How to make the hint player, if the table has none yet.
        make: Option<(PlayerSpec, u64)>,
    },
}

/// One search to run.
#[derive(Debug)]
pub struct Job {
    /// Tells this job's reply apart from older ones.
    pub ticket: u64,
    /// Raised by the app to cancel the search.
    pub stop: Stop,
    /// What to search.
    pub task: Task,
}

/// The search itself.
#[derive(Debug)]
pub enum Task {
    /// A tic-tac-toe move (or hint) for the side to move.
    Ttt {
        /// The position.
        board: ttt_game::Board,
        /// Minimax or rules.
        style: Style,
        /// The level (the rules player drops rules at lower levels).
        level: Level,
        /// The depth limit in plies.
        depth: u32,
        /// Seed for the random choice among equal moves.
        seed: u64,
    },
    /// Thinking on the person's time: the machine at `seat` grows its search tree of `game`, where the
    /// person is to move, until the job's stop flag is raised (see [`HexPlayer::ponder`]).
    Ponder {
        /// The game's players.
        players: PlayerTable,
        /// The machine's seat.
        seat: Seat,
        /// The game so far, the person to move.
        game: Box<hex::Game>,
    },
    /// A Hex move (or hint) by one of the game's players.
    Hex {
        /// The game's players.
        players: PlayerTable,
        /// Which of them.
        searcher: Searcher,
        /// The game so far.
        game: Box<hex::Game>,
        /// The searcher's clock, when the game is played on one: it plans its move from the time left.
        clock: Option<OnClock>,
    },
}

impl Job {
    /// True for a pondering job, which runs until it is stopped: code that runs jobs inline, without the
    /// worker thread (tests, the screenshot scenes), leaves these out, as nothing would stop them.
    pub fn is_pondering(&self) -> bool {
        matches!(self.task, Task::Ponder { .. })
    }
}

/// What came back.
#[derive(Debug)]
pub struct Reply {
    /// The job's ticket.
    pub ticket: u64,
    /// The answer.
    pub answer: Answer,
}

/// A search's answer.
#[derive(Debug)]
pub enum Answer {
    /// Tic-tac-toe: `None` only if the game was already over.
    Ttt(Option<Choice>),
    /// Hex: the player's choice, or why there is none.
    Hex(Result<HexChoice, String>),
    /// Pondering ended (stopped, or out of time) after this much work (simulations, or solver positions
    /// after a move proven won); nobody waits for it.
    Pondered(u64),
}

/// Runs one job on the calling thread.
pub fn execute(job: Job) -> Reply {
    let answer = match job.task {
        Task::Ttt { board, style, level, depth, seed } => {
            let mut rng = StdRng::seed_from_u64(seed);
            Answer::Ttt(ttt::choose(&board, style, level, depth, &mut rng))
        }
        Task::Hex { players, searcher, game, clock } => {
            Answer::Hex(search_hex(&players, searcher, &game, clock, &job.stop))
        }
        Task::Ponder { players, seat, game } => {
            let mut players = players.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            Answer::Pondered(players.seats[seat.index()].as_mut().map_or(0, |p| p.ponder(&game, &job.stop)))
        }
    };
    Reply { ticket: job.ticket, answer }
}

fn search_hex(
    players: &PlayerTable,
    searcher: Searcher,
    game: &hex::Game,
    clock: Option<OnClock>,
    stop: &Stop,
) -> Result<HexChoice, String> {
    // A search that panicked is reported by `spawn`, which ends the app; the table is not used again.
    let mut players = players.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let player = match searcher {
        Searcher::Seat(s) => players.seats[s.index()].as_mut(),
        Searcher::Hint { make } => {
            if let (None, Some((spec, seed))) = (&players.hint, make) {
                players.hint = Some(Box::new(HexPlayer::new(spec, seed).map_err(|e| e.to_string())?));
            }
            players.hint.as_mut()
        }
    };
    let player = player.ok_or_else(|| "there is no player for this seat".to_string())?;
    match clock {
        Some(clock) => player.choose_on_clock(game, stop, clock),
        None => player.choose(game, stop),
    }
    .map_err(|e| e.to_string())
}

/// Starts the worker thread. It runs jobs one after another and sends each reply through `wrap` into the
/// app's event channel; it ends when the job channel closes or the event channel is gone. A search that
/// panics is reported through `crashed` (with the panic's message) instead of leaving the app waiting.
pub(crate) fn spawn<E: Send + 'static>(
    jobs: Receiver<Job>,
    events: Sender<E>,
    wrap: fn(Reply) -> E,
    crashed: fn(String) -> E,
) -> std::io::Result<thread::JoinHandle<()>> {
    thread::Builder::new().name("hextoe-ai".into()).spawn(move || {
        while let Ok(job) = jobs.recv() {
            // Where many apps share the machine (the SSH server), each search waits for its turn.
            let permit = super::gate::admit();
            let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| execute(job)));
            drop(permit);
            let ev = match ran {
                Ok(reply) => wrap(reply),
                Err(p) => {
                    let why = p
                        .downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| p.downcast_ref::<String>().cloned())
                        .unwrap_or_else(|| "unknown error".into());
                    let _ = events.send(crashed(why));
                    break;
                }
            };
            if events.send(ev).is_err() {
                break;
            }
        }
    })
}
