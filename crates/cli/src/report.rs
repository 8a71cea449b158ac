//! Diagnostics rendered for people (stderr) and for programs (`--json`), per docs/cli.md.

use std::process::ExitCode;

use fermi_bank::Problem;
use fermi_syntax::{Diagnostic, LineIndex, Severity};
use serde::Serialize;

/// Exit status for input that was understood but is wrong.
pub const EXIT_DIAGNOSTIC: u8 = 1;
/// Exit status for a usage error.
pub const EXIT_USAGE: u8 = 2;

/// One error of `{"errors":[…]}`. The position is `null` for a problem that has no place in a file; `file`,
/// `question` and `field` are there when known.
#[derive(Serialize)]
pub struct JsonDiagnostic {
    pub line: Option<u32>,
    pub col: Option<u32>,
    pub end_line: Option<u32>,
    pub end_col: Option<u32>,
    pub message: String,
    pub hint: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub question: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

impl JsonDiagnostic {
    /// `d`, placed by `source` when given.
    fn new(d: &Diagnostic, source: Option<&str>) -> JsonDiagnostic {
        let index = source.map(LineIndex::new);
        let at = |offset: u32| index.as_ref().map(|i| i.line_col(offset as usize));
        let (start, end) = (at(d.span.start), at(d.span.end));
        JsonDiagnostic {
            line: start.map(|p| p.line),
            col: start.map(|p| p.col),
            end_line: end.map(|p| p.line),
            end_col: end.map(|p| p.col),
            message: d.message.clone(),
            hint: d.hint.clone(),
            file: None,
            question: None,
            field: None,
        }
    }

    /// A pack or input problem; `text` is its file's content.
    pub fn of_problem(p: &Problem, text: Option<&str>) -> JsonDiagnostic {
        JsonDiagnostic {
            file: Some(p.file.to_string()),
            question: p.question.as_deref().map(str::to_string),
            field: p.field.as_deref().map(str::to_string),
            ..JsonDiagnostic::new(&p.described(), text.filter(|_| p.located))
        }
    }
}

pub fn to_json(source: &str, diagnostics: &[Diagnostic]) -> Vec<JsonDiagnostic> {
    diagnostics
        .iter()
        .map(|d| JsonDiagnostic::new(d, Some(source)))
        .collect()
}

/// A problem as `render` shows a diagnostic when it has a place and its file's `text` is known; otherwise
/// `FILE: error: MESSAGE` and the hint, without a position.
pub fn render_problem(p: &Problem, text: Option<&str>) -> String {
    let d = p.described();
    match text.filter(|_| p.located) {
        Some(text) => render(&p.file, text, &d),
        None => {
            let mut out = format!("{}: {}: {}\n", p.file, severity(&d), d.message);
            if let Some(hint) = &d.hint {
                out.push_str(&format!("  = hint: {hint}\n"));
            }
            out
        }
    }
}

/// Prints every problem to stderr and, with `json`, the errors object to stdout; `text` gives a file's content.
/// Returns exit status 1.
pub fn fail_problems<'a>(
    problems: &[Problem],
    text: impl Fn(&str) -> Option<&'a str>,
    json: bool,
) -> ExitCode {
    for p in problems {
        eprint!("{}", render_problem(p, text(&p.file)));
    }
    if json {
        let errors: Vec<_> = problems
            .iter()
            .filter(|p| p.diagnostic.is_error())
            .map(|p| JsonDiagnostic::of_problem(p, text(&p.file)))
            .collect();
        println!("{}", serde_json::json!({ "errors": errors }));
    }
    ExitCode::from(EXIT_DIAGNOSTIC)
}

fn severity(d: &Diagnostic) -> &'static str {
    match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

/// `FILE:LINE:COL: error: MESSAGE`, the source line, a caret underline and the hint.
pub fn render(file: &str, source: &str, d: &Diagnostic) -> String {
    let index = LineIndex::new(source);
    let start = index.line_col(d.span.start as usize);
    let end = index.line_col(d.span.end as usize);
    let text = index.line_text(start.line);
    let kind = severity(d);
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
            (Some(2), Some(5), Some(2), Some(7))
        );
    }
}
