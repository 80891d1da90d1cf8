//! The opening book: the first moves of a game without the swap rule, searched once for a long time and
//! shipped with the program, so that the impossible level spends its own short move time only where the
//! book has nothing.
//!
//! The opening is where a one-second search judges worst: the board is empty, every playout is long and
//! noisy, and the tree is spread over a hundred moves. The book (`crates/hextoe-core/data/hex-book.txt`) holds, for the
//! common sizes, the move a much longer search of the same player chose for the empty board, for every
//! first stone, and for every reply to the empty board's move. `scripts/build-hex-book.sh` rebuilds it
//! with `hextoe analyze`.
//!
//! A position is looked up by its stones, so transpositions and positions typed with `--position` find
//! their entry too, and by its 180° rotation (which maps the board onto itself with the same edges for
//! each colour), so the book stores only one of each pair. A position the book lacks, a game under the
//! swap rule, or a board size it does not cover gets no answer: the caller searches as usual.
//!
//! **The first stone and the answer to one by default.** The impossible level plays the book's first
//! stone (or its 180° turn, at random) and its answer to a lone first stone, and searches every later
//! position ([`Params::opening_book`](crate::ai::hex::mcts::Params::opening_book), checked in
//! [`MctsState::choose`](crate::ai::hex::mcts::MctsState::choose); the `opening_book` tuning key narrows it to the
//! empty board, widens it to every entry, or turns it off). Against MoHex 2.0 the first stone decided more
//! of the games as Black than any search setting did, and the book's won more of them than the one-second
//! search's varied choices. The answer to MoHex's first stone, j2, is f8, chosen by the games the
//! one-second search's replies had won. Black's second moves from the book showed no gain. The matches
//! are in `docs/experiments/` (0060, 0061, 0090, 0091).

use crate::ai::hex::{HexChoice, MoveEval, Proof};
use crate::game::hex::{Board, Cell, Color, Game, HexMove};
use rand::Rng;
use rand::seq::IndexedRandom;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The shipped book's text.
const SHIPPED: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/data/hex-book.txt"));

/// One book answer: the move and what the search that chose it saw.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The move to play.
    pub mv: HexMove,
    /// Its win rate for the side to move in the building search, 0..=1.
    pub win_rate: f64,
    /// Playouts of the building search.
    pub simulations: u64,
}

/// A position as the book keys it: the board side and each colour's stones, sorted.
pub(super) type Key = (usize, Vec<Cell>, Vec<Cell>);

/// The key of `board`, or of `board` turned 180° if `rotate`: the turn maps the board onto itself with the
/// same edges for each colour, so a table that stores one of each pair finds the other by it.
fn key_of(board: &Board, rotate: bool) -> Key {
    let n = board.size();
    let sorted = |c: Color| {
        let mut v: Vec<Cell> = board.stones(c).iter().map(|x| if rotate { x.rotate(n) } else { x }).collect();
        v.sort();
        v
    };
    (n, sorted(Color::Black), sorted(Color::White))
}

/// The entries `table` holds for `board`, as stored and then turned 180° (with true for the turned one,
/// whose cells the caller turns back with [`Cell::rotate`]).
pub(super) fn stored<'t, V>(table: &'t HashMap<Key, V>, board: &Board) -> impl Iterator<Item = (&'t V, bool)> {
    [false, true].into_iter().filter_map(move |rotate| table.get(&key_of(board, rotate)).map(|v| (v, rotate)))
}

/// The lines of a table's `text` that hold an entry, each with its 1-based number and its fields: `#`
/// starts a comment, and blank lines are skipped.
pub(super) fn entry_lines(text: &str) -> impl Iterator<Item = (usize, Vec<&str>)> {
    text.lines().enumerate().filter_map(|(i, raw)| {
        let line = raw.split('#').next().unwrap_or("").trim();
        (!line.is_empty()).then(|| (i + 1, line.split_whitespace().collect()))
    })
}

/// Why a book line was refused; the message names the line and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("opening book line {line}: {why} (expected: SIZE BLACK WHITE MOVE WIN_RATE SIMULATIONS)")]
pub struct BookError {
    /// 1-based line number.
    pub line: usize,
    /// What was wrong.
    pub why: String,
}

/// An opening book: positions without the swap rule and the move to play in each.
#[derive(Clone, Debug, Default)]
pub struct Book {
    entries: HashMap<Key, Entry>,
}

