//! Diagnostics rendered for people (stderr) and for programs (`--json`), per docs/cli.md.

use std::process::ExitCode;

use fermi_syntax::{Diagnostic, LineIndex, Severity};
use serde::Serialize;

/// Exit status for input that was understood but is wrong.
pub const EXIT_DIAGNOSTIC: u8 = 1;
/// Exit status for a usage error.
pub const EXIT_USAGE: u8 = 2;

#[derive(Serialize)]
pub struct JsonDiagnostic {
    pub line: u32,
    pub col: u32,
    pub end_line: u32,
    pub end_col: u32,
    pub message: String,
    pub hint: Option<String>,
}

pub fn to_json(source: &str, diagnostics: &[Diagnostic]) -> Vec<JsonDiagnostic> {
    let index = LineIndex::new(source);
    diagnostics
        .iter()
        .map(|d| {
            let start = index.line_col(d.span.start as usize);
            let end = index.line_col(d.span.end as usize);
            JsonDiagnostic {
                line: start.line,
                col: start.col,
                end_line: end.line,
                end_col: end.col,
                message: d.message.clone(),
                hint: d.hint.clone(),
            }
        })
        .collect()
}

/// `FILE:LINE:COL: error: MESSAGE`, the source line, a caret underline and the hint.
pub fn render(file: &str, source: &str, d: &Diagnostic) -> String {
    let index = LineIndex::new(source);
    let start = index.line_col(d.span.start as usize);
    let end = index.line_col(d.span.end as usize);
    let text = index.line_text(start.line);
    let kind = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let width = if end.line == start.line {
        (end.col.saturating_sub(start.col)).max(1)
    } else {
        (text.chars().count() as u32 + 1)
            .saturating_sub(start.col)
            .max(1)
    };
    let gutter = start.line.to_string();
    let pad = " ".repeat(gutter.len());
    let mut out = format!(
        "{file}:{}:{}: {kind}: {}\n{pad} |\n{gutter} | {text}\n{pad} | {}{}\n",
        start.line,
        start.col,
        d.message,
        " ".repeat(start.col as usize - 1),
        "^".repeat(width as usize)
    );
    if let Some(hint) = &d.hint {
        out.push_str(&format!("{pad} = hint: {hint}\n"));
    }
    out
}

/// Prints every diagnostic to stderr and, with `json`, the errors object to stdout. Returns exit status 1.
pub fn fail(file: &str, source: &str, diagnostics: &[Diagnostic], json: bool) -> ExitCode {
    for d in diagnostics {
        eprint!("{}", render(file, source, d));
    }
    if json {
        let errors: Vec<_> = to_json(
            source,
            &diagnostics
                .iter()
                .filter(|d| d.is_error())
                .cloned()
                .collect::<Vec<_>>(),
        );
        println!("{}", serde_json::json!({ "errors": errors }));
    }
    ExitCode::from(EXIT_DIAGNOSTIC)
}

/// The text of a file, or of standard input for `-`.
pub fn read_input(path: &str) -> Result<String, String> {
    use std::io::Read;
    if path == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        Ok(text)
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))
    }
}

/// Refuses a sample count outside the evaluator's range with a usage error.
pub fn check_samples(samples: usize) -> Result<(), ExitCode> {
    if (fermi_eval::MIN_SAMPLES..=fermi_eval::MAX_SAMPLES).contains(&samples) {
        return Ok(());
    }
    Err(usage(format!(
        "--samples must be between {} and {}, not {samples}",
        fermi_eval::MIN_SAMPLES,
        fermi_eval::MAX_SAMPLES
    )))
}

/// A usage or I/O problem: message to stderr, exit status 2.
pub fn usage(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("fermi-playground: {message}");
    ExitCode::from(EXIT_USAGE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use fermi_syntax::Span;

    #[test]
    fn renders_location_line_and_caret() {
        let src = "a = 1\nb = 1K\nb";
        let d = Diagnostic::error(Span::new(10, 12), "unknown suffix `K`")
            .with_hint("did you mean `1k`?");
        assert_eq!(
            render("m.sq", src, &d),
            "m.sq:2:5: error: unknown suffix `K`\n  |\n2 | b = 1K\n  |     ^^\n  = hint: did you mean `1k`?\n"
        );
        let json = to_json(src, &[d]);
        assert_eq!(
            (json[0].line, json[0].col, json[0].end_line, json[0].end_col),
            (2, 5, 2, 7)
        );
    }
}
