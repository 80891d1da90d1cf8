//! hextoe's text protocol, GTP version 2 with the HTP commands of HexGui and MoHex: both ends of it.
//!
//! `hextoe engine` answers requests with it, and the external-engine client
//! ([`crate::ai::hex::players::external`]) sends requests and reads answers with it, so the two cannot drift apart.
//!
//! - [`lines`]: bounded, lossy line reading, the first defence against a hostile peer.
//! - [`framing`]: a line split into [`Command`] words; answers written and read back.
//! - [`command`]: the one table of commands, for parsing, `list_commands` and `known_command`.
//! - [`request`]: a [`Command`] read once into a typed [`Request`], and written back as a line.
//! - [`reply`]: what a request comes to, an [`Answer`] or a [`Refusal`].
//! - [`time`]: `time_settings` and `time_left`, and an engine's view of the controller's clock.

pub mod command;
pub mod framing;
pub mod lines;
pub mod reply;
pub mod request;
pub mod time;

pub use command::Verb;
pub use framing::{Command, Parsed};
pub use lines::ReadLine;
pub use reply::{Answer, Refusal, Reply};
pub use request::{HexRequest, Request, SessionRequest, TttRequest};
pub use time::{GtpClock, TimeSettings};
