//! RealFP (Kalyan et al. 2021): real Fermi problems with a point answer in a free-form unit, supporting facts and a
//! reference program. Answers are checked in SI and shown in the unit the question asks for; an answer whose unit
//! cannot be read, or whose dimensions disagree with its own reference program, is dropped rather than guessed at.

use std::collections::HashMap;

use serde_json::Value;

use super::units::{
    Dims, Quantity, answer_unit, leading_number, parse_quantity, parse_unit, pretty_unit,
    unit_named_in,
};
use super::{Ids, ImportReport, normalised, parse_json, slugify};
use crate::format::{Pack, PackInfo, Question, Source, SourceKind, SourceTier, Tier, TruthSpec};

const DATASET: &str = "https://allenai.org/data/fermi";
/// The paper's year: the records carry no dates of their own.
const AS_OF: &str = "2021";
/// Nesting allowed in a reference program before it is treated as unreadable.
const MAX_DEPTH: usize = 64;

/// Converts RealFP files (`(file name, JSON text)`, each an array of `{question, answer, context, program}`),
/// dropping questions repeated across files. Point truths in the unit the question names, else the one its answer
/// was published in (money in US dollars, a percentage as the fraction it is, unit "percent"); dimensions are checked in SI.
pub fn realfp(files: &[(&str, &str)]) -> Result<(Pack, ImportReport), String> {
    let mut records = Vec::new();
    for &(file, text) in files {
        let Value::Array(items) = parse_json(file, text)? else {
            return Err(format!("{file}: expected a JSON array of RealFP records"));
        };
        let split = slugify(file.split(['_', '.']).next().unwrap_or(file), 20);
        records.extend(
            items
                .into_iter()
                .enumerate()
                .map(|(i, item)| (format!("{file} #{}", i + 1), split.clone(), i + 1, item)),
        );
    }
    let mut report = ImportReport {
        records: records.len(),
        ..ImportReport::default()
    };

    // Repeated questions: one copy is kept when every copy gives the same answer; none when they conflict.
    let mut answers_by_text: HashMap<String, Vec<String>> = HashMap::new();
    for (_, _, _, item) in &records {
        if let (Some(q), Some(a)) = (str_field(item, "question"), str_field(item, "answer")) {
            answers_by_text
                .entry(normalised(q))
                .or_default()
                .push(a.trim().to_string());
        }
    }
    let mut seen: HashMap<String, String> = HashMap::new();
    let mut ids = Ids::default();
    let mut questions = Vec::new();
    for (name, split, number, item) in records {
        let (Some(text), Some(answer)) = (str_field(&item, "question"), str_field(&item, "answer"))
        else {
            report.drop("malformed record (no question or answer string)", name);
            continue;
        };
        let key = normalised(text);
        if answers_by_text[&key].iter().any(|a| a != answer.trim()) {
            report.drop("repeated question with different answers", name);
            continue;
        }
        if let Some(first) = seen.get(&key) {
            report.drop("duplicate question", format!("{name} (same as {first})"));
            continue;
        }
        seen.insert(key, name.clone());

        let answer = answer.trim();
        let truth = match parse_quantity(answer) {
            Ok(q) => q,
            Err(why) => {
                report.drop("unreadable answer or unit", format!("{name}: {why}"));
                continue;
            }
        };
        // A share stays the fraction `parse_quantity` read (`60%` is 0.6) and is shown as percent (unit_check).
        let percent = answer.ends_with('%');
        let (value, unit) = if percent {
            (truth.value, "percent".to_string())
        } else {
            shown(text, answer, truth)
        };
        if !(value.is_finite() && value > 0.0) {
            report.drop("answer not a positive number", name);
            continue;
        }
        let program = str_field(&item, "program").map(Program::parse);
        if let Some(program) = &program {
            match program.result() {
                // RealFP programs often write prices as bare numbers: compare money answers without the money unit.
                Ok(result)
                    if money_only_difference(result.dims, truth.dims)
                        && answer.starts_with('$') =>
                {
                    report.note("kept, money unit missing from the reference program");
                }
                Ok(result) if result.dims != truth.dims => {
                    report.drop(
                        "answer's unit disagrees with its reference program",
                        format!(
                            "{name}: answer `{answer}` is {}, the program gives {}",
                            truth.dims, result.dims
                        ),
                    );
                    continue;
                }
                Ok(result) => {
                    if result.value.is_finite()
                        && (libm::log10(result.value / truth.value)).abs() > 1.0
                    {
                        report.note(
                            "kept, but the reference program's value is over 10× from the answer",
                        );
                    }
                }
                Err(Check::Inconsistent) => {
                    report.note("kept, but the reference program mixes dimensions")
                }
                Err(Check::Unreadable) => {
                    report.note("kept, dimensions not checked (program unreadable)")
                }
            }
        }
        let facts = str_field(&item, "context").map(facts).unwrap_or_default();
        let detail = if percent || Some(value) == leading_number(answer) {
            format!("answer as published: {answer}")
        } else {
            format!("answer as published: {answer} (= {value:e} {unit})")
        };
        questions.push(Question {
            text: text.trim().to_string(),
            unit,
            as_of: AS_OF.into(),
            explanation: Some(explanation(&facts, program.as_ref())),
            sources: vec![Source {
                factor: None,
                publisher: "Kalyan et al. 2021, RealFP (Allen Institute for AI), arXiv:2110.14207"
                    .into(),
                title: name,
                url: DATASET.into(),
                tier: SourceTier::Estimated,
                kind: Some(SourceKind::Primary),
                detail,
                accessed: None,
            }],
            ..Question::new(
                ids.unique(format!("realfp-{split}-{number}")),
                TruthSpec::Point { value },
            )
        });
    }
    report.kept = questions.len();
    let info = PackInfo {
        id: "realfp".into(),
        title: "RealFP Fermi problems".into(),
        version: 1,
        tier: Tier::Open,
        description: Some(
            "Converted from RealFP (Kalyan et al. 2021, \"How Much Coffee Was Consumed During EMNLP 2019? Fermi \
             Problems\", arXiv:2110.14207). Answers are in the unit each question names (else the one its answer was \
             published in); each explanation gives the dataset's facts and reference decomposition."
                .into(),
        ),
        license: Some("CC BY (as stated on the dataset page)".into()),
    };
    Ok((Pack { info, questions }, report))
}

