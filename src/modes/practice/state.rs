//! The practice page's own state: packs, the open question, the answer's boxes, drafts, history and notices, over
//! one run `Pipeline` scored against the question's truth once submitted.

use std::collections::BTreeMap;

use fermi_bank::{FitCache, FittedTruth, Pack, Question};
use leptos::prelude::*;

use crate::components::AnswerBoxes;
use crate::run::{Pipeline, Shared};
use crate::storage::{Draft, HistoryEntry, Saved};

/// Notices kept at once: the newest stay, older ones have been seen, and a pile hides the page.
const MAX_NOTICES: usize = 3;

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
    pub drafts: RwSignal<BTreeMap<String, Draft>>,
    pub history: RwSignal<Vec<HistoryEntry>>,
    /// Notices for the user (storage trouble, bad links); dismissible.
    pub notices: RwSignal<Vec<String>>,
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
        let truth = Memo::new(move |_| {
            if !submitted.get() {
                return None;
            }
            let q = question.get()?;
            let mut fitted = None;
            fits.update_value(|cache| fitted = Some(cache.fit(&q).map_err(|p| p.to_string())));
            fitted
        });
        let truth_to_score = Memo::new(move |_| truth.get().and_then(Result::ok));
        let pipeline = Pipeline::new(saved.settings, truth_to_score.into());
        let state = PracticeState {
            packs,
            selected,
            question,
            pipeline,
            boxes: AnswerBoxes::new(pipeline),
            submitted,
            truth,
            drafts: RwSignal::new(saved.drafts),
            history: RwSignal::new(saved.history),
            notices: RwSignal::new(Vec::new()),
        };
        // Drafts follow every edit.
        Effect::new(move |_| {
            let Some(q) = question.get() else {
                return;
            };
            let draft = Draft {
                mode: state.boxes.mode.get(),
                low: state.boxes.low.get(),
                high: state.boxes.high.get(),
                source: pipeline.source.get(),
                dialect: Some(pipeline.dialect.get()),
            };
            state.drafts.update(|d| {
                d.insert(q.id.clone(), draft);
            });
        });
        state
    }

    /// The open question's unit ("" before one is open).
    pub fn unit(&self) -> Signal<String> {
        let question = self.question;
        Signal::derive(move || question.get().map(|q| q.unit.clone()).unwrap_or_default())
    }

    /// Opens a question: its draft (if any) comes back, and its truth is hidden again.
    pub fn open(&self, pack: usize, id: &str) {
        let draft = self.drafts.with_untracked(|d| d.get(id).cloned());
        let draft = draft.unwrap_or_default();
        self.submitted.set(false);
        self.boxes.mode.set(draft.mode);
        self.boxes.low.set(draft.low);
        self.boxes.high.set(draft.high);
        if let Some(d) = draft.dialect {
            self.pipeline.dialect.set(d);
        }
        self.pipeline.load(draft.source);
        self.selected.set(Some((pack, id.to_string())));
    }

    pub fn notify(&self, message: impl Into<String>) {
        let message = message.into();
        self.notices.update(|n| {
            if !n.contains(&message) {
                n.push(message);
            }
            let extra = n.len().saturating_sub(MAX_NOTICES);
            n.drain(..extra);
        });
    }

    /// Submit: reveals the truth and records the answer in the history (once the worker's run is in, if it is
    /// still evaluating).
    pub fn submit(&self) {
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
        let p = self.pipeline;
        let entry = HistoryEntry {
            question: q.id.clone(),
            text: q.text.clone(),
            source: p.evaluated.get_untracked(),
            dialect: p.dialect.get_untracked(),
            seed: p.seed.get_untracked(),
            samples: p.samples.get_untracked(),
            cramer_log: scored.assessment.report.cramer_log,
            at: js_sys::Date::now(),
        };
        self.history.update(|h| h.push(entry));
    }
}
