//! The corpus under a training folder: each generator's chunk folder gives its kind of example (MoHex's
//! with move targets, hextoe's for the value alone), and the held-out rule holds for both.

use flate2::Compression;
use flate2::write::GzEncoder;
use hextoe_nn::dataset::{Source, load_corpus};
use std::io::Write;
use std::path::Path;

/// A finished 2×2 game: Black a1, White b1, Black a2 joins row 1 to row 2.
const GAME: &str = "2 a1 b1 a2";

fn write_gz(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let mut z = GzEncoder::new(Vec::new(), Compression::default());
    z.write_all(text.as_bytes()).unwrap();
    std::fs::write(path, z.finish().unwrap()).unwrap();
}

/// Ten games, indices 0 to 9, each with the `#v` tokens `tokens`.
fn chunk(tokens: &str) -> String {
    (0..10).map(|i| format!("#v {i} 1 {tokens}\n{GAME}\n")).collect()
}

#[test]
fn each_folder_gives_its_kind_of_example_and_the_same_held_out_rule() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::write(root.join("hex-games-mohex.txt"), format!("{GAME}\n")).unwrap();
    std::fs::write(root.join("hex-games-mohex-heldout.txt"), format!("{GAME}\n")).unwrap();
    write_gz(&root.join("nn/mohex-2/0000.txt.gz"), &chunk("- b1:3,a2:1@0.4 a2:1@0.9"));
    write_gz(&root.join("nn/hextoe-2/0000.txt.gz"), &chunk("- = ="));
    // Neither a tail beside the folders nor a folder of another name is read.
    write_gz(&root.join("nn/hextoe-2-tail.txt.gz"), &chunk("- = ="));
    write_gz(&root.join("nn/other-2/0000.txt.gz"), "not games at all");

    let c = load_corpus(root).unwrap();
    let count = |ex: &[hextoe_nn::dataset::Example], s: Source| ex.iter().filter(|e| e.source == s).count();
    // Game lists: two targets a game (the first stone is none); chunks: two a game, game 9 held out.
    assert_eq!((count(&c.train, Source::GameList), count(&c.heldout, Source::GameList)), (2, 2));
    assert_eq!((count(&c.train, Source::Search), count(&c.heldout, Source::Search)), (18, 2));
    assert_eq!((count(&c.train, Source::Results), count(&c.heldout, Source::Results)), (18, 2));
    assert_eq!(c.games, (1 + 9 + 9, 1 + 1 + 1));
    assert_eq!(c.files.len(), 4, "{:?}", c.files);
    for e in c.train.iter().chain(&c.heldout) {
        assert_eq!(e.policy.is_empty(), e.source == Source::Results, "{e:?}");
        // Black wins every game: the value follows the mover.
        let black_to_move = e.pos.to_move == hextoe_core::game::hex::Color::Black;
        assert_eq!(e.value, if black_to_move { 1.0 } else { -1.0 });
    }
}
