//! The spinner shown while the AI thinks (side panel, status line, review): a leaf the views share.

/// The spinner's frames.
const SPINNER: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/// The frames in ASCII mode, where braille is not drawn.
const ASCII_SPINNER: [char; 4] = ['|', '/', '-', '\\'];

/// The spinner's frame at tick `tick`, in braille or, in ASCII mode, in ASCII.
pub(crate) fn frame(tick: usize, ascii: bool) -> char {
    let frames: &[char] = if ascii { &ASCII_SPINNER } else { &SPINNER };
    frames[tick % frames.len()]
}
