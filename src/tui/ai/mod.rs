//! The AI as the game uses it: a worker thread runs every search, the app waits for at most one, and the
//! machine's turns and hints are decided here and applied by the app.
//!
//! | file | what lives there |
//! |---|---|
//! | [`gate`] | the bound on searches at once when many apps share a process (the SSH server), first come first served |
//! | [`client`] | the app's side of the worker: jobs to send under tickets, the one search awaited, cancelling, pondering, each game's players |
//! | [`worker`] | the thread, its jobs and replies, and each game's Hex players, which stay on it from move to move |
//! | [`turns`] | when the machine moves or ponders, what a move or a hint searches, what a reply means |

pub mod client;
pub mod gate;
pub(crate) mod turns;
pub mod worker;
