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

impl Techniques {
    /// Each technique's name on a command line, with a way to turn it off: one table for every tool.
    #[allow(clippy::type_complexity)]
    pub const NAMES: [(&'static str, fn(&mut Techniques)); 2] =
        [("inferior-moves", |t| t.inferior_moves = false), ("weak-sums", |t| t.weak_sums = false)];

    /// These techniques with the one called `name` turned off; `None` if no technique has that name.
    pub fn without(self, name: &str) -> Option<Techniques> {
        let (_, off) = Techniques::NAMES.iter().find(|(n, _)| *n == name)?;
        let mut t = self;
        off(&mut t);
        Some(t)
    }
}

#[cfg(test)]
mod tests {
    use super::Techniques;

    #[test]
    fn each_name_turns_off_its_own_technique() {
        let all = Techniques::default();
        let off: Vec<Techniques> = Techniques::NAMES.iter().filter_map(|(n, _)| all.without(n)).collect();
        assert_eq!(off.len(), Techniques::NAMES.len());
        for (i, t) in off.iter().enumerate() {
            assert_ne!(*t, all, "{} turns nothing off", Techniques::NAMES[i].0);
            assert!(off[..i].iter().all(|u| u != t), "{} turns off what another name does", Techniques::NAMES[i].0);
        }
        assert_eq!(all.without("ladder"), None);
    }
}
