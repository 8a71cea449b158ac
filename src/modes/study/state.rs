//! The running study's state: the participant's `Session` (from the core) over one run `Pipeline`, the editor's
//! boxes, and what the page does with it: keep its clocks going, save it, send it.

use fermi_answer::Program;
use fermi_practice::Settings;
use fermi_practice::submit::RunState;
use fermi_study::ending::Sending;
use fermi_study::{Bundle, ItemSummary, Ran, Session, Stage, Step};
use fermi_syntax::Dialect;
use leptos::prelude::*;

use super::web;
use crate::components::{AnswerBoxes, AnswerMode};
use crate::run::{Pipeline, Shared};

#[derive(Clone, Copy)]
pub struct StudyState {
    pub loaded: StoredValue<Shared<Bundle>>,
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
    /// A `study-next` (or a skip with its reason) waiting for the answer's run to finish in the worker.
    pub waiting: RwSignal<Option<Step>>,
    pub sending: RwSignal<Sending>,
    /// False once a write to local storage failed (the notice is up).
    pub stored: RwSignal<bool>,
}

impl StudyState {
    pub fn new(loaded: Shared<Bundle>, key: String, session: Session) -> StudyState {
        let session = RwSignal::new(session);
        let stage = Memo::new(move |_| session.with(|s| s.stage));
        let question =
            Memo::new(move |_| session.with(|s| s.open.as_ref().map(|o| o.question.clone())));
        // The truth enters the pipeline only once a practice item is revealed; scored items never get one.
        let practice_truth = {
            let loaded = loaded.clone();
            Memo::new(move |_| {
                stage.track();
                question.track();
                session.with_untracked(|s| fermi_bank::fit_truth(s.revealed(&loaded.packs)?).ok())
            })
        };
        let samples = loaded.study.samples;
        let pipeline = Pipeline::new(Settings::default(), practice_truth.into());
        pipeline.samples.set(samples);
        let first_program =
            session.with_untracked(|s| s.conditions(&loaded.study).program_dialect());
        let state = StudyState {
            loaded: StoredValue::new(loaded),
            key: StoredValue::new(key),
            session,
            stage,
            question,
            pipeline,
            boxes: AnswerBoxes::new(pipeline),
            program_dialect: RwSignal::new(first_program),
            notices: RwSignal::new(Vec::new()),
            refusal: RwSignal::new(None),
            waiting: RwSignal::new(None),
            sending: RwSignal::new(Sending::Pending),
            stored: RwSignal::new(true),
        };
        state.load_draft();
        state.follow_editor();
        state.step_when_run();
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

    /// Puts the open item's answer and seed into the editor (a new item, or a resumed one).
    pub fn load_draft(&self) {
        let draft = self
            .session
            .with_untracked(|s| self.study(|study| s.draft(study)));
        let Some((answer, seed)) = draft else { return };
        if let Some(seed) = seed {
            self.pipeline.seed.set(seed);
        }
        if let fermi_answer::Answer::Program(p) = &answer {
            self.program_dialect.set(p.dialect);
        }
        self.pipeline.dialect.set(answer.dialect());
        self.boxes.load(&answer, self.pipeline);
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
        // The editor's dialect switch sets the pipeline's: a program's dialect is remembered across the tabs.
        Effect::new(move |_| {
            let dialect = state.pipeline.dialect.get();
            if state.boxes.mode.get_untracked() == AnswerMode::Program {
                state.program_dialect.set(dialect);
            }
        });
        // A way of answering the study does not take is switched to one it does.
        Effect::new(move |_| {
            let program = state.boxes.mode.get() == AnswerMode::Program;
            match state.conditions().switch(program) {
                Some(true) => state.boxes.mode.set(AnswerMode::Program),
                Some(false) => state.boxes.mode.set(AnswerMode::Quick),
                None => {}
            }
        });
        Effect::new(move |_| {
            let answer = state.boxes.answer(state.pipeline);
            let now = web::now();
            state.session.update(|s| s.edit(answer, now));
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
            let errors = matches!(run.state(false), RunState::Errors | RunState::Unscorable);
            state.session.update(|s| s.ran(&program, errors));
        });
    }

    /// `study-next`: once the answer's run is in (from the worker at large sample counts), the core moves on with
    /// it, or says why not; a new item's empty answer comes into the editor.
    pub fn next(&self) {
        self.step(Step::Next);
    }

    /// A confirmed skip with its reason; false when there is no reason (the core's refusal says so).
    pub fn skip(&self, reason: &str) -> bool {
        self.step(Step::Skip(reason.to_string()));
        !reason.trim().is_empty()
    }

    fn step(&self, step: Step) {
        self.pipeline.run_now();
        self.refusal.set(None);
        self.waiting.set(Some(step));
    }

    /// Takes a waiting step as soon as the run shown is of the program typed: nothing is sampled on the page's
    /// thread here (the core takes the run's summary as `Ran`).
    fn step_when_run(&self) {
        let state = *self;
        Effect::new(move |_| {
            let Some(step) = state.waiting.get() else {
                return;
            };
            let run = state.pipeline.run.get();
            if state.pipeline.typing() || state.pipeline.evaluating.get() {
                return;
            }
            state.waiting.set(None);
            let ran = Ran::of(
                Program::new(
                    state.pipeline.dialect.get_untracked(),
                    state.pipeline.evaluated.get_untracked(),
                ),
                state.pipeline.samples.get_untracked(),
                state.pipeline.seed.get_untracked(),
                run.estimate().map(ItemSummary::from),
            );
            let now = web::now();
            let mut result = Ok(false);
            state.session.update(|s| {
                result = state.study(|study| s.step(study, &step, ran.as_ref(), now));
            });
            state.after(result);
        });
    }

    /// Stops early: the end screen with the record as it stands (`partial`).
    pub fn stop(&self) {
        let now = web::now();
        self.session.update(|s| s.stop(now));
        self.save_now();
    }

    /// A step taken (`Ok(true)`: another question is open) or refused, with why.
    fn after(&self, result: Result<bool, String>) {
        match result {
            Err(why) => self.refusal.set(Some(why)),
            Ok(moved) => {
                self.refusal.set(None);
                if moved {
                    self.load_draft();
                }
                self.save_now();
            }
        }
    }

    pub fn notify(&self, message: impl Into<String>) {
        self.notices
            .update(|n| fermi_practice::notify(n, message.into()));
    }

    /// Writes the session to local storage now; a failed write is a notice (once) and the study goes on.
    pub fn save_now(&self) {
        let Some(text) = self.session.try_with_untracked(|s| s.to_json()) else {
            return;
        };
        let ok = crate::adapters::write(&self.key.get_value(), &text).is_ok();
        if !ok && self.stored.get_untracked() {
            self.notify(fermi_study::ending::NOT_KEPT);
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
