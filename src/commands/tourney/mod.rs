//! `hextoe tourney`: a round robin between Hex or tic-tac-toe players.
//!
//! - [`play`]: one game between two seats, with timing and forfeits.
//! - [`report`]: the tally, the text tables and the JSON.
//! - [`workers`]: the games side by side, each on a thread of its own.
//! - [`record`]: `--record FILE`, each game's moves as it ends.
//!
//! Every pair of entrants plays `--games` games, alternating who moves first (the first of the two in
//! the list moves first in games 1, 3, 5, …). Games run in parallel on all cores; each game's seeds come
//! from the tourney seed, the pairing and the game number alone, so the results do not depend on the
//! order in which the games finish (players with a time budget depend on the clock, of course). An entry
//! named twice becomes `name#1`, `name#2`.

pub mod play;
pub mod record;
pub mod report;
mod workers;

use crate::ai::hex::{PlayerKind, PlayerSpec};
use crate::cli::TourneyArgs;
use crate::commands::entrant::{self, TttEntrant};
use crate::config::Config;
use crate::error::{OrUsage, refuse};
use crate::game::GameKind;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use record::{GameLine, Recorder};
use report::{Fixture, Report};
use std::io::IsTerminal;

/// The entrants of one tourney, parsed.
enum Field {
    Hex(Vec<PlayerSpec>),
    Ttt(Vec<TttEntrant>),
}

/// Names for the entries: trimmed, and `name#k` for an entry that appears more than once.
fn entrant_names(entries: &[String]) -> Vec<String> {
    let trimmed: Vec<&str> = entries.iter().map(|e| e.trim()).collect();
    let mut seen = std::collections::HashMap::new();
    trimmed
        .iter()
        .map(|&e| {
            if trimmed.iter().filter(|&&o| o == e).count() > 1 {
                let k = seen.entry(e).or_insert(0);
                *k += 1;
                format!("{e}#{k}")
            } else {
                e.to_string()
            }
        })
        .collect()
}

/// Every game of the round robin: for each pair, `games` games alternating the first move, grouped into
/// two pairings per pair (one per colour assignment).
fn schedule(entrants: usize, games: u32) -> Vec<Fixture> {
    let mut out = Vec::new();
    let mut pairing = 0;
    for a in 0..entrants {
        for b in a + 1..entrants {
            for g in 0..games as usize {
                let (first, second, p) = if g % 2 == 0 { (a, b, pairing) } else { (b, a, pairing + 1) };
                out.push(Fixture { pairing: p, first, second, game: g });
            }
            pairing += 2;
        }
    }
    out
}

