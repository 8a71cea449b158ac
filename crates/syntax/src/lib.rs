//! The estimate language's front end: source text → tokens → one syntax tree for both dialects.
//! Parsing never fails: it returns the tree and every diagnostic.

mod diagnostic;

pub use diagnostic::{Diagnostic, LineCol, LineIndex, Severity, Span};

/// Which surface syntax a program is written in. Both lower to the same tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Dialect {
    Squiggle,
    Fermi,
}
