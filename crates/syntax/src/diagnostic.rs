//! The one diagnostic type of the whole project. Rendering happens at the edges (CLI, UI).

use serde::{Deserialize, Serialize};

/// A byte range `start..end` in the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// The smallest span covering both.
    pub fn cover(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

/// What is wrong, where, and what to write instead.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Diagnostic {
    pub severity: Severity,
    pub span: Span,
    pub message: String,
    pub hint: Option<String>,
}

impl Diagnostic {
    pub fn error(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            span,
            message: message.into(),
            hint: None,
        }
    }

    pub fn warning(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            span,
            message: message.into(),
            hint: None,
        }
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Diagnostic {
        self.hint = Some(hint.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// What a face lists of many diagnostics: errors before warnings up to `cap`, in source order, and how many of each
/// kind were left out (a 3,000-line program can warn 3,000 times; listing them all costs seconds and helps nobody).
#[derive(Debug, PartialEq)]
pub struct Shown<'a> {
    pub list: Vec<&'a Diagnostic>,
    pub hidden_errors: usize,
    pub hidden_warnings: usize,
}

impl<'a> Shown<'a> {
    pub fn of(diagnostics: &'a [Diagnostic], cap: usize) -> Shown<'a> {
        let errors = diagnostics.iter().filter(|d| d.is_error()).count();
        let warnings = diagnostics.len() - errors;
        let shown_errors = errors.min(cap);
        let shown_warnings = warnings.min(cap - shown_errors);
        let (mut e, mut w) = (0, 0);
        let list = diagnostics
            .iter()
            .filter(|d| {
                let count = if d.is_error() { &mut e } else { &mut w };
                *count += 1;
                *count
                    <= if d.is_error() {
                        shown_errors
                    } else {
                        shown_warnings
                    }
            })
            .collect();
        Shown {
            list,
            hidden_errors: errors - shown_errors,
            hidden_warnings: warnings - shown_warnings,
        }
    }

    /// "… and 2,990 more warnings", or `None` when nothing was left out.
    pub fn more(&self) -> Option<String> {
        let part = |n: usize, kind: &str| match n {
            0 => None,
            1 => Some(format!("1 more {kind}")),
            n => Some(format!("{} more {kind}s", fermi_num::thousands(n))),
        };
        let parts: Vec<String> = [
            part(self.hidden_errors, "error"),
            part(self.hidden_warnings, "warning"),
        ]
        .into_iter()
        .flatten()
        .collect();
        (!parts.is_empty()).then(|| format!("… and {} (not listed)", parts.join(" and ")))
    }
}

/// A 1-based line and column; columns count characters, not bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LineCol {
    pub line: u32,
    pub col: u32,
}

/// Byte offsets → 1-based line:column for one source text.
pub struct LineIndex<'a> {
    source: &'a str,
    line_starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    pub fn new(source: &'a str) -> LineIndex<'a> {
        let line_starts = std::iter::once(0)
            .chain(source.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        LineIndex {
            source,
            line_starts,
        }
    }

    /// The line and column of a byte offset (clamped to the source; a mid-character offset counts the partial char).
    pub fn line_col(&self, offset: usize) -> LineCol {
        let offset = offset.min(self.source.len());
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        let start = self.line_starts[line];
        let col = self.source[start..]
            .char_indices()
            .take_while(|(i, _)| start + i < offset)
            .count();
        LineCol {
            line: line as u32 + 1,
            col: col as u32 + 1,
        }
    }

    /// The text of a 1-based line, without its line break.
    pub fn line_text(&self, line: u32) -> &'a str {
        let i = (line as usize)
            .saturating_sub(1)
            .min(self.line_starts.len() - 1);
        let start = self.line_starts[i];
        let end = self
            .line_starts
            .get(i + 1)
            .map_or(self.source.len(), |&e| e - 1);
        self.source[start..end].trim_end_matches('\r')
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn many_diagnostics_are_cut_to_errors_first() {
        let w = |i: usize| Diagnostic::warning(Span::new(i, i + 1), "w");
        let e = |i: usize| Diagnostic::error(Span::new(i, i + 1), "e");
        let all: Vec<Diagnostic> = (0..3000)
            .map(|i| if i % 1000 == 999 { e(i) } else { w(i) })
            .collect();
        let shown = Shown::of(&all, 100);
        assert_eq!(shown.list.len(), 100);
        assert_eq!(shown.list.iter().filter(|d| d.is_error()).count(), 3);
        assert!(
            shown
                .list
                .windows(2)
                .all(|p| p[0].span.start < p[1].span.start)
        );
        assert_eq!((shown.hidden_errors, shown.hidden_warnings), (0, 2900));
        assert_eq!(
            shown.more().as_deref(),
            Some("… and 2,900 more warnings (not listed)")
        );
        let few = Shown::of(&all[..5], 100);
        assert_eq!((few.list.len(), few.more()), (5, None));
        let errors: Vec<Diagnostic> = (0..102).map(e).collect();
        assert_eq!(
            Shown::of(&errors, 100).more().as_deref(),
            Some("… and 2 more errors (not listed)")
        );
    }

    #[test]
    fn line_col_counts_characters_from_one() {
        let src = "a = 1\nbé = to(1, 2)\n";
        let idx = LineIndex::new(src);
        assert_eq!(idx.line_col(0), LineCol { line: 1, col: 1 });
        assert_eq!(idx.line_col(6), LineCol { line: 2, col: 1 });
        // "bé" is 3 bytes: the '=' after "bé " is character 4 of line 2.
        assert_eq!(idx.line_col(10), LineCol { line: 2, col: 4 });
        assert_eq!(idx.line_col(src.len()), LineCol { line: 3, col: 1 });
        assert_eq!(idx.line_text(2), "bé = to(1, 2)");
    }
}
