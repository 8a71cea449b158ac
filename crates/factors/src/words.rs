//! What an attribution says, in sentences; the traps an answer sits on; the skeleton of a reference.

use fermi_bank::{Question, TrapValue};
use fermi_num::{Z95, format_readable};
use fermi_syntax::Dialect;

use crate::formula::reads_nothing;
use crate::{Attribution, FactorRow};

/// A factor's name as words: `pianos_per_household` → "pianos per household".
fn label(name: &str) -> String {
    name.replace('_', " ")
}

/// "8× too high", "2.5× too low", "within 10% of the truth".
fn miss(ln_ratio: f64) -> String {
    let r = libm::exp(ln_ratio.abs());
    if r < 1.1 {
        return "within 10% of the truth".into();
    }
    let way = if ln_ratio > 0.0 { "high" } else { "low" };
    format!("{} too {way}", times(r))
}

/// A ratio given by its ln, as a step: "×8", "÷3", "×1.2".
pub fn ratio_text(ln_ratio: f64) -> String {
    let r = libm::exp(ln_ratio.abs());
    let sign = if ln_ratio >= 0.0 { "×" } else { "÷" };
    format!("{sign}{}", times(r).trim_end_matches('×'))
}

fn times(r: f64) -> String {
    if r >= 9.95 {
        format!("{}×", format_readable(r.round()))
    } else {
        format!("{r:.1}×")
    }
}

/// The answer's miss and the factor that carried most of it; its width and the factor that made it; each trap.
pub(crate) fn sentences(a: &Attribution) -> Vec<String> {
    let mut out = Vec::new();
    let head = miss(a.total);
    let same_way = |c: f64| c * a.total > 0.0;
    let top = a.factors.iter().find(|r| same_way(r.contribution));
    let first = match top {
        _ if libm::exp(a.total.abs()) < 1.1 => format!("{}.", capital(&head)),
        Some(r) if r.contribution.abs() >= a.rest.abs() || !same_way(a.rest) => format!(
            "{}; most of it from {}: you {}, the reference {}.",
            capital(&head),
            label(&r.reference),
            format_readable(r.answer_median),
            format_readable(r.reference_median)
        ),
        _ if same_way(a.rest) => {
            let yours = if a.unmatched_answer.is_empty() {
                String::new()
            } else {
                format!(" (yours: {})", a.unmatched_answer.join(", "))
            };
            format!(
                "{}; most of it from how your formula combines its factors{yours}, not from the reference's factors.",
                capital(&head)
            )
        }
        _ => format!("{}.", capital(&head)),
    };
    out.push(first);
    if a.factors.is_empty() && !a.reference_factors.is_empty() {
        let names: Vec<String> = a.reference_factors.iter().map(|s| label(&s.name)).collect();
        out.push(format!(
            "None of your factors matches the reference's ({}): break it down to see which step went wrong.",
            names.join(", ")
        ));
    }
    if let Some(w) = width(a) {
        out.push(w);
    }
    out.extend(a.traps.iter().cloned());
    out
}

/// The width sentence, when the answer is more than 1.5× too wide or too narrow in log sd.
fn width(a: &Attribution) -> Option<String> {
    let (mine, truth) = (a.answer_sigma, a.truth_sigma);
    let wide = mine > 1.5 * truth;
    let narrow = mine < truth / 1.5;
    if !(wide || narrow) {
        return None;
    }
    let spread = |s: f64| times(libm::exp(2.0 * Z95 * s));
    let ratio = if truth > 0.0 {
        format!(
            "your 90% interval spans {} against the truth's {}",
            spread(mine),
            spread(truth)
        )
    } else {
        format!(
            "your 90% interval spans {} around an exact figure",
            spread(mine)
        )
    };
    let culprit = a
        .factors
        .iter()
        .filter(|r| if wide { r.width > 0.0 } else { r.width < 0.0 })
        .max_by(|p, q| p.width.abs().total_cmp(&q.width.abs()));
    let word = if wide { "too wide" } else { "too narrow" };
    Some(match culprit {
        Some(FactorRow {
            reference,
            answer_sigma,
            reference_sigma,
            ..
        }) => format!(
            "Too {}: {ratio}; most of it from {}, yours spanning {} and the reference's {}.",
            if wide { "wide" } else { "narrow" },
            label(reference),
            spread(*answer_sigma),
            spread(*reference_sigma)
        ),
        None => format!("{}: {ratio}.", capital(word)),
    })
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// One sentence per trap value the answer sits on: a factor matched to the trap's factor, or the result.
pub(crate) fn traps(traps: &[TrapValue], a: &Attribution) -> Vec<String> {
    traps
        .iter()
        .filter_map(|t| {
            let (what, mine) = match &t.factor {
                Some(name) => {
                    let row = a.factors.iter().find(|r| &r.reference == name)?;
                    (format!("your {}", label(name)), row.answer_median)
                }
                None => ("your answer".to_string(), a.answer_median),
            };
            let near = (libm::log(mine) - libm::log(t.value)).abs() <= libm::log(1.0 + t.tolerance);
            near.then(|| {
                format!(
                    "Trap: {what}, {}, sits at {}: {}",
                    format_readable(mine),
                    format_readable(t.value),
                    t.says.trim()
                )
            })
        })
        .collect()
}

/// The question's reference as a program to fill in: each named factor `name = to( , )` (with its unit as a
/// comment when the pack gives one), the lines that combine them as the reference writes them. Squiggle.
pub fn skeleton(question: &Question) -> Option<String> {
    let program = question.reference_program()?;
    let (ast, diagnostics) = fermi_syntax::parse(&program, Dialect::Squiggle);
    if diagnostics.iter().any(|d| d.is_error()) {
        return None;
    }
    let mut out =
        String::from("// Break it down: give each factor a 90% interval, e.g. to(2, 5).\n");
    let mut blanks = 0;
    for stmt in &ast.statements {
        let text = program.get(stmt.span.range())?.trim();
        match &stmt.target {
            Some(name) if reads_nothing(&stmt.value) => {
                blanks += 1;
                out.push_str(&format!("{} = to( , )", name.text));
                if let Some(unit) = question.factor_unit(&name.text) {
                    out.push_str(&format!("  // {unit}"));
                }
                out.push('\n');
            }
            _ => {
                out.push_str(text);
                out.push('\n');
            }
        }
    }
    (blanks >= 2).then_some(out)
}
