//! The practice page's own state: packs, the open question, the answer's boxes, drafts, history and notices, over
//! one run `Pipeline` scored against the question's truth once submitted. The first answer to a question is the
//! one recorded; once answered, the question opens revealed (its answer is stored exactly, so its score can be
//! recomputed bit for bit), and later edits are scored as "after the reveal" without being recorded.

use fermi_answer::Answer;
use fermi_bank::{FitCache, FittedTruth, Pack, Question};
use fermi_practice::{Draft, HistoryEntry, Outcome, Practice, Program, Recomputing, Saved};
use leptos::prelude::*;

use crate::adapters;
use crate::components::AnswerBoxes;
use crate::run::{Pipeline, Shared};

#[derive(Clone, Copy)]
pub struct PracticeState {
    /// The built-in pack first, then packs loaded by the user.
    pub packs: RwSignal<Vec<Shared<Pack>>>,
    /// Index into `packs` and question id.
    pub selected: RwSignal<Option<(usize, String)>>,
    pub question: Memo<Option<Shared<Question>>>,
    pub pipeline: Pipeline,
    pub boxes: AnswerBoxes,
    pub submitted: RwSignal<bool>,
    pub truth: Memo<Option<Result<FittedTruth, String>>>,
    /// The core's practice state: drafts, history and the set under way.
    pub core: RwSignal<Practice>,
    /// The core's history, as a memo: a draft's edit leaves it (and every view of it) alone.
    pub history: Memo<Vec<HistoryEntry>>,
    /// The answer that counts for the open question, if it was answered.
    pub recorded: Memo<Option<HistoryEntry>>,
    /// True when the question is revealed and what is shown is not the recorded answer (edited after the reveal).
    pub after_reveal: Memo<bool>,
    /// True while older entries' quantiles are being recomputed.
    pub recomputing: RwSignal<bool>,
    /// Notices for the user (storage trouble, bad links); dismissible.
    pub notices: RwSignal<Vec<String>>,
    fits: StoredValue<FitCache>,
    /// Older entries already tried for recomputation.
    tried: StoredValue<Recomputing>,
}

impl PracticeState {
    pub fn new(saved: Saved) -> PracticeState {
        let packs = RwSignal::new(vec![Shared::new(fermi_bank::builtin())]);
        let selected = RwSignal::new(None::<(usize, String)>);
        let question = Memo::new(move |_| {
            let (pack, id) = selected.get()?;
            let pack = packs.with(|p| p.get(pack).cloned())?;
            pack.question(&id).cloned().map(Shared::new)
        });
        let submitted = RwSignal::new(false);
        // The truth is fitted only once the user submits: before that it is neither computed nor shown. Fits are
        // kept for the page's life, so reopening a question refits nothing.
        let fits = StoredValue::new(FitCache::default());
        let settings = saved.settings;
        let core = RwSignal::new(Practice::new(saved));
        let truth = Memo::new(move |_| {
            if !submitted.get() {
                return None;
            }
            let q = question.get()?;
            fits.try_update_value(|cache| cache.fit(&q).map_err(|p| p.to_string()))
        });
        let truth_to_score = Memo::new(move |_| truth.get().and_then(Result::ok));
        let pipeline = Pipeline::new(settings, truth_to_score.into());
        let history = Memo::new(move |_| core.with(|c| c.history.clone()));
        let recorded = Memo::new(move |_| {
            let id = selected.with(|s| s.as_ref().map(|(_, id)| id.clone()))?;
            history.track();
            core.with_untracked(|c| c.recorded(&id).cloned())
        });
        let after_reveal = Memo::new(move |_| {
            submitted.get()
                && recorded.with(|r| {
                    r.as_ref()
                        .is_some_and(|e| e.program() != pipeline.program())
                })
        });
        let state = PracticeState {
            packs,
            selected,
            question,
            pipeline,
            boxes: AnswerBoxes::new(pipeline),
            submitted,
            truth,
            core,
            history,
            recorded,
            after_reveal,
            recomputing: RwSignal::new(false),
            notices: RwSignal::new(Vec::new()),
            fits,
            tried: StoredValue::new(Recomputing::default()),
        };
        // Entries from an older format (or imported) get their quantiles once their question is loaded.
        Effect::new(move |_| {
            packs.track();
            history.track();
            if !state.recomputing.get_untracked() {
                state.recomputing.set(true);
                adapters::step_in_tasks(move || state.recompute_next());
            }
        });
        // Drafts follow every edit.
        Effect::new(move |_| {
            let Some(q) = question.get() else {
                return;
            };
            let draft = Draft {
                answer: state.boxes.answer(pipeline),
            };
            core.update(|c| {
                c.drafts.insert(q.id.clone(), draft);
            });
        });
        state
    }

