//! HexGui's SGF: `(;FF[4]GM[11]SZ[11];B[f6];W[swap-pieces];W[e7]…)`, written and read.
