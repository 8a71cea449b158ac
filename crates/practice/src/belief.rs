//! Where the scoring lab's belief comes from besides typing: a built-in question's truth, or the last practice
//! answer run again. Either gives the belief's 5% and 95% (for the lab's two boxes) and where they came from.

use fermi_bank::{FittedTruth, Pack, Question, TruthSpec, fit_truth};
use fermi_eval::Options;

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
