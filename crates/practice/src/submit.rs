//! Why Submit is blocked, in words: the run's state decides it, and with nothing run, the answer's own reason; and
//! what a class hand-in says under each question (`Check`).

use fermi_answer::Answer;

use crate::run::Run;

/// Where the answer's run stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunState {
    /// Typed but not evaluated yet, or being evaluated.
    Pending,
    /// The program has errors.
    Errors,
    /// It ran, but its samples can't be scored (zero, negative or not finite).
    Unscorable,
    /// It ran and can be scored.
    Ready,
    /// Nothing ran.
    Empty,
}

/// Why Submit is disabled; `None` when the answer can be submitted.
pub fn blocked(run: RunState, answer: &Answer) -> Option<String> {
    match run {
        RunState::Pending => Some("Waiting for the run to finish…".into()),
        RunState::Errors => Some("Fix the errors listed above to submit.".into()),
        RunState::Unscorable => Some("The samples can't be scored (see above).".into()),
        RunState::Ready => None,
        RunState::Empty => answer.program().err().map(|why| why.message()),
    }
}

/// What the line beside Submit says when nothing blocks it: before, that the truth stays hidden; after, that
/// only the first answer counts.
pub fn submit_note(submitted: bool) -> &'static str {
    if submitted {
        "Your first answer is the one that counts: edits after the reveal are scored but not recorded."
    } else {
        "The truth stays hidden until you submit."
    }
}

/// A likely unit slip (a bare `64` on a share: 6,400%) in the bank's words, before Submit and after: a quick
/// answer's bounds as typed, a program's estimate's 5th and 95th percentiles.
pub fn unit_warning(answer: &Answer, run: &Run, unit: &str) -> Option<String> {
    let (p5, p95) = match answer.bounds() {
        Some(bounds) => bounds.read().ok()?,
        None => {
            let summary = &run.forecast.as_ref()?.as_ref().ok()?.summary;
            (summary.p5.exp(), summary.p95.exp())
        }
    };
    fermi_bank::unit_warning(unit, p5, p95)
}

/// What a class student's page says under a question before the hand-in: "don't know", nothing yet, why not (the
/// answer's reason naming the box, or the run's first error), still running, or the estimate (linear quantiles) with
/// the unit warning of a likely slip.
#[derive(Clone, Debug, PartialEq)]
pub enum Check {
    DontKnow,
    NotAnswered,
    Problem(String),
    Running,
    Estimate {
        p5: f64,
        median: f64,
        p95: f64,
        warning: Option<String>,
    },
}

impl Check {
    /// `blank` is "don't know"; `pending` while the text typed has not been run yet, or is being run; `unit` the
    /// question's.
    pub fn of(blank: bool, answer: &Answer, pending: bool, run: &Run, unit: &str) -> Check {
        if blank {
            return Check::DontKnow;
        }
        if answer.is_blank() {
            return Check::NotAnswered;
        }
        if let Err(why) = answer.program() {
            return Check::Problem(why.message());
        }
        if pending || run.state(false) == RunState::Empty {
            return Check::Running;
        }
        match run.estimate() {
            Ok(s) => {
                let (p5, median, p95) = (s.p5.exp(), s.median.exp(), s.p95.exp());
                let warning = fermi_bank::unit_warning(unit, p5, p95);
                Check::Estimate {
                    p5,
                    median,
                    p95,
                    warning,
                }
            }
            Err(why) => Check::Problem(why),
        }
    }

    /// Whether the question can be handed in: "don't know", or an answer whose run has samples.
    pub fn ready(&self) -> bool {
        matches!(self, Check::DontKnow | Check::Estimate { .. })
    }

    /// The words shown for anything but an estimate.
    pub fn words(&self) -> String {
        match self {
            Check::DontKnow => {
                "Handed in as \"don't know\": this question is left out of your scores.".into()
            }
            Check::NotAnswered => "Not answered yet.".into(),
            Check::Problem(why) => why.clone(),
            Check::Running => "Running…".into(),
            Check::Estimate { .. } => String::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fermi_answer::Dialect;

    /// Every state has its words, only a scorable run submits, and with nothing run the answer says why.
    #[test]
    fn only_a_scorable_run_submits() {
        use RunState::*;
        let quick = Answer::quick("", "");
        let half = Answer::quick("5", "");
        let program = Answer::written(Dialect::Squiggle, "");
        for (run, answer, expect) in [
            (Pending, &quick, Some("Waiting")),
            (Errors, &program, Some("Fix the errors")),
            (Unscorable, &quick, Some("can't be scored")),
            (Ready, &quick, None),
            (Ready, &program, None),
            (Empty, &quick, Some("low and a high")),
            (Empty, &half, Some("high number too")),
            (Empty, &program, Some("program")),
        ] {
            let got = blocked(run, answer);
            match expect {
                None => assert_eq!(got, None, "{run:?} {answer:?}"),
                Some(words) => assert!(
                    got.as_ref().is_some_and(|g| g.contains(words)),
                    "{run:?} {answer:?}: {got:?}"
                ),
            }
        }
    }
}
