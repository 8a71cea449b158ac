//! Practice sets: questions not answered yet (mixed topics or one topic) in an order a seed fixes, after the
//! questions missed that are due again. A miss is a truth whose median fell outside the answer's 90% interval; it
//! comes back [`RETRY_AFTER_MS`] after the miss. Pure: the history and the time come in as values.

use std::collections::{BTreeMap, BTreeSet};

use fermi_num::Fnv1a;
use fermi_score::calibration::{AnswerQuantiles, TruthQuantiles};

use fermi_bank::{Question, Topic};

/// Questions in a set unless the user picks another size.
pub const SET_SIZE: usize = 10;

/// A missed question is offered again one day after the miss (milliseconds, the unit of [`Attempt::at`]).
pub const RETRY_AFTER_MS: f64 = 24.0 * 60.0 * 60.0 * 1000.0;

/// What a set needs to know of one recorded answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Attempt<'a> {
    pub question: &'a str,
    /// Milliseconds since 1970.
    pub at: f64,
    /// Whether it missed; `None` when unknown (no quantiles kept), which never brings a question back.
    pub missed: Option<bool>,
}

/// Whether an answer missed: the truth's median outside the answer's 90% interval.
pub fn missed(answer: &AnswerQuantiles, truth: &TruthQuantiles) -> bool {
    !answer.catches(90, truth.ln_median)
}

/// One question of a set; `retry` when it was missed before and is due again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetItem {
    pub question: String,
    pub retry: bool,
}

/// Questions whose latest attempt missed at least [`RETRY_AFTER_MS`] before `now`, oldest miss first.
pub fn due_again(attempts: &[Attempt], now: f64) -> Vec<String> {
    let mut latest: BTreeMap<&str, &Attempt> = BTreeMap::new();
    for a in attempts {
        let entry = latest.entry(a.question).or_insert(a);
        if a.at > entry.at {
            *entry = a;
        }
    }
    let mut due: Vec<&Attempt> = latest
        .into_values()
        .filter(|a| a.missed == Some(true) && now - a.at >= RETRY_AFTER_MS)
        .collect();
    due.sort_by(|a, b| a.at.total_cmp(&b.at).then(a.question.cmp(b.question)));
    due.into_iter().map(|a| a.question.to_string()).collect()
}

/// A set of up to `size` questions from `questions` (of `topic`, if given): the missed ones due again first, then
/// questions never attempted, in an order fixed by `seed`. A question id is taken once even if several packs
/// hold it.
pub fn choose_set<'q>(
    questions: impl IntoIterator<Item = &'q Question>,
    attempts: &[Attempt],
    topic: Option<Topic>,
    size: usize,
    seed: u64,
    now: f64,
) -> Vec<SetItem> {
    let mut offered: BTreeSet<&str> = BTreeSet::new();
    let candidates: Vec<&Question> = questions
        .into_iter()
        .filter(|q| topic.is_none_or(|t| q.topics.contains(&t)))
        .filter(|q| offered.insert(q.id.as_str()))
        .collect();
    let mut items: Vec<SetItem> = due_again(attempts, now)
        .into_iter()
        .filter(|id| offered.contains(id.as_str()))
        .take(size)
        .map(|question| SetItem {
            question,
            retry: true,
        })
        .collect();
    let attempted: BTreeSet<&str> = attempts.iter().map(|a| a.question).collect();
    let mut unseen: Vec<&Question> = candidates
        .into_iter()
        .filter(|q| !attempted.contains(q.id.as_str()))
        .collect();
    unseen.sort_by_cached_key(|q| (shuffled(seed, &q.id), q.id.clone()));
    let room = size - items.len();
    items.extend(unseen.into_iter().take(room).map(|q| SetItem {
        question: q.id.clone(),
        retry: false,
    }));
    items
}

/// A question's place in the order `seed` gives: FNV-1a of the seed's bytes and the id's.
fn shuffled(seed: u64, id: &str) -> u64 {
    let mut h = Fnv1a::default();
    h.write(&seed.to_le_bytes());
    h.write(id.as_bytes());
    h.finish()
}
