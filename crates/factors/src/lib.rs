//! Which step went wrong (docs/scoring.md, "Factor attribution"): an answer's factors are matched to a question's
//! reference factors, and the answer's log error and width are attributed to them.
//!
//! - **Formula.** Each program becomes a formula over its leaves (`formula.rs`): named assignments that read no
//!   variable, and ranges written inline.
//! - **Log error.** total = ln(answer's median) − ln(truth's median). The reference formula is moved from the
//!   reference's medians to a hybrid point (each matched factor at the answer's median) along a straight line in
//!   log space; each matched factor's contribution is its elasticity integrated along that line times its log
//!   error. For products, ratios and powers the elasticity is the factor's exponent, so this is exact; for sums it
//!   is the elasticity averaged over the path (Gauss–Legendre, 8 nodes per nat of the longest log error, at most
//!   64 panels), which sums to the hybrid's change up to
//!   the quadrature's error. `rest` is what the answer's own formula does differently from the hybrid
//!   (factors the reference lacks, missing ones, constants, another combination); `residual` is what is left of
//!   the total: a median of a sum or mixture is not the formula at the medians, and samples are noisy.
//! - **Width.** Each side's log variance, to first order, is Σ (elasticity × factor's log sd)²; a matched
//!   factor's share of the gap between the answer's variance and the truth's is its term's difference.

mod aggregate;
mod formula;
mod matching;
mod words;

use fermi_bank::{FittedTruth, Question, TrapValue, question_seed};
use fermi_num::Z95;
use fermi_score::{LogSamples, Summary, Truth};
use fermi_syntax::Dialect;
use serde::{Deserialize, Serialize};

pub use aggregate::{FactorMiss, aggregate};
pub use formula::{Formula, LEAF_SAMPLES, Leaf};
pub use matching::{Correction, MatchedBy};
pub use words::{ratio_text, skeleton};

use crate::matching::Candidate;

/// Largest residual, in nats, that a product, ratio or power of plain numbers may leave (rounding only).
pub const EXACT_RESIDUAL: f64 = 1e-9;

/// A question's reference decomposition: its program (a formula over named factors), the units the pack gives
/// them and its trap values.
#[derive(Clone, Debug)]
pub struct Reference {
    pub formula: Formula,
    pub units: Vec<(String, String)>,
    pub traps: Vec<TrapValue>,
}

impl Reference {
    /// The question's reference, when it has a program with at least two named factors.
    pub fn of(question: &Question) -> Option<Reference> {
        let program = question.reference_program()?;
        let reference = Reference::from_program(&program, question_seed(&question.id))?;
        Some(Reference {
            units: question
                .factor
                .iter()
                .map(|f| (f.name.clone(), f.unit.clone()))
                .collect(),
            traps: question.trap_value.clone(),
            ..reference
        })
    }

    /// A reference from a Squiggle program alone (no units, no traps): at least two named factors.
    pub fn from_program(program: &str, seed: u64) -> Option<Reference> {
        let (ast, diagnostics) = fermi_syntax::parse(program, Dialect::Squiggle);
        if diagnostics.iter().any(|d| d.is_error()) {
            return None;
        }
        let formula = Formula::of(&ast, program, seed).ok()?;
        (formula.leaves.iter().filter(|l| l.named).count() >= 2).then_some(Reference {
            formula,
            units: Vec::new(),
            traps: Vec::new(),
        })
    }

    fn unit(&self, name: &str) -> Option<&str> {
        self.units
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, u)| u.as_str())
    }
}

/// An answer as run: its program and the scorer's summary of its estimate's ln samples (every face has one).
#[derive(Clone, Copy, Debug)]
pub struct Answer<'a> {
    pub source: &'a str,
    pub dialect: Dialect,
    pub summary: &'a Summary,
    /// Seed for leaves that must be sampled to find their medians (a beta, a mixture).
    pub seed: u64,
}

/// The truth's median and log spread (a point truth has none).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct TruthShape {
    pub median: f64,
    pub sigma: f64,
}

impl TruthShape {
    /// The shape of a truth as the scorer takes it (a sampled truth: its ln median and ln p5–p95 spread).
    pub fn of(truth: &Truth) -> TruthShape {
        match truth {
            Truth::Lognormal { mu, sigma } => TruthShape {
                median: libm::exp(*mu),
                sigma: *sigma,
            },
            Truth::Point(value) => TruthShape {
                median: *value,
                sigma: 0.0,
            },
            Truth::Samples(samples) => {
                let (median, sigma) = LogSamples::new(samples)
                    .ok()
                    .and_then(|s| shape(&Summary::of_samples(&s)))
                    .unwrap_or((f64::NAN, 0.0));
                TruthShape { median, sigma }
            }
        }
    }
}

