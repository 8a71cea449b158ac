//! Advice for authors: factor intervals that do not match their sources' tier (docs/authoring.md, the tier rule),
//! or the width rule the question says it follows. Not validation: a pack with advice still loads.

use fermi_eval::{MIN_SAMPLES, Options, evaluate_source};
use fermi_syntax::{Dialect, Expr, ExprKind};

use crate::format::{Question, SourceTier, TruthSpec, Width};
use crate::load::Problem;

/// Half-widths (as a fraction of the centre) the tier rule allows, with slack for rounded bounds.
const TIER_2: (f64, f64) = (0.045, 0.105);
const TIER_3: (f64, f64) = (0.145, 0.205);

/// Where a distribution truth's factor intervals disagree with the tier of the sources that support them:
/// a tier-2 factor should span ±5–10%, a tier-3 one ±15–20%, and a tier-0 factor is a plain number.
/// Only intervals with constant bounds are checked; factors backed by sources of mixed tiers are skipped.
/// Against the width rule: a `world` question with a point truth that is not an exact count (some source above tier
/// 0), and a `pinned` one with a factor of tier 1–3.
pub fn advice(question: &Question) -> Vec<Problem> {
    let mut out = Vec::new();
    if question.width == Some(Width::World)
        && matches!(question.truth, TruthSpec::Point { .. })
        && question
            .sources
            .iter()
            .any(|s| s.tier != SourceTier::Negligible)
    {
        out.push(
            Problem::in_question(
                question,
                "width",
                "a `world` question takes the tier rule, but its truth is a point and not every source is tier 0 \
                 (an exact count): give the interval the sources leave, or pin the reported figure in the text and \
                 write `width = \"pinned\"`",
            )
            .warning(),
        );
    }
    let TruthSpec::Distribution { program, .. } = &question.truth else {
        return out;
    };
    let (ast, _) = fermi_syntax::parse(program, Dialect::Squiggle);
    for statement in &ast.statements {
        let Some(name) = &statement.target else {
            continue;
        };
        let mut tiers = question
            .sources
            .iter()
            .filter(|s| s.factor.as_deref() == Some(&name.text))
            .map(|s| s.tier);
        let Some(tier) = tiers.next() else { continue };
        if tiers.any(|t| t != tier) {
            continue;
        }
        let say = |message: String| {
            let mut advice = Problem::in_question(
                question,
                "truth.program",
                format!("`{}`: {message}", name.text),
            )
            .warning();
            // At the factor's line when the file writes the program verbatim.
            if let Some(span) = question.places.in_string("truth.program", statement.span) {
                advice.diagnostic.span = span;
            }
            advice
        };
        if question.width == Some(Width::Pinned)
            && matches!(
                tier,
                SourceTier::TwoSources | SourceTier::OneOfficial | SourceTier::Estimated
            )
        {
            out.push(say(format!(
                "a `pinned` question's answer is the reported figure, but this factor is tier {}: write the \
                 figure (tier \"0\") or the interval its rounding leaves (tier \"rounding\")",
                tier.as_str()
            )));
            continue;
        }
        match (&statement.value.kind, tier) {
            (ExprKind::To(..), SourceTier::Negligible) => {
                out.push(say("a tier-0 factor is a plain number, not an interval".into()))
            }
            (ExprKind::To(lo, hi), SourceTier::OneOfficial | SourceTier::Estimated) => {
                let (Some(lo), Some(hi)) = (constant(program, lo), constant(program, hi)) else { continue };
                let half = (hi - lo) / (hi + lo);
                let (rule, (min, max)) = if tier == SourceTier::OneOfficial {
                    ("±5% (industrialised countries) or ±10% (developing ones)", TIER_2)
                } else {
                    ("±15–20%", TIER_3)
                };
                if !(min..=max).contains(&half) {
                    out.push(say(format!(
                        "a tier-{} factor spans ±{:.1}%; the tier rule gives {rule}",
                        tier.as_str(),
                        half * 100.0
                    )));
                }
            }
            (_, SourceTier::OneOfficial | SourceTier::Estimated | SourceTier::TwoSources)
                if constant(program, &statement.value).is_some() =>
            {
                out.push(say(format!(
                    "a tier-{} factor is uncertain: write it as an interval, e.g. `to(v*0.95, v*1.05)`",
                    tier.as_str()
                )))
            }
            _ => {}
        }
    }
    out
}

/// The value of an expression without variables or distributions, computed by the evaluator itself.
pub(crate) fn constant(program: &str, expr: &Expr) -> Option<f64> {
    fn is_constant(e: &Expr) -> bool {
        matches!(
            e.kind,
            ExprKind::Number(_) | ExprKind::Neg(_) | ExprKind::Binary(..) | ExprKind::Call(..)
        ) && e.children().into_iter().all(is_constant)
    }
    if !is_constant(expr) {
        return None;
    }
    let text = program.get(expr.span.range())?;
    let evaluation = evaluate_source(
        text,
        Dialect::Squiggle,
        &Options {
            samples: MIN_SAMPLES,
            seed: 0,
        },
    );
    evaluation.samples?.first().copied()
}
