//! The config's tests: defaults, partial files, every refusal with its line and message.

use super::*;

#[test]
fn embedded_file_is_the_default() {
    let parsed = Config::from_toml(DEFAULT_TOML, Path::new("config.toml"));
    assert_eq!(parsed.ok(), Some(Config::default()));
}

#[test]
fn embedded_file_documents_every_key() {
    // Every key the defaults serialize must appear in the documented file itself, not only via defaults.
    let full = toml::to_string(&Config::default()).unwrap_or_default();
    let file: toml::Table = toml::from_str(DEFAULT_TOML).unwrap_or_default();
    let full: toml::Table = toml::from_str(&full).unwrap_or_default();
    fn same_keys(a: &toml::Table, b: &toml::Table, path: &str) {
        for (k, v) in a {
            let here = format!("{path}{k}");
            let other = b.get(k);
            assert!(other.is_some(), "config.toml does not document `{here}`");
            if let (toml::Value::Table(x), Some(toml::Value::Table(y))) = (v, other) {
                same_keys(x, y, &format!("{here}."));
            }
        }
    }
    same_keys(&full, &file, "");
}

#[test]
fn partial_file_keeps_other_defaults() {
    let c = Config::from_toml("[hex]\nsize = 7\n", Path::new("x.toml")).unwrap_or_default();
    assert_eq!(c.hex.size, BoardSize(7));
    assert_eq!(c.tictactoe, TttConfig::default());
}

#[test]
fn messages_give_the_dotted_key_and_the_column() {
    let msg = Config::from_toml("game = \"hex\"\n[hex.medium]\nthreads = 1\nmove_time = -1\n", Path::new("c.toml"))
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(msg.contains("line 4, column 13, key `hex.medium.move_time`: "), "{msg}");
    assert!(msg.contains("4 | move_time = -1"), "{msg}");
    let msg = Config::from_toml("[hex\n", Path::new("c.toml")).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(msg.contains("line 1") && !msg.contains("key `"), "{msg}");
}

#[test]
fn every_number_is_range_checked_with_line_key_and_range() {
    // Finding 2: memory_mb, threads and playouts were taken as they came.
    let cases = [
        ("[hex.impossible]\nmemory_mb = 1000000\n", "memory_mb 1000000 is out of range: expected 1 to 16384"),
        ("[hex.impossible]\nmemory_mb = 17592186044416\n", "memory_mb 17592186044416 is out of range"),
        ("[hex.impossible]\nmemory_mb = 0\n", "memory_mb 0 is out of range"),
        ("[hex.impossible]\nthreads = 0\n", "threads 0 is out of range: expected 1 to 256"),
        ("[hex.impossible]\nthreads = 100000\n", "threads 100000 is out of range"),
        ("[hex.impossible]\nplayouts = 0\n", "playouts 0 is out of range: expected 1 to 1000000000"),
        ("[hex.easy]\ndepth = 65\n", "depth 65 is out of range: expected 1 to 64"),
        ("[hex.easy]\ndepth = -1\n", "depth -1 is out of range"),
        ("[serve]\nidle_minutes = 0\n", "idle_minutes 0 is out of range: expected 1 to 1440"),
        ("[serve]\nidle_minutes = 1441\n", "idle_minutes 1441 is out of range"),
        ("[serve]\ngrace = 5\n", "grace 5 is out of range: expected 10 to 86400"),
    ];
    for (text, want) in cases {
        let msg = Config::from_toml(text, Path::new("c.toml")).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(msg.contains("line 2, column") && msg.contains(want), "{text:?}: {msg}");
        let key = text.lines().nth(1).and_then(|l| l.split(' ').next()).unwrap_or_default();
        assert!(msg.contains(&format!(".{key}`")), "{text:?}: {msg}");
    }
    // A value past u64 is refused by the TOML reader itself, with the line.
    let msg = Config::from_toml("[hex.impossible]\nmemory_mb = 18446744073709551615\n", Path::new("c.toml"))
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(msg.contains("line 2"), "{msg}");
    let ok = Config::from_toml("[hex.impossible]\nmemory_mb = 16384\nthreads = 256\n", Path::new("c.toml"));
    assert!(ok.is_ok());
    let serve = Config::from_toml("[serve]\nidle_minutes = 1440\n", Path::new("c.toml"));
    assert_eq!(serve.map(|c| c.serve.idle_minutes.0).ok(), Some(1440));
}

#[test]
fn a_partial_level_table_inherits_every_missing_key() {
    // Finding 3: `[hex.medium]` with only `depth = 3` turned medium into `random` without a time.
    let c = Config::from_toml("[hex.medium]\ndepth = 3\n", Path::new("c.toml")).unwrap_or_default();
    let d = HexConfig::default();
    assert_eq!(c.hex.medium, HexLevelConfig { depth: Some(HexDepth(3)), ..d.medium.clone() });
    assert_eq!(c.hex.medium.player, PlayerKind::AlphaBeta(Eval::TwoDistance));
    let c = Config::from_toml("[hex.impossible]\nthreads = 2\n", Path::new("c.toml")).unwrap_or_default();
    assert_eq!(c.hex.impossible, HexLevelConfig { threads: Threads(2), ..d.impossible.clone() });
}

