//! The running study's state: the participant's `Session` (from the core) over one run `Pipeline`, the editor's
//! boxes, and what the page does with it: keep its clocks going, save it, send it.

use fermi_study::{Draft, Format, Session, Stage};
use fermi_syntax::Dialect;
use leptos::prelude::*;

use super::load::Loaded;
use super::web;
use crate::components::{AnswerBoxes, AnswerMode};
use crate::run::{Pipeline, Shared};
use crate::storage::Settings;

/// Whether the record reached the researcher.
#[derive(Clone, Debug, PartialEq)]
pub enum Sending {
    /// The study has no server (and no JATOS): the record travels as the saved file.
    Nowhere,
    Pending,
    /// The last attempt failed, with why; another follows while the page is open.
    Failed(String),
    Sent,
}

#[derive(Clone, Copy)]
pub struct StudyState {
    pub loaded: StoredValue<Shared<Loaded>>,
    pub key: StoredValue<String>,
    pub session: RwSignal<Session>,
    pub stage: Memo<Stage>,
    /// The question on screen (`PACK/ID`).
    pub question: Memo<Option<String>>,
    pub pipeline: Pipeline,
    pub boxes: AnswerBoxes,
    /// The dialect a program is written in (a quick answer is always Squiggle).
    pub program_dialect: RwSignal<Dialect>,
    pub notices: RwSignal<Vec<String>>,
    /// Why the last `study-next` or skip did not go ahead.
    pub refusal: RwSignal<Option<String>>,
    pub sending: RwSignal<Sending>,
    /// False once a write to local storage failed (the notice is up).
    pub stored: RwSignal<bool>,
}

fn mode_of(format: Format) -> AnswerMode {
    match format {
        Format::Quick => AnswerMode::Quick,
        Format::Squiggle | Format::Fermi => AnswerMode::Program,
    }
}

impl StudyState {
    pub fn new(loaded: Shared<Loaded>, key: String, session: Session) -> StudyState {
        let session = RwSignal::new(session);
        let stage = Memo::new(move |_| session.with(|s| s.stage));
        let question =
            Memo::new(move |_| session.with(|s| s.open.as_ref().map(|o| o.question.clone())));
        // The truth enters the pipeline only once a practice item is revealed; scored items never get one.
        let practice_truth = {
            let loaded = loaded.clone();
            Memo::new(move |_| {
                if !matches!(stage.get(), Stage::Practice { revealed: true, .. }) {
                    return None;
                }
                let q = question.get()?;
                fermi_bank::fit_truth(loaded.question(&q)?).ok()
            })
        };
        let samples = loaded.study.samples;
        let pipeline = Pipeline::new(Settings::default(), practice_truth.into());
        pipeline.samples.set(samples);
        let formats = session.with_untracked(|s| s.conditions(&loaded.study).formats);
        let first_program = formats
            .iter()
            .copied()
            .find(|f| *f != Format::Quick)
            .unwrap_or(Format::Squiggle);
        let state = StudyState {
            loaded: StoredValue::new(loaded),
            key: StoredValue::new(key),
            session,
            stage,
            question,
            pipeline,
            boxes: AnswerBoxes::new(pipeline),
            program_dialect: RwSignal::new(first_program.dialect()),
            notices: RwSignal::new(Vec::new()),
            refusal: RwSignal::new(None),
            sending: RwSignal::new(Sending::Pending),
            stored: RwSignal::new(true),
        };
        state.load_draft();
        state.follow_editor();
        state
    }

    pub fn study<T>(&self, f: impl FnOnce(&fermi_study::Study) -> T) -> T {
        self.loaded.with_value(|l| f(&l.study))
    }

    /// The participant's conditions (the study's settings with their arm's changes).
    pub fn conditions(&self) -> fermi_study::Conditions {
        self.session
            .with_untracked(|s| self.study(|study| s.conditions(study)))
    }

    pub fn allows(&self, format: Format) -> bool {
        self.conditions().formats.contains(&format)
    }

    /// The format the editor is in.
    pub fn format(&self) -> Format {
        match self.boxes.mode.get() {
            AnswerMode::Quick => Format::Quick,
            AnswerMode::Program => match self.program_dialect.get() {
                Dialect::Squiggle => Format::Squiggle,
                Dialect::Fermi => Format::Fermi,
            },
        }
    }

    /// Puts the open item's draft, seed and format into the editor (a new item, or a resumed one).
    pub fn load_draft(&self) {
        let (draft, seed) = self.session.with_untracked(|s| {
            let seed = self.study(|study| s.seed(study));
            (s.open.as_ref().map(|o| o.draft.clone()), seed)
        });
        let Some(draft) = draft else { return };
        if let Some(seed) = seed {
            self.pipeline.seed.set(seed);
        }
        if draft.format != Format::Quick {
            self.program_dialect.set(draft.format.dialect());
        }
        self.boxes.mode.set(mode_of(draft.format));
        self.pipeline.dialect.set(draft.format.dialect());
        self.boxes.low.set(draft.low);
        self.boxes.high.set(draft.high);
        self.pipeline.load(draft.source);
        self.refusal.set(None);
    }

