//! What is drawn over the screen that is up, and takes the keys while it is: the help.
//!
//! | file | what lives there |
//! |---|---|
//! | [`help`] | the help overlay: open or not, how far scrolled |

pub mod help;