fn str_field<'a>(item: &'a Value, name: &str) -> Option<&'a str> {
    item.get(name)?.as_str()
}

/// Dimensions equal except in the money exponent.
fn money_only_difference(a: Dims, b: Dims) -> bool {
    a != b && a.0[..6] == b.0[..6]
}

/// The unit a question is shown and scored in, and the answer in it: a unit the question's text names (it asks
/// "how thick, cm"), else the unit the answer was published in, so the text and the unit never disagree.
fn shown(text: &str, answer: &str, truth: Quantity) -> (f64, String) {
    if let Some((unit, scale)) = unit_named_in(text, truth.dims) {
        return (truth.value / scale, unit);
    }
    let written = answer_unit(answer);
    let money = answer.trim_start().starts_with('$');
    let scale = parse_unit(written).map_or(1.0, |q| q.value);
    let unit = match (money, written.is_empty()) {
        (true, true) => "US dollars".to_string(),
        (true, false) => format!("US dollars × {}", pretty_unit(written)),
        (false, true) => "no unit (a count or ratio)".to_string(),
        (false, false) => pretty_unit(written),
    };
    (truth.value / scale, unit)
}

/// `"CONTEXT:=F1: …=F2: …"` → `[("F1", "…"), …]`. A piece without an `Fn:` label continues the previous fact.
fn facts(context: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for piece in context.split('=').skip(1) {
        match label(piece, 'F') {
            Some((id, rest)) => out.push((id, rest.trim_start().to_string())),
            None => {
                if let Some(last) = out.last_mut() {
                    last.1 = format!("{}={piece}", last.1);
                }
            }
        }
    }
    out.into_iter()
        .map(|(id, fact)| (id, fact.trim_end().to_string()))
        .collect()
}

