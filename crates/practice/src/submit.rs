//! Why Submit is blocked, in words: the run's state decides it, and with nothing run, the answer's own reason.

use fermi_answer::Answer;

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
