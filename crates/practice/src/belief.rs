//! Where the scoring lab's belief comes from besides typing: a built-in question's truth, or the last practice
//! answer run again. Either gives the belief's 5% and 95% (for the lab's two boxes) and where they came from.

use fermi_bank::{FittedTruth, Pack, Question, TruthSpec, fit_truth};
use fermi_eval::Options;
use fermi_score::lab::{self, Belief, Quantiles, StoredAnswer};

use crate::{MAX_SAMPLES, MIN_SAMPLES, Saved};

/// The questions whose truth has a spread (a single-number truth is no belief to report around).
pub fn spread_questions(pack: &Pack) -> Vec<Question> {
    pack.questions
        .iter()
        .filter(|q| !matches!(q.truth, TruthSpec::Point { .. }))
        .cloned()
        .collect()
}

/// A belief's 5% and 95%, and where they came from, in words.
pub type Taken = Result<((f64, f64), String), String>;

/// The question's fitted truth as a belief.
pub fn from_question(question: &Question) -> Taken {
    match fit_truth(question) {
        Ok(truth @ FittedTruth::Lognormal { .. }) => Ok((
            (truth.p5(), truth.p95()),
            format!("The truth of: {} ({})", question.text, question.unit),
        )),
        Ok(FittedTruth::Point(_)) => {
            Err("That question's truth is a single number: pick another one.".into())
        }
        Err(problem) => Err(format!(
            "That question's truth could not be computed: {problem}"
        )),
    }
}

/// The last answer of the saved practice history, run again exactly (its samples kept to the settings' range).
pub fn from_last_answer(saved: &Saved) -> Taken {
    let Some(entry) = saved.history.last() else {
        return Err(
            "No practice answer yet: answer a question in practice, then come back.".into(),
        );
    };
    let options = Options {
        samples: entry.samples.clamp(MIN_SAMPLES, MAX_SAMPLES),
        seed: entry.seed,
    };
    match crate::run::run(&entry.source, entry.dialect, &options).forecast {
        Some(Ok(forecast)) => Ok((
            (forecast.summary.p5.exp(), forecast.summary.p95.exp()),
            format!("Your last practice answer, to: {}", entry.text),
        )),
        _ => Err("Your last practice answer could not be run again.".into()),
    }
}

/// The "Rules disagree" view's question in `pack` (the built-in one), with its truth as the belief the stored
/// answers are ranked against; `None` when it is missing or its truth has no spread.
pub fn disagreement(pack: &Pack) -> Option<(Question, Belief)> {
    let question = pack.question(lab::QUESTION)?.clone();
    let Ok(FittedTruth::Lognormal { mu, sigma }) = fit_truth(&question) else {
        return None;
    };
    Some((question, Belief::new(mu, sigma).ok()?))
}

/// A stored answer's 90% interval in the question's `unit`: "just 5%" for a single number, else "2% to 8%".
pub fn range_words(answer: &StoredAnswer, q: &Quantiles, unit: &str) -> String {
    let scale = fermi_bank::UnitScale::of(unit);
    if answer.width == 0.0 {
        format!("just {}", scale.format(q.p50))
    } else {
        format!("{} to {}", scale.format(q.p5), scale.format(q.p95))
    }
}
