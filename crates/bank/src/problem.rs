//! What is wrong with a pack or an imported set: the project's one diagnostic type, placed in a file. Rendering
//! (line:col, source line, carets) happens at the edges, which hold the files' text.

use std::fmt;

use fermi_syntax::{Diagnostic, Span};
use serde::Serialize;

use crate::format::Question;

/// One thing wrong with a pack, in one of its files. (Boxed strings keep it small: it is the error of `Result`s.)
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Problem {
    pub file: Box<str>,
    /// What and where: the span is a byte range into `file`'s text when `located`.
    pub diagnostic: Diagnostic,
    /// False when the problem has no place in the file (no `[pack]` table anywhere, a question built in memory):
    /// the span then means nothing and no position is shown.
    pub located: bool,
    pub question: Option<Box<str>>,
    /// The key path, e.g. `truth.program` or `sources[2].tier`.
    pub field: Option<Box<str>>,
}

impl Problem {
    /// An error in `file`, at `span` when it has a place there.
    pub fn new(file: &str, span: Option<Span>, message: impl Into<String>) -> Problem {
        Problem {
            file: file.into(),
            diagnostic: Diagnostic::error(span.unwrap_or_default(), message),
            located: span.is_some(),
            question: None,
            field: None,
        }
    }

    pub(crate) fn question(mut self, id: Option<&str>) -> Problem {
        self.question = id.map(Into::into);
        self
    }

    pub(crate) fn field(mut self, field: impl Into<String>) -> Problem {
        let field = field.into();
        self.field = (!field.is_empty()).then(|| field.into());
        self
    }

    /// A JSON error of `text` (the file's content) at its place: serde_json counts lines from 1, columns in bytes.
    pub fn at_json_error(
        file: &str,
        text: &str,
        e: &serde_json::Error,
        message: String,
    ) -> Problem {
        let line_start: usize = text
            .split_inclusive('\n')
            .take(e.line().saturating_sub(1))
            .map(str::len)
            .sum();
        let at = (line_start + e.column().saturating_sub(1)).min(text.len());
        Problem::new(file, Some(Span::new(at, at)), message)
    }

    /// A problem of a question's field, placed where the loaded file wrote that field (or the nearest enclosing
    /// key it wrote).
    pub(crate) fn in_question(q: &Question, field: &str, message: impl Into<String>) -> Problem {
        Problem::new(&q.file, q.places.find(field), message)
            .question(Some(&q.id))
            .field(field)
    }

    /// The same problem as a warning: advice that does not refuse the pack.
    pub(crate) fn warning(mut self) -> Problem {
        self.diagnostic.severity = fermi_syntax::Severity::Warning;
        self
    }

    /// Where in the file, when the problem has a place there.
    pub fn span(&self) -> Option<Span> {
        self.located.then_some(self.diagnostic.span)
    }

    /// The diagnostic with the question and field named in its message: `[question ID: ][FIELD: ]MESSAGE`.
    pub fn described(&self) -> Diagnostic {
        let mut d = self.diagnostic.clone();
        if let Some(field) = &self.field {
            d.message = format!("{field}: {}", d.message);
        }
        if let Some(id) = &self.question {
            d.message = format!("question {id}: {}", d.message);
        }
        d
    }

    /// The described message and its hint, `MESSAGE[ (hint: …)]`: the words without file or position.
    pub fn what(&self) -> String {
        let d = self.described();
        match &d.hint {
            Some(hint) => format!("{} (hint: {hint})", d.message),
            None => d.message,
        }
    }

    /// `FILE[:LINE:COL]: WHAT`, the position taken from `text`, the file's content.
    pub fn line(&self, text: &str) -> String {
        match self.span() {
            Some(span) => {
                let at = fermi_syntax::LineIndex::new(text).line_col(span.start as usize);
                format!("{}:{}:{}: {}", self.file, at.line, at.col, self.what())
            }
            None => self.to_string(),
        }
    }
}

impl fmt::Display for Problem {
    /// `FILE: WHAT`; without the file's text there is no line and column to show (see [`Problem::line`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.file, self.what())
    }
}

/// Where each key of a loaded question was written: key path (`""` for the question's table, `id`, `topics[1]`,
/// `truth.program`, `sources[0].url`) → byte span in its file, and for a string written verbatim (no escapes)
/// where its text starts. Empty for questions built in memory.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Places(pub(crate) Vec<(String, Span, Option<u32>)>);

impl Places {
    /// The span of `path`, or of its nearest written parent (`sources[0].url` → `sources[0]` → `sources` → the
    /// question).
    pub fn find(&self, path: &str) -> Option<Span> {
        let mut path = path;
        loop {
            if let Some((_, span, _)) = self.0.iter().find(|(p, ..)| p == path) {
                return Some(*span);
            }
            if path.is_empty() {
                return None;
            }
            path = &path[..path.rfind(['.', '[']).unwrap_or(0)];
        }
    }

    /// A span inside the string value at `path` as a span in the file, when the file writes that string verbatim.
    pub fn in_string(&self, path: &str, inner: Span) -> Option<Span> {
        let (_, _, start) = self.0.iter().find(|(p, ..)| p == path)?;
        let start = (*start)?;
        Some(Span {
            start: start + inner.start,
            end: start + inner.end,
        })
    }
}
