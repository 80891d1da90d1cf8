//! The player syntax of `hextoe tourney --players` and of the engine's `player` command, parsed and
//! validated into the specs the AI takes.
//!
//! Hex (`NAME[@LIMIT...]`):
//! - a player name — `random`, `rush`, `connected`, `better-connected`, `two-distance`, `resistance`,
//!   `mcts` — optionally followed by limits, each after an `@`: `0.5s` or `200ms` (time per move), `d3`
//!   (depth in plies), `p20000` (MCTS playouts or alpha-beta nodes), `t4` (threads). With no limits a
//!   searching player thinks for `--move-time` (default [`DEFAULT_MOVE_TIME`]); with limits it has
//!   exactly those. `random` and `rush` take none.
//! - a level, `easy`, `medium` or `impossible`: the player and budget configured for it in config.toml
//!   (`--move-time` replaces its time); limits after `@` replace the matching configured ones.
//! - `engine:<command line>` or `engine@<limits>:<command line>`: an external HTP engine. Its time
//!   (`@2s`, else `--move-time`) only sets the deadline for its answer: 10 % more plus 100 ms.
//!
//! Tic-tac-toe: `random`, `minimax:LEVEL`, `rules:LEVEL`, a style alone (at the config's `level`), or a
//! level alone (in the config's `[tictactoe] ai` style).

use crate::ai::hex::{PlayerKind, PlayerSpec};
use crate::ai::ttt::Style;
use crate::ai::{Budget, Level};
use crate::config::{Config, HexConfig};
use crate::config::{HexDepth, Playouts, Threads};
use crate::input::{quote, strip_prefix_ci};
use hextoe_core::Named;
use std::time::Duration;

/// The time per move of a searching Hex player named without limits, when `--move-time` is not given.
pub const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(1);

/// Why a player entry was refused; the message quotes the entry and says what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("player '{}': {message}", quote(entry))]
pub struct EntrantError {
    /// The entry as written.
    pub entry: String,
    /// What was wrong and what was expected.
    pub message: String,
}

/// What a Hex entry may be, from the player and level name tables.
fn hex_expected() -> String {
    format!(
        "expected {}, a level ({}) or engine:<command line>, optionally with limits such as @0.5s, @d3, @p20000, @t2",
        PlayerKind::expected(),
        Level::expected()
    )
}

/// Reads a Hex player entry. `move_time` is the `--move-time` flag.
pub fn parse_hex(entry: &str, config: &HexConfig, move_time: Option<Duration>) -> Result<PlayerSpec, EntrantError> {
    let err = |message: String| EntrantError { entry: entry.to_string(), message };
    let t = entry.trim();
    if t.is_empty() {
        return Err(err(format!("the name is empty: {}", hex_expected())));
    }
    let memory_mb = config.level(Level::Medium).memory_mb.0;
    let after_engine = strip_prefix_ci(t, "engine").filter(|r| r.starts_with([':', '@']));
    if let Some(after) = after_engine {
        let Some((head, command)) = after.split_once(':') else {
            return Err(err("an engine needs its command line after a colon, e.g. engine@2s:mohex".into()));
        };
        let command = command.trim();
        if command.is_empty() {
            return Err(err("the engine's command line is empty: expected engine:<command line>".into()));
        }
        let limits = parse_limits(head.strip_prefix('@')).map_err(err)?;
        let mut budget = Budget { threads: 1, ..Budget::default() };
        budget.move_time = move_time;
        limits.apply(&mut budget);
        return Ok(PlayerSpec { kind: PlayerKind::Engine(command.to_string()), budget, memory_mb });
    }
    let (name, rest) = t.split_once('@').map_or((t, None), |(n, r)| (n, Some(r)));
    let limits = parse_limits(rest).map_err(err)?;
    if let Some(level) = Level::parse(name) {
        let mut spec = config.spec(level, move_time);
        limits.apply(&mut spec.budget);
        return Ok(spec);
    }
    let kind: PlayerKind =
        name.parse().map_err(|_| err(format!("unknown player '{}': {}", quote(name), hex_expected())))?;
    if matches!(kind, PlayerKind::Engine(_)) {
        return Err(err("an engine is written engine:<command line>".into()));
    }
    let simple = kind.is_simple();
    if simple && !limits.is_empty() {
        return Err(err(format!("{kind} plays without limits: remove '@{}'", quote(rest.unwrap_or_default()))));
    }
    let mut budget = Budget { threads: 1, ..Budget::default() };
    if limits.is_empty() && !simple {
        budget.move_time = Some(move_time.unwrap_or(DEFAULT_MOVE_TIME));
    }
    limits.apply(&mut budget);
    Ok(PlayerSpec { kind, budget, memory_mb })
}

