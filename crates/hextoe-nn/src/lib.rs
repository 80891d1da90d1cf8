//! hextoe-nn: a small network that predicts strong Hex moves (policy) and the outcome (value), with its
//! data reader, trainer and offline evaluation, and the one-position evaluation that guides the impossible
//! level's tree search at 11×11 to 13×13 (see `docs/nn.md`).
//!
//! | module | what lives there |
//! |---|---|
//! | [`data`] | reading game files: MoHex self-play with visit counts, plain game lists; bounded, line-numbered errors |
//! | [`dataset`] | games → examples, the fixed held-out split, batches as tensors |
//! | [`planes`] | the canonical frame (the mover joins top and bottom) and the input planes |
//! | [`net`] | the residual CNN with its policy and value heads |
//! | [`patches`] | a convolution's patches gathered for one matrix product, and their gradient |
//! | [`init`] | parameter names and shapes, seeded starting values |
//! | [`weights`] | the safetensors file with its metadata: save and checked load |
//! | [`train`] | the losses and the seeded AdamW training loop |
//! | [`gradient`] | one step's gradient, its batch cut into parts computed on threads of their own |
//! | [`adamw`] | AdamW with its moments readable, so that a run can be checkpointed |
//! | [`checkpoint`] | a run's checkpoint file: resuming gives the weights of the run that never stopped |
//! | [`conv`] | the 3×3 and 1×1 convolutions of one position, on the widest vectors the processor has |
//! | [`fast`] | the policy and the value of one position, laid out for a batch of one (the search's evaluations) |
//! | [`infer`] | one position's move shares and value |
//! | [`predictor`] | the network as the tree search's move predictor, with the shipped weights built in |
//! | [`eval`] | held-out accuracy of the network and of the pattern prior |
//! | [`provenance`] | the trainer's own hash, stored with the weights |
//! | [`cli`] | what the commands share: the checked `--threads` option, their start and exit |
//! | [`threads`] | the kernels' thread count and the allocator's settings (read from the environment) |
//! | [`error`] | the one error type |
//!
//! Everything runs on the CPU (candle, and `pulp` for the search's convolutions), with no system library and
//! nothing downloaded.

#![forbid(unsafe_code)]
#![deny(missing_docs)]
// The docs are for the people who work on the crate as much as for its users, and link the private
// items that explain a public one; read them with `cargo doc --document-private-items`.
#![allow(rustdoc::private_intra_doc_links)]

pub mod adamw;
pub mod checkpoint;
pub mod cli;
pub mod conv;
pub mod data;
pub mod dataset;
pub mod error;
pub mod eval;
pub mod fast;
pub mod gradient;
pub mod infer;
pub mod init;
pub mod net;
pub mod patches;
pub mod planes;
pub mod predictor;
pub mod provenance;
pub mod threads;
pub mod train;
pub mod weights;

pub use error::{NnError, Result};
pub use net::{Net, NetConfig};

/// The shipped network's file, relative to this crate's folder: the one the search asks on every size
/// but those of [`SHIPPED_13`].
pub const SHIPPED: &str = "data/hex-net.safetensors";

/// The network the search asks on 13×13 boards, relative to this crate's folder: a shallower network that
/// played 13×13 better than [`SHIPPED`]'s deeper one in a match (docs/nn.md, "One network a size").
pub const SHIPPED_13: &str = "data/hex-net-13.safetensors";

/// The side of the boards on which the search asks [`SHIPPED_13`] instead of [`SHIPPED`].
pub const SIDE_13: usize = 13;
