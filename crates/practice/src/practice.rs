//! A practice session's lasting state and its rules: a draft per question, the history, and the set under way.
//! The first answer to a question is the one recorded; an answered question opens revealed; a recorded answer
//! reopens exactly as submitted (program, dialect, seed, samples), so its score is recomputed bit for bit; edits
//! after the reveal are scored but not recorded. The app holds one `Practice` in one signal; the time comes in as
//! a value.

use std::collections::{BTreeMap, BTreeSet};

use fermi_bank::{Pack, Question, Topic};
use fermi_score::calibration::{
    AnswerQuantiles, Answered, Calibration, TREND_WINDOW, TruthQuantiles, calibration,
};
use fermi_syntax::Dialect;

use crate::saved::{Draft, HistoryEntry, Saved, Settings, Theme, VERSION};
use crate::sets::{self, Attempt, SetItem};

/// A set under way: its questions and when it began (its answers are the history's entries from then on).
#[derive(Clone, Debug, PartialEq)]
pub struct SetRun {
    pub items: Vec<SetItem>,
    pub started: f64,
}

/// One program exactly as run: what a recorded answer keeps, and what reopening it loads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    pub source: String,
    pub dialect: Dialect,
    pub seed: u64,
    pub samples: usize,
}

impl Program {
    pub fn new(source: String, dialect: Dialect, seed: u64, samples: usize) -> Program {
        Program {
            source,
            dialect,
            seed,
            samples,
        }
    }
}

/// What a run scored against the truth gives the history: the score and both sets of quantiles.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    pub cramer_log: f64,
    pub answer: AnswerQuantiles,
    pub truth: TruthQuantiles,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Practice {
    pub drafts: BTreeMap<String, Draft>,
    pub history: Vec<HistoryEntry>,
    pub set: Option<SetRun>,
}

impl Practice {
    pub fn new(saved: Saved) -> Practice {
        Practice {
            drafts: saved.drafts,
            history: saved.history,
            set: None,
        }
    }

    /// The document to store, with the settings and theme the page holds.
    pub fn saved(&self, settings: Settings, theme: Theme) -> Saved {
        Saved {
            version: VERSION,
            drafts: self.drafts.clone(),
            history: self.history.clone(),
            settings,
            theme,
        }
    }

    /// The answer that counts for question `id`: its latest recorded attempt (a missed question answered again
    /// in a set is recorded again), never a re-submission after the reveal.
    pub fn recorded(&self, id: &str) -> Option<&HistoryEntry> {
        self.history
            .iter()
            .rev()
            .find(|e| e.question == id && !e.resubmitted)
    }

    /// What opening question `id` shows: its draft (empty without one), and whether it opens revealed (it was
    /// answered).
    pub fn opening(&self, id: &str) -> (Draft, bool) {
        let draft = self.drafts.get(id).cloned().unwrap_or_default();
        (draft, self.recorded(id).is_some())
    }

    /// Records an answer to `question`, run as `program` and scored as `outcome` at `at` (ms since 1970).
    pub fn record(&mut self, question: &Question, program: Program, outcome: Outcome, at: f64) {
        self.history.push(HistoryEntry {
            question: question.id.clone(),
            text: question.text.clone(),
            source: program.source,
            dialect: program.dialect,
            seed: program.seed,
            samples: program.samples,
            cramer_log: outcome.cramer_log,
            at,
            topic: Some(topic_of(question)),
            answer: Some(outcome.answer),
            truth: Some(outcome.truth),
            resubmitted: false,
        });
    }

    /// What calibration takes: every first answer with its quantiles.
    pub fn answered(&self) -> Vec<Answered> {
        self.history
            .iter()
            .filter_map(HistoryEntry::answered)
            .collect()
    }

