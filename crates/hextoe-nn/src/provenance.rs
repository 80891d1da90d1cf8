//! The trainer's identity: a hash of the sources that decide what training computes, stored in the
//! weights file beside the data's hash, so that shipped weights say what made them.

use sha2::{Digest, Sha256};

/// The sources that decide the trained weights: the optimiser and the checkpoint, the reader, the examples,
/// the planes, the network and its convolutions' patches, its starting values, the step's gradient and the
/// training loop, and the training command.
const SOURCES: [(&str, &str); 11] = [
    ("adamw.rs", include_str!("adamw.rs")),
    ("checkpoint.rs", include_str!("checkpoint.rs")),
    ("data.rs", include_str!("data.rs")),
    ("dataset.rs", include_str!("dataset.rs")),
    ("planes.rs", include_str!("planes.rs")),
    ("net.rs", include_str!("net.rs")),
    ("patches.rs", include_str!("patches.rs")),
    ("init.rs", include_str!("init.rs")),
    ("gradient.rs", include_str!("gradient.rs")),
    ("train.rs", include_str!("train.rs")),
    ("bin/train.rs", include_str!("bin/train.rs")),
];

/// SHA-256 of the trainer's sources (names and texts, in order), in hexadecimal.
pub fn trainer_sha256() -> String {
    let mut h = Sha256::new();
    for (name, text) in SOURCES {
        h.update(name.as_bytes());
        h.update([0]);
        h.update((text.len() as u64).to_le_bytes());
        h.update(text.as_bytes());
    }
    crate::dataset::hex(&h.finalize())
}
