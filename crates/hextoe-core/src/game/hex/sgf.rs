//! HexGui's SGF, written and read: `(;FF[4]GM[11]SZ[11];B[f6];W[swap-pieces];W[e7]…)`.
//!
//! Cells are written as HexGui writes them (`f6`: column letter, row number from the top); the swap is
//! `swap-pieces` (HexGui's older `swap` is read too) and is White's move, after which White moves again.
//! A game that starts from a position puts it in the root node as `AB`/`AW` setup with `PL` for the side to
//! move. The reader follows the main line (the first variation of every branch), ignores properties it
//! does not know (comments, times, player names…), and stops at a `resign`.

use super::position::{ParsePositionError, board_from_stones};
use super::{Board, Cell, Color, Game, HexMove, HexMoveError, MAX_SIZE, ParseCellError};
use crate::text::quote;
use std::fmt::Write;

/// Why an SGF file could not be read. Every message says where and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SgfError {
    /// The text is not SGF at that point.
    #[error("line {line}: {message}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// What was wrong and what was expected.
        message: String,
    },
    /// The file stops in the middle.
    #[error("the file is truncated: it ends {0}")]
    Truncated(&'static str),
    /// A game other than Hex.
    #[error("GM[{0}] is not a Hex game: expected GM[11]")]
    NotHex(String),
    /// A bad or unsupported board size.
    #[error("SZ[{0}] is not a board size hextoe plays: expected SZ[n] or SZ[n:n] with n from 1 to {MAX_SIZE}")]
    Size(String),
    /// A bad cell in a move or setup.
    #[error("{prop}[{value}]: {source}")]
    Cell {
        /// The property, e.g. `B` or `AW`.
        prop: String,
        /// The value as written, quoted by its first 40 characters ([`quote`]).
        value: String,
        /// Why.
        source: ParseCellError,
    },
    /// The setup position cannot arise in a game.
    #[error("the setup position (AB/AW) is impossible: {0}")]
    Setup(ParsePositionError),
    /// Setup after the first move.
    #[error("setup ({0}) after moves have been played is not supported")]
    LateSetup(String),
    /// `PL` names the wrong side.
    #[error("PL[{0}] disagrees with the setup, where {1} is to move")]
    Player(String, Color),
    /// A move the rules refuse at that point, out of turn included.
    #[error("move {index} ({prop}[{value}]) is illegal: {source}")]
    Illegal {
        /// 1-based move number.
        index: usize,
        /// `B` or `W`.
        prop: String,
        /// The move as written.
        value: String,
        /// Why.
        source: HexMoveError,
    },
}

/// Writes a game as HexGui SGF: the root node with size and setup, then one node per move.
pub fn write(game: &Game) -> String {
    write_with(game, &[])
}

/// [`write`](fn@write) with more root properties, such as `PB[…]`, `PW[…]` and `RE[…]`; values are escaped.
pub fn write_with(game: &Game, root: &[(&str, &str)]) -> String {
    write_annotated(game, root, |_, _| Vec::new())
}

/// Writes `prop[value]` with the value escaped (`\` and `]`).
fn property(s: &mut String, prop: &str, value: &str) {
    let escaped = value.replace('\\', "\\\\").replace(']', "\\]");
    let _ = write!(s, "{prop}[{escaped}]");
}