/// `"Q12: text"` → `("Q12", " text")` when the piece starts with `prefix`, digits and a colon.
fn label(piece: &str, prefix: char) -> Option<(String, &str)> {
    let piece = piece.trim_start();
    let rest = piece.strip_prefix(prefix)?;
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let after = rest[digits..].trim_start().strip_prefix(':')?;
    (digits > 0).then(|| (piece[..1 + digits].to_string(), after))
}

/// A RealFP reference program: sub-questions, their answers, how each question is answered, and the result.
#[derive(Default)]
struct Program {
    questions: Vec<(String, String)>,
    answers: HashMap<String, String>,
    /// `Qn -> An | Fk` or `Qn -> Op (…)`: the expression answering each question, and the supporting fact.
    links: HashMap<String, (Expr, Option<String>)>,
    result: Option<Expr>,
}

#[derive(Clone, Debug)]
enum Expr {
    Ref(String),
    Number(f64),
    Op(String, Vec<Expr>),
}

enum Check {
    /// A unit or reference the converter cannot read: dimensions unknown.
    Unreadable,
    /// The program adds or compares unlike dimensions.
    Inconsistent,
}

impl Program {
    fn parse(text: &str) -> Program {
        let mut program = Program::default();
        for piece in text.split('=').skip(1) {
            let piece = piece.trim();
            if let Some(rest) = piece.strip_prefix("P:") {
                // `P: A1 | F1` names its supporting fact too.
                program.result = parse_expr(rest.split('|').next().unwrap_or(rest));
            } else if let Some((id, rest)) = label(piece, 'Q') {
                program.questions.push((id, rest.trim().to_string()));
            } else if let Some((id, rest)) = label(piece, 'A') {
                program.answers.insert(id, rest.trim().to_string());
            } else if let Some((q, rest)) = piece.split_once("->") {
                let (expr, fact) = match rest.split_once('|') {
                    Some((e, f)) => (e, Some(f.trim().to_string())),
                    None => (rest, None),
                };
                if let Some(expr) = parse_expr(expr) {
                    program.links.insert(q.trim().to_string(), (expr, fact));
                }
            }
        }
        program
    }

    fn result(&self) -> Result<Quantity, Check> {
        self.eval(self.result.as_ref().ok_or(Check::Unreadable)?, 0)
    }

    fn eval(&self, expr: &Expr, depth: usize) -> Result<Quantity, Check> {
        if depth > MAX_DEPTH {
            return Err(Check::Unreadable);
        }
        match expr {
            Expr::Number(value) => Ok(Quantity {
                value: *value,
                dims: Dims::default(),
            }),
            Expr::Ref(id) if id.starts_with('A') => {
                parse_quantity(self.answers.get(id).ok_or(Check::Unreadable)?)
                    .map_err(|_| Check::Unreadable)
            }
            Expr::Ref(id) => self.eval(&self.links.get(id).ok_or(Check::Unreadable)?.0, depth + 1),
            Expr::Op(op, args) => {
                let values = args
                    .iter()
                    .map(|a| self.eval(a, depth + 1))
                    .collect::<Result<Vec<_>, _>>()?;
                combine(op, &values)
            }
        }
    }

