//! The run pipeline any mode can own: the program (source → debounce → request), its run on the page or in the
//! worker, and its score against a truth the mode gives. The run, its score and their wire format are
//! `fermi_practice::run`'s; this file only wires them to signals.

use fermi_bank::FittedTruth;
use fermi_eval::Options;
use fermi_syntax::Dialect;
use leptos::prelude::*;

pub use fermi_practice::run::Shared;
use fermi_practice::run::{
    DEBOUNCE, Done, Job, Lanes, Run, RunRequest, Scored, WORKER_MIN_SAMPLES, evaluating, score,
    worker_run, worker_score,
};
/// The settings' sample-count range.
pub use fermi_practice::{MAX_SAMPLES as UI_MAX_SAMPLES, MIN_SAMPLES as UI_MIN_SAMPLES};
use fermi_practice::{Program, Settings};

/// One program's pipeline, provided as context by the mode that owns it: what the user writes, the run shown,
/// and its score once the mode gives a truth.
#[derive(Clone, Copy)]
pub struct Pipeline {
    pub source: RwSignal<String>,
    /// The program as last evaluated (the source after the debounce, or at once on Ctrl/Cmd-Enter).
    pub evaluated: RwSignal<String>,
    pub dialect: RwSignal<Dialect>,
    pub samples: RwSignal<usize>,
    pub seed: RwSignal<u64>,
    pub run: Memo<Shared<Run>>,
    /// True while the worker computes the current request; `run` still holds the previous run meanwhile.
    pub evaluating: Memo<bool>,
    pub scored: Memo<Option<Shared<Scored>>>,
}

impl Pipeline {
    /// A pipeline with these settings and a worker of its own for runs of `WORKER_MIN_SAMPLES` and more, scored
    /// against `truth` whenever it holds one.
    pub fn new(settings: Settings, truth: Signal<Option<FittedTruth>>) -> Pipeline {
        Pipeline::sharing(settings, truth, Background::start(), WORKER_MIN_SAMPLES)
    }

    /// A pipeline whose runs of `min_samples` and more go to `background`, a worker other pipelines may share.
    pub fn sharing(
        settings: Settings,
        truth: Signal<Option<FittedTruth>>,
        background: Background,
        min_samples: usize,
    ) -> Pipeline {
        let source = RwSignal::new(String::new());
        let evaluated = RwSignal::new(String::new());
        let dialect = RwSignal::new(settings.dialect);
        let samples = RwSignal::new(settings.samples.clamp(UI_MIN_SAMPLES, UI_MAX_SAMPLES));
        let seed = RwSignal::new(settings.seed);
        let request = Memo::new(move |_| RunRequest {
            source: evaluated.get(),
            dialect: dialect.get(),
            options: Options {
                samples: samples.get(),
                seed: seed.get(),
            },
        });
        let lane = background.lane();
        // Whether the current request belongs to the worker; if the worker fails, every run is on the page again.
        let in_worker =
            Memo::new(move |_| request.with(|r| r.in_worker(background.alive.get(), min_samples)));
        let job = Memo::new(move |_| Job {
            run: request.get(),
            truth: truth.get(),
        });
        let run = Memo::new(move |previous: Option<&Shared<Run>>| {
            if !in_worker.get() {
                return request.with(|r| Shared::new(r.run()));
            }
            lane.done
                .with(|d| request.with(|r| worker_run(d.as_ref(), r, previous)))
        });
        let evaluating = Memo::new(move |_| {
            in_worker.get() && lane.done.with(|d| job.with(|j| evaluating(d.as_ref(), j)))
        });
        // Each new job for the worker supersedes the one before: only the latest id's result is taken.
        Effect::new(move |_| {
            // Read first and always: read only behind `in_worker`, a changed job did not rerun this effect.
            let job = job.get();
            if in_worker.get() {
                background.send(lane, job);
            }
        });
        // The score shown always belongs to the run shown: the worker's, once it has scored that very run
        // against this truth (until then, none), else the page's own.
        let scored = Memo::new(move |_| {
            let truth = truth.get()?;
            let run = run.get();
            if !in_worker.get() {
                return score(run.log_samples()?, truth).map(Shared::new);
            }
            lane.done.with(|d| worker_score(d.as_ref(), &run, truth))
        });
        // Debounce: evaluate a short pause after the last edit.
        let pending = StoredValue::new(None::<TimeoutHandle>);
        Effect::new(move |_| {
            let text = source.get();
            if let Some(handle) = pending.get_value() {
                handle.clear();
            }
            // `try_`: the timer may fire after its mode was left and the pipeline disposed.
            let handle = set_timeout_with_handle(
                move || {
                    if evaluated.try_get_untracked().is_some_and(|e| e != text) {
                        evaluated.try_set(text);
                    }
                },
                DEBOUNCE,
            );
            pending.set_value(handle.ok());
        });
        Pipeline {
            source,
            evaluated,
            dialect,
            samples,
            seed,
            run,
            evaluating,
            scored,
        }
    }

