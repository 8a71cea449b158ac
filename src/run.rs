//! The run pipeline any mode can own: the program (source → debounce → request), its run on the page or in the
//! worker, and its score against a truth the mode gives. Every number comes from the core crates; this file only
//! wires them together.

use std::sync::Arc;
use std::time::Duration;

use fermi_bank::FittedTruth;
use fermi_eval::{Evaluation, Options, evaluate_source};
use fermi_score::calibration::{AnswerQuantiles, TruthQuantiles};
use fermi_score::{Assessment, LogSamples, LogTruth, Summary};
use fermi_syntax::{Diagnostic, Dialect};
use leptos::prelude::*;

use fermi_practice::Settings;
use fermi_practice::chart::{Series, estimate_series};

/// Pause after the last keystroke before the program is evaluated.
pub const DEBOUNCE: Duration = Duration::from_millis(250);
/// The settings' sample-count range.
pub use fermi_practice::{MAX_SAMPLES as UI_MAX_SAMPLES, MIN_SAMPLES as UI_MIN_SAMPLES};
/// From this many samples a run (and its score) goes to the worker: at 10⁶ they would take the page's thread for
/// 150–300 ms. Below, the page's own thread answers sooner (no round trip) and is busy under ~30 ms.
pub const WORKER_MIN_SAMPLES: usize = 200_000;

/// What one run is of: the program as evaluated, its dialect, sample count and seed.
#[derive(Clone, Debug, PartialEq)]
pub struct RunRequest {
    pub source: String,
    pub dialect: Dialect,
    pub options: Options,
}

/// Shared result that compares by identity: a new run is always a change, and no sample vector is compared.
#[derive(Debug)]
pub struct Shared<T>(pub Arc<T>);

impl<T> Shared<T> {
    pub fn new(value: T) -> Shared<T> {
        Shared(Arc::new(value))
    }
}

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(self.0.clone())
    }
}

impl<T> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> std::ops::Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// One evaluation of the estimate, before any truth is involved. A worker's run crosses to the page by serde
/// (postcard), without its samples.
#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Run {
    pub diagnostics: Vec<Diagnostic>,
    /// The samples on the log axis; `Err` when they can't be put there.
    pub forecast: Option<Result<Forecast, String>>,
    pub series: Option<Series>,
}

impl Run {
    /// The samples every rule takes; `None` on a run handed over by the worker, which scores its runs itself.
    pub fn log_samples(&self) -> Option<&LogSamples> {
        self.forecast.as_ref()?.as_ref().ok()?.samples.as_ref()
    }
}

/// What the page shows of a run's samples (the core's summary on the log axis), and the samples themselves where
/// the page scores them.
#[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Forecast {
    pub n: usize,
    pub summary: Summary,
    #[serde(skip)]
    pub samples: Option<LogSamples>,
}

impl Forecast {
    pub fn new(samples: LogSamples) -> Forecast {
        Forecast {
            n: samples.len(),
            summary: Summary::of_samples(&samples),
            samples: Some(samples),
        }
    }
}

