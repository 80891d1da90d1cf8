//! The tic-tac-toe backend of `hextoe engine`: it answers the typed [`TttRequest`]s — `play x|o CELL`,
//! `genmove x|o`, `ai minimax|rules` and the board commands — on a board with its move list for undo.

use crate::ai::Level;
use crate::ai::ttt::{self, Style};
use crate::config::TttConfig;
use crate::game::ttt::{Board, Cell, Outcome, Player};
use crate::protocol::{Answer, Refusal, Reply, TttRequest};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// A tic-tac-toe session.
#[derive(Debug)]
pub(crate) struct TttBackend {
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
    pub(crate) fn set_level(&mut self, level: Level) {
        self.level = level;
    }

    /// Answers one request.
    pub fn handle(&mut self, request: TttRequest) -> Reply {
        match request {
            TttRequest::ClearBoard => {
                self.board = Board::new();
                self.history.clear();
            }
            TttRequest::Play(who, cell) => {
                self.check_turn(who)?;
                self.board.try_play(cell).map_err(Refusal::failed)?;
                self.history.push(cell);
            }
            TttRequest::Genmove(who) => return self.genmove(who),
            TttRequest::Undo => {
                let c = self.history.pop().ok_or_else(|| Refusal::Failed("there is no move to undo".into()))?;
                self.board.unplay(c);
            }
            TttRequest::ShowBoard => return Ok(format!("\n{}{}", self.board, self.status()).into()),
            TttRequest::FinalScore => {
                return match self.board.outcome() {
                    Outcome::Win(Player::X) => Ok("X+".into()),
                    Outcome::Win(Player::O) => Ok("O+".into()),
                    Outcome::Draw => Ok("0".into()),
                    Outcome::Ongoing => Err(Refusal::CannotScore),
                };
            }
            TttRequest::Ai(style) => self.style = style,
            // Tic-tac-toe's AI answers at once, so a clock changes nothing: the time is noted and left.
            TttRequest::TimeLeft(..) => {}
        }
        Ok(Answer::empty())
    }

    fn status(&self) -> String {
        match self.board.outcome() {
            Outcome::Win(p) => format!("{p} has won"),
            Outcome::Draw => "draw".into(),
            Outcome::Ongoing => format!("{} to move", self.board.to_move()),
        }
    }

    /// Refuses a move for `who` when the game is over or it is not `who`'s turn.
    fn check_turn(&self, who: Player) -> Result<(), Refusal> {
        match self.board.outcome() {
            Outcome::Win(p) => return Err(Refusal::GameOver(Some(p.to_string()))),
            Outcome::Draw => return Err(Refusal::GameOver(None)),
            Outcome::Ongoing => {}
        }
        let turn = self.board.to_move();
        if who != turn { Err(Refusal::not_their_turn(turn, who)) } else { Ok(()) }
    }

    fn genmove(&mut self, who: Player) -> Reply {
        self.check_turn(who)?;
        let depth = self.config.depth(self.level);
        let choice = ttt::choose(&self.board, self.style, self.level, depth, &mut self.rng)
            .ok_or_else(|| Refusal::Failed("the game is over".into()))?;
        self.board.try_play(choice.cell).map_err(|e| Refusal::Failed(format!("the AI chose an illegal move: {e}")))?;
        self.history.push(choice.cell);
        Ok(choice.cell.to_string().into())
    }
}
