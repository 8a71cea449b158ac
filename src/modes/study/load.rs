//! Getting the study of the link: a bundled id or a same-origin file, its packs beside it, all validated by the
//! core. Every failure is a list of lines for the error page.

use fermi_bank::Pack;
use fermi_study::link::{self, Source};
use fermi_study::{Study, parse_study, sha256_hex};

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

/// Loads the study named by `study=…`: `Err` holds the lines the error page shows.
pub async fn load(name: &str) -> Result<Loaded, Vec<String>> {
    let text = match link::source(name).map_err(|why| vec![why])? {
        Source::Bundled(text) => text.to_string(),
        Source::Path => web::fetch_text(name)
            .await
            .map_err(|why| vec![link::unreachable(name, &why)])?,
    };
    let file = link::file_name(name);
    let study = parse_study(&text).map_err(|d| link::lines(file, &text, &d))?;
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
    let packs = fermi_study::assemble(&study, own).map_err(|d| link::lines(file, &text, &d))?;
    Ok(Loaded {
        sha256: sha256_hex(text.as_bytes()),
        study,
        packs,
    })
}
