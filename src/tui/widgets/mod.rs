//! The drawing pieces the screens share. Each is a leaf over the theme and the geometry: none knows a screen.
//!
//! | file | what lives there |
//! |---|---|
//! | [`chrome`] | what every view draws with besides its own state: theme, keys, the status line, the spinner |
//! | [`footer`] | the status line(s) and the key line at the bottom of every screen |
//! | [`panel`] | the rounded frame of the menu, the saves list and the primer |
//! | [`too_small`] | the screen shown when the terminal is smaller than what is up needs |
//! | [`wrap`] | plain word wrapping |
//! | [`spinner`] | the spinner's frames |

pub mod chrome;
pub mod footer;
pub mod panel;
pub mod spinner;
pub mod too_small;
pub mod wrap;
