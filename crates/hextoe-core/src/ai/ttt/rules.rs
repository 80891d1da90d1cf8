//! Crowley & Siegler's rule-based tic-tac-toe player.
//!
//! The first rule that applies picks the move; when it offers several cells, one is drawn at random:
//!
//! 1. **win**: complete a line of our own;
//! 2. **block**: fill the cell that would complete a line of the opponent's;
//! 3. **fork**: make two threats at once;
//! 4. **block a fork**: if the opponent could fork, make a threat of our own that forces its answer, where
//!    that is safe — following the forced answers to the end, the opponent never gets a fork; if no threat is
//!    that safe, take a cell it would fork on (one that leaves it no other fork, if there is one);
//! 5. **centre**; 6. **opposite corner** (to one the opponent holds); 7. **empty corner**; 8. **empty side**.
//!
//! Easy drops both fork rules, medium drops "block a fork", impossible uses all eight and never loses.

use super::choice::Choice;
use crate::ai::Level;
use crate::game::ttt::lines::{cell_list, cells_of, line_name, threats_of};
use crate::game::ttt::{Board, Cell, Outcome};
use rand::Rng;
use rand::seq::IndexedRandom;

/// The centre cell's bit.
const CENTRE: u16 = 1 << 4;
/// The four corners' bits.
const CORNERS: u16 = 1 | 1 << 2 | 1 << 6 | 1 << 8;
/// The four sides' bits.
const SIDES: u16 = 1 << 1 | 1 << 3 | 1 << 5 | 1 << 7;

/// The eight rules, in the order they are tried.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Complete a line.
    Win,
    /// Stop the opponent completing a line.
    Block,
    /// Make two threats at once.
    Fork,
    /// Keep the opponent from forking.
    BlockFork,
    /// Take the centre.
    Centre,
    /// Take the corner opposite one the opponent holds.
    OppositeCorner,
    /// Take any free corner.
    EmptyCorner,
    /// Take any free side.
    EmptySide,
}

impl Rule {
    /// All rules in the order they are tried.
    pub const ALL: [Rule; 8] = [
        Rule::Win,
        Rule::Block,
        Rule::Fork,
        Rule::BlockFork,
        Rule::Centre,
        Rule::OppositeCorner,
        Rule::EmptyCorner,
        Rule::EmptySide,
    ];

    /// Whether a player at `level` knows this rule: easy lacks both fork rules, medium lacks "block a fork".
    fn used_at(self, level: Level) -> bool {
        match self {
            Rule::Fork => level >= Level::Medium,
            Rule::BlockFork => level == Level::Impossible,
            _ => true,
        }
    }
}

/// The cells on which the player with stones `own` forks against `opp`: two threats at once.
fn fork_cells(own: u16, opp: u16) -> u16 {
    let mut forks = 0;
    for c in cells_of(crate::game::ttt::FULL & !(own | opp)) {
        if threats_of(own | c.bit(), opp).count_ones() >= 2 {
            forks |= c.bit();
        }
    }
    forks
}

/// For a forcing move `m` (one threat, so the answer is forced): the cell the opponent must answer on.
fn forced_answer(own: u16, opp: u16, m: Cell) -> Option<Cell> {
    let t = threats_of(own | m.bit(), opp);
    (t.count_ones() == 1).then(|| cells_of(t).next()).flatten()
}

/// Whether the forcing move `m` is safe. Follows the forced line — the opponent's answer, our block of any
/// single threat that answer makes, its answer to any single threat our block makes, and so on — until a
/// side moves freely: safe when the opponent never gets two threats at once and has no fork left when the
/// line ends. (Looking only at the first answer is not enough: from `.x./o../..x`, o's a1 forces x to a3,
/// whose threat on b3 o must block, and then x forks on c1.)
fn forcing_is_safe(own: u16, opp: u16, m: Cell) -> bool {
    let Some(t) = forced_answer(own, opp, m) else { return false };
    let (mut own, mut opp) = (own | m.bit(), opp | t.bit());
    // Our turn after each forced answer.
    loop {
        if threats_of(own, opp) != 0 {
            return true;
        }
        let theirs = threats_of(opp, own);
        match theirs.count_ones() {
            0 => return fork_cells(opp, own) == 0,
            1 => own |= theirs,
            _ => return false,
        }
        // Their turn after our forced block.
        let ours = threats_of(own, opp);
        match ours.count_ones() {
            0 => return fork_cells(opp, own) == 0,
            1 => opp |= ours,
            _ => return true,
        }
    }
}

/// The cells that make a safe forcing threat (see [`forcing_is_safe`]).
fn safe_forcing_moves(own: u16, opp: u16) -> u16 {
    let mut safe = 0;
    for m in cells_of(crate::game::ttt::FULL & !(own | opp)) {
        if forcing_is_safe(own, opp, m) {
            safe |= m.bit();
        }
    }
    safe
}

/// Rule 4's cells when the opponent (`opp`) has a fork: the safe forcing moves; else the fork cells whose
/// taking leaves it no fork at all; else any fork cell.
fn block_fork_cells(own: u16, opp: u16) -> u16 {
    let safe = safe_forcing_moves(own, opp);
    if safe != 0 {
        return safe;
    }
    let forks = fork_cells(opp, own);
    let clean = cells_of(forks).filter(|c| fork_cells(opp, own | c.bit()) == 0).fold(0, |m, c| m | c.bit());
    if clean != 0 { clean } else { forks }
}

