//! From games to training examples: the positions with a target, the fixed held-out split, and batches
//! as tensors.
//!
//! The corpus, under a root folder (`training/` of the repository):
//! - `hex-games-mohex.txt`: MoHex 2.0 self-play, moves only; every move after the random first stone is a
//!   one-hot target. Training.
//! - `hex-games-mohex-heldout.txt`: the same kind of games, made with other seeds and never trained on (by
//!   the pattern table either). Held out.
//! - `nn/mohex-*/*.txt.gz`: MoHex self-play with its root visits as soft targets. A game whose index ends
//!   in 9 (index mod 10 = 9) is held out, the rest train: a rule that stays fixed as chunks are added, so
//!   no held-out game ever moves into training.
//! - `nn/hextoe-*/*.txt.gz`: hextoe's own self-play, in the same format and split the same way, its root
//!   visits as the targets.
//!
//! Each position's value target is the game's result for the player to move: 1 if it wins, −1 if not.

use crate::data::{self, Game, MAX_SIDE, Plain};
use crate::error::{NnError, Result};
use crate::planes::{Frame, Position, encode, encoded_len};
use candle_core::{Device, Tensor};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// Where an example comes from, for reporting accuracy by source.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A plain game list: the target is the move played.
    GameList,
    /// MoHex self-play with search statistics: the target is the root's visit shares.
    MoHex,
    /// hextoe's own self-play with search statistics: the target is its root's visit shares, from a search
    /// that the network itself guided.
    Hextoe,
}

/// One training position.
#[derive(Clone, Debug, PartialEq)]
pub struct Example {
    /// The position before the move.
    pub pos: Position,
    /// The last stone's cell (row-major), if any: the pattern prior weighs cells next to it.
    pub last: Option<usize>,
    /// The policy target: row-major cells of the real board and their shares (summing to 1).
    pub policy: Vec<(usize, f32)>,
    /// The cell played (row-major).
    pub played: usize,
    /// The result for the player to move: 1 wins, −1 loses.
    pub value: f32,
    /// Where it comes from.
    pub source: Source,
}

/// The examples of `games`: one per move with a target.
pub fn examples(games: &[Game], source: Source) -> Vec<Example> {
    let mut out = Vec::new();
    for g in games {
        let n = g.size;
        for (j, target) in g.targets.iter().enumerate() {
            let Some(t) = target else { continue };
            let pos = Position::after(n, &g.moves[..j]);
            let index = |c: hextoe_core::game::hex::Cell| c.row() * n + c.col();
            out.push(Example {
                last: j.checked_sub(1).map(|i| index(g.moves[i])),
                policy: t.weights.iter().map(|&(c, w)| (index(c), w)).collect(),
                played: index(g.moves[j]),
                value: if pos.to_move == g.winner { 1.0 } else { -1.0 },
                pos,
                source,
            });
        }
    }
    out
}

/// True if a self-play game is held out (its index ends in 9).
pub fn held_out(game: &Game) -> bool {
    game.index % 10 == 9
}

/// The training and held-out examples of the corpus under a root folder, with what they were read from.
pub struct Corpus {
    /// The training examples.
    pub train: Vec<Example>,
    /// The held-out examples.
    pub heldout: Vec<Example>,
    /// Games read: (training, held out).
    pub games: (usize, usize),
    /// The files read, in order.
    pub files: Vec<PathBuf>,
    /// SHA-256 of the files' names (relative to the root) and bytes, in order: the data's identity.
    pub sha256: String,
}

/// Reads the corpus under `root` (see the module's doc).
pub fn load_corpus(root: &Path) -> Result<Corpus> {
    let mut corpus = Corpus { train: vec![], heldout: vec![], games: (0, 0), files: vec![], sha256: String::new() };
    let one_hot = Plain::OneHot { skip: 1 };
    for (name, held) in [("hex-games-mohex.txt", false), ("hex-games-mohex-heldout.txt", true)] {
        let path = root.join(name);
        let games = data::read_file(&path, one_hot)?;
        let ex = examples(&games, Source::GameList);
        if held {
            corpus.games.1 += games.len();
            corpus.heldout.extend(ex);
        } else {
            corpus.games.0 += games.len();
            corpus.train.extend(ex);
        }
        corpus.files.push(path);
    }
    for (path, source) in chunk_files(&root.join("nn"))? {
        let games = data::read_file(&path, one_hot)?;
        let (held, kept): (Vec<Game>, Vec<Game>) = games.into_iter().partition(held_out);
        corpus.games.0 += kept.len();
        corpus.games.1 += held.len();
        corpus.train.extend(examples(&kept, source));
        corpus.heldout.extend(examples(&held, source));
        corpus.files.push(path);
    }
    corpus.sha256 = files_sha256(root, &corpus.files)?;
    Ok(corpus)
}

