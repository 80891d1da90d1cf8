//! What a key or a click does on the game screen. The cursor and a typed cell name are handled here; every
//! other key becomes an [`Outcome`] for the app, which owns the game's lifecycle and the AI.
//!
//! Letters and digits inside a cell name always type, whatever they are bound to; outside one, every bound
//! key is its action, digits 1–9 place in tic-tac-toe, and any other letter or digit says how to type a cell.

use super::typing::{CellEntry, Typed, example_cell, typed};
use crate::game::hex::HexMove;
use crate::game::{GameKind, Move, ttt};
use crate::tui::action::{Action, KeyMap};
use crate::tui::geometry::game_layout;
use crate::tui::model::game::Match;
use crate::tui::status::{Message, Status};
use crate::tui::text::sentence;
use ratatui::crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;

/// What the app does after a key on the game screen.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing more: the cursor moved, a name was typed, or the key does nothing here.
    Stay,
    /// Place the stone of the side to move at the cursor.
    Place,
    /// Play this move for the person to move: a digit in tic-tac-toe, or the swap.
    Play(Move),
    /// Take back moves.
    Undo,
    /// Play again what undo took back.
    Redo,
    /// A new game with the same settings (after asking, if one is in progress).
    NewGame,
    /// A new game of the other kind, everything else kept (after asking).
    SwitchGame,
    /// Ask for a hint, or hide the one shown.
    Hint,
    /// Save the game.
    Save,
    /// Review the game.
    Review,
    /// Resign (after a yes).
    Resign,
    /// The help, at its top.
    Help,
    /// Back to the menu; the game stays, to be resumed.
    Menu,
    /// Leave hextoe.
    Quit,
}

/// What a key on the game screen needs besides the game and the cell name.
#[derive(Debug)]
pub(crate) struct Context<'a> {
    /// The bindings, for the sentences that name a key.
    pub keys: &'a KeyMap,
    /// The status line.
    pub status: &'a mut Status,
}

impl Context<'_> {
    fn complain(&mut self, text: String) {
        self.status.message = Some(Message::error(text));
    }
}

/// A key on the game screen.
pub(crate) fn handle(
    g: &mut Match,
    entry: &mut CellEntry,
    ev: &KeyEvent,
    action: Option<Action>,
    cx: Context,
) -> Outcome {
    let (kind, n) = (g.kind(), g.position.size());
    let mut cx = cx;
    if entry.is_active()
        && let Some(outcome) = entry_key(g, entry, ev, action, &mut cx)
    {
        return outcome;
    }
    if kind == GameKind::Tictactoe
        && action.is_none()
        && let Some(Typed::Digit(d)) = typed(ev)
        && let Some(c) =
            d.to_digit(10).filter(|d| (1..=9).contains(d)).and_then(|d| ttt::Cell::from_index(d as usize - 1))
    {
        cx.status.message = None;
        g.cursor = (c.col(), c.row());
        return Outcome::Play(Move::Ttt(c));
    }
    match action {
        Some(a) => {
            cx.status.message = None;
            act(g, entry, a)
        }
        None if typed(ev).is_some() => {
            // A letter or digit bound to nothing: most likely a cell name typed without the goto key.
            let goto = cx.keys.first_key(Action::Goto);
            let example = example_cell(kind, n);
            let digits = if kind == GameKind::Tictactoe { "1-9 place directly; " } else { "" };
            let text =
                format!("To type a cell, press {goto} first ({goto}{example}, then enter); {digits}? lists the keys.");
            cx.status.message = Some(Message::info(text));
            Outcome::Stay
        }
        None => Outcome::Stay,
    }
}

