//! Every relative link and image in README.md and docs/**/*.md resolves: the file exists, and an `#anchor`
//! names a heading of the file it points into, by GitHub's slug (lower case; punctuation dropped but `-` and
//! `_`; each space a `-`; a repeated heading gets `-1`, `-2`…). Links inside code are not links.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// README.md and every .md file under docs/, sorted.
fn markdown_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    let mut files = vec![root().join("README.md")];
    walk(&root().join("docs"), &mut files);
    files.sort();
    files
}

/// The text outside fenced code blocks, line by line (a fenced line becomes empty, so line numbers hold).
fn outside_fences(text: &str) -> Vec<String> {
    let mut fence: Option<String> = None;
    let mut lines = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        let marker: String = trimmed.chars().take_while(|&c| c == '`' || c == '~').collect();
        match &fence {
            Some(open) => {
                if marker.len() >= open.len()
                    && marker.starts_with(&open[..1])
                    && trimmed[marker.len()..].trim().is_empty()
                {
                    fence = None;
                }
                lines.push(String::new());
            }
            None if marker.len() >= 3 && marker.chars().all(|c| c == marker.as_bytes()[0] as char) => {
                fence = Some(marker);
                lines.push(String::new());
            }
            None => lines.push(line.to_string()),
        }
    }
    lines
}

/// The text with inline code spans blanked out (a run of n backticks up to the next run of exactly n).
fn without_code_spans(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let run_at = |i: usize| chars[i..].iter().take_while(|&&c| c == '`').count();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '`' {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let n = run_at(i);
        let mut j = i + n;
        let mut close = None;
        while j < chars.len() {
            if chars[j] == '`' {
                let m = run_at(j);
                if m == n {
                    close = Some(j);
                    break;
                }
                j += m;
            } else {
                j += 1;
            }
        }
        match close {
            Some(j) => {
                // Keep the newlines, so that line numbers stay right.
                out.extend(chars[i..j + n].iter().map(|&c| if c == '\n' { '\n' } else { ' ' }));
                i = j + n;
            }
            None => {
                out.extend(&chars[i..i + n]);
                i += n;
            }
        }
    }
    out
}

/// `[text](url)` becomes `text`, for the text of a heading.
fn link_text(heading: &str) -> String {
    let mut out = String::new();
    let mut rest = heading;
    while let Some(open) = rest.find("](") {
        let Some(close) = rest[open..].find(')') else { break };
        let before = &rest[..open];
        out.push_str(&before.replacen('[', "", 1));
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

/// GitHub's anchor for a heading's text.
fn slug(heading: &str) -> String {
    link_text(heading)
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a file's headings, repeated ones numbered as GitHub numbers them.
fn anchors(text: &str) -> Vec<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut out = Vec::new();
    for line in outside_fences(text) {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if !(1..=6).contains(&hashes) || !line[hashes..].starts_with(' ') {
            continue;
        }
        let base = slug(line[hashes..].trim().trim_end_matches('#'));
        let n = seen.entry(base.clone()).or_insert(0);
        out.push(if *n == 0 { base.clone() } else { format!("{base}-{n}") });
        *n += 1;
    }
    out
}

/// Every link and image target of a file, with its line: `[..](target)` and `[label]: target`.
fn links(text: &str) -> Vec<(usize, String)> {
    let prose = without_code_spans(&outside_fences(text).join("\n"));
    let mut out = Vec::new();
    for (n, line) in prose.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with('[')
            && let Some(end) = trimmed.find("]:")
            && !trimmed[..end].contains("](")
        {
            let target = trimmed[end + 2..].split_whitespace().next().unwrap_or("");
            out.push((n + 1, target.to_string()));
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let mut depth = 0usize;
            let mut end = after.len();
            for (i, c) in after.char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' if depth == 0 => {
                        end = i;
                        break;
                    }
                    ')' => depth -= 1,
                    _ => {}
                }
            }
            let target = after[..end].split_whitespace().next().unwrap_or("");
            out.push((n + 1, target.trim_start_matches('<').trim_end_matches('>').to_string()));
            rest = &after[end.min(after.len())..];
        }
    }
    out
}

/// Why a link does not resolve, or None when it does.
fn broken(from: &Path, target: &str, anchors_of: &mut HashMap<PathBuf, Vec<String>>) -> Option<String> {
    if target.is_empty() {
        return Some("the link has no target".into());
    }
    let lower = target.to_lowercase();
    if lower.starts_with("http://") || lower.starts_with("https://") || lower.starts_with("mailto:") {
        return None;
    }
    let (path, anchor) = match target.split_once('#') {
        Some((p, a)) => (p, Some(a)),
        None => (target, None),
    };
    let file = if path.is_empty() {
        from.to_path_buf()
    } else if let Some(abs) = path.strip_prefix('/') {
        root().join(abs)
    } else {
        from.parent().unwrap_or(Path::new(".")).join(path)
    };
    if !file.exists() {
        return Some(format!("{} does not exist", file.strip_prefix(root()).unwrap_or(&file).display()));
    }
    let anchor = anchor?;
    if file.extension().is_none_or(|e| e != "md") {
        return Some(format!("#{anchor} points into {}, which is not a Markdown file", file.display()));
    }
    let list =
        anchors_of.entry(file.clone()).or_insert_with(|| anchors(&std::fs::read_to_string(&file).unwrap_or_default()));
    if list.iter().any(|a| a == anchor) {
        None
    } else {
        let name = file.strip_prefix(root()).unwrap_or(&file).display().to_string();
        Some(format!("{name} has no heading whose anchor is #{anchor}"))
    }
}

#[test]
fn every_link_in_the_docs_resolves() {
    let files = markdown_files();
    assert!(files.len() > 1, "no docs/*.md found beside README.md");
    let mut anchors_of = HashMap::new();
    let mut problems = Vec::new();
    let mut checked = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
        let name = file.strip_prefix(root()).unwrap_or(file).display().to_string();
        for (line, target) in links(&text) {
            checked += 1;
            if let Some(why) = broken(file, &target, &mut anchors_of) {
                problems.push(format!("{name}:{line}: link ({target}): {why}"));
            }
        }
    }
    assert!(checked > 0, "no links found in the docs");
    assert!(problems.is_empty(), "{} of {checked} links do not resolve:\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn slugs_follow_github() {
    assert_eq!(slug("engine (GTP/HTP)"), "engine-gtphtp");
    assert_eq!(slug("The impossible level (MCTS + solver)"), "the-impossible-level-mcts--solver");
    assert_eq!(slug("The first matches, through hextoe's own client"), "the-first-matches-through-hextoes-own-client");
    assert_eq!(slug("Against MoHex 2.0"), "against-mohex-20");
    assert_eq!(slug("The tree search's report"), "the-tree-searchs-report");
    assert_eq!(slug("`expand_after` and [links](x.md)"), "expand_after-and-links");
    let text = "# A\n## A\n```\n# not a heading\n```\n### A\n";
    assert_eq!(anchors(text), ["a", "a-1", "a-2"]);
}

#[test]
fn links_in_code_are_not_links() {
    let text = "see [a](a.md) and `[b](b.md)`\n```\n[c](c.md)\n```\n[d]: d.md\n![e](e.png \"title\")\n";
    let found: Vec<String> = links(text).into_iter().map(|(_, t)| t).collect();
    assert_eq!(found, ["a.md", "d.md", "e.png"]);
}