impl Book {
    /// The book shipped in `crates/hextoe-core/data/hex-book.txt`, parsed once. A book that does not parse (which a test
    /// rules out) counts as empty, so the player falls back to searching rather than failing.
    pub fn shipped() -> &'static Book {
        static BOOK: OnceLock<Book> = OnceLock::new();
        BOOK.get_or_init(|| Book::parse(SHIPPED).unwrap_or_default())
    }

    /// Parses a book: one entry a line, `SIZE BLACK WHITE MOVE WIN_RATE SIMULATIONS`, where BLACK and WHITE
    /// are comma-separated cells or `-` for none; `#` starts a comment. Each entry's move must be legal in
    /// its position, and the stone counts must be reachable with Black moving first.
    pub fn parse(text: &str) -> Result<Book, BookError> {
        let mut entries = HashMap::new();
        for (line, fields) in entry_lines(text) {
            let err = |why: String| BookError { line, why };
            let [size, black, white, mv, rate, sims] = fields[..] else {
                return Err(err(format!("{} fields", fields.len())));
            };
            let (key, board) = position(size, black, white).map_err(err)?;
            let size = key.0;
            let mv = HexMove::parse(mv, size).map_err(|e| err(e.to_string()))?;
            match mv.cell() {
                Some(c) if board.is_empty_cell(c) => {}
                _ => return Err(err(format!("{mv} is not an empty cell"))),
            }
            let win_rate: f64 = rate.parse().map_err(|_| err(format!("bad win rate '{rate}'")))?;
            if !(0.0..=1.0).contains(&win_rate) {
                return Err(err(format!("win rate {win_rate} is not 0 to 1")));
            }
            let simulations: u64 = sims.parse().map_err(|_| err(format!("bad simulation count '{sims}'")))?;
            entries.insert(key, Entry { mv, win_rate, simulations });
        }
        Ok(Book { entries })
    }

    /// Entries in the book.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True if the book has no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The book's move for the side to move, or `None` when the game uses the swap rule, is over, or its
    /// position (in either orientation) is not in the book.
    pub fn lookup(&self, game: &Game) -> Option<Entry> {
        self.answers(game).into_iter().next()
    }

    /// Every move the book gives for the side to move: one, or two where the position is its own 180°
    /// turn (the empty board, for one) and the stored move's turn is another, equally good move. Empty
    /// when the game uses the swap rule, is over, or its position is not in the book.
    pub fn answers(&self, game: &Game) -> Vec<Entry> {
        if game.swap_rule() || game.winner().is_some() {
            return Vec::new();
        }
        let n = game.size();
        let mut out: Vec<Entry> = Vec::new();
        for (e, rotate) in stored(&self.entries, game.board()) {
            let mv = match e.mv {
                HexMove::Place(c) if rotate => HexMove::Place(c.rotate(n)),
                other => other,
            };
            if game.check(mv).is_ok() && out.iter().all(|o| o.mv != mv) {
                out.push(Entry { mv, ..e.clone() });
            }
        }
        out
    }
}

/// The shipped book's answer for the side to move as a player's choice, or `None` to search. Where the
/// book gives two equally good moves (a position that is its own 180° turn), `rng` picks one, as the
/// players pick among equal moves.
pub fn choice<R: Rng + ?Sized>(game: &Game, rng: &mut R) -> Option<HexChoice> {
    let answers = Book::shipped().answers(game);
    let e = answers.choose(rng)?;
    let twin = answers
        .iter()
        .find(|o| o.mv != e.mv)
        .map(|o| format!("; {} is the same move with the board turned half round", o.mv));
    let explanation = format!(
        "opening book: {}, which a long search prepared ({:.0}% for the side that plays it){}",
        e.mv,
        e.win_rate * 100.0,
        twin.unwrap_or_default()
    );
    let eval =
        MoveEval { mv: e.mv, score: e.win_rate, visits: Some(e.simulations), proven: Proof::Unknown, win_in: None };
    Some(HexChoice { mv: e.mv, explanation, evals: vec![eval] })
}

/// Parses a comma-separated cell list, or `-` for none, sorted.
pub(super) fn cells(s: &str, size: usize) -> Result<Vec<Cell>, String> {
    if s == "-" {
        return Ok(Vec::new());
    }
    let mut v =
        s.split(',').map(|t| Cell::parse(t, size).map_err(|e| format!("'{t}': {e}"))).collect::<Result<Vec<_>, _>>()?;
    v.sort();
    Ok(v)
}

/// The position of a table line's SIZE, BLACK and WHITE fields: its key and its board. The size must be 1
/// to 19, the cells on the board and each given once, and the stone counts reachable with Black moving
/// first.
pub(super) fn position(size: &str, black: &str, white: &str) -> Result<(Key, Board), String> {
    let size: usize = size.parse().map_err(|_| format!("bad size '{size}'"))?;
    if !(1..=19).contains(&size) {
        return Err(format!("size {size} is not 1 to 19"));
    }
    let black = cells(black, size)?;
    let white = cells(white, size)?;
    if black.len() != white.len() && black.len() != white.len() + 1 {
        return Err(format!("{} black and {} white stones", black.len(), white.len()));
    }
    let board = board_of(size, &black, &white)?;
    Ok(((size, black, white), board))
}

