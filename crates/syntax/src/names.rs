//! Name checks shared by both dialects: undefined names (errors), unused and shadowed variables (warnings).

use std::collections::HashMap;

use crate::ast::{Expr, ExprKind, Program};
use crate::{Diagnostic, Dialect, Span};

struct Binding {
    span: Span,
    used: bool,
}

pub fn check(program: &Program, dialect: Dialect, diags: &mut Vec<Diagnostic>) {
    let mut scope: HashMap<&str, Binding> = HashMap::new();
    // Typo suggestions cost time per known name; a few are enough for any real program.
    let mut suggestions_left = 20;
    let assigned_later = |name: &str, after: usize| {
        program.statements[after..]
            .iter()
            .any(|s| s.target.as_ref().is_some_and(|t| t.text == name))
    };
    for (i, stmt) in program.statements.iter().enumerate() {
        visit_vars(&stmt.value, &mut |name, span| match scope.get_mut(name) {
            Some(b) => b.used = true,
            None => {
                let hint = if assigned_later(name, i) {
                    match dialect {
                        Dialect::Squiggle => format!(
                            "`{name}` is assigned further down; move that line above this one"
                        ),
                        Dialect::Fermi => format!(
                            "`{name}` is stored further down; compute and store it before this line"
                        ),
                    }
                } else {
                    let known: Vec<&str> = if suggestions_left > 0 {
                        scope.keys().copied().collect()
                    } else {
                        Vec::new()
                    };
                    suggestions_left -= usize::from(suggestions_left > 0);
                    match closest(name, &known) {
                        Some(k) => format!("did you mean `{k}`?"),
                        None => match dialect {
                            Dialect::Squiggle => {
                                format!("assign it first on its own line: `{name} = …`")
                            }
                            Dialect::Fermi => format!(
                                "store a value in it first: a line `=: {name}` (or `=. {name}`)"
                            ),
                        },
                    }
                };
                diags.push(
                    Diagnostic::error(span, format!("`{name}` is not defined")).with_hint(hint),
                );
            }
        });
        if let Some(target) = &stmt.target {
            let earlier = scope.insert(
                &target.text,
                Binding {
                    span: target.span,
                    used: false,
                },
            );
            if let Some(earlier) = earlier {
                if !earlier.used {
                    diags.push(unused(&target.text, earlier.span));
                }
                diags.push(
                    Diagnostic::warning(target.span, format!("`{}` is assigned again and shadows its earlier value", target.text))
                        .with_hint("later lines see only the new value; use a new name for a different quantity"),
                );
            }
        }
    }
    let mut unused_now: Vec<_> = scope.into_iter().filter(|(_, b)| !b.used).collect();
    unused_now.sort_by_key(|(_, b)| b.span.start);
    diags.extend(unused_now.into_iter().map(|(name, b)| unused(name, b.span)));
}

fn unused(name: &str, span: Span) -> Diagnostic {
    Diagnostic::warning(span, format!("`{name}` is never used"))
        .with_hint("use it in the estimate, or remove the line")
}

fn visit_vars<'e>(expr: &'e Expr, f: &mut impl FnMut(&'e str, Span)) {
    if let ExprKind::Var(name) = &expr.kind {
        f(name, expr.span);
    }
    for child in expr.children() {
        visit_vars(child, f);
    }
}

/// A known name within edit distance 2 (typos), if any.
fn closest<'k>(name: &str, known: &[&'k str]) -> Option<&'k str> {
    const LONGEST: usize = 40;
    if name.len() > LONGEST {
        return None;
    }
    known
        .iter()
        .filter(|k| k.len() <= LONGEST)
        .map(|k| (edit_distance(name, k), *k))
        .filter(|&(d, k)| d <= 2 && d < k.chars().count())
        .min()
        .map(|(_, k)| k)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (prev + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            prev = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}
