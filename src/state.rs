//! App state: a `Copy` struct of signals in context, and the derived run (samples → summary → score → chart) as
//! memos. Every number comes from the core crates; this file only wires them together.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use fermi_bank::{FitCache, FittedTruth, Pack, Question};
use fermi_eval::{Evaluation, Options, evaluate_source};
use fermi_score::{Assessment, LogSamples, LogTruth, Summary};
use fermi_syntax::{Diagnostic, Dialect, quick_program};
use leptos::prelude::*;

use crate::plot::{Overlay, Series, TruthMark, estimate_series, lognormal_series};
use crate::storage::{Draft, HistoryEntry, Saved, Settings};

/// Pause after the last keystroke before the program is evaluated.
pub const DEBOUNCE: Duration = Duration::from_millis(250);
/// The settings' sample-count range.
pub const UI_MIN_SAMPLES: usize = 1_000;
pub const UI_MAX_SAMPLES: usize = 1_000_000;
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    Quick,
    Program,
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

/// Everything revealed by Submit: the truth and the core's assessment of the run against it.
#[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Scored {
    pub truth: FittedTruth,
    pub assessment: Assessment,
}

#[derive(Clone, Copy)]
pub struct AppState {
    /// The built-in pack first, then packs loaded by the user.
    pub packs: RwSignal<Vec<Shared<Pack>>>,
    /// Index into `packs` and question id.
    pub selected: RwSignal<Option<(usize, String)>>,
    pub question: Memo<Option<Shared<Question>>>,
    pub mode: RwSignal<Mode>,
    pub low: RwSignal<String>,
    pub high: RwSignal<String>,
    pub source: RwSignal<String>,
    /// The program as last evaluated (the source after the debounce, or at once on Ctrl/Cmd-Enter).
    pub evaluated: RwSignal<String>,
    pub dialect: RwSignal<Dialect>,
    pub samples: RwSignal<usize>,
    pub seed: RwSignal<u64>,
    pub submitted: RwSignal<bool>,
    pub run: Memo<Shared<Run>>,
    /// True while the worker computes the current request; `run` still holds the previous run meanwhile.
    pub evaluating: Memo<bool>,
    pub truth: Memo<Option<Result<FittedTruth, String>>>,
    pub scored: Memo<Option<Shared<Scored>>>,
    pub drafts: RwSignal<BTreeMap<String, Draft>>,
    pub history: RwSignal<Vec<HistoryEntry>>,
    /// Notices for the user (storage trouble, bad links); dismissible.
    pub notices: RwSignal<Vec<String>>,
}

