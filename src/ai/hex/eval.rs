//! Hex position evaluations for the alpha-beta players.

/// Which evaluation an alpha-beta player uses.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Eval {
    /// Stones touching a friendly stone, over all six neighbours.
    Connected,
    /// Stones touching a friendly stone toward their own edges.
    BetterConnected,
    /// Queenbee's two-distance.
    TwoDistance,
    /// Electrical resistance, log(R_opponent / R_own).
    Resistance,
}
