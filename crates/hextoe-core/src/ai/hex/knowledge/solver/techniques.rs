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

    /// These techniques with the one called `name` turned off; the error names the techniques there are.
    pub fn without(self, name: &str) -> Result<Techniques, UnknownTechnique> {
        let (_, off) =
            Techniques::NAMES.iter().find(|(n, _)| *n == name).ok_or_else(|| UnknownTechnique(name.to_string()))?;
        let mut t = self;
        off(&mut t);
        Ok(t)
    }
}

/// A name that is not one of [`Techniques::NAMES`]: every tool that reads one says the same thing about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTechnique(pub String);

impl std::fmt::Display for UnknownTechnique {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = Techniques::NAMES.iter().map(|(n, _)| *n).collect();
        write!(f, "expected one of {} as a technique, not '{}'", names.join(", "), self.0)
    }
}

impl std::error::Error for UnknownTechnique {}

#[cfg(test)]
mod tests {
    use super::{Techniques, UnknownTechnique};

    #[test]
    fn each_name_turns_off_its_own_technique() {
        let all = Techniques::default();
        let off: Vec<Techniques> = Techniques::NAMES.iter().filter_map(|(n, _)| all.without(n).ok()).collect();
        assert_eq!(off.len(), Techniques::NAMES.len());
        for (i, t) in off.iter().enumerate() {
            assert_ne!(*t, all, "{} turns nothing off", Techniques::NAMES[i].0);
            assert!(off[..i].iter().all(|u| u != t), "{} turns off what another name does", Techniques::NAMES[i].0);
        }
        assert_eq!(all.without("ladder"), Err(UnknownTechnique("ladder".to_string())));
    }
}