impl AppState {
    pub fn new(saved: Saved) -> AppState {
        let packs = RwSignal::new(vec![Shared::new(fermi_bank::builtin())]);
        let selected = RwSignal::new(None::<(usize, String)>);
        let question = Memo::new(move |_| {
            let (pack, id) = selected.get()?;
            let pack = packs.with(|p| p.get(pack).cloned())?;
            pack.question(&id).cloned().map(Shared::new)
        });
        let Settings {
            samples: n,
            seed: s,
            dialect: d,
        } = saved.settings;
        let source = RwSignal::new(String::new());
        let evaluated = RwSignal::new(String::new());
        let dialect = RwSignal::new(d);
        let samples = RwSignal::new(n.clamp(UI_MIN_SAMPLES, UI_MAX_SAMPLES));
        let seed = RwSignal::new(s);
        let submitted = RwSignal::new(false);
        let request = Memo::new(move |_| RunRequest {
            source: evaluated.get(),
            dialect: dialect.get(),
            options: Options {
                samples: samples.get(),
                seed: seed.get(),
            },
        });
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
            truth: truth_to_score.get(),
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
            let truth = truth_to_score.get()?;
            let run = run.get();
            if !in_worker.get() {
                return score(run.log_samples()?, truth).map(Shared::new);
            }
            let done = background.done.get()?;
            (done.run == run && done.of.truth == Some(truth))
                .then_some(done.scored)
                .flatten()
        });
        AppState {
            packs,
            selected,
            question,
            mode: RwSignal::new(Mode::Quick),
            low: RwSignal::new(String::new()),
            high: RwSignal::new(String::new()),
            source,
            evaluated,
            dialect,
            samples,
            seed,
            submitted,
            run,
            evaluating,
            truth,
            scored,
            drafts: RwSignal::new(saved.drafts),
            history: RwSignal::new(saved.history),
            notices: RwSignal::new(Vec::new()),
        }
    }

    /// Opens a question: its draft (if any) comes back, and its truth is hidden again.
    pub fn open(&self, pack: usize, id: &str) {
        let draft = self.drafts.with_untracked(|d| d.get(id).cloned());
        let draft = draft.unwrap_or_default();
        self.submitted.set(false);
        self.mode.set(draft.mode);
        self.low.set(draft.low);
        self.high.set(draft.high);
        if let Some(d) = draft.dialect {
            self.dialect.set(d);
        }
        self.source.set(draft.source.clone());
        self.evaluated.set(draft.source);
        self.selected.set(Some((pack, id.to_string())));
    }

    /// Evaluates the current program now (Ctrl/Cmd-Enter, mode switches, Submit).
    pub fn run_now(&self) {
        let source = self.source.get_untracked();
        if self.evaluated.get_untracked() != source {
            self.evaluated.set(source);
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

    /// Submit: reveals the truth and records the answer in the history (once the worker's run is in, if it is
    /// still evaluating).
    pub fn submit(&self) {
        self.run_now();
        self.submitted.set(true);
        if self.evaluating.get_untracked() {
            let state = *self;
            // Runs once, when the run being waited for has arrived (or a newer edit took its place).
            Effect::new(move |recorded: Option<bool>| {
                if recorded == Some(true) || state.evaluating.get() {
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
        let (Some(q), Some(scored)) = (self.question.get_untracked(), self.scored.get_untracked())
        else {
            return;
        };
        let entry = HistoryEntry {
            question: q.id.clone(),
            text: q.text.clone(),
            source: self.evaluated.get_untracked(),
            dialect: self.dialect.get_untracked(),
            seed: self.seed.get_untracked(),
            samples: self.samples.get_untracked(),
            cramer_log: scored.assessment.report.cramer_log,
            at: js_sys::Date::now(),
        };
        self.history.update(|h| h.push(entry));
    }

    /// Wires the effects that sync with the outside: debounce, drafts, quick-mode program.
    pub fn start_effects(&self) {
        let state = *self;
        // Quick mode writes its program from the two boxes.
        Effect::new(move |_| {
            if state.mode.get() != Mode::Quick {
                return;
            }
            let (low, high) = (state.low.get(), state.high.get());
            // Empty boxes leave a program written in the editor alone.
            if low.trim().is_empty() && high.trim().is_empty() {
                return;
            }
            let program = quick_program(&low, &high, state.dialect.get()).unwrap_or_default();
            if state.source.get_untracked() != program {
                state.source.set(program);
            }
        });
        // Debounce: evaluate a short pause after the last edit.
        let pending = StoredValue::new(None::<TimeoutHandle>);
        Effect::new(move |_| {
            let source = state.source.get();
            if let Some(handle) = pending.get_value() {
                handle.clear();
            }
            let handle = set_timeout_with_handle(
                move || {
                    if state.evaluated.get_untracked() != source {
                        state.evaluated.set(source)
                    }
                },
                DEBOUNCE,
            );
            pending.set_value(handle.ok());
        });
        // Drafts follow every edit.
        Effect::new(move |_| {
            let Some(q) = state.question.get() else {
                return;
            };
            let draft = Draft {
                mode: state.mode.get(),
                low: state.low.get(),
                high: state.high.get(),
                source: state.source.get(),
                dialect: Some(state.dialect.get()),
            };
            state.drafts.update(|d| {
                d.insert(q.id.clone(), draft);
            });
        });
    }

    pub fn settings(&self) -> Settings {
        Settings {
            samples: self.samples.get(),
            seed: self.seed.get(),
            dialect: self.dialect.get(),
        }
    }
}

/// What the worker is asked for: a run, and its score once the truth is revealed.
#[derive(Clone, Debug, PartialEq)]
struct Job {
    run: RunRequest,
    truth: Option<FittedTruth>,
}

/// The worker's answer to a job. `scored` is `None` before Submit.
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
            if id < 0.0 {
                leptos::logging::warn!("the evaluation worker failed; runs stay on the page");
                alive.set(false);
                return;
            }
            let (latest_id, job) = latest.get_value();
            // A result for an older job is stale: a newer one is on its way.
            let (true, Some(of)) = (id == latest_id as f64, job) else {
                return;
            };
            match crate::worker::message_bytes(&value).and_then(|b| crate::worker::decode(&b)) {
                Some((run, scored)) => done.set(Some(Done {
                    of,
                    run: Shared::new(run),
                    scored: scored.map(Shared::new),
                })),
                None => alive.set(false),
            }
        });
        alive.set(worker.is_some());
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
    })
}

/// The chart's content: the estimate always, the truth once revealed.
pub fn overlay(run: &Run, truth: Option<FittedTruth>, unit: &str) -> Overlay {
    Overlay {
        estimate: run.series.clone(),
        truth: truth.map(|t| match t {
            FittedTruth::Lognormal { mu, sigma } => TruthMark::Density(lognormal_series(mu, sigma)),
            FittedTruth::Point(v) => TruthMark::Point(v.ln()),
        }),
        unit: unit.to_string(),
    }
}
