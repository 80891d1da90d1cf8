//! What is proven about a move or a position: a forced win, a forced loss, or nothing yet.

/// A proven result, from the point of view of the player who made the move (or who is to move, for a
/// position). It replaces a bare `Option<bool>`, whose `Some(false)` read too easily as "not proven".
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Proof {
    /// Nothing proven yet.
    #[default]
    Unknown,
    /// A win with perfect play, whatever the defence.
    Win,
    /// A loss with perfect play, whatever the defence.
    Loss,
}

impl Proof {
    /// `Win` for true, `Loss` for false: the result of a finished proof.
    pub fn of(win: bool) -> Proof {
        if win { Proof::Win } else { Proof::Loss }
    }

    /// True unless the result is still unknown.
    pub fn is_proven(self) -> bool {
        self != Proof::Unknown
    }

    /// The result as the other side sees it.
    pub fn flip(self) -> Proof {
        match self {
            Proof::Unknown => Proof::Unknown,
            Proof::Win => Proof::Loss,
            Proof::Loss => Proof::Win,
        }
    }

    /// `"win"`, `"loss"`, or `None` while unknown: the words of the JSON reports.
    pub fn word(self) -> Option<&'static str> {
        match self {
            Proof::Unknown => None,
            Proof::Win => Some("win"),
            Proof::Loss => Some("loss"),
        }
    }
}

/// As JSON: `true` for a win, `false` for a loss, `null` while unknown (the documented analysis shape).
#[cfg(feature = "serde")]
impl serde::Serialize for Proof {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Proof::Unknown => s.serialize_none(),
            Proof::Win => s.serialize_some(&true),
            Proof::Loss => s.serialize_some(&false),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proofs_flip_and_name_themselves() {
        assert_eq!((Proof::of(true), Proof::of(false)), (Proof::Win, Proof::Loss));
        assert_eq!(
            (Proof::Win.flip(), Proof::Loss.flip(), Proof::Unknown.flip()),
            (Proof::Loss, Proof::Win, Proof::Unknown)
        );
        assert_eq!((Proof::Win.word(), Proof::Loss.word(), Proof::Unknown.word()), (Some("win"), Some("loss"), None));
        assert!(Proof::Loss.is_proven() && !Proof::default().is_proven());
    }
}