/// The first rule a player at `level` can apply on `board`, with every cell it offers (as a mask); `None`
/// once the game is over. Exposed so tests can follow every choice the player might make.
pub fn offer(board: &Board, level: Level) -> Option<(Rule, u16)> {
    if board.outcome() != Outcome::Ongoing {
        return None;
    }
    let me = board.to_move();
    let (own, opp) = (board.mask(me), board.mask(me.opponent()));
    let empty = board.empty();
    let opposite = |corners: u16| {
        // Reversing the nine bits maps each cell to the one opposite it through the centre.
        let reversed = (corners.reverse_bits() >> 7) & crate::game::ttt::FULL;
        reversed & CORNERS
    };
    Rule::ALL.into_iter().filter(|r| r.used_at(level)).find_map(|rule| {
        let cells = match rule {
            Rule::Win => threats_of(own, opp),
            Rule::Block => threats_of(opp, own),
            Rule::Fork => fork_cells(own, opp),
            Rule::BlockFork if fork_cells(opp, own) == 0 => 0,
            Rule::BlockFork => block_fork_cells(own, opp),
            Rule::Centre => CENTRE,
            Rule::OppositeCorner => opposite(opp & CORNERS),
            Rule::EmptyCorner => CORNERS,
            Rule::EmptySide => SIDES,
        } & empty;
        (cells != 0).then_some((rule, cells))
    })
}

/// Picks a move by the rules `level` knows, uniformly among the cells the deciding rule offers, with the
/// reason. `evals` stays empty: the rules do not score moves. `None` once the game is over.
pub fn choose<R: Rng + ?Sized>(board: &Board, level: Level, rng: &mut R) -> Option<Choice> {
    let (rule, cells) = offer(board, level)?;
    let offered: Vec<Cell> = cells_of(cells).collect();
    let cell = *offered.choose(rng)?;
    let mut explanation = explain(board, rule, cell);
    if offered.len() > 1 {
        explanation.push_str(&format!(" (one of {} such cells, picked at random)", offered.len()));
    }
    Some(Choice { cell, explanation, evals: Vec::new() })
}

/// Says why `rule` plays `cell` on `board`.
pub fn explain(board: &Board, rule: Rule, cell: Cell) -> String {
    let me = board.to_move();
    let them = me.opponent();
    let (own, opp) = (board.mask(me), board.mask(them));
    match rule {
        Rule::Win => "wins now".into(),
        Rule::Block => {
            let line = board.threat_line(them, cell).map(line_name).unwrap_or_default();
            let others = threats_of(opp, own) & !cell.bit();
            if others == 0 {
                format!("blocks {them} on {line}")
            } else {
                format!("blocks {them} on {line}, though {them} can still win at {}", cell_list(others))
            }
        }
        Rule::Fork => {
            format!("forks: two threats at once, at {}", cell_list(threats_of(own | cell.bit(), opp)))
        }
        Rule::BlockFork => {
            let forks = cell_list(fork_cells(opp, own));
            match forced_answer(own, opp, cell) {
                Some(t) if safe_forcing_moves(own, opp) & cell.bit() != 0 => {
                    format!("makes a threat that forces {them} to answer at {t}, heading off its fork at {forks}")
                }
                _ => format!("takes {cell}, where {them} could fork (its fork cells: {forks})"),
            }
        }
        Rule::Centre => "takes the centre".into(),
        Rule::OppositeCorner => {
            let across = Cell::from_index(8 - cell.index()).map(|c| c.to_string()).unwrap_or_default();
            format!("takes the corner opposite {them}'s {across}")
        }
        Rule::EmptyCorner => "takes a free corner".into(),
        Rule::EmptySide => "takes a free side".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::ttt::parse_position;

    fn offered(pos: &str, level: Level) -> Option<(Rule, String)> {
        offer(&parse_position(pos).unwrap(), level).map(|(r, m)| (r, cell_list(m)))
    }

    #[test]
    fn rules_fire_in_order() {
        let s = |x: &str| x.to_string();
        assert_eq!(offered("xx./oo./...", Level::Easy), Some((Rule::Win, s("c1"))));
        assert_eq!(offered("xx./o../...", Level::Easy), Some((Rule::Block, s("c1"))));
        assert_eq!(offered("xo./.x./..o", Level::Medium), Some((Rule::Fork, s("a2 and a3"))));
        assert_eq!(offered("xo./.x./..o", Level::Easy), Some((Rule::EmptyCorner, s("c1 and a3"))));
        assert_eq!(offered(".........", Level::Impossible), Some((Rule::Centre, s("b2"))));
        assert_eq!(offered("o../.x./...", Level::Impossible), Some((Rule::OppositeCorner, s("c3"))));
        assert_eq!(offered("o../.x./..x", Level::Medium), Some((Rule::EmptyCorner, s("c1 and a3"))));
        // At impossible o must head off x's forks on c1 and a3; the safe threats are those corners.
        assert_eq!(offered("o../.x./..x", Level::Impossible), Some((Rule::BlockFork, s("c1 and a3"))));
    }

    #[test]
    fn blocks_a_diagonal_fork_by_forcing_on_a_side() {
        // x on opposite corners with o in the centre: a corner would force x onto a fork, a side does not.
        let b = parse_position("x../.o./..x").unwrap();
        assert_eq!(offer(&b, Level::Impossible), Some((Rule::BlockFork, SIDES)));
        let why = explain(&b, Rule::BlockFork, Cell::ALL[1]);
        assert_eq!(why, "makes a threat that forces x to answer at b3, heading off its fork at c1 and a3");
        // Medium does not know the rule and falls through to the corners, where x forks.
        assert_eq!(offered("x../.o./..x", Level::Medium), Some((Rule::EmptyCorner, "c1 and a3".into())));
    }
}