#[test]
fn every_table_inherits_key_by_key() {
    // For every table and every key in it: a file holding that table with that one key changed keeps every
    // other key, in that table and elsewhere, at its default.
    let defaults: toml::Table = toml::from_str(DEFAULT_TOML).unwrap_or_default();
    let mut tables: Vec<(String, toml::Table)> = Vec::new();
    fn walk(t: &toml::Table, path: &str, out: &mut Vec<(String, toml::Table)>) {
        for (k, v) in t {
            if let toml::Value::Table(sub) = v {
                let here = if path.is_empty() { k.clone() } else { format!("{path}.{k}") };
                out.push((here.clone(), sub.clone()));
                walk(sub, &here, out);
            }
        }
    }
    walk(&defaults, "", &mut tables);
    let names: Vec<&str> = tables.iter().map(|(n, _)| n.as_str()).collect();
    for want in ["tictactoe", "hex", "hex.easy", "hex.medium", "hex.impossible", "ui", "ui.theme", "ui.keys"] {
        assert!(names.contains(&want), "{want} missing from {names:?}");
    }
    let full = Config::default();
    let mut checked = 0;
    for (name, table) in &tables {
        for (key, value) in table {
            if value.is_table() {
                continue;
            }
            let text = format!("[{name}]\n{key} = {value}\n");
            let got = Config::from_toml(&text, Path::new("c.toml"));
            assert_eq!(got.as_ref().ok(), Some(&full), "{text}: {:?}", got.as_ref().err().map(|e| e.to_string()));
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} keys checked");
}

#[test]
fn a_changed_key_changes_only_itself() {
    let c = Config::from_toml("[hex.easy]\nplayer = \"resistance\"\n", Path::new("c.toml")).unwrap_or_default();
    let d = Config::default();
    assert_eq!(c.hex.easy.player, PlayerKind::AlphaBeta(Eval::Resistance));
    assert_eq!((c.hex.easy.depth, c.hex.easy.memory_mb), (d.hex.easy.depth, d.hex.easy.memory_mb));
    assert_eq!((&c.hex.medium, &c.hex.impossible, &c.ui), (&d.hex.medium, &d.hex.impossible, &d.ui));
    let c = Config::from_toml("[ui.theme]\nblack = \"red\"\n", Path::new("c.toml")).unwrap_or_default();
    assert_eq!((&c.ui.keys, &c.hex), (&d.ui.keys, &d.hex));
}

#[test]
fn a_long_bad_line_is_not_echoed_whole() {
    let text = format!("[hex]\nsize = \"{}\"\n", "é".repeat(100_000));
    let msg = Config::from_toml(&text, Path::new("c.toml")).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(msg.contains("line 2") && msg.contains("size") && msg.len() < 3000, "{} bytes", msg.len());
    assert!(msg.contains("expected board size as an integer from 1 to 19"), "{msg}");
}

#[test]
fn huge_or_endless_config_files_are_refused_at_once() {
    // Finding 9: `--config /dev/zero` read until memory ran out.
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let big = dir.path().join("big.toml");
    assert!(std::fs::write(&big, "#".repeat(2 << 20)).is_ok());
    let msg = Config::from_file(&big).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(msg.contains("big.toml") && msg.contains("larger than 1048576 bytes"), "{msg}");
    let bad = dir.path().join("bad.toml");
    assert!(std::fs::write(&bad, b"game = \"hex\xff\"\n").is_ok());
    let msg = Config::from_file(&bad).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(msg.contains("not UTF-8"), "{msg}");
}

#[test]
fn bad_values_name_line_key_and_expectation() {
    let cases = [
        ("[hex]\nsize = 99\n", ["line 2", "size", "1 to 19"]),
        ("[hex]\nsize = \"big\"\n", ["line 2", "size", "integer"]),
        ("[tictactoe]\ndepth_easy = 0\n", ["line 2", "depth_easy", "1 to 9"]),
        ("[hex]\ncolour = 1\n", ["line 2", "colour", "unknown field"]),
        ("[hex.medium]\nplayer = \"gnu\"\n", ["line 2", "player", "expected one of"]),
        ("[hex.medium]\nmove_time = -1\n", ["line 2", "move_time", "greater than 0"]),
        ("game = \"chess\"\n", ["line 1", "game", "tictactoe"]),
        ("[hex\n", ["line 1", "", ""]),
    ];
    for (text, wants) in cases {
        let msg = Config::from_toml(text, Path::new("my.toml")).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(msg.contains("my.toml"), "{msg}");
        for w in wants {
            assert!(msg.contains(w), "{text:?}: {msg:?} lacks {w:?}");
        }
    }
}
