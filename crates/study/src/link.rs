//! What a study link names: a study bundled with the app, or a study file on the same site (a relative path,
//! fetched by the page), and the file's problems as the lines the error page lists.

use fermi_syntax::{Diagnostic, LineIndex};

use crate::BUNDLED;

/// Where the study of `study=NAME` comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A study bundled with the app: its text.
    Bundled(&'static str),
    /// A file on this site at this path, for the page to fetch.
    Path,
}

/// The study a link names, or why it names none (in words, with the name cut to 200 characters).
pub fn source(name: &str) -> Result<Source, String> {
    if let Some((_, text)) = BUNDLED.iter().find(|(id, _)| *id == name) {
        return Ok(Source::Bundled(text));
    }
    if same_origin_path(name) {
        return Ok(Source::Path);
    }
    Err(format!(
        "“{}” is neither a study bundled with the app ({}) nor a study file on this site (a relative path).",
        shown(name),
        BUNDLED.map(|(id, _)| id).join(", ")
    ))
}

/// A study file that could not be fetched, in words.
pub fn unreachable(name: &str, why: &str) -> String {
    format!(
        "The study file “{}” could not be loaded: {why}.",
        shown(name)
    )
}

fn shown(name: &str) -> String {
    name.chars().take(200).collect()
}

/// Whether a link's study is a path on this site (no scheme, no other host).
fn same_origin_path(path: &str) -> bool {
    !path.is_empty()
        && path.len() <= 2048
        && !path.contains("://")
        && !path.starts_with("//")
        && !path.contains('\\')
        && !path.contains(':')
        && !path.chars().any(|c| c.is_control() || c.is_whitespace())
}

/// The file name of a study's path (what its problems are placed in).
pub fn file_name(name: &str) -> &str {
    name.rsplit('/').next().unwrap_or(name)
}

/// Each diagnostic as `FILE:LINE:COL: message (hint)`.
pub fn lines(file: &str, text: &str, diagnostics: &[Diagnostic]) -> Vec<String> {
    let index = LineIndex::new(text);
    diagnostics
        .iter()
        .map(|d| {
            let at = index.line_col(d.span.start as usize);
            let hint = d
                .hint
                .as_ref()
                .map(|h| format!(" ({h})"))
                .unwrap_or_default();
            format!("{file}:{}:{}: {}{hint}", at.line, at.col, d.message)
        })
        .collect()
}