/// How contributions were computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// The reference is a product of powers: each contribution is exponent × log error, exactly.
    Exact,
    /// Elasticities averaged along the path from the reference's medians to the answer's (sums, functions).
    Elasticity,
}

/// One factor of one side: its median, log spread and elasticity in its own formula at its medians.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Side {
    pub name: String,
    pub median: f64,
    pub sigma: f64,
    pub elasticity: f64,
    /// Whether it is a named variable (an inline range is not).
    pub named: bool,
}

/// A matched pair and what it explains.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FactorRow {
    /// The reference factor.
    pub reference: String,
    /// The answer's factor matched to it.
    pub answer: String,
    pub matched_by: MatchedBy,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    pub answer_median: f64,
    pub reference_median: f64,
    /// ln(answer's median / reference's median) of this factor.
    pub log_error: f64,
    /// Its part of the total log error, in nats (positive: it pushed the answer up).
    pub contribution: f64,
    /// Its part of the gap between the answer's log variance and the truth's (nats²; positive: too wide).
    pub width: f64,
    pub answer_sigma: f64,
    pub reference_sigma: f64,
}

/// The answer's log error and width attributed to factors.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Attribution {
    /// ln(answer's median / truth's median), nats.
    pub total: f64,
    pub answer_median: f64,
    pub truth_median: f64,
    pub method: Method,
    /// The approximation, in words.
    pub approximation: String,
    /// Matched factors, the largest |contribution| first.
    pub factors: Vec<FactorRow>,
    /// What the answer's formula does differently from the reference's with the matched factors swapped in.
    pub rest: f64,
    /// total − Σ contributions − rest.
    pub residual: f64,
    /// Log sds of the answer and the truth (a point truth: 0).
    pub answer_sigma: f64,
    pub truth_sigma: f64,
    /// The width gap (answer's log variance − truth's) left to unmatched factors, and what first order misses.
    pub width_rest: f64,
    pub width_residual: f64,
    pub answer_factors: Vec<Side>,
    pub reference_factors: Vec<Side>,
    pub unmatched_answer: Vec<String>,
    pub unmatched_reference: Vec<String>,
    /// One sentence per trap the answer sits on.
    pub traps: Vec<String>,
    /// What to say: the miss and its main factor, the width, the traps.
    pub sentences: Vec<String>,
}

/// Gauss–Legendre nodes (positive half, on [−1, 1]) and weights, 8 points: exact for polynomials of degree 15.
const GAUSS: [(f64, f64); 4] = [
    (0.183_434_642_495_649_8, 0.362_683_783_378_362),
    (0.525_532_409_916_329, 0.313_706_645_877_887_3),
    (0.796_666_477_413_626_7, 0.222_381_034_453_374_5),
    (0.960_289_856_497_536_3, 0.101_228_536_290_376_3),
];

/// The 8 nodes and weights on [0, 1].
fn gauss01() -> impl Iterator<Item = (f64, f64)> {
    GAUSS
        .iter()
        .flat_map(|&(x, w)| [((1.0 - x) / 2.0, w / 2.0), ((1.0 + x) / 2.0, w / 2.0)])
}

/// Most panels of the composite quadrature.
const MAX_PANELS: usize = 64;

/// One bar of the waterfall from the truth's median to the answer's: ln values before and after the step.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Step {
    /// A reference factor's name, "rest of your formula" or "residual".
    pub label: String,
    pub kind: StepKind,
    pub from: f64,
    pub to: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StepKind {
    Factor,
    Rest,
    Residual,
}

impl Attribution {
    /// The reference factor the answer's factor `answer` is matched to ("" for none).
    pub fn matched(&self, answer: &str) -> &str {
        self.factors
            .iter()
            .find(|r| r.answer == answer)
            .map_or("", |r| r.reference.as_str())
    }

    /// The waterfall: from ln(truth's median), each matched factor's contribution in order, then the rest and the
    /// residual (each only when it moves the answer by more than 1%), ending at ln(answer's median).
    pub fn steps(&self) -> Vec<Step> {
        let mut at = libm::log(self.truth_median);
        let mut out = Vec::new();
        let mut push = |label: String, kind: StepKind, by: f64| {
            out.push(Step {
                label,
                kind,
                from: at,
                to: at + by,
            });
            at += by;
        };
        for r in &self.factors {
            push(r.reference.clone(), StepKind::Factor, r.contribution);
        }
        for (label, kind, by) in [
            ("rest of your formula", StepKind::Rest, self.rest),
            ("residual", StepKind::Residual, self.residual),
        ] {
            if by.abs() > SHOWN_STEP {
                push(label.to_string(), kind, by);
            }
        }
        out
    }
}

