//! One item in progress — a question on screen, its [`Answer`] and its [`ItemClock`] — and the item record it
//! becomes. Study mode's [`crate::Session`] and the JS API's item session (the jsPsych plugin) both build their
//! records here, so a plugin's data and a study's record are one shape with one summary and one seed.

use fermi_answer::{Answer, Bounds, ItemClock, Now, Program};
use fermi_syntax::Dialect;
use serde::{Deserialize, Serialize};

use crate::file::{Format, run_answer};
use crate::record::{ItemRecord, ItemStatus, ItemSummary, Quick};
use crate::session::rfc3339;

/// How an item is run and timed: what its study (or a plugin's trial) says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ItemSpec {
    /// The formats it takes.
    pub formats: Vec<Format>,
    pub samples: usize,
    /// The item's seed (a study's per-item seed, [`crate::Study::item_seed`]).
    pub seed: u64,
    /// Suggested seconds; 0 for none.
    pub time_limit_s: u32,
}

/// The summary of a run the page already made of the item's program (in its worker), so that moving on does not
/// sample it again on the page's thread. Taken only when it is of exactly the program, sample count and seed the
/// item is recorded with.
#[derive(Clone, Debug, PartialEq)]
pub struct Ran {
    pub program: Program,
    pub samples: usize,
    pub seed: u64,
    /// The scorer's summary, or why the samples cannot be used (the run's first error).
    pub summary: Result<ItemSummary, String>,
}

impl Ran {
    /// The page's run of `program` at `samples` and `seed`, with its summary or why there is none; `None` when
    /// the program is blank (nothing ran).
    pub fn of(
        program: Program,
        samples: usize,
        seed: u64,
        summary: Result<ItemSummary, String>,
    ) -> Option<Ran> {
        (!program.source.trim().is_empty()).then_some(Ran {
            program,
            samples,
            seed,
            summary,
        })
    }
}

/// What moves the participant on: `study-next`, or a confirmed skip with its reason.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    Next,
    Skip(String),
}

/// The item on screen: its answer and its clock.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Open {
    pub question: String,
    pub answer: Answer,
    pub clock: ItemClock,
}

impl Format {
    /// The format an answer is given in.
    pub fn of(answer: &Answer) -> Format {
        match answer {
            Answer::Quick(_) => Format::Quick,
            Answer::Program(p) => match p.dialect {
                Dialect::Squiggle => Format::Squiggle,
                Dialect::Fermi => Format::Fermi,
            },
        }
    }

    /// An empty answer in this format.
    pub fn blank(self) -> Answer {
        match self {
            Format::Quick => Answer::Quick(Bounds::default()),
            Format::Squiggle | Format::Fermi => Answer::written(self.dialect(), ""),
        }
    }
}

impl Open {
    /// `question` shown `now`, with an empty answer in `format`.
    pub fn new(question: &str, format: Format, now: Now) -> Open {
        Open {
            question: question.to_string(),
            answer: format.blank(),
            clock: ItemClock::start(now),
        }
    }

    /// The answer changed (an unchanged one is no edit).
    pub fn edit(&mut self, answer: Answer, now: Now) {
        self.clock.tick(now);
        if self.answer != answer {
            self.clock.edited(now);
            self.answer = answer;
        }
    }

    /// The answer run at the item's samples and seed: its format, program and summary, or what to do first. A
    /// matching `ran` is taken as it is; without one the core samples the program itself.
    pub fn evaluate(
        &self,
        spec: &ItemSpec,
        ran: Option<&Ran>,
    ) -> Result<(Format, String, ItemSummary), String> {
        let format = Format::of(&self.answer);
        if !spec.formats.contains(&format) {
            return Err(format!(
                "This study does not take answers as {}.",
                format.as_str()
            ));
        }
        let program = self.answer.program().map_err(|why| why.message())?;
        let summary = match ran {
            Some(r) if r.program == program && r.samples == spec.samples && r.seed == spec.seed => {
                r.summary.clone()
            }
            Some(_) => return Err("Waiting for your answer's run to finish…".into()),
            None => run_answer(format, &program.source, spec.samples, spec.seed)
                .map(|s| ItemSummary::of(&s)),
        };
        let summary = summary.map_err(|why| format!("Your answer cannot be used yet: {why}"))?;
        Ok((format, program.source, summary))
    }

    /// The item's record at `now`, at `position` (1-based) in the participant's order. An answered item must
    /// evaluate; a skipped one keeps what stood, whatever state it was in.
    pub fn record(
        &self,
        spec: &ItemSpec,
        position: u32,
        status: ItemStatus,
        skip_reason: Option<String>,
        ran: Option<&Ran>,
        now: Now,
    ) -> Result<ItemRecord, String> {
        let (format, program, summary) = match status {
            ItemStatus::Answered => {
                let (f, p, s) = self.evaluate(spec, ran)?;
                (Some(f), Some(p), Some(s))
            }
            ItemStatus::Skipped if self.answer.is_blank() => (None, None, None),
            ItemStatus::Skipped => {
                let program = self.answer.program().ok().map(|p| p.source);
                let summary = self.evaluate(spec, ran).ok().map(|(_, _, s)| s);
                (Some(Format::of(&self.answer)), program, summary)
            }
        };
        let quick = self
            .answer
            .bounds()
            .filter(|_| format.is_some())
            .map(|b| Quick {
                low: b.low.clone(),
                high: b.high.clone(),
            });
        let clock = &self.clock;
        Ok(ItemRecord {
            question: self.question.clone(),
            position,
            status,
            skip_reason,
            format,
            program,
            quick,
            samples: spec.samples,
            seed: spec.seed,
            summary,
            shown_at: rfc3339(clock.shown_wall_ms),
            first_edit_ms: clock.first_edit_ms,
            answered_ms: Some(clock.answered_ms(now)),
            active_ms: clock.active_ms as u64,
            hidden_ms: clock.hidden_ms as u64,
            hidden_count: clock.hidden_count,
            edits: clock.edits,
            error_runs: clock.error_runs,
            over_time: clock.over(spec.time_limit_s),
            pastes: clock.pastes,
        })
    }
}
