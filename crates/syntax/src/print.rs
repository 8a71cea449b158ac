//! "Show as Squiggle": prints any program (a fermi model, typically) as Squiggle text with minimal parentheses.
//! Everything but beta and mixtures is inside the Squiggle subset and parses back to the same tree; those two print
//! as real Squiggle's `beta(a, b)` and `mx([a, b], [wa, wb])`, which this subset does not accept.

use std::collections::HashMap;
use std::fmt::Write;

use crate::Dialect;
use crate::ast::{BinOp, Expr, ExprKind, Program};

const TO: u8 = 1;
const ADDITIVE: u8 = 2;
const MULTIPLICATIVE: u8 = 3;
const POWER: u8 = 4;
const UNARY: u8 = 5;
const ATOM: u8 = 6;

/// The program the quick mode writes for a 90% interval, in the chosen dialect; `None` until both boxes hold
/// numbers. Numbers are printed by [`literal`], which both dialects read back exactly.
pub fn quick_program(low: &str, high: &str, dialect: Dialect) -> Option<String> {
    let lo = fermi_num::parse_readable(low)?;
    let hi = fermi_num::parse_readable(high)?;
    let (lo, hi) = (literal(lo), literal(hi));
    Some(match dialect {
        Dialect::Squiggle => format!("to({lo}, {hi})"),
        Dialect::Fermi => format!("{lo} {hi}"),
    })
}

pub fn to_squiggle(program: &Program) -> String {
    let names = squiggle_names(program);
    let mut out = String::new();
    for stmt in &program.statements {
        if let Some(target) = &stmt.target {
            let _ = write!(
                out,
                "{} = ",
                names
                    .get(target.text.as_str())
                    .map_or(target.text.as_str(), String::as_str)
            );
        }
        expr(&stmt.value, 0, &names, &mut out);
        out.push('\n');
    }
    out
}

/// Names a Squiggle program cannot assign, or that would hide a function this printer calls (a fermi model may store
/// `=. beta` and still use `beta 2 8`).
const TAKEN: [&str; 8] = ["to", "beta", "mx", "if", "then", "else", "true", "false"];

/// Squiggle names must start with a lowercase letter and not be taken: `Pop` becomes `pop`, `beta` becomes `beta_`
/// (with more `_` while the new name is in use).
fn squiggle_names(program: &Program) -> HashMap<&str, String> {
    let targets: Vec<&str> = program
        .statements
        .iter()
        .filter_map(|s| s.target.as_ref())
        .map(|t| t.text.as_str())
        .collect();
    let mut renames = HashMap::new();
    for &name in &targets {
        let capitalised = name.starts_with(|c: char| c.is_ascii_uppercase());
        if !(capitalised || TAKEN.contains(&name)) || renames.contains_key(name) {
            continue;
        }
        let mut new = name[..1].to_ascii_lowercase() + &name[1..];
        while TAKEN.contains(&new.as_str())
            || targets.contains(&new.as_str())
            || renames.values().any(|v| *v == new)
        {
            new.push('_');
        }
        renames.insert(name, new);
    }
    renames
}

fn level(e: &Expr) -> u8 {
    match &e.kind {
        ExprKind::To(..) => TO,
        ExprKind::Binary(BinOp::Add | BinOp::Sub, ..) => ADDITIVE,
        ExprKind::Binary(BinOp::Mul | BinOp::Div, ..) => MULTIPLICATIVE,
        ExprKind::Binary(BinOp::Pow, ..) => POWER,
        ExprKind::Neg(_) => UNARY,
        ExprKind::Number(x) if *x < 0.0 => UNARY,
        _ => ATOM,
    }
}

/// Writes `e`, in parentheses if it binds more loosely than `min`.
fn expr(e: &Expr, min: u8, names: &HashMap<&str, String>, out: &mut String) {
    let wrap = level(e) < min;
    if wrap {
        out.push('(');
    }
    let list = |items: &[&Expr], out: &mut String| {
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            expr(item, 0, names, out);
        }
    };
    match &e.kind {
        ExprKind::Number(x) => out.push_str(&literal(*x)),
        ExprKind::Var(name) => out.push_str(
            names
                .get(name.as_str())
                .map_or(name.as_str(), String::as_str),
        ),
        ExprKind::Neg(a) => {
            out.push('-');
            expr(a, ATOM, names, out);
        }
        ExprKind::Binary(op, a, b) => {
            // `^` is right-associative and its base must not be a bare negation (`-2^2` is `(-2)^2`).
            let (left, right) = match op {
                BinOp::Pow => (ATOM, POWER),
                _ => (level(e), level(e) + 1),
            };
            expr(a, left, names, out);
            let _ = write!(out, " {} ", op.symbol());
            expr(b, right, names, out);
        }
        ExprKind::To(lo, hi) => {
            // Operands at `*` level or tighter, so no `+`/`-` or nested `to` reads ambiguously.
            expr(lo, MULTIPLICATIVE, names, out);
            out.push_str(" to ");
            expr(hi, MULTIPLICATIVE, names, out);
        }
        ExprKind::Call(func, a) => {
            let _ = write!(out, "{}(", func.name());
            list(&[a], out);
            out.push(')');
        }
        ExprKind::Beta(a, b) => {
            out.push_str("beta(");
            list(&[a, b], out);
            out.push(')');
        }
        ExprKind::Mixture(parts) => {
            out.push_str("mx([");
            list(&parts.iter().map(|(v, _)| v).collect::<Vec<_>>(), out);
            out.push_str("], [");
            list(&parts.iter().map(|(_, w)| w).collect::<Vec<_>>(), out);
            out.push_str("])");
        }
        ExprKind::Error => out.push_str("/* error */"),
    }
    if wrap {
        out.push(')');
    }
}

