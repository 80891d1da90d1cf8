//! The tic-tac-toe side of `hextoe engine`: `play x|o CELL`, `genmove x|o`, `ai minimax|rules` and the
//! board commands, on a board with its move list for undo.

use super::{Reply, expect_args};
use crate::ai::Level;
use crate::ai::ttt::{self, Style};
use crate::config::TttConfig;
use crate::game::ttt::{Board, Cell, Outcome, Player};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// The commands this backend answers, in `list_commands` order.
pub const COMMANDS: [&str; 7] = ["clear_board", "play", "genmove", "undo", "showboard", "final_score", "ai"];

/// A tic-tac-toe session.
#[derive(Debug)]
pub struct TttBackend {
    board: Board,
    history: Vec<Cell>,
    style: Style,
    level: Level,
    config: TttConfig,
    rng: StdRng,
}

impl TttBackend {
    /// A fresh board; `style` and `level` pick the AI for genmove.
    pub fn new(config: &TttConfig, style: Style, level: Level, seed: u64) -> TttBackend {
        TttBackend {
            board: Board::new(),
            history: Vec::new(),
            style,
            level,
            config: config.clone(),
            rng: StdRng::seed_from_u64(seed),
        }
    }

    /// Sets the level for later genmoves.
    pub fn set_level(&mut self, level: Level) {
        self.level = level;
    }

    /// Answers one of [`COMMANDS`].
    pub fn handle(&mut self, name: &str, args: &[String]) -> Reply {
        match name {
            "clear_board" => {
                expect_args(args, 0, "clear_board")?;
                self.board = Board::new();
                self.history.clear();
                Ok(String::new())
            }
            "play" => self.play(args),
            "genmove" => self.genmove(args),
            "undo" => {
                expect_args(args, 0, "undo")?;
                let c = self.history.pop().ok_or("there is no move to undo")?;
                self.board.unplay(c);
                Ok(String::new())
            }
            "showboard" => {
                expect_args(args, 0, "showboard")?;
                Ok(format!("\n{}{}", self.board, self.status()))
            }
            "final_score" => {
                expect_args(args, 0, "final_score")?;
                match self.board.outcome() {
                    Outcome::Win(Player::X) => Ok("X+".into()),
                    Outcome::Win(Player::O) => Ok("O+".into()),
                    Outcome::Draw => Ok("0".into()),
                    Outcome::Ongoing => Err("cannot score".into()),
                }
            }
            "ai" => {
                expect_args(args, 1, "ai minimax|rules")?;
                self.style = match args[0].to_ascii_lowercase().as_str() {
                    "minimax" => Style::Minimax,
                    "rules" => Style::Rules,
                    other => return Err(format!("unknown AI '{other}': expected minimax or rules")),
                };
                Ok(String::new())
            }
            _ => Err(format!("unknown command '{name}'")),
        }
    }

    fn status(&self) -> String {
        match self.board.outcome() {
            Outcome::Win(p) => format!("{p} has won"),
            Outcome::Draw => "draw".into(),
            Outcome::Ongoing => format!("{} to move", self.board.to_move()),
        }
    }

    /// Refuses a move for `who` when the game is over or it is not `who`'s turn.
    fn check_turn(&self, who: Player) -> Result<(), String> {
        match self.board.outcome() {
            Outcome::Win(p) => return Err(format!("the game is over: {p} has won")),
            Outcome::Draw => return Err("the game is over: it is a draw".into()),
            Outcome::Ongoing => {}
        }
        let turn = self.board.to_move();
        if who != turn { Err(format!("it is {turn}'s turn, not {who}'s")) } else { Ok(()) }
    }

    fn play(&mut self, args: &[String]) -> Reply {
        expect_args(args, 2, "play x|o CELL")?;
        let who = player(&args[0])?;
        let cell: Cell = args[1].parse().map_err(|e| format!("{e}"))?;
        self.check_turn(who)?;
        self.board.try_play(cell).map_err(|e| e.to_string())?;
        self.history.push(cell);
        Ok(String::new())
    }

    fn genmove(&mut self, args: &[String]) -> Reply {
        expect_args(args, 1, "genmove x|o")?;
        let who = player(&args[0])?;
        self.check_turn(who)?;
        let depth = self.config.depth(self.level);
        let choice =
            ttt::choose(&self.board, self.style, self.level, depth, &mut self.rng).ok_or("the game is over")?;
        self.board.try_play(choice.cell).map_err(|e| format!("the AI chose an illegal move: {e}"))?;
        self.history.push(choice.cell);
        Ok(choice.cell.to_string())
    }
}

fn player(s: &str) -> Result<Player, String> {
    match s.to_ascii_lowercase().as_str() {
        "x" => Ok(Player::X),
        "o" => Ok(Player::O),
        _ => Err(format!("'{s}' is not a tic-tac-toe player: expected x or o")),
    }
}
