//! Why Submit is blocked, in words: the run's state and the way of answering decide it.

use crate::AnswerMode;

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
    /// Nothing to run yet.
    Empty,
}

/// Why Submit is disabled; `None` when the answer can be submitted.
pub fn blocked(run: RunState, mode: AnswerMode) -> Option<&'static str> {
    match (run, mode) {
        (RunState::Pending, _) => Some("Waiting for the run to finish…"),
        (RunState::Errors, _) => Some("Fix the errors listed above to submit."),
        (RunState::Unscorable, _) => Some("The samples can't be scored (see above)."),
        (RunState::Ready, _) => None,
        (RunState::Empty, AnswerMode::Quick) => Some("Enter a low and a high number to submit."),
        (RunState::Empty, AnswerMode::Program) => Some("Write a program to submit."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every state has its words, and only a scorable run submits.
    #[test]
    fn only_a_scorable_run_submits() {
        use AnswerMode::{Program, Quick};
        use RunState::*;
        for (run, mode, expect) in [
            (Pending, Quick, Some("Waiting")),
            (Errors, Program, Some("Fix the errors")),
            (Unscorable, Quick, Some("can't be scored")),
            (Ready, Quick, None),
            (Ready, Program, None),
            (Empty, Quick, Some("low and a high")),
            (Empty, Program, Some("Write a program")),
        ] {
            let got = blocked(run, mode);
            match expect {
                None => assert_eq!(got, None, "{run:?} {mode:?}"),
                Some(words) => assert!(
                    got.is_some_and(|g| g.contains(words)),
                    "{run:?} {mode:?}: {got:?}"
                ),
            }
        }
    }
}