/// A number as a person would write it, readable back exactly by both dialects: `93.9B`, `2.5M`, `1500`, `0.05`,
/// `1e-12`. Programs, hints and messages all print numbers with it.
pub fn literal(x: f64) -> String {
    for (multiplier, suffix) in [(1e12, "T"), (1e9, "B"), (1e6, "M")] {
        let m = x / multiplier;
        let text = format!("{m}");
        if x.abs() >= multiplier
            && text.len() <= 7
            && text.parse::<f64>().is_ok_and(|back| back * multiplier == x)
        {
            return text + suffix;
        }
    }
    if x != 0.0 && !(1e-4..1e15).contains(&x.abs()) {
        return format!("{x:e}");
    }
    format!("{x}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Dialect, parse};

    fn show(fermi: &str) -> String {
        let (program, diags) = parse(fermi, Dialect::Fermi);
        assert!(diags.iter().all(|d| !d.is_error()), "{diags:?}");
        to_squiggle(&program)
    }

    #[test]
    fn quick_answers_print_as_a_person_would_write_them() {
        let cases = [
            ("80%", "95%", "to(0.8, 0.95)", "0.8 0.95"),
            ("2 million", "3e7", "to(2M, 30M)", "2M 30M"),
            ("1/1000", "1,500", "to(0.001, 1500)", "0.001 1500"),
            ("93.9B", "98.3 billion", "to(93.9B, 98.3B)", "93.9B 98.3B"),
        ];
        for (low, high, squiggle, fermi) in cases {
            assert_eq!(
                quick_program(low, high, Dialect::Squiggle).as_deref(),
                Some(squiggle)
            );
            assert_eq!(
                quick_program(low, high, Dialect::Fermi).as_deref(),
                Some(fermi)
            );
        }
        assert_eq!(quick_program("1,5", "3", Dialect::Squiggle), None);
    }

    #[test]
    fn prints_fermi_models_as_squiggle() {
        let cases = [
            (
                "93.9B 98.3B\n/ 150 200\n/ 357B",
                "(93.9B to 98.3B) / (150 to 200) / 357B\n",
            ),
            ("1 10\n1 10", "(1 to 10) * (1 to 10)\n"),
            ("2\n- 3\n* 4", "(2 - 3) * 4\n"),
            ("-2\n* 3", "-2 * 3\n"),
            ("2\n* (\n3\n+ 4\n)", "2 * (3 + 4)\n"),
            ("1 10\n=: Pop\n* Pop", "pop = 1 to 10\npop * pop\n"),
            ("beta 2 8", "beta(2, 8)\n"),
            (
                "1\n=. x\n2\n=. y\nmx x 1 y 3",
                "x = 1\ny = 2\nmx([x, y], [1, 3])\n",
            ),
            ("1e-12 2.5M", "1e-12 to 2.5M\n"),
            (
                "1 10\n=. beta\n2\n=. mx\n3\n=. To\nbeta 2 8\n* beta\n* mx\n* To",
                "beta_ = 1 to 10\nmx_ = 2\nto_ = 3\nbeta(2, 8) * beta_ * mx_ * to_\n",
            ),
            (
                "1\n=. b\n2\n=. c\nmx b 1 c 3",
                "b = 1\nc = 2\nmx([b, c], [1, 3])\n",
            ),
        ];
        for (fermi, squiggle) in cases {
            assert_eq!(show(fermi), squiggle, "{fermi:?}");
        }
    }

    #[test]
    fn squiggle_round_trips_through_the_printer() {
        for source in [
            "-(2^2)",
            "(-2)^2",
            "2^3^2",
            "(2^3)^2",
            "1 - (2 - 3)",
            "(1 to 2) + 3",
            "1 + (2 to 3)",
            "8 / (4 / 2)",
        ] {
            let (program, _) = parse(source, Dialect::Squiggle);
            let printed = to_squiggle(&program);
            let (again, diags) = parse(&printed, Dialect::Squiggle);
            assert!(diags.is_empty(), "{printed:?}: {diags:?}");
            assert_eq!(
                again.to_string(),
                program.to_string(),
                "{source} printed as {printed}"
            );
        }
    }
}