/// [`write_with`], and more properties on the moves' nodes: `moves(k, colour)` gives those of move `k + 1`,
/// played by `colour`, such as the time left after it (`BL[…]` or `WL[…]`). Values are escaped.
pub fn write_annotated(
    game: &Game,
    root: &[(&str, &str)],
    moves: impl Fn(usize, Color) -> Vec<(&'static str, String)>,
) -> String {
    let size = game.size();
    let mut s = format!("(;FF[4]GM[11]AP[hextoe:{}]SZ[{size}]", env!("CARGO_PKG_VERSION"));
    for (prop, value) in root {
        property(&mut s, prop, value);
    }
    let start = game.start();
    if start.stone_count() > 0 {
        for (prop, color) in [("AB", Color::Black), ("AW", Color::White)] {
            let stones = start.stones(color);
            if !stones.is_empty() {
                s.push_str(prop);
                for c in stones.iter() {
                    let _ = write!(s, "[{c}]");
                }
            }
        }
        let _ = write!(s, "PL[{}]", if start.to_move() == Color::Black { 'B' } else { 'W' });
    }
    let mut board: Board = start.clone();
    for (k, m) in game.history().iter().enumerate() {
        let mover = board.to_move();
        let _ = write!(s, ";{}[{m}]", if mover == Color::Black { 'B' } else { 'W' });
        for (prop, value) in moves(k, mover) {
            property(&mut s, prop, &value);
        }
        if let HexMove::Place(c) = m {
            board.play(*c, mover);
        }
    }
    s.push_str(")\n");
    s
}

/// One node: its properties with their values, in file order.
type Node = Vec<(String, Vec<String>)>;

/// Reads the main line of a HexGui SGF game. The swap rule is on for the game returned if `swap_rule` is
/// or if the file swaps.
pub fn read(text: &str, swap_rule: bool) -> Result<Game, SgfError> {
    // A byte-order mark, as some editors write, is not part of the file.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let nodes = Parser { text: text.as_bytes(), pos: 0 }.main_line()?;
    let mut size = 11;
    let (mut black, mut white) = (Vec::new(), Vec::new());
    let mut player: Option<String> = None;
    // Size and game type first: cells cannot be read without the size.
    for (prop, values) in nodes.first().into_iter().flatten() {
        let v = values.first().map(|v| v.trim()).unwrap_or("");
        match prop.as_str() {
            "GM" if v != "11" => return Err(SgfError::NotHex(quote(v))),
            "SZ" => size = parse_size(v)?,
            _ => {}
        }
    }
    let mut moves: Vec<(String, String)> = Vec::new();
    let mut resigned = false;
    for node in &nodes {
        for (prop, values) in node {
            match prop.as_str() {
                "AB" | "AW" | "AE" if !moves.is_empty() => return Err(SgfError::LateSetup(prop.clone())),
                "AB" | "AW" => {
                    for v in values {
                        let cell = Cell::parse(v, size).map_err(|source| SgfError::Cell {
                            prop: prop.clone(),
                            value: quote(v),
                            source,
                        })?;
                        if prop == "AB" { &mut black } else { &mut white }.push(cell);
                    }
                }
                "PL" => player = values.first().map(|v| v.trim().to_string()),
                "B" | "W" if !resigned => {
                    let v = values.first().map(|v| v.trim().to_string()).unwrap_or_default();
                    if v.eq_ignore_ascii_case("resign") {
                        resigned = true;
                    } else {
                        moves.push((prop.clone(), v));
                    }
                }
                _ => {}
            }
        }
    }
    let start = board_from_stones(size, &black, &white).map_err(SgfError::Setup)?;
    if let Some(p) = player {
        let named = Color::parse(&p).ok_or_else(|| SgfError::Player(quote(&p), start.to_move()))?;
        if named != start.to_move() {
            return Err(SgfError::Player(quote(&p), start.to_move()));
        }
    }
    let parsed: Vec<HexMove> = moves
        .iter()
        .map(|(prop, v)| {
            HexMove::parse(v, size).map_err(|source| SgfError::Cell { prop: prop.clone(), value: quote(v), source })
        })
        .collect::<Result<_, _>>()?;
    let swap = swap_rule || parsed.contains(&HexMove::Swap);
    let mut game = Game::from_board(start, swap);
    for (i, ((prop, value), m)) in moves.iter().zip(parsed).enumerate() {
        let color = if prop == "B" { Color::Black } else { Color::White };
        game.play_as(color, m).map_err(|source| SgfError::Illegal {
            index: i + 1,
            prop: prop.clone(),
            value: value.clone(),
            source,
        })?;
    }
    Ok(game)
}

/// The root node's properties with their first values, in file order: player names (`PB`, `PW`), the
/// result (`RE`) and the like, which [`read`] leaves aside.
pub fn root_properties(text: &str) -> Result<Vec<(String, String)>, SgfError> {
    Ok(node_properties(text)?.into_iter().next().unwrap_or_default())
}

/// Every node of the main line with its properties' first values, in file order: the root, then the
/// moves' nodes with what [`read`] leaves aside on them (the time left after a move, `BL` and `WL`;
/// comments).
pub fn node_properties(text: &str) -> Result<Vec<Vec<(String, String)>>, SgfError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let nodes = Parser { text: text.as_bytes(), pos: 0 }.main_line()?;
    Ok(nodes
        .into_iter()
        .map(|node| {
            node.into_iter().map(|(prop, values)| (prop, values.into_iter().next().unwrap_or_default())).collect()
        })
        .collect())
}

