//! What outlives a run of the game, in the data directory: saved games and what they say about their players,
//! the list "Load game" shows, the autosave of the game in progress, and the score. None of it knows of
//! screens or keys; the app turns what it reports into status lines.
//!
//! | file | what lives there |
//! |---|---|
//! | [`storage`] | the data directory: atomic writes, new names that never replace a file, locks, bounded reads, files kept aside |
//! | [`save`], [`save_info`] | a saved game's file, its format told by its name or content, and what it records: players, names, level, style, clock, ending, date |
//! | [`sgf_file`], [`ttt_file`] | the two formats: SGF for Hex, a move list for tic-tac-toe |
//! | [`history`] | every game that ends (or is left for another), kept in `history/` |
//! | [`listing`] | the saves and the history as "Load game" lists them, newest first, each file read or why it cannot be |
//! | [`autosave`] | the game in progress after every move, one slot per running copy, for "Resume last game" |
//! | [`score`] | wins, draws and losses against the AI per game and level, added up across running copies |
//! | [`session`] | the game on screen and what outlives it: the last run's game, the score, this copy's autosave |

pub mod autosave;
pub mod history;
pub mod listing;
pub mod save;
pub mod save_info;
pub mod score;
pub mod session;
pub mod sgf_file;
pub mod storage;
pub mod ttt_file;
