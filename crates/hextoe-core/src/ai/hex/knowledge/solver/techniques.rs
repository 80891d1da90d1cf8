//! The solver's optional techniques, which the tests and the experiments turn off one at a time.

/// The solver's techniques that a proof can do without, each on by default. Every one only prunes what
/// a proof need not look at, so turning one off changes how much is searched, never a result: the tests
/// check that.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Techniques {
    /// Leave out vulnerable and dominated moves (`prune.rs`).
    pub inferior_moves: bool,
    /// A position's disproof number is its largest child's proof number plus one for each other open
    /// child, not their sum (`dfpn.rs`).
    pub weak_sums: bool,
}

impl Default for Techniques {
    fn default() -> Techniques {
        Techniques { inferior_moves: true, weak_sums: true }
    }
}