/// The board with these stones; refuses a cell given twice.
fn board_of(size: usize, black: &[Cell], white: &[Cell]) -> Result<Board, String> {
    let mut board = Board::new(size).map_err(|e| e.to_string())?;
    for (color, list) in [(Color::Black, black), (Color::White, white)] {
        for &c in list {
            if !board.is_empty_cell(c) {
                return Err(format!("{c} is given twice"));
            }
            board.play(c, color);
        }
    }
    Ok(board)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::game::hex::parse_position;

    fn game(moves: &str, size: usize) -> Game {
        parse_position(moves, size, false).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn the_shipped_book_parses_and_every_move_is_legal() {
        let book = Book::parse(SHIPPED).unwrap_or_else(|e| panic!("{e}"));
        assert!(book.len() >= 2, "the shipped book has {} entries", book.len());
        assert_eq!(Book::shipped().len(), book.len());
    }

    #[test]
    fn the_book_answers_its_positions_in_both_orientations() {
        let book = Book::parse("7 - - d4 0.7 1000\n7 a1 - c5 0.4 500\n").unwrap_or_else(|e| panic!("{e}"));
        let e = book.lookup(&game("", 7));
        assert_eq!(e.map(|e| e.mv.to_string()), Some("d4".into()));
        assert_eq!(book.lookup(&game("a1", 7)).map(|e| e.mv.to_string()), Some("c5".into()));
        // g7 is a1 turned 180°, and so is the answer: c5 → e3.
        assert_eq!(book.lookup(&game("g7", 7)).map(|e| e.mv.to_string()), Some("e3".into()));
    }

    #[test]
    fn a_position_that_is_its_own_turn_gets_both_equal_answers_at_random() {
        let book = Book::parse("7 - - b6 0.6 100\n7 a1 - c5 0.7 1000\n").unwrap_or_else(|e| panic!("{e}"));
        let moves = |g: &Game| book.answers(g).iter().map(|e| e.mv.to_string()).collect::<Vec<_>>();
        // The empty board is its own 180° turn, so b6 and its turn f2 are equally good.
        assert_eq!(moves(&game("", 7)), ["b6", "f2"]);
        assert_eq!(moves(&game("a1", 7)), ["c5"], "a1 is not its own turn");
        // The player picks either answer of the shipped book's empty 11×11 board, and says why.
        use rand::SeedableRng;
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..40 {
            let c = choice(&game("", 11), &mut rand::rngs::StdRng::seed_from_u64(seed))
                .unwrap_or_else(|| panic!("the book holds the empty board"));
            assert!(c.explanation.contains("the same move with the board turned half round"), "{}", c.explanation);
            seen.insert(c.mv.to_string());
        }
        let want: std::collections::BTreeSet<String> =
            Book::shipped().answers(&game("", 11)).iter().map(|e| e.mv.to_string()).collect();
        assert_eq!(want.len(), 2);
        assert_eq!(seen, want, "both answers are played, and only they");
    }

    #[test]
    fn the_book_falls_back_when_it_has_no_entry() {
        let book = Book::parse("7 - - d4 0.7 1000\n").unwrap_or_else(|e| panic!("{e}"));
        assert!(book.lookup(&game("b2", 7)).is_none(), "a position the book lacks");
        assert!(book.lookup(&game("", 8)).is_none(), "a size the book lacks");
        let swap = parse_position("", 7, true).unwrap_or_else(|e| panic!("{e}"));
        assert!(book.lookup(&swap).is_none(), "the book is for games without the swap rule");
    }

    /// Asserts that `parse` refuses each text with a message containing its expected words.
    pub(crate) fn refuses<T, E: std::fmt::Display>(parse: impl Fn(&str) -> Result<T, E>, cases: &[(&str, &str)]) {
        for (text, want) in cases {
            let e = parse(text).err().map(|e| e.to_string()).unwrap_or_else(|| panic!("{text:?} was read"));
            assert!(e.contains(want), "{text:?}: {e}");
        }
    }

    #[test]
    fn bad_books_are_refused_with_the_line() {
        refuses(
            Book::parse,
            &[
                ("11 - - f6 0.5\n", "line 1: 5 fields"),
                ("\n# c\n11 - - z9 0.5 10\n", "line 3"),
                ("11 f6 - f6 0.5 10\n", "f6 is not an empty cell"),
                ("11 f6,g6 - a1 0.5 10\n", "2 black and 0 white"),
                ("11 - - f6 1.5 10\n", "win rate 1.5"),
                ("11 f6 f6 a1 0.5 10\n", "f6 is given twice"),
                ("40 - - a1 0.5 10\n", "size 40"),
            ],
        );
    }
}