/// Limits read from `@…` parts.
#[derive(Default)]
struct Limits {
    time: Option<Duration>,
    depth: Option<u32>,
    nodes: Option<u64>,
    threads: Option<usize>,
}

impl Limits {
    fn is_empty(&self) -> bool {
        self.time.is_none() && self.depth.is_none() && self.nodes.is_none() && self.threads.is_none()
    }

    fn apply(&self, b: &mut Budget) {
        b.move_time = self.time.or(b.move_time);
        b.depth = self.depth.or(b.depth);
        b.nodes = self.nodes.or(b.nodes);
        b.threads = self.threads.unwrap_or(b.threads).max(1);
    }
}

/// Reads the limits after the first `@`, e.g. `0.5s@d3` (`None`: no limits).
fn parse_limits(s: Option<&str>) -> Result<Limits, String> {
    let mut l = Limits::default();
    let Some(s) = s else { return Ok(l) };
    for part in s.split('@').map(str::trim) {
        let shown = quote(part);
        if part.is_empty() {
            return Err("a limit is missing after '@': expected e.g. @0.5s, @200ms, @d3, @p20000 or @t2".into());
        }
        let p = part.to_ascii_lowercase();
        let dup = |what: &str| format!("the {what} is given twice");
        let number = |digits: &str, what: &str| -> Result<i128, String> {
            digits.parse::<i128>().map_err(|_| format!("'{shown}': the {what} must be a whole number"))
        };
        if let Some(ms) = p.strip_suffix("ms") {
            let secs = seconds(ms, part)? / 1000.0;
            check_time(secs, part)?;
            l.time = if l.time.is_some() { return Err(dup("time")) } else { Some(Duration::from_secs_f64(secs)) };
        } else if let Some(sec) = p.strip_suffix('s') {
            let secs = seconds(sec, part)?;
            check_time(secs, part)?;
            l.time = if l.time.is_some() { return Err(dup("time")) } else { Some(Duration::from_secs_f64(secs)) };
        } else if let Some(d) = p.strip_prefix('d') {
            let d = HexDepth::check(number(d, "depth")?).map_err(|e| format!("'{shown}': {e}"))?;
            l.depth = if l.depth.is_some() { return Err(dup("depth")) } else { Some(d.0) };
        } else if let Some(n) = p.strip_prefix('p').or_else(|| p.strip_prefix('n')) {
            let n = Playouts::check(number(n, "playout count")?).map_err(|e| format!("'{shown}': {e}"))?;
            l.nodes = if l.nodes.is_some() { return Err(dup("playout count")) } else { Some(n.0) };
        } else if let Some(t) = p.strip_prefix('t') {
            let t = Threads::check(number(t, "thread count")?).map_err(|e| format!("'{shown}': {e}"))?;
            l.threads = if l.threads.is_some() { return Err(dup("thread count")) } else { Some(t.0) };
        } else {
            return Err(format!(
                "unknown limit '@{shown}': expected a time (0.5s, 200ms), a depth (d3), playouts (p20000) or threads (t2)"
            ));
        }
    }
    Ok(l)
}

fn seconds(number: &str, part: &str) -> Result<f64, String> {
    number.trim().parse::<f64>().map_err(|_| format!("'{}' is not a time: expected e.g. 0.5s or 200ms", quote(part)))
}

