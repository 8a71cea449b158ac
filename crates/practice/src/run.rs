//! One run of an answer's program as every mode's pipeline makes it (on the page or in the worker), its score
//! against a fitted truth, where it stands (pending, errors, unscorable, ready, nothing), and the bytes a worker's
//! run and score cross to the page in. The page only wires these to signals.

use std::sync::Arc;
use std::time::Duration;

use fermi_bank::FittedTruth;
use fermi_eval::{Evaluation, Options, evaluate_source};
use fermi_score::calibration::{AnswerQuantiles, TruthQuantiles};
use fermi_score::{Assessment, LogSamples, LogTruth, Summary};
use fermi_syntax::{Diagnostic, Dialect, Span};

use crate::chart::{Series, estimate_series};
use crate::submit::RunState;
use crate::{HistoryEntry, Outcome};

/// Pause after the last keystroke before the program is evaluated.
pub const DEBOUNCE: Duration = Duration::from_millis(250);
/// From this many samples a run (and its score) goes to the worker: at 10⁶ they would take the page's thread for
/// 150–300 ms. Below, the page's own thread answers sooner (no round trip) and is busy under ~30 ms.
pub const WORKER_MIN_SAMPLES: usize = 200_000;

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

/// What one run is of: the program as evaluated, its dialect, sample count and seed.
#[derive(Clone, Debug, PartialEq)]
pub struct RunRequest {
    pub source: String,
    pub dialect: Dialect,
    pub options: Options,
}

impl RunRequest {
    /// Whether this request belongs to a worker taking runs of `min_samples` and more; none does once the worker
    /// is not `alive` (missing or failed), nor an empty program.
    pub fn in_worker(&self, alive: bool, min_samples: usize) -> bool {
        alive && self.options.samples >= min_samples && !self.source.trim().is_empty()
    }

    /// The run on the page's own thread.
    pub fn run(&self) -> Run {
        run(&self.source, self.dialect, &self.options)
    }
}

/// What the worker is asked for: a run, and its score once there is a truth.
#[derive(Clone, Debug, PartialEq)]
pub struct Job {
    pub run: RunRequest,
    pub truth: Option<FittedTruth>,
}

/// The worker's answer to a job. `scored` is `None` before there is a truth.
#[derive(Clone, Debug)]
pub struct Done {
    pub of: Job,
    pub run: Shared<Run>,
    pub scored: Option<Shared<Scored>>,
}

impl Done {
    /// The worker's answer to `of` from its [`encode`]d bytes; `None` for anything else (a broken worker).
    pub fn read(of: Job, bytes: &[u8]) -> Option<Done> {
        let (run, scored) = decode(bytes)?;
        Some(Done {
            of,
            run: Shared::new(run),
            scored: scored.map(Shared::new),
        })
    }
}

/// The run a worker's pipeline shows for `request`, given the lane's latest answer: that answer's run once it is
/// of this very request, else the run shown before (kept while the worker computes), else no run.
pub fn worker_run(
    done: Option<&Done>,
    request: &RunRequest,
    previous: Option<&Shared<Run>>,
) -> Shared<Run> {
    done.filter(|done| done.of.run == *request)
        .map(|done| done.run.clone())
        .or_else(|| previous.cloned())
        .unwrap_or_else(|| Shared::new(Run::default()))
}

/// True while the worker has not answered `job` itself (an answer to an older job is stale).
pub fn evaluating(done: Option<&Done>, job: &Job) -> bool {
    done.is_none_or(|done| done.of != *job)
}

