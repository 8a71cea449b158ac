//! Getting the study of the link: a bundled id or a same-origin file, its packs beside it, all validated by the
//! core. Every failure is a list of lines for the error page.

use fermi_bank::Pack;
use fermi_study::{BUNDLED, Study, parse_study, sha256_hex};
use fermi_syntax::{Diagnostic, LineIndex};

use super::web;

/// A study ready to run.
pub struct Loaded {
    pub study: Study,
    /// Of the study file's bytes.
    pub sha256: String,
    /// The study's packs as the core assembles them (`fermi_study::assemble`).
    pub packs: Vec<Pack>,
}

impl Loaded {
    pub fn question(&self, id: &str) -> Option<&fermi_bank::Question> {
        fermi_study::question(&self.packs, id)
    }
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

fn lines(file: &str, text: &str, diagnostics: &[Diagnostic]) -> Vec<String> {
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

/// Loads the study named by `study=…`: `Err` holds the lines the error page shows.
pub async fn load(name: &str) -> Result<Loaded, Vec<String>> {
    let shown: String = name.chars().take(200).collect();
    let text = match BUNDLED.iter().find(|(id, _)| *id == name) {
        Some((_, text)) => text.to_string(),
        None if same_origin_path(name) => web::fetch_text(name).await.map_err(|why| {
            vec![format!(
                "The study file “{shown}” could not be loaded: {why}."
            )]
        })?,
        None => {
            return Err(vec![format!(
                "“{shown}” is neither a study bundled with the app ({}) nor a study file on this site (a relative path).",
                BUNDLED.map(|(id, _)| id).join(", ")
            )]);
        }
    };
    let file = name.rsplit('/').next().unwrap_or(name);
    let study = parse_study(&text).map_err(|d| lines(file, &text, &d))?;
    let mut own = Vec::new();
    let mut problems = Vec::new();
    for pack in &study.packs {
        let Some(url) = web::resolve(pack, name) else {
            problems.push(format!("{pack}: not a path beside the study file"));
            continue;
        };
        match web::fetch_text(&url).await {
            Ok(pack_text) => match fermi_bank::load_pack(&[(pack.as_str(), pack_text.as_str())]) {
                Ok(p) => own.push((pack.clone(), p)),
                Err(ps) => problems.extend(ps.iter().map(|p| p.line(&pack_text))),
            },
            Err(why) => problems.push(format!("{pack}: could not be loaded: {why}")),
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let packs = fermi_study::assemble(&study, own).map_err(|d| lines(file, &text, &d))?;
    Ok(Loaded {
        sha256: sha256_hex(text.as_bytes()),
        study,
        packs,
    })
}