    /// `Q1 / Q2`, `(Q4 + Q5) × Q3`: the expression in ordinary notation.
    fn show(expr: &Expr) -> String {
        match expr {
            Expr::Ref(id) => id.clone(),
            Expr::Number(n) => n.to_string(),
            Expr::Op(op, args) => {
                let arg = |e: &Expr| match e {
                    Expr::Op(..) if !matches!(op.as_str(), "Min" | "Log" | "Fac") => {
                        format!("({})", Program::show(e))
                    }
                    _ => Program::show(e),
                };
                let joined = |sep: &str| args.iter().map(arg).collect::<Vec<_>>().join(sep);
                match op.as_str() {
                    "Mul" => joined(" × "),
                    "Div" => joined(" / "),
                    "Add" => joined(" + "),
                    "Sub" => joined(" − "),
                    "Pow" => joined(" ^ "),
                    "Fac" => format!("{}!", joined(", ")),
                    other => format!("{}({})", other.to_lowercase(), joined(", ")),
                }
            }
        }
    }
}

/// Applies one program operation to SI quantities, checking dimensions.
fn combine(op: &str, args: &[Quantity]) -> Result<Quantity, Check> {
    let same = || {
        if args.windows(2).all(|w| w[0].dims == w[1].dims) {
            Ok(())
        } else {
            Err(Check::Inconsistent)
        }
    };
    let dimensionless = || args.iter().all(|a| a.dims.is_dimensionless());
    match (op, args) {
        ("Mul", _) if !args.is_empty() => Ok(args.iter().fold(
            Quantity {
                value: 1.0,
                dims: Dims::default(),
            },
            |acc, a| Quantity {
                value: acc.value * a.value,
                dims: acc.dims.times(a.dims),
            },
        )),
        ("Div", [a, b]) => Ok(Quantity {
            value: a.value / b.value,
            dims: a.dims.over(b.dims),
        }),
        ("Add", [a, b]) => same().map(|_| Quantity {
            value: a.value + b.value,
            dims: a.dims,
        }),
        ("Sub", [a, b]) => same().map(|_| Quantity {
            value: a.value - b.value,
            dims: a.dims,
        }),
        ("Min", [first, ..]) => same().map(|_| Quantity {
            value: args.iter().map(|a| a.value).fold(f64::INFINITY, f64::min),
            dims: first.dims,
        }),
        ("Pow", [a, b]) if b.dims.is_dimensionless() => {
            // A dimensioned base needs whole exponents after the power: (m^3)^(1/3) is m.
            let n = b.value;
            let exponents = a.dims.0.map(|e| f64::from(e) * n);
            if exponents
                .iter()
                .all(|e| (e - e.round()).abs() < 1e-9 && e.abs() <= 64.0)
            {
                let dims = Dims(exponents.map(|e| e.round() as i32));
                Ok(Quantity {
                    value: libm::pow(a.value, n),
                    dims,
                })
            } else {
                Err(Check::Inconsistent)
            }
        }
        ("Log" | "Fac", [a]) if dimensionless() => Ok(Quantity {
            value: f64::NAN,
            dims: a.dims,
        }),
        ("Pow" | "Log" | "Fac", _) => Err(Check::Inconsistent),
        _ => Err(Check::Unreadable),
    }
}

/// `Mul (Q1, Div (Q2, Q3))`, `Q4`, `A2` or a number.
fn parse_expr(text: &str) -> Option<Expr> {
    let (expr, rest) = parse_expr_prefix(text.trim(), 0)?;
    rest.trim().is_empty().then_some(expr)
}

fn parse_expr_prefix(text: &str, depth: usize) -> Option<(Expr, &str)> {
    if depth > MAX_DEPTH {
        return None;
    }
    let text = text.trim_start();
    let end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '+' | '-')))
        .unwrap_or(text.len());
    let (word, rest) = text.split_at(end);
    if word.is_empty() {
        return None;
    }
    if let Ok(n) = word.parse::<f64>() {
        return Some((Expr::Number(n), rest));
    }
    let rest = rest.trim_start();
    let Some(mut rest) = rest.strip_prefix('(') else {
        return Some((Expr::Ref(word.to_string()), rest));
    };
    let mut args = Vec::new();
    loop {
        let (arg, after) = parse_expr_prefix(rest, depth + 1)?;
        args.push(arg);
        let after = after.trim_start();
        if let Some(after) = after.strip_prefix(',') {
            rest = after;
        } else {
            return Some((Expr::Op(word.to_string(), args), after.strip_prefix(')')?));
        }
    }
}