/// A well-mixed 64-bit seed for one game and seat (SplitMix64 over the parts).
fn seed_for(base: u64, pairing: usize, game: usize, seat: usize) -> u64 {
    let mut z = base ^ ((pairing as u64) << 40) ^ ((game as u64) << 8) ^ seat as u64;
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Plays the whole tourney and returns its report. `progress` is ticked once per finished game, and each
/// game goes to `recorder` as it ends, if there is one.
pub fn tourney(
    args: &TourneyArgs,
    config: &Config,
    progress: &ProgressBar,
    recorder: Option<&Recorder>,
) -> anyhow::Result<Report> {
    if args.players.len() < 2 {
        refuse!("a tourney needs at least two players, separated by commas");
    }
    let names = entrant_names(&args.players);
    let game = args.board.game(args.swap || args.time.is_some(), config.game);
    let field = match game {
        GameKind::Hex => Field::Hex(
            args.players
                .iter()
                .map(|p| entrant::parse_hex(p, &config.hex, args.move_time))
                .collect::<Result<_, _>>()
                .or_usage()?,
        ),
        GameKind::Tictactoe => {
            if args.board.size.is_some()
                || args.swap
                || args.move_time.is_some()
                || args.time.is_some()
                || args.tuning.is_some()
            {
                refuse!(
                    "--size, --swap, --move-time, --time and --tuning are for Hex; tic-tac-toe is 3×3 and its AIs are instant"
                );
            }
            Field::Ttt(args.players.iter().map(|p| entrant::parse_ttt(p, config)).collect::<Result<_, _>>().or_usage()?)
        }
    };
    if let (Some(_), Field::Hex(specs)) = (args.tuning, &field)
        && !specs.iter().any(|s| s.kind == PlayerKind::Mcts)
    {
        refuse!(
            "--tuning sets the tree search's settings: expected a player that plays it (mcts, or a level that does)"
        );
    }
    let seed = args.seed.unwrap_or_else(rand::random);
    let fixtures = schedule(names.len(), args.games);
    progress.set_length(fixtures.len() as u64);
    let size = args.board.size.unwrap_or(config.hex.size.0);
    let swap = args.swap || config.hex.swap;
    // As many games at a time as rayon has threads (all cores, or RAYON_NUM_THREADS), each on its own thread.
    let results: Vec<play::GameRecord> = workers::run_each(&fixtures, rayon::current_num_threads(), |f| {
        let seeds = [0, 1].map(|seat| seed_for(seed, f.pairing / 2, f.game, seat));
        let mut r = match &field {
            Field::Hex(specs) => {
                play::play_hex(size, swap, args.time, [&specs[f.first], &specs[f.second]], seeds, args.tuning)
            }
            Field::Ttt(e) => play::play_ttt([e[f.first], e[f.second]], &config.tictactoe, seeds[0]),
        };
        if let Some(rec) = recorder {
            rec.write(&GameLine::new(seed, f, &r, &names));
        }
        // The moves are only for the record; the report does not keep them, so a long tourney's memory stays flat.
        r.moves = Vec::new();
        progress.inc(1);
        r
    });
    let (game, size, colours) = match game {
        GameKind::Hex => ("hex", Some(size), ["black", "white"]),
        GameKind::Tictactoe => ("tictactoe", None, ["x", "o"]),
    };
    let (pairings, standings, forfeits) = report::tally(&names, &fixtures, &results, colours);
    let time = args.time.map(|t| t.to_string());
    Ok(Report { pairings, standings, forfeits, game: game.into(), size, games_per_pairing: args.games, seed, time })
}

/// Runs `hextoe tourney`: the progress bar on stderr (only on a terminal, and not with `--json`), the
/// report on stdout.
pub fn run(args: &TourneyArgs, config: &Config) -> anyhow::Result<()> {
    let progress = if args.json || !std::io::stderr().is_terminal() {
        ProgressBar::hidden()
    } else {
        let style = ProgressStyle::with_template("{bar:40.cyan/blue} {pos}/{len} games  {elapsed} (eta {eta})")
            .map(|s| s.progress_chars("█▉▊▋▌▍▎▏ "))
            .unwrap_or_else(|_| ProgressStyle::default_bar());
        ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()).with_style(style)
    };
    let recorder = args.record.as_deref().map(Recorder::open).transpose()?;
    let report = tourney(args, config, &progress, recorder.as_ref());
    progress.finish_and_clear();
    let report = report?;
    if args.json {
        crate::output::println(&serde_json::to_string(&report)?)?;
    } else {
        crate::output::print(&report::render(&report))?;
    }
    // After the report, so that a failed write of the record never costs the tally.
    recorder.map_or(Ok(()), Recorder::finish)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedule_balances_colours() {
        let f = schedule(3, 5);
        assert_eq!(f.len(), 3 * 5);
        for (a, b) in [(0, 1), (0, 2), (1, 2)] {
            let firsts = |x, y| f.iter().filter(|g| g.first == x && g.second == y).count();
            assert_eq!((firsts(a, b), firsts(b, a)), (3, 2));
        }
        // Each pairing index keeps one colour assignment.
        for g in &f {
            let same = f.iter().filter(|h| h.pairing == g.pairing);
            assert!(same.clone().all(|h| (h.first, h.second) == (g.first, g.second)));
        }
    }

    #[test]
    fn duplicate_entries_are_numbered() {
        let n = entrant_names(&["random".into(), " rush".into(), "random ".into()]);
        assert_eq!(n, ["random#1", "rush", "random#2"]);
    }

    #[test]
    fn seeds_differ_per_game_and_seat() {
        let mut all: Vec<u64> =
            (0..10).flat_map(|p| (0..10).flat_map(move |g| (0..2).map(move |s| seed_for(7, p, g, s)))).collect();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 200);
    }
}
