//! What is drawn over the screen that is up, and takes the keys while it is up: the help and a question
//! that waits for a yes. Each file holds the overlay's state, its keys and its drawing.
//!
//! | file | what lives there |
//! |---|---|
//! | [`help`] | the help: every action with its keys, the marks on the boards; scrolled, closed by any other key |
//! | [`confirm`] | a question that waits for a yes (discarding a game in progress) and its box |

pub mod confirm;
pub mod help;
