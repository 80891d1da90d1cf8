use super::*;

/// A finished 2×2 game: Black a1, White b1, Black a2 joins row 1 to row 2.
const GAME: &str = "2 a1 b1 a2";

fn read(text: &str) -> Result<Vec<Game>> {
    parse(text, Path::new("t.txt"), Plain::OneHot { skip: 1 })
}

/// The message of the error `text` gives, which must name the file and `line`.
fn error_at(text: &str, line: usize) -> String {
    match read(text) {
        Err(NnError::Data { line: l, message, .. }) => {
            assert_eq!(l, line, "{message}");
            let shown = read(text).err().map(|e| e.to_string()).unwrap_or_default();
            assert!(shown.starts_with(&format!("t.txt:{line}: ")), "{shown}");
            message
        }
        other => panic!("expected a data error at line {line}, got {other:?}"),
    }
}

#[test]
fn reads_plain_and_visit_lines() {
    let games = read(&format!("# comment\n\n{GAME}\n#v 7 5 - b1:3,a2:1@0.40 a2:4@0.9\n{GAME}\n")).unwrap();
    assert_eq!(games.len(), 2);
    let a2 = Cell::new(0, 1).unwrap();
    let b1 = Cell::new(1, 0).unwrap();
    assert_eq!(games[0].winner, Color::Black);
    assert_eq!(games[0].index, 0);
    assert_eq!(games[0].targets[0], None, "the random first stone is no target");
    assert_eq!(games[0].targets[2], Some(Policy { weights: vec![(a2, 1.0)], q: None }));
    assert_eq!((games[1].index, games[1].line), (7, 5));
    assert_eq!(games[1].targets[0], None);
    assert_eq!(games[1].targets[1], Some(Policy { weights: vec![(b1, 0.75), (a2, 0.25)], q: Some(0.4) }));
}

#[test]
fn malformed_lines_are_refused_with_their_number() {
    assert!(error_at("x a1", 1).contains("board side"));
    assert!(error_at("#\n20 a1", 2).contains("board side (1 to 13)"));
    assert!(error_at("2 a1 z9", 1).contains("z9"));
    assert!(error_at("2 a1 a1 a2", 1).contains("taken"));
    assert!(error_at("2 a1 b1", 1).contains("does not end"));
    assert!(error_at("2 a1 b1 a2 b2", 1).contains("after the game was won"));
    assert!(error_at("#v 0 1 - -\n2 a1 b1 a2", 2).contains("2 tokens for 3 moves"));
    assert!(error_at("#v 0 1 - - a2:x@0.5\n2 a1 b1 a2", 2).contains("visits"));
    assert!(error_at("#v 0 1 - - a2:1@1.5\n2 a1 b1 a2", 2).contains("q must be"));
    assert!(error_at("#v 0 1 - - b2:1@0.5\n2 a1 b1 a2", 2).contains("a2, is not listed"));
    assert!(error_at("#v 0 1 - - a1:1,a2:1@0.5\n2 a1 b1 a2", 2).contains("taken"));
    assert!(error_at("#v 0 1 - - a2:0@0.5\n2 a1 b1 a2", 2).contains("no visits"));
    assert!(error_at("#v 0 1 - - a2\n2 a1 b1 a2", 2).contains("expected `-`"));
    assert!(error_at("#v x\n", 1).contains("INDEX SEED"));
    assert!(error_at("#v 0 1 -\n#v 1 1 -\n", 2).contains("second #v"));
    assert!(error_at("2 a1 b1 a2\n#v 0 1 - - -\n", 2).contains("no game after it"));
}

#[test]
fn files_that_are_not_games_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let gz = dir.path().join("x.txt.gz");
    std::fs::write(&gz, b"not gzip at all").unwrap();
    let e = read_file(&gz, Plain::OneHot { skip: 1 }).unwrap_err().to_string();
    assert!(e.starts_with("cannot decompress"), "{e}");
    let bin = dir.path().join("x.txt");
    std::fs::write(&bin, b"2 a1 b1 a2\n2 a1 \xff b1 a2\n").unwrap();
    let e = read_file(&bin, Plain::OneHot { skip: 1 }).unwrap_err().to_string();
    let want = format!("{}: not UTF-8 text: line 2 (byte 16 of the file) is not valid UTF-8", bin.display());
    assert!(e.starts_with(&want), "{e}");
    let e = read_file(&dir.path().join("missing.txt"), Plain::OneHot { skip: 1 }).unwrap_err().to_string();
    assert!(e.starts_with("cannot read"), "{e}");
}

#[test]
fn a_file_over_the_limit_is_refused_by_name_with_the_limit() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("x.txt");
    std::fs::write(&plain, format!("{GAME}\n")).unwrap();
    assert_eq!(read_text_at_most(&plain, 11).unwrap(), format!("{GAME}\n"));
    let e = read_text_at_most(&plain, 10).unwrap_err().to_string();
    assert_eq!(
        e,
        format!("{}: larger than the limit of 10 bytes; expected a games file of at most that size", plain.display())
    );
    let gz = dir.path().join("x.txt.gz");
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    enc.write_all(&vec![b'#'; 3 << 20]).unwrap();
    std::fs::write(&gz, enc.finish().unwrap()).unwrap();
    let e = read_text_at_most(&gz, 2 << 20).unwrap_err().to_string();
    assert!(e.starts_with(&format!("{}: larger than the limit of 2 MiB once decompressed", gz.display())), "{e}");
    assert!(!e.contains(":0:"), "{e}");
}

#[test]
fn gzip_files_are_read() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let gz = dir.path().join("x.txt.gz");
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    enc.write_all(format!("{GAME}\n").as_bytes()).unwrap();
    std::fs::write(&gz, enc.finish().unwrap()).unwrap();
    assert_eq!(read_file(&gz, Plain::OneHot { skip: 1 }).unwrap().len(), 1);
}