/// A key while a cell name is open. Letters and digits always type, whatever they are bound to; Enter
/// places at the typed cell (or says why it is not one); Backspace edits; Esc cancels. Any other key
/// closes the name and does its usual job (`None`).
fn entry_key(
    g: &mut Match,
    entry: &mut CellEntry,
    ev: &KeyEvent,
    action: Option<Action>,
    cx: &mut Context,
) -> Option<Outcome> {
    let (kind, n) = (g.kind(), g.position.size());
    if let Some(t) = typed(ev) {
        match entry.push(t, n) {
            Ok(()) => follow_entry(g, entry, cx),
            Err(e) => cx.complain(sentence(&e)),
        }
        return Some(Outcome::Stay);
    }
    match ev.code {
        KeyCode::Backspace => {
            entry.backspace();
            cx.status.message = None;
            return Some(Outcome::Stay);
        }
        KeyCode::Esc => {
            entry.clear();
            cx.status.message = None;
            return Some(Outcome::Stay);
        }
        _ => {}
    }
    match action {
        Some(Action::Place) => Some(match entry.target(kind, n) {
            None if entry.is_empty() => {
                entry.clear();
                Outcome::Stay
            }
            None => {
                cx.complain(format!("Type the row number too, for example {}, then enter.", example_cell(kind, n)));
                Outcome::Stay
            }
            Some(Err(e)) => {
                cx.complain(sentence(&e));
                Outcome::Stay
            }
            Some(Ok(cell)) => {
                g.cursor = cell;
                entry.clear();
                cx.status.message = None;
                Outcome::Place
            }
        }),
        Some(Action::Goto) => {
            entry.open();
            cx.status.message = None;
            Some(Outcome::Stay)
        }
        _ => {
            entry.clear();
            None
        }
    }
}

/// Moves the cursor to the typed cell, or says why the name is not a cell of this board.
fn follow_entry(g: &mut Match, entry: &CellEntry, cx: &mut Context) {
    match entry.target(g.kind(), g.position.size()) {
        Some(Ok(cell)) => {
            g.cursor = cell;
            cx.status.message = None;
        }
        Some(Err(e)) => cx.complain(sentence(&e)),
        None => cx.status.message = None,
    }
}

/// A bound action on the game screen: the cursor and the goto key here, the rest for the app.
fn act(g: &mut Match, entry: &mut CellEntry, a: Action) -> Outcome {
    entry.clear();
    match a {
        Action::Up => move_cursor(g, 0, -1),
        Action::Down => move_cursor(g, 0, 1),
        Action::Left => move_cursor(g, -1, 0),
        Action::Right => move_cursor(g, 1, 0),
        Action::Place => return Outcome::Place,
        Action::Goto => entry.open(),
        Action::Undo => return Outcome::Undo,
        Action::Redo => return Outcome::Redo,
        Action::NewGame => return Outcome::NewGame,
        Action::SwitchGame => return Outcome::SwitchGame,
        Action::Hint => return Outcome::Hint,
        Action::Swap => return Outcome::Play(Move::Hex(HexMove::Swap)),
        Action::Save => return Outcome::Save,
        Action::Review => return Outcome::Review,
        Action::Resign => return Outcome::Resign,
        Action::Help => return Outcome::Help,
        Action::Back => return Outcome::Menu,
        Action::Quit => return Outcome::Quit,
    }
    Outcome::Stay
}

fn move_cursor(g: &mut Match, dc: i32, dr: i32) {
    let n = g.position.size() as i32;
    g.cursor.0 = (g.cursor.0 as i32 + dc).clamp(0, n - 1) as usize;
    g.cursor.1 = (g.cursor.1 as i32 + dr).clamp(0, n - 1) as usize;
}

/// A mouse event on the game screen of a terminal of `size`: a left click on a cell moves the cursor there
/// and places ([`Outcome::Place`]); anything else does nothing.
pub(crate) fn click(g: &mut Match, entry: &mut CellEntry, size: (u16, u16), ev: MouseEvent) -> Outcome {
    if ev.kind != MouseEventKind::Down(MouseButton::Left) {
        return Outcome::Stay;
    }
    let area = Rect::new(0, 0, size.0, size.1);
    let Ok(layout) = game_layout(area, g.kind(), g.position.size()) else { return Outcome::Stay };
    let Some(cell) = layout.geometry.cell_at(ev.column, ev.row) else { return Outcome::Stay };
    entry.clear();
    g.cursor = cell;
    Outcome::Place
}
