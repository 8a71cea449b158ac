//! A study's questions, assembled once for every face (the app's study loader, the CLI, the debrief): the built-in
//! pack, which is always `open`, then the study's own packs in the order the file lists them, every question of
//! the study checked against them. A study's own pack may not take the id `open` (nor two packs one id): a
//! question id then names exactly one question, debriefed and scored against one truth.

use fermi_bank::{Pack, Question};
use fermi_syntax::{Diagnostic, Span};

use crate::file::Study;

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
