//! What a study link names: a study bundled with the app, or a study file on the same site (a relative path,
//! fetched by the page), the link's query read as the browser reads it, and the file's problems as the lines the
//! error page lists.

use fermi_syntax::{Diagnostic, LineIndex};

use crate::{BUNDLED, Study, parse_study};

/// What the error page says when the link names no study.
pub const UNNAMED: &str =
    "No study is named: add study=FILE (the study file beside the app) to the study link.";

/// A query string's parameters in order (`?a=1&b=x+y` gives `a` = `1`, `b` = `x y`), decoded as the browser's
/// `URLSearchParams` decodes them.
pub fn query(search: &str) -> Vec<(String, String)> {
    let search = search.strip_prefix('?').unwrap_or(search);
    form_urlencoded::parse(search.as_bytes())
        .into_owned()
        .collect()
}

/// The first value of the parameter `name`.
pub fn param<'p>(params: &'p [(String, String)], name: &str) -> Option<&'p str> {
    params
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// The study a link's parameters name (`study=…`), if any.
pub fn named(params: &[(String, String)]) -> Option<String> {
    param(params, "study").map(str::to_string)
}

/// Whether a page at `path` is served by JATOS: its study pages live under `/publix/`.
pub fn served_by_jatos(path: &str) -> bool {
    path.contains("/publix/")
}

/// The study file at `path`, parsed; `Err` holds its problems as the error page's lines.
pub fn study(path: &str, text: &str) -> Result<Study, Vec<String>> {
    parse_study(text).map_err(|d| lines(file_name(path), text, &d))
}

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
    if name.is_empty() {
        return Err(UNNAMED.into());
    }
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
