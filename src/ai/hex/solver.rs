//! The exact Hex solver.
