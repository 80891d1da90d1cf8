//! Dead cells by their ring: a cell is *dead* if, however its empty neighbours are coloured, the black
//! neighbours form one run around the ring and so do the white ones. Both the bridge playouts and the
//! solver's inferior-cell analysis read this one table.

/// `DEAD[p]`: the ring pattern `p` (2 bits per neighbour: 0 empty, 1 black, 2 white) makes the cell dead.
pub(crate) static DEAD: [bool; 4096] = dead_table();

const fn runs_ok(colours: [usize; 6]) -> bool {
    // Around a six-cycle, each colour forms at most one run iff the colour changes at most twice.
    let mut changes = 0;
    let mut i = 0;
    while i < 6 {
        if colours[i] != colours[(i + 1) % 6] {
            changes += 1;
        }
        i += 1;
    }
    changes <= 2
}

const fn dead_table() -> [bool; 4096] {
    let mut t = [false; 4096];
    let mut p = 0;
    while p < 4096 {
        let mut vals = [0usize; 6];
        let mut empties = [0usize; 6];
        let mut ne = 0;
        let mut valid = true;
        let mut i = 0;
        while i < 6 {
            vals[i] = (p >> (2 * i)) & 3;
            if vals[i] == 3 {
                valid = false;
            }
            if vals[i] == 0 {
                empties[ne] = i;
                ne += 1;
            }
            i += 1;
        }
        if valid {
            let mut dead = true;
            let mut fill = 0;
            while fill < (1 << ne) {
                let mut c = vals;
                let mut e = 0;
                while e < ne {
                    c[empties[e]] = 1 + ((fill >> e) & 1);
                    e += 1;
                }
                if !runs_ok(c) {
                    dead = false;
                }
                fill += 1;
            }
            t[p] = dead;
        }
        p += 1;
    }
    t
}

/// True if ring pattern `p` makes its cell dead.
#[inline]
pub fn dead_pattern(p: usize) -> bool {
    DEAD[p]
}
