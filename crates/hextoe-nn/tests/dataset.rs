//! The corpus reader: which folders are read, with which source, and how the games are split.

use hextoe_nn::dataset::{Source, load_corpus};
use hextoe_nn::eval::rows;
use std::io::Write;
use std::path::Path;

/// Ten finished 3×3 games, indices 0 to 9, each with its `#v` line: the searched moves are targets.
fn chunk(dir: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    let mut text = String::from("#settings size=3 playouts=10 seed=1 format=1\n");
    for i in 0..10 {
        text += &format!("#v {i} 1 - b1:3@0.5 a2:2,c1:1@0.4 - -\n3 a1 b1 a2 b2 a3\n");
    }
    let file = std::fs::File::create(dir.join("0000.txt.gz")).unwrap();
    let mut z = flate2::write::GzEncoder::new(file, flate2::Compression::default());
    z.write_all(text.as_bytes()).unwrap();
    z.finish().unwrap();
}

#[test]
fn hextoe_and_mohex_chunks_are_read_with_their_source_and_split_alike() {
    let root = tempfile::tempdir().unwrap();
    let root = root.path();
    std::fs::write(root.join("hex-games-mohex.txt"), "3 a1 b1 a2 b2 a3\n").unwrap();
    std::fs::write(root.join("hex-games-mohex-heldout.txt"), "3 b1 a1 b2 a2 b3\n").unwrap();
    chunk(&root.join("nn/mohex-3"));
    chunk(&root.join("nn/hextoe-3"));
    chunk(&root.join("nn/other-3")); // neither engine's: not read
    let corpus = load_corpus(root).unwrap();
    let count = |ex: &[hextoe_nn::dataset::Example], s: Source| ex.iter().filter(|e| e.source == s).count();
    // Each chunk: nine games trained, game 9 held out, two targets a game.
    assert_eq!((count(&corpus.train, Source::MoHex), count(&corpus.heldout, Source::MoHex)), (18, 2));
    assert_eq!((count(&corpus.train, Source::Hextoe), count(&corpus.heldout, Source::Hextoe)), (18, 2));
    assert_eq!(corpus.files.len(), 4, "{:?}", corpus.files);
    assert_eq!(corpus.games, (1 + 9 + 9, 1 + 1 + 1));
    let names: Vec<String> = rows(&corpus.heldout).into_iter().map(|(name, _)| name).collect();
    assert_eq!(names, ["game lists", "self-play (visits)", "hextoe self-play (visits)", "all"]);
}
