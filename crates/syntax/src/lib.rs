//! The estimate language's front end: source text → tokens → one syntax tree for both dialects.
//! Parsing never fails: it returns the tree and every diagnostic.
//!
//! Where this Squiggle subset differs from `@quri/squiggle-lang` 0.10 (each checked by `tools/squiggle-diff`; the
//! full list, with the Squiggle tests we mirror, is docs/squiggle-conformance.md):
//! - Kinder, never silently different: division by zero, overflow, a negative base with a fractional power and
//!   `log` of a non-positive number are errors naming the first offending sample (Squiggle yields Infinity or NaN);
//!   a program must end with its estimate (Squiggle returns nothing).
//! - Allowed extensions: `_` digit separators (`1_000`), a trailing `;`, line breaks anywhere inside parentheses,
//!   no space needed around `to` or before a call's `(`.
//! - As in Squiggle: a line break is LF, CRLF or a lone CR; a line may end with an operator (unary minus too), and a
//!   line starting with `to` continues the one before.
//! - `1 + 2 to 5` reads as `(1 + 2) to 5`, as in Squiggle, with a warning that shows both readings; so
//!   `1 + 2 to 3` is the error "equal bounds".
//! - Functions: `to`, and `log` (natural), `log10`, `exp` with Squiggle's meaning; anything else is an error that
//!   names these.

pub mod ast;
mod card;
mod diagnostic;
mod fermi;
mod lexer;
mod marks;
mod names;
mod print;
mod squiggle;

pub use ast::{BinOp, Expr, ExprKind, Func, Name, Program, Statement};
pub use card::{SyntaxCard, convert, syntax_card};
pub use diagnostic::{Diagnostic, LineCol, LineIndex, Severity, Shown, Span};
pub use lexer::Tok;
pub use marks::underlines;
pub use print::{literal, quick_program, to_squiggle};
pub use squiggle::infix_binding_power;

/// Largest accepted source text, in bytes.
pub const MAX_SOURCE_BYTES: usize = 64 * 1024;
/// Deepest accepted nesting of an expression (parentheses, operators, fermi blocks).
pub const MAX_NESTING: usize = 256;
/// Most statements (fermi: non-empty lines) in one program.
pub const MAX_STATEMENTS: usize = 10_000;

/// Which surface syntax a program is written in. Both lower to the same tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Dialect {
    Squiggle,
    Fermi,
}

impl Dialect {
    /// The dialect a file name implies: `.fermi` → fermi, anything else (`.sq`, `.squiggle`, …) → Squiggle.
    pub fn from_path(path: &str) -> Dialect {
        if path.ends_with(".fermi") {
            Dialect::Fermi
        } else {
            Dialect::Squiggle
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Dialect::Squiggle => "squiggle",
            Dialect::Fermi => "fermi",
        }
    }

    /// The dialect called `name` (as [`Dialect::name`] writes it: a command line's `--dialect`, the page's
    /// switch); `None` for any other word.
    pub fn named(name: &str) -> Option<Dialect> {
        [Dialect::Squiggle, Dialect::Fermi]
            .into_iter()
            .find(|d| d.name() == name)
    }
}

/// Parses a program of either dialect. Never fails: problems are diagnostics (errors and warnings), in source order.
pub fn parse(source: &str, dialect: Dialect) -> (Program, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    if source.len() > MAX_SOURCE_BYTES {
        diags.push(
            Diagnostic::error(
                Span::new(MAX_SOURCE_BYTES, source.len()),
                format!("the program is longer than {} KiB", MAX_SOURCE_BYTES / 1024),
            )
            .with_hint("an estimate should fit on a page; shorten it"),
        );
        return (Program::default(), diags);
    }
    let program = match dialect {
        Dialect::Squiggle => squiggle::parse(source, &mut diags),
        Dialect::Fermi => fermi::parse(source, &mut diags),
    };
    // Name errors join the syntax errors; name warnings only make sense for a program that parsed.
    let parsed = !diags.iter().any(Diagnostic::is_error);
    let mut name_diags = Vec::new();
    names::check(&program, dialect, &mut name_diags);
    diags.extend(name_diags.into_iter().filter(|d| parsed || d.is_error()));
    diags.sort_by_key(|d| (d.span.start, d.span.end));
    (program, diags)
}