fn check_time(secs: f64, part: &str) -> Result<(), String> {
    if crate::config::Seconds::in_range(secs) {
        Ok(())
    } else {
        Err(format!("'{}' is out of range: expected more than 0 and at most 3600 seconds", quote(part)))
    }
}

/// A tic-tac-toe tourney player.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TttEntrant {
    /// Uniformly random legal moves.
    Random,
    /// One of hextoe's AIs at a level.
    Ai {
        /// Minimax or rules.
        style: Style,
        /// The level, which sets the depth (minimax) or the rules used (rules).
        level: Level,
    },
}

/// Reads a tic-tac-toe player entry.
pub fn parse_ttt(entry: &str, config: &Config) -> Result<TttEntrant, EntrantError> {
    let err = |message: String| EntrantError { entry: entry.to_string(), message };
    let expected = "expected random, minimax:LEVEL, rules:LEVEL, minimax, rules, or a level (easy, medium, impossible)";
    let t = entry.trim().to_ascii_lowercase();
    let style = |s: &str| match s {
        "minimax" => Some(Style::Minimax),
        "rules" => Some(Style::Rules),
        _ => None,
    };
    if t == "random" {
        return Ok(TttEntrant::Random);
    }
    if let Some(level) = Level::parse(&t) {
        return Ok(TttEntrant::Ai { style: config.tictactoe.ai, level });
    }
    let (s, l) = t.split_once(':').map_or((t.as_str(), None), |(s, l)| (s, Some(l)));
    let style = style(s.trim()).ok_or_else(|| err(format!("unknown player '{}': {expected}", quote(s))))?;
    let level = match l {
        None => config.level,
        Some(l) => Level::parse(l)
            .ok_or_else(|| err(format!("unknown level '{}': expected easy, medium or impossible", quote(l))))?,
    };
    Ok(TttEntrant::Ai { style, level })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::hex::eval::Eval;

    fn hex(s: &str) -> Result<PlayerSpec, String> {
        parse_hex(s, &HexConfig::default(), None).map_err(|e| e.to_string())
    }

    #[test]
    fn hex_names_and_limits() {
        let r = hex("resistance@0.2s").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            (r.kind, r.budget.move_time, r.budget.depth),
            (PlayerKind::AlphaBeta(Eval::Resistance), Some(Duration::from_millis(200)), None)
        );
        let b = hex("Better-Connected@d3").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            (b.kind, b.budget.depth, b.budget.move_time),
            (PlayerKind::AlphaBeta(Eval::BetterConnected), Some(3), None)
        );
        let m = hex("mcts@250ms@p5000@t2").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            (m.budget.move_time, m.budget.nodes, m.budget.threads),
            (Some(Duration::from_millis(250)), Some(5000), 2)
        );
        let bare = hex("two-distance").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(bare.budget.move_time, Some(DEFAULT_MOVE_TIME));
        let flagged = parse_hex("mcts", &HexConfig::default(), Some(Duration::from_millis(300)))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(flagged.budget.move_time, Some(Duration::from_millis(300)));
        assert_eq!(hex("random").map(|s| s.budget.move_time), Ok(None));
    }

    #[test]
    fn hex_levels_and_engines() {
        let cfg = HexConfig::default();
        assert_eq!(hex("easy"), Ok(cfg.spec(Level::Easy, None)));
        // The depth is replaced, the configured time kept.
        let m = hex("medium@d5").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            (m.kind, m.budget.depth, m.budget.move_time),
            (cfg.medium.player.clone(), Some(5), cfg.medium.move_time.map(|s| s.0))
        );
        let e = hex("engine:hextoe engine --level easy").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((e.kind, e.budget.move_time), (PlayerKind::Engine("hextoe engine --level easy".into()), None));
        let e = hex("engine@2s:prog --flag a@b").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            (e.kind, e.budget.move_time),
            (PlayerKind::Engine("prog --flag a@b".into()), Some(Duration::from_secs(2)))
        );
    }

    #[test]
    fn hex_errors_say_what_was_expected() {
        let cases = [
            ("", "empty"),
            ("gnugo", "unknown player 'gnugo'"),
            ("random@1s", "without limits"),
            ("resistance@fast", "unknown limit '@fast'"),
            ("resistance@0s", "out of range"),
            ("resistance@xs", "not a time"),
            ("resistance@d0", "depth 0"),
            ("resistance@dx", "whole number"),
            ("resistance@d2@d3", "given twice"),
            ("mcts@p0", "playouts 0 is out of range: expected 1 to 1000000000"),
            ("mcts@t999", "threads"),
            ("engine:", "empty"),
            ("engine@2s", "after a colon"),
            ("mcts@", "missing after '@'"),
        ];
        for (entry, want) in cases {
            let msg = hex(entry).err().unwrap_or_default();
            assert!(msg.contains(want), "{entry:?}: {msg:?} lacks {want:?}");
        }
    }

    #[test]
    fn non_ascii_entries_are_refused_not_panicked_on() {
        // Finding 1: `t[..6]` sliced through the é of "enginé" and the € of "a€€".
        for entry in ["enginé", "a€€", "engin€:x", "ééééééé", "engine€", "€ngine:x"] {
            let msg = hex(entry).err().unwrap_or_default();
            assert!(msg.contains("unknown player") || msg.contains("expected"), "{entry}: {msg}");
        }
        assert!(parse_ttt("a€€", &Config::default()).is_err());
        let long = "é".repeat(10_000);
        let msg = hex(&long).err().unwrap_or_default();
        assert!(msg.len() < 1000, "the message quotes all of a 20 kB entry: {} bytes", msg.len());
    }

    #[test]
    fn limits_share_the_config_ranges() {
        let msg = hex("resistance@d65").err().unwrap_or_default();
        assert!(msg.contains("depth 65 is out of range: expected 1 to 64"), "{msg}");
        let msg = hex("mcts@t0").err().unwrap_or_default();
        assert!(msg.contains("threads 0 is out of range: expected 1 to 256"), "{msg}");
        let msg = hex("mcts@p99999999999999999999999").err().unwrap_or_default();
        assert!(msg.contains("out of range"), "{msg}");
    }

    proptest::proptest! {
        #[test]
        fn player_entries_never_panic(entry in proptest::prelude::any::<String>()) {
            let _ = hex(&entry);
            let _ = hex(&format!("engine{entry}"));
            let _ = hex(&format!("mcts@{entry}"));
            let _ = parse_ttt(&entry, &Config::default());
        }

        #[test]
        fn written_limits_read_back(ms in 1u64..3_600_000, d in 1u32..=64, p in 1u64..=1_000_000_000, t in 1usize..=256) {
            let spec = hex(&format!("resistance@{ms}ms@d{d}@p{p}@t{t}"));
            let spec = spec.map_err(proptest::test_runner::TestCaseError::fail)?;
            proptest::prop_assert_eq!(spec.budget.move_time, Some(Duration::from_millis(ms)));
            proptest::prop_assert_eq!((spec.budget.depth, spec.budget.nodes, spec.budget.threads), (Some(d), Some(p), t));
        }
    }

    #[test]
    fn ttt_entries() {
        let c = Config::default();
        assert_eq!(parse_ttt("random", &c), Ok(TttEntrant::Random));
        assert_eq!(parse_ttt("minimax:easy", &c), Ok(TttEntrant::Ai { style: Style::Minimax, level: Level::Easy }));
        assert_eq!(
            parse_ttt("RULES:impossible", &c),
            Ok(TttEntrant::Ai { style: Style::Rules, level: Level::Impossible })
        );
        assert_eq!(parse_ttt("rules", &c), Ok(TttEntrant::Ai { style: Style::Rules, level: c.level }));
        assert_eq!(parse_ttt("easy", &c), Ok(TttEntrant::Ai { style: c.tictactoe.ai, level: Level::Easy }));
        let bad = parse_ttt("minimax:hard", &c).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(bad.contains("unknown level 'hard'"), "{bad}");
        let bad = parse_ttt("mcts", &c).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(bad.contains("unknown player 'mcts'") && bad.contains("minimax:LEVEL"), "{bad}");
    }
}