/// The worker's score to show beside `run`: only once the worker has scored that very run against `truth`, so
/// that a score shown always belongs to the run shown.
pub fn worker_score(
    done: Option<&Done>,
    run: &Shared<Run>,
    truth: FittedTruth,
) -> Option<Shared<Scored>> {
    let done = done?;
    (done.run == *run && done.of.truth == Some(truth))
        .then(|| done.scored.clone())
        .flatten()
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

    /// Where this run stands; `pending` while the text typed has not been run yet, or is being run.
    pub fn state(&self, pending: bool) -> RunState {
        if pending {
            RunState::Pending
        } else if self.diagnostics.iter().any(|d| d.is_error()) {
            RunState::Errors
        } else {
            match &self.forecast {
                Some(Err(_)) => RunState::Unscorable,
                Some(Ok(_)) => RunState::Ready,
                None => RunState::Empty,
            }
        }
    }

    /// The estimate's summary on the log axis, or why there is none: the first error, why the samples can't be
    /// scored, or that nothing ran.
    pub fn estimate(&self) -> Result<&Summary, String> {
        if let Some(d) = self.diagnostics.iter().find(|d| d.is_error()) {
            return Err(d.message.clone());
        }
        match &self.forecast {
            Some(Ok(f)) => Ok(&f.summary),
            Some(Err(e)) => Err(e.clone()),
            None => Err("no samples".into()),
        }
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

impl Scored {
    /// The truth in the question's `unit`: a point, or its 5%, median and 95%.
    pub fn truth_words(&self, unit: &str) -> String {
        let scale = fermi_bank::UnitScale::of(unit);
        match self.truth {
            FittedTruth::Point(v) => format!("Truth: {}", scale.format(v)),
            FittedTruth::Lognormal { .. } => format!(
                "Truth: 5% {} · median {} · 95% {}",
                scale.format(self.truth.p5()),
                scale.format(self.truth.median()),
                scale.format(self.truth.p95())
            ),
        }
    }

    /// What a screen reader is told once scored: the score and the feedback.
    pub fn announcement(&self) -> String {
        format!(
            "Cramér-log score {}. {}",
            self.assessment.verdicts.score,
            self.assessment.feedback.join(" ")
        )
    }

    /// The score's location and shape parts as the score card shows them: their share of the whole as a
    /// percentage (0 for a zero score), their nats, and whether each is within sampling noise.
    pub fn parts(&self) -> [Part; 2] {
        let b = self.assessment.report.breakdown_shift;
        let noise = self.assessment.noise;
        let share = |part: f64| {
            if b.total > 0.0 {
                100.0 * part / b.total
            } else {
                0.0
            }
        };
        [
            Part {
                nats: b.location,
                percent: share(b.location),
                within_noise: noise.location_within_noise,
                key: "location",
                name: "Location (sliding would remove)",
            },
            Part {
                nats: b.shape,
                percent: share(b.shape),
                within_noise: noise.shape_within_noise,
                key: "shape",
                name: "Shape (spread and form)",
            },
        ]
    }

    /// What a score gives the history.
    pub fn outcome(&self) -> Outcome {
        Outcome {
            cramer_log: self.assessment.report.cramer_log,
            answer: self.answer,
            truth: self.truth_quantiles,
        }
    }
}

/// One part of a score's breakdown (see [`Scored::parts`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Part {
    pub nats: f64,
    /// Its share of the whole score.
    pub percent: f64,
    pub within_noise: bool,
    /// "location" or "shape" (the page's class and test hook).
    pub key: &'static str,
    pub name: &'static str,
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

/// A recorded answer's program run again exactly as recorded (source, dialect, samples, seed) and scored against
/// `truth`: the very samples and score recorded while the truth is unchanged.
pub fn rescore(entry: &HistoryEntry, truth: FittedTruth) -> Option<Outcome> {
    let options = Options {
        samples: entry.samples,
        seed: entry.seed,
    };
    let run = run(&entry.source, entry.dialect, &options);
    Some(score(run.log_samples()?, truth)?.outcome())
}

/// A run and its score (if scored) as the worker sends them: postcard bytes of the very structs the page uses, so
/// every double crosses exactly, infinities included.
pub fn encode(run: &Run, scored: Option<&Scored>) -> Vec<u8> {
    // Serialising plain structs of numbers and strings into a growable buffer cannot fail.
    postcard::to_allocvec(&(run, scored)).unwrap_or_default()
}

/// The inverse of [`encode`]; `None` for anything else.
pub fn decode(bytes: &[u8]) -> Option<(Run, Option<Scored>)> {
    postcard::from_bytes(bytes).ok()
}

/// A request and its truth as the page sends them to the worker: postcard, so the 64-bit seed and the truth's
/// doubles cross exactly (a JS number would round a seed above 2^53).
pub fn encode_request(request: &RunRequest, truth: Option<FittedTruth>) -> Vec<u8> {
    let RunRequest {
        source,
        dialect,
        options,
    } = request;
    let samples = options.samples as u64;
    postcard::to_allocvec(&(source, dialect, samples, options.seed, truth)).unwrap_or_default()
}

/// The inverse of [`encode_request`]; `None` for anything else.
pub fn decode_request(bytes: &[u8]) -> Option<(RunRequest, Option<FittedTruth>)> {
    let (source, dialect, samples, seed, truth): (String, Dialect, u64, u64, Option<FittedTruth>) =
        postcard::from_bytes(bytes).ok()?;
    let options = Options {
        samples: usize::try_from(samples).ok()?,
        seed,
    };
    let request = RunRequest {
        source,
        dialect,
        options,
    };
    Some((request, truth))
}

/// The worker's side: each request run as [`run`] does it and, given a truth, scored as [`score`] does it,
/// answered in [`encode`]'s bytes. The last run is kept, so that a request differing only in its truth (Submit)
/// is scored without sampling again.
#[derive(Default)]
pub struct Runner {
    last: Option<(RunRequest, Run)>,
}

impl Runner {
    /// Answers one request in [`encode_request`]'s bytes; unreadable bytes get a run that says so.
    pub fn answer(&mut self, message: &[u8]) -> Vec<u8> {
        let Some((request, truth)) = decode_request(message) else {
            let unreadable = Diagnostic::error(
                Span::new(0, 0),
                "the evaluation worker could not read this request: reload the page",
            );
            let run = Run {
                diagnostics: vec![unreadable],
                ..Run::default()
            };
            return encode(&run, None);
        };
        if self.last.as_ref().is_some_and(|(of, _)| *of != request) {
            self.last = None;
        }
        let (_, run) = self.last.get_or_insert_with(|| {
            let run = run(&request.source, request.dialect, &request.options);
            (request, run)
        });
        let scored = truth.and_then(|t| score(run.log_samples()?, t));
        encode(run, scored.as_ref())
    }
}

/// The page's side of a worker that several pipelines share (a class's twenty questions), one lane each: the
/// request ids given out, and each lane's latest job. A worker's answer is taken only for its lane's latest
/// request: an older one's answer is stale, a newer request being on its way.
#[derive(Debug)]
pub struct Lanes<J> {
    last_id: u64,
    latest: Vec<(u64, Option<J>)>,
}

impl<J> Default for Lanes<J> {
    fn default() -> Self {
        Lanes {
            last_id: 0,
            latest: Vec::new(),
        }
    }
}

impl<J: Clone> Lanes<J> {
    /// A new lane's index.
    pub fn add(&mut self) -> usize {
        self.latest.push((0, None));
        self.latest.len() - 1
    }

    /// Records `job` as `lane`'s latest; the id to send it under (ids are the page's, unique across lanes).
    pub fn send(&mut self, lane: usize, job: J) -> u64 {
        self.last_id += 1;
        if let Some(latest) = self.latest.get_mut(lane) {
            *latest = (self.last_id, Some(job));
        }
        self.last_id
    }

    /// The lane and job an answer with `id` is for, if it answers a lane's latest request.
    pub fn answered(&self, id: u64) -> Option<(usize, J)> {
        self.latest
            .iter()
            .enumerate()
            .find(|(_, (latest, _))| *latest == id && id > 0)
            .and_then(|(lane, (_, job))| Some((lane, job.clone()?)))
    }
}