    /// The next entry of an older format whose quantiles can be recomputed (its question is found by
    /// `question`), skipping those `tried` already.
    pub fn to_recompute<'q>(
        &self,
        question: impl Fn(&str) -> Option<&'q Question>,
        tried: impl Fn(&HistoryEntry) -> bool,
    ) -> Option<(HistoryEntry, &'q Question)> {
        self.history
            .iter()
            .filter(|e| e.needs_quantiles() && !tried(e))
            .find_map(|e| Some((e.clone(), question(&e.question)?)))
    }

    /// Fills `entry`'s quantiles from its recomputed run, but only when the run gives the very score recorded
    /// (else its truth changed and the entry stays out of calibration). True when it was filled.
    pub fn fill(&mut self, entry: &HistoryEntry, question: &Question, outcome: Outcome) -> bool {
        if outcome.cramer_log != entry.cramer_log {
            return false;
        }
        let Some(e) = self.history.iter_mut().find(|e| *e == entry) else {
            return false;
        };
        e.topic = Some(topic_of(question));
        e.answer = Some(outcome.answer);
        e.truth = Some(outcome.truth);
        true
    }

    /// Starts a set of up to `size` questions from `questions` (of `topic`, if given), chosen with `seed` at
    /// `now`; `Err` with words for people when there is none left to ask.
    pub fn start_set<'q>(
        &mut self,
        questions: impl IntoIterator<Item = &'q Question>,
        topic: Option<Topic>,
        size: usize,
        seed: u64,
        now: f64,
    ) -> Result<(), &'static str> {
        let attempts: Vec<Attempt> = self
            .history
            .iter()
            .filter(|e| !e.resubmitted)
            .map(|e| Attempt {
                question: &e.question,
                at: e.at,
                missed: e.answer.zip(e.truth).map(|(a, t)| sets::missed(&a, &t)),
            })
            .collect();
        let items = sets::choose_set(questions, &attempts, topic, size, seed, now);
        if items.is_empty() {
            return Err(
                "Every question of this topic is answered already: choose another topic, or load a pack.",
            );
        }
        self.set = Some(SetRun {
            items,
            started: now,
        });
        Ok(())
    }

    /// For each question of the set under way, whether an answer is recorded since it began.
    pub fn set_done(&self) -> Option<Vec<bool>> {
        let run = self.set.as_ref()?;
        Some(
            run.items
                .iter()
                .map(|item| {
                    self.history.iter().any(|e| {
                        e.question == item.question && e.at >= run.started && !e.resubmitted
                    })
                })
                .collect(),
        )
    }

    /// The set's first question not answered yet (a missed one comes back unrevealed, to be answered afresh).
    pub fn set_next(&self) -> Option<&SetItem> {
        let run = self.set.as_ref()?;
        let done = self.set_done()?;
        run.items.iter().zip(done).find(|(_, d)| !d).map(|(i, _)| i)
    }

    /// Where the set under way stands with question `open` on screen: how many are answered, whether the open
    /// one is a missed question offered again, whether "Next question" is offered (more to answer, and the open
    /// one is answered or not the set's).
    pub fn set_progress(&self, open: Option<&str>) -> Option<SetProgress> {
        let run = self.set.as_ref()?;
        let done = self.set_done()?;
        let answered = done.iter().filter(|d| **d).count();
        let total = run.items.len();
        let current = open.and_then(|id| run.items.iter().position(|i| i.question == id));
        Some(SetProgress {
            answered,
            total,
            retry_here: current.is_some_and(|i| run.items[i].retry && !done[i]),
            next: answered < total && current.is_none_or(|i| done[i]),
        })
    }

    /// Where the set's next question is among `packs`: its pack and the item (a missed one comes back
    /// unrevealed, to be answered afresh).
    pub fn set_next_in<P: std::ops::Deref<Target = Pack>>(
        &self,
        packs: &[P],
    ) -> Option<(usize, SetItem)> {
        let item = self.set_next()?;
        Some((crate::browse::pack_of(packs, &item.question)?, item.clone()))
    }

    /// The set's own calibration while a set is under way.
    pub fn set_calibration(&self) -> Option<Calibration> {
        self.set
            .is_some()
            .then(|| calibration(&self.set_answered(), TREND_WINDOW))
    }

    /// The set's answers, for its own calibration.
    pub fn set_answered(&self) -> Vec<Answered> {
        let Some(run) = &self.set else {
            return Vec::new();
        };
        self.history
            .iter()
            .filter(|e| e.at >= run.started && run.items.iter().any(|i| i.question == e.question))
            .filter_map(HistoryEntry::answered)
            .collect()
    }
}

/// Older entries already tried for recomputation (by [`HistoryEntry::key`]): each entry whose question is loaded
/// is run again once; one whose question is not is tried again when a pack is loaded.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Recomputing {
    tried: BTreeSet<(String, u64, u64)>,
}

impl Recomputing {
    /// The next entry of `practice` to recompute with its question from `packs`, marked as tried.
    pub fn next<P: std::ops::Deref<Target = Pack>>(
        &mut self,
        practice: &Practice,
        packs: &[P],
    ) -> Option<(HistoryEntry, Question)> {
        let (entry, question) = practice.to_recompute(
            |id| packs.iter().find_map(|p| p.question(id)),
            |e| self.tried.contains(&e.key()),
        )?;
        self.tried.insert(entry.key());
        Some((entry, question.clone()))
    }
}

impl HistoryEntry {
    /// What tells entries apart when the page keeps track of them (as recomputations tried): question, time and
    /// seed.
    pub fn key(&self) -> (String, u64, u64) {
        (self.question.clone(), self.at.to_bits(), self.seed)
    }

    /// The program exactly as it was run.
    pub fn program(&self) -> Program {
        Program::new(self.source.clone(), self.dialect, self.seed, self.samples)
    }
}

/// Where a practice set stands (see [`Practice::set_progress`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetProgress {
    pub answered: usize,
    pub total: usize,
    /// The question on screen was missed before and is offered again.
    pub retry_here: bool,
    /// "Next question" is offered.
    pub next: bool,
}

impl SetProgress {
    pub fn finished(&self) -> bool {
        self.answered == self.total
    }

    /// "2 of 5 answered"
    pub fn words(&self) -> String {
        format!("{} of {} answered", self.answered, self.total)
    }
}

/// The topic calibration files an answer under: the question's first ("untagged" without one).
pub fn topic_of(question: &Question) -> String {
    question
        .topics
        .first()
        .map_or("untagged", |t| t.as_str())
        .to_string()
}