    /// The open question's unit ("" before one is open).
    pub fn unit(&self) -> Signal<String> {
        let question = self.question;
        Signal::derive(move || question.get().map(|q| q.unit.clone()).unwrap_or_default())
    }

    /// Opens a question: its draft (if any) comes back; its truth is shown if it was answered, else hidden.
    pub fn open(&self, pack: usize, id: &str) {
        let (draft, answered) = self.core.with_untracked(|c| c.opening(id));
        self.submitted.set(answered);
        self.boxes.load(&draft.answer, self.pipeline);
        self.selected.set(Some((pack, id.to_string())));
    }

    pub fn notify(&self, message: impl Into<String>) {
        self.notices
            .update(|n| fermi_practice::notify(n, message.into()));
    }

    /// Opens a recorded answer exactly as it was submitted (program, dialect, seed, samples), so its score is
    /// recomputed bit for bit.
    pub fn reopen(&self, entry: &HistoryEntry) {
        let pack = self
            .packs
            .with_untracked(|packs| fermi_practice::browse::reopening(packs, entry));
        let pack = match pack {
            Ok(pack) => pack,
            Err(notice) => return self.notify(notice),
        };
        self.open(pack, &entry.question);
        self.load(entry.program());
    }

    /// Puts a program in the editor exactly as it was run: its source, dialect, seed and sample count.
    pub fn load(&self, program: Program) {
        let p = self.pipeline;
        p.seed.set(program.seed);
        p.samples.set(program.samples);
        self.boxes
            .load(&Answer::written(program.dialect, program.source), p);
    }

    /// Submit: reveals the truth and records the answer in the history (once the worker's run is in, if it is
    /// still evaluating). After the reveal it does nothing: the first answer is the one that counts.
    pub fn submit(&self) {
        if self.submitted.get_untracked() {
            return;
        }
        self.pipeline.run_now();
        self.submitted.set(true);
        if self.pipeline.evaluating.get_untracked() {
            let state = *self;
            // Runs once, when the run being waited for has arrived (or a newer edit took its place).
            Effect::new(move |recorded: Option<bool>| {
                if recorded == Some(true) || state.pipeline.evaluating.get() {
                    return recorded.unwrap_or(false);
                }
                state.record();
                true
            });
        } else {
            self.record();
        }
    }

    fn record(&self) {
        let (Some(q), Some(scored)) = (
            self.question.get_untracked(),
            self.pipeline.scored.get_untracked(),
        ) else {
            return;
        };
        let program = untrack(|| self.pipeline.program());
        let now = js_sys::Date::now();
        self.core
            .update(|c| c.record(&q, program, scored.outcome(), now));
    }

    /// Recomputes one older entry's quantiles, then schedules the next, so the page stays responsive: the
    /// stored program, dialect, seed and sample count against the pack's truth give the very samples and score
    /// recorded. An entry whose question is not loaded (tried again when a pack is), or whose recomputed score
    /// differs (its truth changed), stays out of calibration.
    fn recompute_next(self) -> Option<bool> {
        let next = self.packs.try_with_untracked(|packs| {
            self.core
                .with_untracked(|c| self.tried.try_update_value(|t| t.next(c, packs)))
        })?;
        let Some((entry, question)) = next? else {
            self.recomputing.set(false);
            return Some(false);
        };
        if let Some(outcome) = self.recomputed(&question, &entry) {
            self.core.update(|c| {
                c.fill(&entry, &question, outcome);
            });
        }
        Some(true)
    }

    /// The stored program run again against the question's truth.
    fn recomputed(&self, question: &Question, entry: &HistoryEntry) -> Option<Outcome> {
        let truth = self
            .fits
            .try_update_value(|cache| cache.fit(question).ok())??;
        fermi_practice::run::rescore(entry, truth)
    }
}
