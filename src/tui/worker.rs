//! The AI worker thread: the app sends it a [`Job`], it runs the search and sends back a [`Reply`].
//!
//! A Hex player travels inside the job and comes back inside the reply — also when the search was
//! cancelled — so its MCTS tree (or its engine process) stays warm from move to move. Every job carries a
//! [`Stop`] flag the app raises to cancel it, and a ticket so that the app can tell a stale reply from the
//! one it waits for. The search itself is [`execute`], which tests call directly, without a thread.

use crate::ai::hex::{AiError, HexChoice, HexPlayer};
use crate::ai::ttt::{self, Choice, Style};
use crate::ai::{Level, Stop};
use crate::game::{hex, ttt as ttt_game};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::sync::mpsc::{Receiver, Sender};
use std::thread;

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
    /// A Hex move (or hint) by this player.
    Hex {
        /// The player, with its warm state.
        player: Box<HexPlayer>,
        /// The game so far.
        game: Box<hex::Game>,
    },
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
    /// Hex: the player comes home with its result.
    Hex {
        /// The player, to be kept for the next move.
        player: Box<HexPlayer>,
        /// Its choice, or why there is none.
        result: Result<HexChoice, AiError>,
    },
}

/// Runs one job on the calling thread.
pub fn execute(job: Job) -> Reply {
    let answer = match job.task {
        Task::Ttt { board, style, level, depth, seed } => {
            let mut rng = StdRng::seed_from_u64(seed);
            Answer::Ttt(ttt::choose(&board, style, level, depth, &mut rng))
        }
        Task::Hex { mut player, game } => {
            let result = player.choose(&game, &job.stop);
            Answer::Hex { player, result }
        }
    };
    Reply { ticket: job.ticket, answer }
}

/// Starts the worker thread. It runs jobs one after another and sends each reply through `wrap` into the
/// app's event channel; it ends when the job channel closes or the event channel is gone. A search that
/// panics is reported through `crashed` (with the panic's message) instead of leaving the app waiting.
pub fn spawn<E: Send + 'static>(
    jobs: Receiver<Job>,
    events: Sender<E>,
    wrap: fn(Reply) -> E,
    crashed: fn(String) -> E,
) -> std::io::Result<thread::JoinHandle<()>> {
    thread::Builder::new().name("hextoe-ai".into()).spawn(move || {
        while let Ok(job) = jobs.recv() {
            let ev = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| execute(job))) {
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
