//! One run of an answer's program as every mode's pipeline makes it (on the page or in the worker), its score
//! against a fitted truth, where it stands (pending, errors, unscorable, ready, nothing), and the bytes a worker's
//! run and score cross to the page in. The page only wires these to signals.

use fermi_bank::FittedTruth;
use fermi_eval::{Evaluation, Options, evaluate_source};
use fermi_score::calibration::{AnswerQuantiles, TruthQuantiles};
use fermi_score::{Assessment, LogSamples, LogTruth, Summary};
use fermi_syntax::{Diagnostic, Dialect, Span};

use crate::chart::{Series, estimate_series};
use crate::submit::RunState;
use crate::{HistoryEntry, Outcome};

/// What one run is of: the program as evaluated, its dialect, sample count and seed.
#[derive(Clone, Debug, PartialEq)]
pub struct RunRequest {
    pub source: String,
    pub dialect: Dialect,
    pub options: Options,
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

    /// The score's location and shape parts as percentages of the whole (the score card's bar); 0 for a zero
    /// score.
    pub fn parts_percent(&self) -> (f64, f64) {
        let b = self.assessment.report.breakdown_shift;
        let share = |part: f64| {
            if b.total > 0.0 {
                100.0 * part / b.total
            } else {
                0.0
            }
        };
        (share(b.location), share(b.shape))
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
