//! A public-tier pack beside its sealed truths (docs/pack-format.md, "The public tier"): participants read the
//! public pack and are scored against the sealed one, so both must hold the same questions, word for word, and the
//! public one nothing that leads to a truth.

use crate::format::{Pack, Question, Tier};
use crate::problem::Problem;

/// Problems of a public-tier pack: a question carrying what leads to its truth; and with the private pack sealing
/// its truths, their tiers and ids, a question without a sealed truth, a shown field that differs between the two,
/// and, as warnings, sealed questions the public pack does not ask.
pub fn public_tier_problems(public: &Pack, sealed: Option<&Pack>) -> Vec<Problem> {
    let mut problems: Vec<Problem> = public.questions.iter().filter_map(leak).collect();
    if let Some(sealed) = sealed {
        problems.extend(pairing(public, sealed));
    }
    problems
}

/// A public-tier question that carries what leads to its truth.
fn leak(q: &Question) -> Option<Problem> {
    let leaks = q.revealing();
    let first = *leaks.first()?;
    Some(Problem::in_question(
        q,
        first,
        format!(
            "a public-tier question carries its {}: it would reach participants (keep it in the sealed pack)",
            leaks.join(", ")
        ),
    ))
}

fn pairing(public: &Pack, sealed: &Pack) -> Vec<Problem> {
    let mut problems = Vec::new();
    let file = |pack: &Pack| {
        pack.questions
            .first()
            .map_or(String::new(), |q| q.file.clone())
    };
    if public.info.tier != Tier::Public || sealed.info.tier != Tier::Private {
        problems.push(
            Problem::new(
                &file(sealed),
                None,
                format!(
                    "pack `{}` ({} tier) sealing pack `{}` ({} tier): the questions are a public pack, the truths a private one",
                    sealed.info.id,
                    sealed.info.tier.as_str(),
                    public.info.id,
                    public.info.tier.as_str()
                ),
            )
            .field("pack.tier"),
        );
    }
    if public.info.id != sealed.info.id {
        problems.push(
            Problem::new(
                &file(sealed),
                None,
                format!(
                    "pack id `{}` seals pack `{}`: study items name questions as PACK/ID, so the ids must be the same",
                    sealed.info.id, public.info.id
                ),
            )
            .field("pack.id"),
        );
    }
    for q in &public.questions {
        let Some(truth) = sealed.question(&q.id) else {
            problems.push(Problem::in_question(
                q,
                "id",
                format!(
                    "no sealed truth: pack `{}` ({}) has no question `{}`",
                    sealed.info.id,
                    file(sealed),
                    q.id
                ),
            ));
            continue;
        };
        for field in shown_differences(q, truth) {
            problems.push(Problem::in_question(
                q,
                field,
                format!(
                    "differs from the sealed copy ({}): participants would answer another question than the one scored",
                    truth.file
                ),
            ));
        }
    }
    for q in &sealed.questions {
        if public.question(&q.id).is_none() {
            problems.push(
                Problem::in_question(
                    q,
                    "id",
                    format!(
                        "sealed but not asked: the public pack `{}` has no question `{}`",
                        public.info.id, q.id
                    ),
                )
                .warning(),
            );
        }
    }
    problems
}

/// The keys shown before answering whose values differ between the two copies of a question.
fn shown_differences(a: &Question, b: &Question) -> Vec<&'static str> {
    [
        ("text", a.text == b.text),
        ("unit", a.unit == b.unit),
        ("as_of", a.as_of == b.as_of),
        ("topics", a.topics == b.topics),
        ("countries", a.countries == b.countries),
        ("difficulty", a.difficulty == b.difficulty),
        ("disambiguation", a.disambiguation == b.disambiguation),
        ("width", a.width == b.width),
    ]
    .into_iter()
    .filter(|(_, same)| !same)
    .map(|(key, _)| key)
    .collect()
}
