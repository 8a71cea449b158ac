//! A study's questions, assembled once for every face (the app's study loader, the CLI, the debrief): the built-in
//! pack, which is always `open`, then the study's own packs in the order the file lists them, every question of
//! the study checked against them. A study's own pack may not take the id `open` (nor two packs one id): a
//! question id then names exactly one question, debriefed and scored against one truth.

use fermi_bank::{Pack, Question};
use fermi_syntax::{Diagnostic, Span};

use crate::file::{Study, sha256_hex};
use crate::link;

/// A study ready to run: the study, its file's SHA-256, and the packs its questions come from ([`assemble`]).
#[derive(Debug)]
pub struct Bundle {
    pub study: Study,
    /// Of the study file's bytes.
    pub sha256: String,
    /// The study's packs as the core assembles them ([`assemble`]).
    pub packs: Vec<Pack>,
}

impl Bundle {
    /// The study file at `path` (its `text`, parsed as `study`) with its packs as the page fetched them, beside
    /// it: each pack's text, or why the fetch failed, or `None` for a pack path that is not beside the file.
    /// `Err` holds every problem as the error page's lines.
    pub fn new(
        path: &str,
        text: &str,
        study: Study,
        fetched: Vec<(String, Option<Result<String, String>>)>,
    ) -> Result<Bundle, Vec<String>> {
        let mut own = Vec::new();
        let mut problems = Vec::new();
        for (pack, got) in fetched {
            match got {
                None => problems.push(format!("{pack}: not a path beside the study file")),
                Some(Err(why)) => problems.push(format!("{pack}: could not be loaded: {why}")),
                Some(Ok(pack_text)) => {
                    match fermi_bank::load_pack(&[(pack.as_str(), pack_text.as_str())]) {
                        Ok(p) => own.push((pack, p)),
                        Err(ps) => problems.extend(ps.iter().map(|p| p.line(&pack_text))),
                    }
                }
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let packs =
            assemble(&study, own).map_err(|d| link::lines(link::file_name(path), text, &d))?;
        Ok(Bundle {
            sha256: sha256_hex(text.as_bytes()),
            study,
            packs,
        })
    }

    /// The question `PACK_ID/QUESTION_ID` of the study's packs.
    pub fn question(&self, id: &str) -> Option<&Question> {
        question(&self.packs, id)
    }
}

/// The id of the built-in pack.
pub const BUILTIN_PACK: &str = "open";

/// The packs a study's questions come from: the built-in pack, then `own` (each with the file name the study
/// gives it), checked. `Err` lists every problem (placed in the study file where they have a place).
pub fn assemble(study: &Study, own: Vec<(String, Pack)>) -> Result<Vec<Pack>, Vec<Diagnostic>> {
    let mut packs = vec![fermi_bank::builtin()];
    let mut problems = Vec::new();
    for (file, pack) in own {
        let id = &pack.info.id;
        if id == BUILTIN_PACK {
            problems.push(Diagnostic::error(
                Span::default(),
                format!(
                    "pack {file} has the id `{BUILTIN_PACK}`, which is the built-in pack's: give it another id"
                ),
            ));
        } else if packs.iter().any(|p| p.info.id == *id) {
            problems.push(Diagnostic::error(
                Span::default(),
                format!(
                    "pack {file} has the id `{id}` of an earlier pack: each pack needs its own id"
                ),
            ));
        } else {
            packs.push(pack);
        }
    }
    if problems.is_empty() {
        let refs: Vec<&Pack> = packs.iter().collect();
        problems = study.check_questions(&refs);
    }
    if problems.is_empty() {
        Ok(packs)
    } else {
        Err(problems)
    }
}

/// The question `PACK_ID/QUESTION_ID` among `packs`.
pub fn question<'p>(packs: &'p [Pack], id: &str) -> Option<&'p Question> {
    let (pack, q) = id.split_once('/')?;
    packs
        .iter()
        .find(|p| p.info.id == pack)
        .and_then(|p| p.question(q))
}