/// The facts and the reference decomposition, as plain text.
fn explanation(facts: &[(String, String)], program: Option<&Program>) -> String {
    let mut out = String::new();
    if !facts.is_empty() {
        out.push_str("Facts given with the question:\n");
        for (id, fact) in facts {
            out.push_str(&format!("- {id}: {fact}\n"));
        }
    }
    if let Some(program) = program {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str("Reference decomposition:\n");
        for (id, question) in &program.questions {
            let answer = match program.links.get(id) {
                Some((Expr::Ref(a), fact)) => {
                    let value = program.answers.get(a).map_or(a.as_str(), String::as_str);
                    match fact {
                        Some(fact) => format!("{value} (fact {fact})"),
                        None => value.to_string(),
                    }
                }
                Some((expr, _)) => Program::show(expr),
                None => "?".into(),
            };
            out.push_str(&format!("- {id}: {question} → {answer}\n"));
        }
        if let Some(result) = &program.result {
            out.push_str(&format!("- Answer = {}\n", Program::show(result)));
        }
    }
    out.trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs_render_and_carry_dimensions() {
        let program = Program::parse(
            "PROGRAM:=Q1: What is the volume of a single penny?=Q2: What is the thickness?=A1: 0.93 in**3=A2: 3.9e-9 in\
             =Q2 -> A2 | F2=Q1 -> A1 | F1=P: Div (Q1, Q2)",
        );
        let result = program.result().ok().unwrap();
        assert_eq!(result.dims.to_string(), "m^2");
        let expected = 0.93 / 3.9e-9 * 0.0254 * 0.0254;
        assert!((result.value / expected - 1.0).abs() < 1e-12);
        let text = explanation(
            &facts("CONTEXT:=F1: The volume is 0.93 in**3=F2: a = b holds"),
            Some(&program),
        );
        assert_eq!(
            text,
            "Facts given with the question:\n- F1: The volume is 0.93 in**3\n- F2: a = b holds\n\n\
             Reference decomposition:\n- Q1: What is the volume of a single penny? → 0.93 in**3 (fact F1)\n\
             - Q2: What is the thickness? → 3.9e-9 in (fact F2)\n- Answer = Q1 / Q2"
        );
    }

    #[test]
    fn fractional_powers_and_cited_results() {
        let cube_root = Program::parse("PROGRAM:=A1: 27 m**3=A2: 1/3=P: Pow (A1, A2)")
            .result()
            .ok()
            .unwrap();
        assert_eq!(cube_root.dims.to_string(), "m");
        assert!((cube_root.value - 3.0).abs() < 1e-12);
        assert!(matches!(
            Program::parse("PROGRAM:=A1: 2 m**3=A2: 1/2=P: Pow (A1, A2)").result(),
            Err(Check::Inconsistent)
        ));
        let cited = Program::parse("PROGRAM:=A1: 15000 km=P: A1 | F1")
            .result()
            .ok()
            .unwrap();
        assert_eq!(
            (cited.value, cited.dims.to_string()),
            (1.5e7, "m".to_string())
        );
    }

    #[test]
    fn nested_expressions() {
        let e = parse_expr("Mul (Q1, Div (Add (Q2, Q3), 2))").unwrap();
        assert_eq!(Program::show(&e), "Q1 × ((Q2 + Q3) / 2)");
        assert!(parse_expr("Mul (Q1, Q2").is_none());
        assert!(parse_expr("Mul (Q1, Q2) trailing").is_none());
    }
}
