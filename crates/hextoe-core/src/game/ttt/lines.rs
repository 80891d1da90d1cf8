//! Lines and threats: the facts about the eight winning lines that the search, the rules player and the
//! explanations all need.
//!
//! A *threat* of a player is an empty cell that would complete one of that player's lines (two of its stones
//! and no stone of the opponent). Two threats at once cannot both be blocked: that is a fork.

use super::{Board, Cell, Player, WIN_MASKS};

/// The empty cells that would complete a line for `p` on the board with stones `own` (p's) and `opp`.
///
/// Works on raw masks so that the rules player can ask "what if" without building boards.
pub(crate) fn threats_of(own: u16, opp: u16) -> u16 {
    let mut t = 0;
    for w in WIN_MASKS {
        if opp & w == 0 && (own & w).count_ones() == 2 {
            t |= w & !own;
        }
    }
    t
}

impl Board {
    /// The cells where `p` would complete a line now (see the module docs). Ignores whether the game is
    /// over: callers ask about positions still in play.
    pub fn threats(&self, p: Player) -> u16 {
        threats_of(self.mask(p), self.mask(p.opponent()))
    }

    /// The line through `c` that `p` threatens to complete there, if any (the first in [`WIN_MASKS`] order).
    pub(crate) fn threat_line(&self, p: Player, c: Cell) -> Option<u16> {
        let (own, opp) = (self.mask(p), self.mask(p.opponent()));
        WIN_MASKS.into_iter().find(|&w| w & c.bit() != 0 && opp & w == 0 && (own & w & !c.bit()).count_ones() == 2)
    }
}

/// The cells of a mask in reading order.
pub fn cells_of(mask: u16) -> impl Iterator<Item = Cell> {
    Cell::ALL.into_iter().filter(move |c| mask & c.bit() != 0)
}

/// A line's name from its two end cells, e.g. `a1–c1` for the top row or `c1–a3` for the anti-diagonal:
/// how the explanations name the line a move blocks or completes.
pub fn line_name(line: u16) -> String {
    let mut cells = cells_of(line);
    let first = cells.next();
    let last = cells.last();
    match (first, last) {
        (Some(a), Some(b)) => format!("{a}–{b}"),
        (Some(a), None) => a.to_string(),
        _ => String::new(),
    }
}

/// Cells as a readable list, e.g. `a1, b3 and c2`.
pub(crate) fn cell_list(mask: u16) -> String {
    let names: Vec<String> = cells_of(mask).map(|c| c.to_string()).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::ttt::parse_position;

    #[test]
    fn threats_need_two_stones_and_no_blocker() {
        let b = parse_position("xx./o../o..").unwrap();
        assert_eq!(b.threats(Player::X), Cell::ALL[2].bit());
        // o's column a is a1 (x), a2, a3: blocked, so o has no threat.
        assert_eq!(b.threats(Player::O), 0);
        let b = parse_position("x.x/.o./x.o").unwrap();
        // x: b1 completes the top row, a2 the left column.
        assert_eq!(b.threats(Player::X), Cell::ALL[1].bit() | Cell::ALL[3].bit());
        assert_eq!(b.threat_line(Player::X, Cell::ALL[1]), Some(0b111));
        assert_eq!(b.threat_line(Player::X, Cell::ALL[4]), None);
    }

    #[test]
    fn names() {
        assert_eq!(line_name(0b111), "a1–c1");
        assert_eq!(line_name(0b001_010_100), "c1–a3");
        assert_eq!(line_name(0b100_100_100), "c1–c3");
        assert_eq!(cell_list(0b1_0000_0011), "a1, b1 and c3");
        assert_eq!(cell_list(0b10), "b1");
        assert_eq!(cell_list(0), "");
    }
}
