//! The game screen: a board, the side panel beside it, the status and key lines below. The game itself (a
//! [`crate::tui::model::game::Match`]) outlives the screen — the menu resumes it, the review shows it — so
//! the session holds it; the screen's own state is the cell name being typed ([`typing::CellEntry`]), and
//! this file holds what the screen shows besides the game ([`Around`]).
//!
//! | file | what lives there |
//! |---|---|
//! | [`keys`] | what a key or a click does on the board: the cursor, typed cell names, digits, and the rest as outcomes for the app |
//! | [`typing`] | typing a cell name (`:f6`) after the goto key |
//! | [`view`] | the screen: board, side panel, footer, or the too-small screen |
//! | [`hex_board`], [`ttt_board`] | the two boards, drawn from a game (the review draws them too) |
//! | [`side_panel`] | players, whose turn, the moves, the AI's explanation, the hint and its heat map, the score |
//! | [`hints`] | the key line, following the game: in progress, finished, or two machines playing |

pub(crate) mod hex_board;
pub(crate) mod hints;
pub(crate) mod keys;
pub(crate) mod side_panel;
pub(crate) mod ttt_board;
pub mod typing;
pub(crate) mod view;

use crate::tui::persist::score::Score;
use std::time::Instant;

/// What the game screen shows besides the game.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Around<'a> {
    /// When the machine's search for this game's move started, while it runs (the spinner and seconds).
    pub thinking: Option<Instant>,
    /// Whether the machine is thinking on the person's time (pondering), which the panel says.
    pub pondering: bool,
    /// The score, shown in the side panel for a game that counts.
    pub score: &'a Score,
}