/// The self-play chunks `mohex-*/*.txt.gz` and `hextoe-*/*.txt.gz` under `dir` with their source, sorted by
/// path; none if the folder is missing.
fn chunk_files(dir: &Path) -> Result<Vec<(PathBuf, Source)>> {
    let io = |path: &Path, source| NnError::Io { action: "read", path: path.to_path_buf(), source };
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else { return Ok(out) };
    for sub in entries {
        let sub = sub.map_err(|e| io(dir, e))?.path();
        let name = sub.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
        let source = if !sub.is_dir() {
            continue;
        } else if name.starts_with("mohex-") {
            Source::MoHex
        } else if name.starts_with("hextoe-") {
            Source::Hextoe
        } else {
            continue;
        };
        for f in std::fs::read_dir(&sub).map_err(|e| io(&sub, e))? {
            let f = f.map_err(|e| io(&sub, e))?.path();
            if f.to_string_lossy().ends_with(".txt.gz") {
                out.push((f, source));
            }
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(out)
}

/// SHA-256 over each file's name (relative to `root`) and bytes, in the given order, in hexadecimal.
pub fn files_sha256(root: &Path, files: &[PathBuf]) -> Result<String> {
    let mut h = Sha256::new();
    for f in files {
        let bytes = std::fs::read(f).map_err(|source| NnError::Io { action: "read", path: f.clone(), source })?;
        let name = f.strip_prefix(root).unwrap_or(f).to_string_lossy().replace('\\', "/");
        h.update(name.as_bytes());
        h.update([0]);
        h.update((bytes.len() as u64).to_le_bytes());
        h.update(&bytes);
    }
    Ok(hex(&h.finalize()))
}

/// Bytes in lower-case hexadecimal.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The logit added to occupied cells: far enough below any real logit that their share is zero, finite so
/// that a zero target times its log-share stays zero.
pub const MASKED: f32 = -1.0e4;

/// A batch of examples of one board side as tensors.
pub struct Batch {
    /// The board side.
    pub n: usize,
    /// Encoded planes, `[batch, PLANES, n+2, n+2]`.
    pub x: Tensor,
    /// 0 on empty cells, [`MASKED`] on taken ones, `[batch, n*n]`, canonical frame.
    pub mask: Tensor,
    /// Policy targets, `[batch, n*n]`, canonical frame.
    pub policy: Tensor,
    /// Value targets, `[batch]`.
    pub value: Tensor,
    /// The frame of each example, to map its outputs back to the real board.
    pub frames: Vec<Frame>,
}

/// The batch of `examples` (all of one side), each turned 180° where `turned` says so.
pub fn batch(examples: &[&Example], turned: &[bool]) -> Result<Batch> {
    let Some(first) = examples.first() else {
        return Err(NnError::Invalid("an empty batch".into()));
    };
    let n = first.pos.size;
    if n > MAX_SIDE || examples.iter().any(|e| e.pos.size != n) || turned.len() != examples.len() {
        return Err(NnError::Invalid("a batch mixes board sides, or a side is too large".into()));
    }
    let (b, len, cells) = (examples.len(), encoded_len(n), n * n);
    let mut x = vec![0f32; b * len];
    let mut mask = vec![0f32; b * cells];
    let mut policy = vec![0f32; b * cells];
    let mut frames = Vec::with_capacity(b);
    for (i, (e, &t)) in examples.iter().zip(turned).enumerate() {
        let frame = Frame::of(n, e.pos.to_move, t);
        encode(&e.pos, frame, &mut x[i * len..(i + 1) * len]);
        for k in 0..cells {
            if e.pos.cells[frame.real(k)].is_some() {
                mask[i * cells + k] = MASKED;
            }
        }
        for &(c, w) in &e.policy {
            policy[i * cells + frame.canonical(c)] = w;
        }
        frames.push(frame);
    }
    let dev = Device::Cpu;
    Ok(Batch {
        n,
        x: Tensor::from_vec(x, (b, crate::planes::PLANES, n + 2, n + 2), &dev)?,
        mask: Tensor::from_vec(mask, (b, cells), &dev)?,
        policy: Tensor::from_vec(policy, (b, cells), &dev)?,
        value: Tensor::from_vec(examples.iter().map(|e| e.value).collect::<Vec<_>>(), b, &dev)?,
        frames,
    })
}
