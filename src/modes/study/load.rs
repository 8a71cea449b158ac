//! Getting the study of the link: a bundled id or a same-origin file, its packs beside it, all validated by the
//! core. Every failure is a list of lines for the error page.

use fermi_study::Bundle;
use fermi_study::link::{self, Source};

use super::web;
use crate::adapters::fetch_text;

/// Loads the study named by `study=…`: `Err` holds the lines the error page shows.
pub async fn load(name: &str) -> Result<Bundle, Vec<String>> {
    let text = match link::source(name).map_err(|why| vec![why])? {
        Source::Bundled(text) => text.to_string(),
        Source::Path => fetch_text(name)
            .await
            .map_err(|why| vec![link::unreachable(name, &why)])?,
    };
    let study = link::study(name, &text)?;
    let mut fetched = Vec::new();
    for pack in &study.packs {
        let got = match web::resolve(pack, name) {
            Some(url) => Some(fetch_text(&url).await),
            None => None,
        };
        fetched.push((pack.clone(), got));
    }
    Bundle::new(name, &text, study, fetched)
}
