//! Every file in tests/diagnostics/ states its expected diagnostics inline, typst-style, above the line they point at:
//!
//! ```text
//! // Error: 5-7 unknown number suffix `K`
//! // Hint: did you mean `1k`? Suffixes are case-sensitive
//! x = 1K
//! ```
//!
//! `S-E` are 1-based character columns of the next non-annotation line (E exclusive); `S-+K:E` ends K lines further
//! down. fermi files use `#` instead of `//`. A `Hint:` line checks the hint of the annotation above it. The file is
//! parsed and, when it parses, evaluated (1,000 samples, seed 1); the diagnostics must match the annotations exactly.

use std::fs;
use std::path::Path;

use fermi_eval::{Options, evaluate_source};
use fermi_syntax::{Dialect, LineIndex, Severity};

#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Expected {
    line: u32,
    col: u32,
    end_line: u32,
    end_col: u32,
    kind: String,
    message: String,
    hint: Option<String>,
}

impl std::fmt::Display for Expected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let end = if self.end_line == self.line {
            self.end_col.to_string()
        } else {
            format!("+{}:{}", self.end_line - self.line, self.end_col)
        };
        write!(
            f,
            "line {}: {}: {}-{end} {}",
            self.line, self.kind, self.col, self.message
        )?;
        if let Some(hint) = &self.hint {
            write!(f, "\n        Hint: {hint}")?;
        }
        Ok(())
    }
}

fn annotations(source: &str, comment: &str) -> Vec<Expected> {
    let lines: Vec<&str> = source.lines().collect();
    let mut out: Vec<Expected> = Vec::new();
    let mut pending: Vec<Expected> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let Some(body) = trimmed.strip_prefix(comment).map(str::trim_start) else {
            for mut e in pending.drain(..) {
                let target = i as u32 + 1;
                e.end_line += target;
                e.line = target;
                out.push(e);
            }
            continue;
        };
        if let Some(hint) = body.strip_prefix("Hint: ") {
            let last = pending
                .last_mut()
                .expect("a Hint: line follows an Error: or Warning: line");
            last.hint = Some(hint.to_string());
            continue;
        }
        let Some((kind, rest)) = body
            .split_once(": ")
            .filter(|(k, _)| *k == "Error" || *k == "Warning")
        else {
            continue;
        };
        let (range, message) = rest.split_once(' ').expect("`S-E message`");
        let (start, end) = range.split_once('-').expect("`S-E`");
        let (end_offset, end_col) = match end.strip_prefix('+') {
            Some(rel) => {
                let (k, c) = rel.split_once(':').expect("`+K:E`");
                (k.parse::<u32>().expect("K"), c.parse::<u32>().expect("E"))
            }
            None => (0, end.parse::<u32>().expect("E")),
        };
        pending.push(Expected {
            line: 0,
            col: start.parse().expect("S"),
            end_line: end_offset,
            end_col,
            kind: kind.to_lowercase(),
            message: message.to_string(),
            hint: None,
        });
    }
    assert!(
        pending.is_empty(),
        "annotations at the end of the file point at no line"
    );
    out
}

#[test]
fn diagnostics_match_inline_annotations() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/diagnostics");
    let mut paths: Vec<_> = fs::read_dir(&dir)
        .expect("tests/diagnostics exists")
        .map(|e| e.expect("entry").path())
        .collect();
    paths.sort();
    let mut failures = Vec::new();
    let mut files = 0;
    for path in paths {
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        let (dialect, comment) = match path.extension().and_then(|e| e.to_str()) {
            Some("sq") => (Dialect::Squiggle, "//"),
            Some("fermi") => (Dialect::Fermi, "#"),
            _ => continue,
        };
        files += 1;
        let source = fs::read_to_string(&path).expect("readable");
        let mut expected = annotations(&source, comment);
        let evaluation = evaluate_source(
            &source,
            dialect,
            &Options {
                samples: 1000,
                seed: 1,
            },
        );
        let index = LineIndex::new(&source);
        let mut actual: Vec<Expected> = evaluation
            .diagnostics
            .iter()
            .map(|d| {
                let (s, e) = (
                    index.line_col(d.span.start as usize),
                    index.line_col(d.span.end as usize),
                );
                let kind = if d.severity == Severity::Error {
                    "error"
                } else {
                    "warning"
                };
                Expected {
                    line: s.line,
                    col: s.col,
                    end_line: e.line,
                    end_col: e.col,
                    kind: kind.into(),
                    message: d.message.clone(),
                    hint: d.hint.clone(),
                }
            })
            .collect();
        // A hint is checked only where the annotation states one.
        for a in &mut actual {
            let stated = expected.iter().any(|e| {
                e.hint.is_some() && (e.line, e.col, &e.message) == (a.line, a.col, &a.message)
            });
            if !stated {
                a.hint = None;
            }
        }
        expected.sort();
        actual.sort();
        if expected != actual {
            let list = |v: &[Expected]| {
                v.iter()
                    .map(|e| format!("    {e}"))
                    .collect::<Vec<_>>()
                    .join("\n")
            };
            failures.push(format!(
                "{name}:\n  expected:\n{}\n  actual:\n{}",
                list(&expected),
                list(&actual)
            ));
        }
        if evaluation.diagnostics.iter().any(|d| d.is_error()) != evaluation.samples.is_none() {
            failures.push(format!(
                "{name}: samples must be None exactly when there is an error"
            ));
        }
    }
    assert!(files >= 10, "only {files} annotated files");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