/// Smallest rest or residual drawn as a step, in nats (1%).
const SHOWN_STEP: f64 = 0.01;

/// Attributes an answer's miss to the reference's factors. `Err` says why it cannot (in words for a person):
/// the answer does not parse, or a formula is not positive at the medians.
pub fn attribute(
    reference: &Reference,
    truth: TruthShape,
    answer: &Answer,
    corrections: &[Correction],
) -> Result<Attribution, String> {
    if !(truth.median.is_finite() && truth.median > 0.0) {
        return Err("the truth's median is not a positive number".into());
    }
    let (ast, diagnostics) = fermi_syntax::parse(answer.source, answer.dialect);
    if diagnostics.iter().any(|d| d.is_error()) {
        return Err("the answer does not parse".into());
    }
    let mine = Formula::of(&ast, answer.source, answer.seed)?;
    let theirs = &reference.formula;
    let (answer_median, answer_sigma) =
        shape(answer.summary).ok_or("the answer's samples are not all finite")?;
    let f = theirs.medians();
    let g = mine.medians();
    let (_, e_ref) = theirs
        .elasticities(&f)
        .ok_or("the reference is not positive at its medians")?;
    let (mine_at_g, e_mine) = mine
        .elasticities(&g)
        .ok_or("your formula is not positive at your factors' medians")?;

    let candidates = |formula: &Formula, e: &[f64], units: &dyn Fn(&str) -> Option<String>| {
        formula
            .leaves
            .iter()
            .zip(e)
            .map(|(l, e)| (l.name.clone(), units(&l.name), l.named, *e >= 0.0))
            .collect::<Vec<_>>()
    };
    let a_c = candidates(&mine, &e_mine, &|_| None);
    let r_c = candidates(theirs, &e_ref, &|n| reference.unit(n).map(str::to_string));
    fn view(c: &[(String, Option<String>, bool, bool)]) -> Vec<Candidate<'_>> {
        c.iter()
            .map(|(name, unit, named, numerator)| Candidate {
                name,
                unit: unit.as_deref(),
                named: *named,
                numerator: *numerator,
            })
            .collect()
    }
    let pairs = matching::pair(&view(&a_c), &view(&r_c), corrections);

    // The hybrid: the reference's formula with each matched factor at the answer's median.
    let mut h = f.clone();
    for &(a, r, _) in &pairs {
        h[r] = g[a];
    }
    let (ln_f, ln_h): (Vec<f64>, Vec<f64>) = (
        f.iter().map(|x| libm::log(*x)).collect(),
        h.iter().map(|x| libm::log(*x)).collect(),
    );
    if ln_h.iter().chain(&ln_f).any(|x| !x.is_finite()) {
        return Err("a matched factor's median is not positive".into());
    }
    let exponents = theirs.exponents();
    let method = if exponents.is_some() {
        Method::Exact
    } else {
        Method::Elasticity
    };
    // Mean elasticity of each reference factor along the path f → h.
    let mean_e: Vec<f64> = match &exponents {
        Some(e) => e.clone(),
        None => {
            let mut sum = vec![0.0; f.len()];
            // Composite rule: one panel per nat of the largest log error (at most 64), so long paths stay exact.
            let longest = ln_f
                .iter()
                .zip(&ln_h)
                .map(|(a, b)| (b - a).abs())
                .fold(0.0, f64::max);
            let panels = (longest.ceil() as usize).clamp(1, MAX_PANELS);
            let nodes = (0..panels).flat_map(|p| {
                gauss01().map(move |(t, w)| ((p as f64 + t) / panels as f64, w / panels as f64))
            });
            for (t, w) in nodes {
                let x: Vec<f64> = ln_f
                    .iter()
                    .zip(&ln_h)
                    .map(|(a, b)| libm::exp(a + t * (b - a)))
                    .collect();
                let (_, e) = theirs
                    .elasticities(&x)
                    .ok_or("the reference is not positive between its medians and yours")?;
                for (s, e) in sum.iter_mut().zip(e) {
                    *s += w * e;
                }
            }
            sum
        }
    };
    let (ref_at_h, _) = theirs
        .value_grad(&h)
        .filter(|(v, _)| *v > 0.0)
        .ok_or("the reference is not positive at your factors' medians")?;

    let total = libm::log(answer_median) - libm::log(truth.median);
    let var = |e: f64, s: f64| (e * s) * (e * s);
    let mut rows: Vec<FactorRow> = pairs
        .iter()
        .map(|&(a, r, by)| {
            let (la, lr) = (&mine.leaves[a], &theirs.leaves[r]);
            FactorRow {
                reference: lr.name.clone(),
                answer: la.name.clone(),
                matched_by: by,
                unit: reference.unit(&lr.name).map(str::to_string),
                answer_median: la.median,
                reference_median: lr.median,
                log_error: libm::log(la.median) - libm::log(lr.median),
                contribution: mean_e[r] * (ln_h[r] - ln_f[r]),
                width: var(e_mine[a], la.sigma) - var(e_ref[r], lr.sigma),
                answer_sigma: la.sigma,
                reference_sigma: lr.sigma,
            }
        })
        .collect();
    rows.sort_by(|p, q| q.contribution.abs().total_cmp(&p.contribution.abs()));
    let explained: f64 = rows.iter().map(|r| r.contribution).sum();
    let rest = libm::log(mine_at_g) - libm::log(ref_at_h);
    let residual = total - explained - rest;

    let matched_a = |i: usize| pairs.iter().any(|p| p.0 == i);
    let matched_r = |i: usize| pairs.iter().any(|p| p.1 == i);
    let unmatched_var = |formula: &Formula, e: &[f64], matched: &dyn Fn(usize) -> bool| {
        formula
            .leaves
            .iter()
            .enumerate()
            .filter(|(i, _)| !matched(*i))
            .map(|(i, l)| var(e[i], l.sigma))
            .sum::<f64>()
    };
    let width_rest =
        unmatched_var(&mine, &e_mine, &matched_a) - unmatched_var(theirs, &e_ref, &matched_r);
    let width_gap = answer_sigma * answer_sigma - truth.sigma * truth.sigma;
    let width_residual = width_gap - rows.iter().map(|r| r.width).sum::<f64>() - width_rest;

    let sides = |formula: &Formula, e: &[f64]| {
        formula
            .leaves
            .iter()
            .zip(e)
            .map(|(l, e)| Side {
                name: l.name.clone(),
                median: l.median,
                sigma: l.sigma,
                elasticity: *e,
                named: l.named,
            })
            .collect::<Vec<_>>()
    };
    let unmatched = |formula: &Formula, matched: &dyn Fn(usize) -> bool| {
        formula
            .leaves
            .iter()
            .enumerate()
            .filter(|(i, _)| !matched(*i))
            .map(|(_, l)| l.name.clone())
            .collect::<Vec<_>>()
    };
    let approximation = match method {
        Method::Exact => format!(
            "exact: the reference is a product of powers, so each factor's part is its exponent times its log \
             error; the residual ({residual:+.3} nats) is the difference between medians and the formula at the \
             medians, and sampling noise"
        ),
        Method::Elasticity => format!(
            "approximate: the reference has sums or functions, so each factor's part is its elasticity averaged \
             between the reference's medians and yours times its log error; the residual ({residual:+.3} nats) \
             also holds what that average and the medians of sums miss"
        ),
    };
    let mut out = Attribution {
        total,
        answer_median,
        truth_median: truth.median,
        method,
        approximation,
        factors: rows,
        rest,
        residual,
        answer_sigma,
        truth_sigma: truth.sigma,
        width_rest,
        width_residual,
        answer_factors: sides(&mine, &e_mine),
        reference_factors: sides(theirs, &e_ref),
        unmatched_answer: unmatched(&mine, &matched_a),
        unmatched_reference: unmatched(theirs, &matched_r),
        traps: Vec::new(),
        sentences: Vec::new(),
    };
    out.traps = words::traps(&reference.traps, &out);
    out.sentences = words::sentences(&out);
    Ok(out)
}

/// The attribution of an answer to a question of a pack: `Ok(None)` when the question has no reference
/// decomposition (a program with at least two named factors).
pub fn attribute_question(
    question: &Question,
    truth: &FittedTruth,
    answer: &Answer,
    corrections: &[Correction],
) -> Result<Option<Attribution>, String> {
    match Reference::of(question) {
        Some(reference) => attribute(
            &reference,
            TruthShape::of(&truth.to_truth()),
            answer,
            corrections,
        )
        .map(Some),
        None => Ok(None),
    }
}

/// Median and log sd (through ln p5 and ln p95) of a summary of ln samples.
fn shape(summary: &Summary) -> Option<(f64, f64)> {
    let Summary {
        p5, median, p95, ..
    } = *summary;
    [p5, median, p95]
        .iter()
        .all(|x| x.is_finite())
        .then(|| (libm::exp(median), (p95 - p5) / (2.0 * Z95)))
}