/// Everything revealed by Submit: the truth and the core's assessment of the run against it, and what the history
/// keeps for calibration (the run's and the truth's quantiles).
#[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Scored {
    pub truth: FittedTruth,
    pub assessment: Assessment,
    pub answer: AnswerQuantiles,
    pub truth_quantiles: TruthQuantiles,
}

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
    /// A pipeline with these settings, scored against `truth` whenever it holds one.
    pub fn new(settings: Settings, truth: Signal<Option<FittedTruth>>) -> Pipeline {
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
        let background = Background::start();
        // Whether the current request belongs to the worker; if the worker fails, every run is on the page again.
        let in_worker = Memo::new(move |_| {
            background.alive.get()
                && request.with(|r| {
                    r.options.samples >= WORKER_MIN_SAMPLES && !r.source.trim().is_empty()
                })
        });
        let job = Memo::new(move |_| Job {
            run: request.get(),
            truth: truth.get(),
        });
        let run = Memo::new(move |previous: Option<&Shared<Run>>| {
            if !in_worker.get() {
                return request.with(|r| Shared::new(run(&r.source, r.dialect, &r.options)));
            }
            let done = background.done.with(|d| {
                d.as_ref()
                    .filter(|done| request.with(|r| *r == done.of.run))
                    .map(|done| done.run.clone())
            });
            done.or_else(|| previous.cloned())
                .unwrap_or_else(|| Shared::new(Run::default()))
        });
        let evaluating = Memo::new(move |_| {
            in_worker.get()
                && background
                    .done
                    .with(|d| d.as_ref().is_none_or(|done| job.with(|j| *j != done.of)))
        });
        // Each new job for the worker supersedes the one before: only the latest id's result is taken.
        Effect::new(move |_| {
            // Read first and always: read only behind `in_worker`, a changed job did not rerun this effect.
            let job = job.get();
            if in_worker.get() {
                background.send(job);
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
            let done = background.done.get()?;
            (done.run == run && done.of.truth == Some(truth))
                .then_some(done.scored)
                .flatten()
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

    pub fn settings(&self) -> Settings {
        Settings {
            samples: self.samples.get(),
            seed: self.seed.get(),
            dialect: self.dialect.get(),
        }
    }
}

/// What the worker is asked for: a run, and its score once there is a truth.
#[derive(Clone, Debug, PartialEq)]
struct Job {
    run: RunRequest,
    truth: Option<FittedTruth>,
}

/// The worker's answer to a job. `scored` is `None` before there is a truth.
#[derive(Clone, Debug)]
struct Done {
    of: Job,
    run: Shared<Run>,
    scored: Option<Shared<Scored>>,
}

/// The worker side of runs: the latest job sent, and the latest result taken.
#[derive(Clone, Copy)]
struct Background {
    worker: StoredValue<Option<crate::worker::Worker>, LocalStorage>,
    /// False without a worker, or once it has failed.
    alive: RwSignal<bool>,
    latest: StoredValue<(u64, Option<Job>)>,
    done: RwSignal<Option<Done>>,
}

impl Background {
    fn start() -> Background {
        let alive = RwSignal::new(false);
        let latest = StoredValue::new((0, None::<Job>));
        let done = RwSignal::new(None::<Done>);
        let worker = crate::worker::Worker::spawn(move |id, value| {
            // `try_`: an answer already on its way may arrive after the pipeline was disposed.
            if id < 0.0 {
                leptos::logging::warn!("the evaluation worker failed; runs stay on the page");
                alive.try_set(false);
                return;
            }
            let Some((latest_id, job)) = latest.try_get_value() else {
                return;
            };
            // A result for an older job is stale: a newer one is on its way.
            let (true, Some(of)) = (id == latest_id as f64, job) else {
                return;
            };
            match crate::worker::message_bytes(&value).and_then(|b| crate::worker::decode(&b)) {
                Some((run, scored)) => {
                    done.try_set(Some(Done {
                        of,
                        run: Shared::new(run),
                        scored: scored.map(Shared::new),
                    }));
                }
                None => {
                    alive.try_set(false);
                }
            }
        });
        alive.set(worker.is_some());
        // The worker ends with the pipeline that owns it: its answers would have no one to go to.
        if let Some(w) = worker.clone() {
            on_cleanup(move || w.stop());
        }
        Background {
            worker: StoredValue::new_local(worker),
            alive,
            latest,
            done,
        }
    }

    fn send(&self, job: Job) {
        let id = self.latest.get_value().0 + 1;
        self.worker.with_value(|w| {
            if let Some(w) = w {
                w.post(id, &job.run, job.truth);
            }
        });
        self.latest.set_value((id, Some(job)));
    }
}

/// Evaluates one program. Empty source is no run at all (nothing to show yet).
pub fn run(source: &str, dialect: Dialect, options: &Options) -> Run {
    if source.trim().is_empty() {
        return Run::default();
    }
    let Evaluation {
        samples,
        diagnostics,
    } = evaluate_source(source, dialect, options);
    let Some(samples) = samples else {
        return Run {
            diagnostics,
            ..Default::default()
        };
    };
    let samples = LogSamples::new(&samples).map_err(|e| e.to_string());
    let series = samples
        .as_ref()
        .ok()
        .and_then(|s| estimate_series(s.sorted()));
    Run {
        diagnostics,
        forecast: Some(samples.map(Forecast::new)),
        series,
    }
}

/// The core's assessment of one forecast against a fitted truth.
pub fn score(forecast: &LogSamples, truth: FittedTruth) -> Option<Scored> {
    let g = LogTruth::new(&truth.to_truth()).ok()?;
    Some(Scored {
        truth,
        assessment: fermi_score::assess(forecast, &g),
        answer: AnswerQuantiles::of(forecast),
        truth_quantiles: TruthQuantiles::of(&g),
    })
}
