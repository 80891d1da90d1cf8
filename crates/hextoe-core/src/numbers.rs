//! Numbers as people read them, shared by the players' explanations and the commands' reports.

use std::time::Duration;

/// A number with thousands separators: 180000 → "180,000".
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// A duration in seconds as it would be written: `0.5`, `2`, `1.118` — the shortest decimal, exact to the
/// nanosecond, so a time read from `1.118` prints as `1.118` (`as_secs_f64` would give 1.1179999999999999).
pub fn seconds(d: Duration) -> String {
    let nanos = format!("{:09}", d.subsec_nanos());
    let fraction = nanos.trim_end_matches('0');
    if fraction.is_empty() { d.as_secs().to_string() } else { format!("{}.{fraction}", d.as_secs()) }
}

/// A duration as the `f64` number of seconds nearest to its decimal [`seconds`] text, for config files and
/// JSON: a time read from `1.118` is written back as `1.118`.
pub fn seconds_f64(d: Duration) -> f64 {
    seconds(d).parse().unwrap_or(d.as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_print_as_written() {
        for (text, want) in [("0.5", "0.5"), ("2", "2"), ("1.118", "1.118"), ("3600", "3600"), ("1e-9", "0.000000001")]
        {
            let v: f64 = text.parse().unwrap_or_default();
            let d = Duration::from_secs_f64(v);
            assert_eq!(seconds(d), want);
            assert_eq!(seconds_f64(d), v);
        }
        for ms in 1..5000u64 {
            let v = ms as f64 / 1000.0;
            assert_eq!(seconds_f64(Duration::from_secs_f64(v)), v, "{ms} ms");
            assert_eq!(seconds(Duration::from_millis(ms)), v.to_string());
        }
    }

    #[test]
    fn thousands_groups_digits() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(180_000), "180,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }
}
