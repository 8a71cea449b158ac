//! Seeded Monte Carlo evaluation: syntax tree → sample vector. No I/O, no clock, no OS entropy.
//!
//! Randomness: ChaCha8 seeded from the `u64` in [`Options`]; normals by the ziggurat method, gammas by
//! Marsaglia–Tsang; elementary functions through `libm` (and a branch-free `exp` of our own for lognormals).
//! Draws happen in evaluation order (each `to()` call site draws its `n` samples when evaluated; a product of
//! independent lognormals is drawn as one, where it is evaluated, and a variable read once is drawn where it is
//! read: see `fuse`), so the same program, seed and `n` give bit-identical samples everywhere. An assignment the
//! estimate never reads is not drawn (it is checked on a few samples of a stream of its own).

mod arith;
mod chacha;
mod eval;
mod fuse;
mod lanes;
mod rng;
mod summary;

use fermi_syntax::{Diagnostic, Dialect, Program, Span};

pub use chacha::ChaCha8;
pub use summary::{Summary, samples_hash, summarize};

pub const DEFAULT_SAMPLES: usize = 10_000;
/// Fewest samples accepted (the UI's range is `MIN_SAMPLES..=1_000_000`).
pub const MIN_SAMPLES: usize = 100;
/// Most samples accepted (the CLI may go this high).
pub const MAX_SAMPLES: usize = 10_000_000;
/// The seed used when none is given.
pub const DEFAULT_SEED: u64 = 1;
/// Memory budget: sample values (8 bytes each) alive at once, i.e. samples × live vectors (512 MiB).
pub const MAX_LIVE_SAMPLE_VALUES: usize = 1 << 26;
/// Time budget: tree nodes × samples for one run.
pub const MAX_SAMPLE_OPERATIONS: usize = 4_000_000_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub samples: usize,
    pub seed: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            samples: DEFAULT_SAMPLES,
            seed: DEFAULT_SEED,
        }
    }
}

/// Samples (`None` if and only if some diagnostic is an error) and every diagnostic, sorted by position.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    pub samples: Option<Vec<f64>>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Parses and evaluates. Parse errors stop before sampling.
pub fn evaluate_source(source: &str, dialect: Dialect, options: &Options) -> Evaluation {
    let (program, mut diagnostics) = fermi_syntax::parse(source, dialect);
    if diagnostics.iter().any(Diagnostic::is_error) {
        return Evaluation {
            samples: None,
            diagnostics,
        };
    }
    let run = evaluate(&program, options);
    diagnostics.extend(run.diagnostics);
    diagnostics.sort_by_key(|d| (d.span.start, d.span.end));
    Evaluation {
        samples: run.samples,
        diagnostics,
    }
}

/// Evaluates a parsed program: the last statement's value as `options.samples` samples.
pub fn evaluate(program: &Program, options: &Options) -> Evaluation {
    if !(MIN_SAMPLES..=MAX_SAMPLES).contains(&options.samples) {
        let d = Diagnostic::error(
            Span::default(),
            format!(
                "the sample count must be between {MIN_SAMPLES} and {MAX_SAMPLES}, not {}",
                options.samples
            ),
        )
        .with_hint(format!("{DEFAULT_SAMPLES} samples is usually plenty"));
        return Evaluation {
            samples: None,
            diagnostics: vec![d],
        };
    }
    match eval::run(program, options) {
        Ok((samples, diagnostics)) => Evaluation {
            samples: Some(samples),
            diagnostics,
        },
        Err(diagnostics) => Evaluation {
            samples: None,
            diagnostics,
        },
    }
}