    /// Every edit, format change and run goes into the session; the dialect follows the format.
    fn follow_editor(&self) {
        let state = *self;
        Effect::new(move |_| {
            let dialect = match state.boxes.mode.get() {
                AnswerMode::Quick => Dialect::Squiggle,
                AnswerMode::Program => state.program_dialect.get(),
            };
            if state.pipeline.dialect.get_untracked() != dialect {
                state.pipeline.dialect.set(dialect);
                state.pipeline.run_now();
            }
        });
        // A way of answering the study does not take is switched to one it does.
        Effect::new(move |_| {
            let mode = state.boxes.mode.get();
            let programs = state.allows(Format::Squiggle) || state.allows(Format::Fermi);
            if mode == AnswerMode::Program && !programs {
                state.boxes.mode.set(AnswerMode::Quick);
            } else if mode == AnswerMode::Quick && !state.allows(Format::Quick) {
                state.boxes.mode.set(AnswerMode::Program);
            }
        });
        Effect::new(move |_| {
            let draft = Draft {
                format: state.format(),
                low: state.boxes.low.get(),
                high: state.boxes.high.get(),
                source: state.pipeline.source.get(),
            };
            let now = web::now();
            state.session.update(|s| s.edit(draft, now));
            // A refusal ("Write your estimate to continue.") is about the answer as it stood.
            if state.refusal.get_untracked().is_some() {
                state.refusal.set(None);
            }
        });
        Effect::new(move |_| {
            let run = state.pipeline.run.get();
            if state.pipeline.evaluating.get() {
                return;
            }
            let program = state.pipeline.evaluated.get_untracked();
            if program.trim().is_empty() {
                return;
            }
            let errors = run.diagnostics.iter().any(|d| d.is_error())
                || matches!(run.forecast, Some(Err(_)));
            state.session.update(|s| s.ran(&program, errors));
        });
    }

    /// `study-next`: the core moves on (or says why not); a new item's empty draft comes into the editor.
    pub fn next(&self) {
        self.pipeline.run_now();
        let now = web::now();
        let mut result = Ok(());
        let before = self
            .session
            .with_untracked(|s| s.open.as_ref().map(|o| o.question.clone()));
        self.session
            .update(|s| result = self.study(|study| s.next(study, now)));
        self.after(result, before);
    }

    /// A confirmed skip with its reason.
    pub fn skip(&self, reason: &str) -> bool {
        let now = web::now();
        let mut result = Ok(());
        let before = self
            .session
            .with_untracked(|s| s.open.as_ref().map(|o| o.question.clone()));
        self.session
            .update(|s| result = self.study(|study| s.skip(study, reason, now)));
        let ok = result.is_ok();
        self.after(result, before);
        ok
    }

    /// Stops early: the end screen with the record as it stands (`partial`).
    pub fn stop(&self) {
        let now = web::now();
        self.session.update(|s| s.stop(now));
        self.save_now();
    }

    fn after(&self, result: Result<(), String>, before: Option<String>) {
        match result {
            Err(why) => self.refusal.set(Some(why)),
            Ok(()) => {
                self.refusal.set(None);
                let after = self
                    .session
                    .with_untracked(|s| s.open.as_ref().map(|o| o.question.clone()));
                if after != before {
                    self.load_draft();
                }
                self.save_now();
            }
        }
    }

    pub fn notify(&self, message: impl Into<String>) {
        let message = message.into();
        self.notices.update(|n| {
            if !n.contains(&message) {
                n.push(message)
            }
        });
    }

    /// Writes the session to local storage now; a failed write is a notice (once) and the study goes on.
    pub fn save_now(&self) {
        let Some(text) = self.session.try_with_untracked(|s| s.to_json()) else {
            return;
        };
        let ok = web::save(&self.key.get_value(), &text);
        if !ok && self.stored.get_untracked() {
            self.notify(
                "Your answers cannot be kept in this browser (its storage is full or turned off). You can go on: \
                 keep this page open, and use “Save my answers” to keep a copy of your answers as a file.",
            );
        }
        if self.stored.get_untracked() != ok {
            self.stored.set(ok);
        }
    }

    /// The record as a file download.
    pub fn download(&self) {
        let (name, text) = self
            .session
            .with_untracked(|s| (s.file_name(), s.record_json()));
        crate::components::files::download(&name, &text);
    }
}
