//! The help overlay's state: open or not, and how far it is scrolled.

/// The help overlay.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Help {
    /// True while the help covers the rest of the screen.
    pub open: bool,
    /// How far it is scrolled down, in lines (the view clamps it).
    pub scroll: u16,
}