fn parse_size(v: &str) -> Result<usize, SgfError> {
    let bad = || SgfError::Size(quote(v));
    let (a, b) = v.split_once(':').unwrap_or((v, v));
    let (a, b): (usize, usize) = (a.trim().parse().map_err(|_| bad())?, b.trim().parse().map_err(|_| bad())?);
    if a != b || !(1..=MAX_SIZE).contains(&a) {
        return Err(bad());
    }
    Ok(a)
}

/// A small SGF reader: `(`, `;`, property identifiers, `[values]` with `\` escapes, `)`.
struct Parser<'a> {
    text: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn line(&self) -> usize {
        1 + self.text[..self.pos.min(self.text.len())].iter().filter(|&&b| b == b'\n').count()
    }

    fn syntax(&self, message: impl Into<String>) -> SgfError {
        SgfError::Syntax { line: self.line(), message: message.into() }
    }

    fn skip_ws(&mut self) {
        while self.pos < self.text.len() && self.text[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.text.get(self.pos).copied()
    }

    /// The nodes of the main line: the first game tree, following the first variation at each branch.
    fn main_line(mut self) -> Result<Vec<Node>, SgfError> {
        match self.peek() {
            Some(b'(') => self.pos += 1,
            None => return Err(SgfError::Truncated("before the game starts: expected '(;'")),
            Some(_) => return Err(self.syntax("expected '(' to start the game: this does not look like SGF")),
        }
        let mut nodes = Vec::new();
        // Depth of parentheses. In SGF a variation is followed only by its sibling variations and the
        // closing ')', so once the first one closes the main line is complete: skip the rest.
        let mut depth = 1usize;
        let mut done = false;
        loop {
            match self.peek() {
                None => return Err(SgfError::Truncated("inside the game: a ')' is missing")),
                Some(b';') => {
                    self.pos += 1;
                    let node = self.node()?;
                    if !done {
                        nodes.push(node);
                    }
                }
                Some(b'(') => {
                    self.pos += 1;
                    depth += 1;
                }
                Some(b')') => {
                    self.pos += 1;
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                    done = true;
                }
                Some(c) => return Err(self.syntax(format!("unexpected '{}': expected ';', '(' or ')'", c as char))),
            }
        }
        if nodes.is_empty() {
            return Err(self.syntax("the game has no node: expected '(;FF[4]GM[11]SZ[11]…)'"));
        }
        Ok(nodes)
    }

    fn node(&mut self) -> Result<Node, SgfError> {
        let mut props = Vec::new();
        while let Some(c) = self.peek() {
            if !c.is_ascii_alphabetic() {
                break;
            }
            let start = self.pos;
            while self.pos < self.text.len() && self.text[self.pos].is_ascii_alphabetic() {
                self.pos += 1;
            }
            let raw = String::from_utf8_lossy(&self.text[start..self.pos]).into_owned();
            // FF[3] allowed lower-case letters inside identifiers (`AddBlack`); only the capitals count.
            let ident: String = raw.chars().filter(char::is_ascii_uppercase).collect();
            let mut values = Vec::new();
            while self.peek() == Some(b'[') {
                self.pos += 1;
                values.push(self.value()?);
            }
            if values.is_empty() {
                return Err(self.syntax(format!("property {raw} has no value: expected {raw}[…]")));
            }
            props.push((ident, values));
        }
        Ok(props)
    }

    fn value(&mut self) -> Result<String, SgfError> {
        let mut v = Vec::new();
        loop {
            match self.text.get(self.pos) {
                None => return Err(SgfError::Truncated("inside a property value: a ']' is missing")),
                Some(b']') => {
                    self.pos += 1;
                    break;
                }
                Some(b'\\') => {
                    if let Some(&c) = self.text.get(self.pos + 1) {
                        v.push(c);
                    }
                    self.pos += 2;
                }
                Some(&c) => {
                    v.push(c);
                    self.pos += 1;
                }
            }
        }
        Ok(String::from_utf8_lossy(&v).into_owned())
    }
}

#[cfg(test)]
#[path = "sgf_tests.rs"]
mod tests;