    /// Sets the program and evaluates it at once (opening a draft, a share link).
    pub fn load(&self, program: String) {
        self.source.set(program.clone());
        self.evaluated.set(program);
    }

    /// Evaluates the current program now (Ctrl/Cmd-Enter, mode switches, Submit).
    pub fn run_now(&self) {
        let source = self.source.get_untracked();
        if self.evaluated.get_untracked() != source {
            self.evaluated.set(source);
        }
    }

    /// True while the text typed has not been evaluated yet.
    pub fn typing(&self) -> bool {
        self.source.with(|s| self.evaluated.with(|e| s != e))
    }

    /// The program exactly as last run (what Submit records and a share link holds).
    pub fn program(&self) -> Program {
        let (source, dialect) = (self.evaluated.get(), self.dialect.get());
        Program::new(source, dialect, self.seed.get(), self.samples.get())
    }

    pub fn settings(&self) -> Settings {
        Settings {
            samples: self.samples.get(),
            seed: self.seed.get(),
            dialect: self.dialect.get(),
        }
    }
}

/// A mode's evaluation worker, which any number of its pipelines share (a class's twenty questions run in one
/// worker): each pipeline is a lane of it (`fermi_practice::run::Lanes`), whose latest job alone is answered.
#[derive(Clone, Copy)]
pub struct Background {
    worker: StoredValue<Option<crate::worker::Worker>, LocalStorage>,
    /// False without a worker, or once it has failed.
    alive: RwSignal<bool>,
    lanes: StoredValue<Lanes<Job>>,
    /// Each lane's latest result taken.
    done: StoredValue<Vec<RwSignal<Option<Done>>>>,
}

/// One pipeline's side of the worker: its lane, and the latest result taken.
#[derive(Clone, Copy)]
struct Lane {
    index: usize,
    done: RwSignal<Option<Done>>,
}

impl Background {
    /// Starts the worker, which ends with the owner of this call (its answers would have no one to go to).
    pub fn start() -> Background {
        let alive = RwSignal::new(false);
        let lanes = StoredValue::new(Lanes::<Job>::default());
        let done = StoredValue::new(Vec::<RwSignal<Option<Done>>>::new());
        let worker = crate::worker::Worker::spawn(move |id, value| {
            // `try_`: an answer already on its way may arrive after the pipelines were disposed.
            if id < 0.0 {
                leptos::logging::warn!("the evaluation worker failed; runs stay on the page");
                alive.try_set(false);
                return;
            }
            let Some(Some((lane, of))) = lanes.try_with_value(|l| l.answered(id as u64)) else {
                return;
            };
            let Some(Some(done)) = done.try_with_value(|d| d.get(lane).copied()) else {
                return;
            };
            match crate::worker::message_bytes(&value).and_then(|b| Done::read(of, &b)) {
                Some(answer) => {
                    done.try_set(Some(answer));
                }
                None => {
                    alive.try_set(false);
                }
            }
        });
        alive.set(worker.is_some());
        if let Some(w) = worker.clone() {
            on_cleanup(move || w.stop());
        }
        Background {
            worker: StoredValue::new_local(worker),
            alive,
            lanes,
            done,
        }
    }

    fn lane(&self) -> Lane {
        let lane = Lane {
            index: self.lanes.try_update_value(|l| l.add()).unwrap_or_default(),
            done: RwSignal::new(None),
        };
        self.done.update_value(|d| d.push(lane.done));
        lane
    }

    fn send(&self, lane: Lane, job: Job) {
        let Some(id) = self
            .lanes
            .try_update_value(|l| l.send(lane.index, job.clone()))
        else {
            return;
        };
        self.worker.with_value(|w| {
            if let Some(w) = w {
                w.post(id, lane.index, &job.run, job.truth);
            }
        });
    }
}
