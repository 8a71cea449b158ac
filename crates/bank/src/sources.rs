//! Warnings about sources a reader could not check (docs/pack-format.md, "Source warnings"): a link to a bare
//! domain, one link cited for different figures, a source without `accessed`, a question without a primary source.
//! Not validation: the pack still loads.

use std::collections::HashMap;

use crate::format::Pack;
use crate::load::Problem;

/// Every source warning of a pack, in question and source order. A link shared by sources whose `detail` differs
/// is reported at each citation after the first, naming the first.
pub fn source_warnings(pack: &Pack) -> Vec<Problem> {
    let mut out = Vec::new();
    // Link (without a trailing slash) → (question id, source index, detail) of its first citation.
    let mut first: HashMap<&str, (&str, usize, &str)> = HashMap::new();
    for q in &pack.questions {
        if !q.has_primary_source() {
            out.push(
                Problem::in_question(
                    q,
                    "sources",
                    "no primary source: cite the paper (with its DOI), the statistics office's release, the filing \
                     or the dataset with `kind = \"primary\"`, or say why none exists in `no_primary_source`",
                )
                .warning(),
            );
        }
        for (i, source) in q.sources.iter().enumerate() {
            let warn =
                |field: String, message: String| Problem::in_question(q, &field, message).warning();
            let url = source.url.trim();
            if is_bare_domain(url) {
                out.push(warn(
                    format!("sources[{i}].url"),
                    format!(
                        "`{url}` is a bare domain: link the page, table or document that holds the figure"
                    ),
                ));
            }
            let detail = source.detail.trim();
            match first.get(url.trim_end_matches('/')) {
                None => {
                    first.insert(url.trim_end_matches('/'), (&q.id, i, detail));
                }
                Some(&(id, j, cited)) if cited != detail => out.push(warn(
                    format!("sources[{i}].url"),
                    format!(
                        "`{url}` is also cited by question {id} (sources[{j}]) for a different `detail`: link the \
                         page that holds this figure, or, if one page holds both, quote both in one `detail` \
                         shared by every source citing it"
                    ),
                )),
                Some(_) => {}
            }
            if source.accessed.is_none() {
                out.push(warn(
                    format!("sources[{i}]"),
                    "no `accessed` date: say when the page was read (YYYY-MM), since pages change"
                        .into(),
                ));
            }
        }
    }
    out
}

/// A link with nothing after its host but an optional `/` (a fragment does not count; a query does).
fn is_bare_domain(url: &str) -> bool {
    let Some((_, rest)) = url.split_once("://") else {
        return false;
    };
    let after_host = rest.find(['/', '?', '#']).map_or("", |at| &rest[at..]);
    let path = after_host.split('#').next().unwrap_or("");
    path.is_empty() || path == "/"
}
