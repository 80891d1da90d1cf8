//! ASCII mode (`[ui] ascii = true`, `--ascii`): the screen in plain ASCII, for terminals and fonts without
//! box-drawing characters, braille or the stones' circles.
//!
//! The views draw as always, and [`transliterate`] then rewrites the finished frame cell by cell. Doing it
//! once, at the end, means that no widget can forget ASCII mode, ratatui's own borders and chart included,
//! and a cell stays one column wide, so that every layout is the same in both modes. [`GLYPHS`] is the one
//! table of what each drawn character becomes; text that reaches the screen from elsewhere (a player's name,
//! a typed cell) is spelt in ASCII by the `deunicode` crate when that takes one letter, else shown as `?`.

use ratatui::buffer::Buffer;

/// Every non-ASCII character hextoe draws, and its ASCII stand-in, one column wide like the original.
pub const GLYPHS: &[(char, char)] = &[
    // Hex stones, the empty cell, the edges.
    ('●', 'B'),
    ('○', 'W'),
    ('·', '.'),
    ('╲', '\\'),
    ('╱', '/'),
    ('╳', 'X'),
    // Tic-tac-toe's big o.
    ('╭', '.'),
    ('╮', '.'),
    ('╰', '\''),
    ('╯', '\''),
    // Frames, rules and tables.
    ('─', '-'),
    ('━', '-'),
    ('│', '|'),
    ('┃', '|'),
    ('┌', '+'),
    ('┐', '+'),
    ('└', '+'),
    ('┘', '+'),
    ('├', '+'),
    ('┤', '+'),
    ('┬', '+'),
    ('┴', '+'),
    ('┼', '+'),
    // Marks: the suggestion, proven wins and losses, the turn, a point of the review graph.
    ('★', '*'),
    ('✓', '+'),
    ('✗', 'x'),
    ('▶', '>'),
    ('•', '*'),
    ('█', '#'),
    // Punctuation in sentences and key names.
    ('×', 'x'),
    ('–', '-'),
    ('—', '-'),
    ('−', '-'),
    ('…', '.'),
    ('‹', '<'),
    ('›', '>'),
    ('←', '<'),
    ('→', '>'),
    ('↑', '^'),
    ('↓', 'v'),
    ('∞', '*'),
];

/// The ASCII stand-in for one character: itself if it is ASCII, then [`GLYPHS`], then a braille pattern
/// (the review graph's curve) as the mark nearest the height of its dots, then `deunicode`'s spelling when
/// that is one letter (é → e), else `?`.
pub fn ascii_char(c: char) -> char {
    if c.is_ascii() {
        return c;
    }
    if let Some(&(_, a)) = GLYPHS.iter().find(|(g, _)| *g == c) {
        return a;
    }
    if let Some(a) = braille(c) {
        return a;
    }
    match deunicode::deunicode_char(c).map(|s| s.as_bytes()) {
        Some([b]) if b.is_ascii_graphic() || *b == b' ' => *b as char,
        _ => '?',
    }
}

/// A braille pattern (U+2800 to U+28FF) as one mark by where its dots are: `'` high in the cell, `-` in the
/// middle, `.` low, `|` for dots over three rows or more, a space for none.
fn braille(c: char) -> Option<char> {
    let dots = (c as u32).checked_sub(0x2800).filter(|d| *d <= 0xff)?;
    // The bits of each of the four rows of dots, top to bottom (dots 1 4, 2 5, 3 6, 7 8).
    const ROWS: [u32; 4] = [0b0000_1001, 0b0001_0010, 0b0010_0100, 0b1100_0000];
    let rows: Vec<usize> = (0..4).filter(|&r| dots & ROWS[r] != 0).collect();
    let (Some(&top), Some(&bottom)) = (rows.first(), rows.last()) else { return Some(' ') };
    Some(match (bottom - top, top + bottom) {
        (2.., _) => '|',
        (_, 0 | 1) => '\'',
        (_, 2 | 3) => '-',
        _ => '.',
    })
}

/// Rewrites every cell of a drawn frame in ASCII. Each cell keeps its colours and stays one column wide.
pub fn transliterate(buf: &mut Buffer) {
    for cell in buf.content.iter_mut() {
        let symbol = cell.symbol();
        if symbol.is_ascii() {
            continue;
        }
        // A cell holds one character, or one plus combining marks (which ASCII has no room for).
        let first = symbol.chars().next().map_or(' ', ascii_char);
        cell.set_char(first);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_glyph_has_one_stand_in_and_it_is_ascii() {
        for (i, (g, a)) in GLYPHS.iter().enumerate() {
            assert!(!g.is_ascii() && a.is_ascii_graphic(), "{g} → {a}");
            assert!(GLYPHS[..i].iter().all(|(h, _)| h != g), "{g} twice");
        }
    }

    #[test]
    fn letters_are_spelt_and_the_rest_is_a_question_mark() {
        assert_eq!(ascii_char('é'), 'e');
        assert_eq!(ascii_char('ß'), '?', "ss takes two columns");
        assert_eq!(ascii_char('\u{1F600}'), '?');
        assert_eq!(ascii_char('k'), 'k');
    }

    #[test]
    fn braille_becomes_the_mark_at_the_height_of_its_dots() {
        assert_eq!(braille('\u{2800}'), Some(' '));
        assert_eq!(braille('⠁'), Some('\''), "dot 1: top row");
        assert_eq!(braille('⠒'), Some('-'), "dots 2 and 5: second row");
        assert_eq!(braille('⠤'), Some('.'), "dots 3 and 6: third row");
        assert_eq!(braille('⣀'), Some('.'), "dots 7 and 8: bottom row");
        assert_eq!(braille('⡇'), Some('|'), "dots 1 2 3 7: a whole column");
        assert_eq!(braille('a'), None);
    }

    #[test]
    fn a_frame_is_rewritten_cell_by_cell() {
        let mut buf = Buffer::with_lines(["┌─●─┐", "│é★…│"]);
        transliterate(&mut buf);
        assert_eq!(buf, Buffer::with_lines(["+-B-+", "|e*.|"]));
    }
}
