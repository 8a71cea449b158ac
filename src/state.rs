//! App state: a `Copy` struct of signals in context, and the derived run (samples → score → chart) as one memo.

use std::sync::Arc;

use fermi_eval::{Evaluation, Options, evaluate_source};
use fermi_score::Truth;
use fermi_syntax::{Diagnostic, Dialect};
use leptos::prelude::*;

use crate::plot::{Overlay, TruthMark, estimate_series, lognormal_series};

/// Shared result that compares by identity: a new run is always a change, and no sample vector is compared.
#[derive(Debug)]
pub struct Shared<T>(pub Arc<T>);

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

/// Everything the page shows about one evaluation of the estimate.
#[derive(Debug, Default)]
pub struct RunResult {
    pub diagnostics: Vec<Diagnostic>,
    pub score: Option<Result<f64, String>>,
    pub overlay: Overlay,
}

/// The question being answered, with its truth fitted once.
#[derive(Clone, Debug)]
pub struct ActiveQuestion {
    pub id: String,
    pub text: String,
    pub unit: String,
    pub truth: Truth,
}

#[derive(Clone, Copy)]
pub struct AppState {
    pub question: RwSignal<Option<Shared<ActiveQuestion>>>,
    pub source: RwSignal<String>,
    pub dialect: RwSignal<Dialect>,
    pub samples: RwSignal<usize>,
    pub seed: RwSignal<u64>,
    pub run: Memo<Shared<RunResult>>,
}

impl AppState {
    pub fn new(question: Option<ActiveQuestion>) -> AppState {
        let question = RwSignal::new(question.map(|q| Shared(Arc::new(q))));
        let source = RwSignal::new(String::new());
        let dialect = RwSignal::new(Dialect::Squiggle);
        let samples = RwSignal::new(fermi_eval::DEFAULT_SAMPLES);
        let seed = RwSignal::new(1);
        let run = Memo::new(move |_| {
            let options = Options {
                samples: samples.get(),
                seed: seed.get(),
            };
            let truth = question.get().map(|q| q.0.truth.clone());
            Shared(Arc::new(run(
                &source.get(),
                dialect.get(),
                &options,
                truth.as_ref(),
            )))
        });
        AppState {
            question,
            source,
            dialect,
            samples,
            seed,
            run,
        }
    }
}

/// Evaluates and scores one program. Empty source is no run at all (nothing to show yet).
pub fn run(source: &str, dialect: Dialect, options: &Options, truth: Option<&Truth>) -> RunResult {
    let truth_mark = truth.map(|t| match t {
        Truth::Lognormal { mu, sigma } => TruthMark::Density(lognormal_series(*mu, *sigma)),
        Truth::Point(v) => TruthMark::Point(v.ln()),
        Truth::Samples(s) => {
            let mut ln: Vec<f64> = s.iter().map(|v| v.ln()).collect();
            ln.sort_by(f64::total_cmp);
            estimate_series(&ln).map_or(TruthMark::Point(f64::NAN), TruthMark::Density)
        }
    });
    if source.trim().is_empty() {
        return RunResult {
            overlay: Overlay {
                estimate: None,
                truth: None,
            },
            ..Default::default()
        };
    }
    let Evaluation {
        samples,
        diagnostics,
    } = evaluate_source(source, dialect, options);
    let Some(samples) = samples else {
        return RunResult {
            diagnostics,
            ..Default::default()
        };
    };
    let score = truth.map(|t| fermi_score::cramer_log(&samples, t).map_err(|e| e.to_string()));
    let mut ln: Vec<f64> = samples
        .iter()
        .filter(|v| **v > 0.0)
        .map(|v| v.ln())
        .collect();
    ln.sort_by(f64::total_cmp);
    RunResult {
        diagnostics,
        score,
        overlay: Overlay {
            estimate: estimate_series(&ln),
            truth: truth_mark,
        },
    }
}

/// The built-in pack's first question, as the page opens on it.
pub fn first_question() -> Option<ActiveQuestion> {
    let pack = fermi_bank::builtin();
    let question = pack
        .questions
        .iter()
        .find(|q| q.id == "germany-coal-to-solar-area")
        .or(pack.questions.first())?;
    let truth = fermi_bank::fit_truth(question).ok()?.to_truth();
    Some(ActiveQuestion {
        id: question.id.clone(),
        text: question.text.clone(),
        unit: question.unit.clone(),
        truth,
    })
}
