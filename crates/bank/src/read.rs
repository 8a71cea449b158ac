//! Reading a parsed TOML table key by key, so that one wrong key never hides the problems of the others: every
//! key is deserialised on its own, and unknown, missing and mistyped keys are each a problem at their span.

use fermi_syntax::Span;
use serde::de::DeserializeOwned;
use toml::Spanned;
use toml::de::{DeString, DeValue, ValueDeserializer};

use crate::problem::{Places, Problem};

pub(crate) fn span(range: std::ops::Range<usize>) -> Span {
    Span::new(range.start, range.end)
}

/// `prefix.key`, or `key` at the top.
pub(crate) fn join(prefix: &str, key: &str) -> String {
    if prefix.is_empty() {
        key.to_string()
    } else {
        format!("{prefix}.{key}")
    }
}

/// Where in `value` the part at `wrong` lies, as `a.b[2].c` (`.` for `value` itself): the deepest key, or key or
/// index whose value spans it. Searched through the whole tree, since a table opened by a `[header]` spans only
/// its header. One walk over the parsed tree, where a path-tracking deserialiser would be compiled again for every
/// type read (5% of the app's code).
pub fn path_to(value: &Spanned<DeValue<'_>>, wrong: &std::ops::Range<usize>) -> String {
    fn holds(span: std::ops::Range<usize>, wrong: &std::ops::Range<usize>) -> bool {
        span.start <= wrong.start && wrong.end <= span.end
    }
    fn search(value: &Spanned<DeValue<'_>>, wrong: &std::ops::Range<usize>) -> Option<String> {
        let step = |segment: String, v: &Spanned<DeValue<'_>>, at_key: bool| {
            if at_key {
                return Some(segment);
            }
            match search(v, wrong) {
                Some(rest) if rest.starts_with('[') => Some(format!("{segment}{rest}")),
                Some(rest) => Some(format!("{segment}.{rest}")),
                None => holds(v.span(), wrong).then_some(segment),
            }
        };
        match value.get_ref() {
            DeValue::Table(table) => table
                .iter()
                .find_map(|(k, v)| step(k.get_ref().to_string(), v, holds(k.span(), wrong))),
            DeValue::Array(items) => items
                .iter()
                .enumerate()
                .find_map(|(i, v)| step(format!("[{i}]"), v, false)),
            _ => None,
        }
    }
    search(value, wrong).unwrap_or_else(|| ".".into())
}

/// The keys of one table, taken one at a time; problems go to `problems`, named by `prefix` and question id.
pub(crate) struct Reader<'t, 'p> {
    file: &'t str,
    pub question: Option<String>,
    prefix: String,
    span: Span,
    entries: Vec<(Spanned<DeString<'t>>, Spanned<DeValue<'t>>)>,
    pub problems: &'p mut Vec<Problem>,
}

impl<'t, 'p> Reader<'t, 'p> {
    /// A reader over `value` if it is a table; otherwise the problem is listed and `None` returned.
    pub fn new(
        file: &'t str,
        question: Option<String>,
        prefix: &str,
        value: Spanned<DeValue<'t>>,
        problems: &'p mut Vec<Problem>,
    ) -> Option<Reader<'t, 'p>> {
        let at = span(value.span());
        match value.into_inner() {
            DeValue::Table(table) => Some(Reader {
                file,
                question,
                prefix: prefix.to_string(),
                span: at,
                entries: table.into_iter().collect(),
                problems,
            }),
            other => {
                problems.push(
                    Problem::new(
                        file,
                        Some(at),
                        format!("must be a table, not {}", other.type_str()),
                    )
                    .question(question.as_deref())
                    .field(prefix),
                );
                None
            }
        }
    }

    /// Lists a problem at `at` for `key` (relative to this table; `""` for the table itself).
    pub fn say(&mut self, key: &str, at: Span, message: impl Into<String>) {
        let problem = Problem::new(self.file, Some(at), message)
            .question(self.question.as_deref())
            .field(join(&self.prefix, key));
        self.problems.push(problem);
    }

    /// The raw value of `key`, if written.
    fn take_raw(&mut self, key: &str) -> Option<Spanned<DeValue<'t>>> {
        let i = self.entries.iter().position(|(k, _)| k.get_ref() == key)?;
        Some(self.entries.remove(i).1)
    }

    /// `key`'s value deserialised, with its span; `None` when absent (a problem if `required`) or mistyped.
    pub fn get<T: DeserializeOwned>(&mut self, key: &str, required: bool) -> Option<(T, Span)> {
        let Some(value) = self.take_raw(key) else {
            if required {
                let at = self.span;
                self.say("", at, format!("missing field `{key}`"));
            }
            return None;
        };
        self.value(key, value)
    }

    /// One value deserialised; a mistyped one is a problem at its span (or at the part that is wrong).
    fn value<T: DeserializeOwned>(
        &mut self,
        key: &str,
        value: Spanned<DeValue<'t>>,
    ) -> Option<(T, Span)> {
        let at = span(value.span());
        // A copy to name the wrong part by: the deserialiser's errors carry a span, not a path.
        let copy = value.clone();
        match T::deserialize(ValueDeserializer::from(value)) {
            Ok(v) => Some((v, at)),
            Err(e) => {
                let inner_path = e.span().map_or(".".into(), |wrong| path_to(&copy, &wrong));
                let path = if inner_path == "." {
                    key.to_string()
                } else {
                    format!("{key}.{inner_path}")
                };
                let at = e.span().map_or(at, span);
                self.say(&path, at, e.message().trim_end());
                None
            }
        }
    }

    /// A list whose items are read one by one: the good items with their spans, each bad one a problem.
    pub fn list<T: DeserializeOwned>(&mut self, key: &str) -> Option<Vec<(T, Span)>> {
        let items = self.array(key, true)?;
        Some(
            items
                .into_iter()
                .enumerate()
                .filter_map(|(i, item)| self.value(&format!("{key}[{i}]"), item))
                .collect(),
        )
    }

    /// The items of an array (`None` when absent or not an array, each listed if a problem).
    pub fn array(&mut self, key: &str, required: bool) -> Option<Vec<Spanned<DeValue<'t>>>> {
        let Some(value) = self.take_raw(key) else {
            if required {
                let at = self.span;
                self.say("", at, format!("missing field `{key}`"));
            }
            return None;
        };
        let at = span(value.span());
        match value.into_inner() {
            DeValue::Array(items) => Some(items.into_iter().collect()),
            other => {
                self.say(
                    key,
                    at,
                    format!("must be an array, not {}", other.type_str()),
                );
                None
            }
        }
    }

    /// Lists every key not taken as unknown, naming the allowed ones.
    pub fn finish(mut self, allowed: &[&str]) {
        let expected = allowed
            .iter()
            .map(|k| format!("`{k}`"))
            .collect::<Vec<_>>()
            .join(", ");
        for (key, _) in std::mem::take(&mut self.entries) {
            let name = key.get_ref().to_string();
            self.say(
                &name,
                span(key.span()),
                format!("unknown field `{name}`, expected one of {expected}"),
            );
        }
    }
}

/// Records where every key path under `value` was written in `text` (see [`Places`]).
pub(crate) fn places(text: &str, value: &Spanned<DeValue<'_>>) -> Places {
    fn walk(
        text: &str,
        path: String,
        value: &Spanned<DeValue<'_>>,
        out: &mut Vec<(String, Span, Option<u32>)>,
    ) {
        let at = span(value.span());
        let start = value
            .get_ref()
            .as_str()
            .and_then(|s| verbatim_start(text, at, s))
            .map(|start| start as u32);
        out.push((path.clone(), at, start));
        match value.get_ref() {
            DeValue::Table(table) => {
                for (key, v) in table {
                    walk(text, join(&path, key.get_ref()), v, out);
                }
            }
            DeValue::Array(items) => {
                for (i, v) in items.iter().enumerate() {
                    walk(text, format!("{path}[{i}]"), v, out);
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(text, String::new(), value, &mut out);
    Places(out)
}

/// Where the text of a string value starts in the file, when the file writes it verbatim (a literal string, or a
/// basic one without escapes): then a byte offset into the value is the same offset from there. `None` otherwise.
fn verbatim_start(text: &str, at: Span, value: &str) -> Option<usize> {
    let raw = text.get(at.range())?;
    for quote in ["\"\"\"", "'''", "\"", "'"] {
        if let Some(inner) = raw.strip_prefix(quote).and_then(|r| r.strip_suffix(quote)) {
            // A multi-line string drops the newline right after its opening quotes.
            let skip = if quote.len() == 3 {
                ["\r\n", "\n"]
                    .iter()
                    .find(|nl| inner.starts_with(**nl))
                    .map_or(0, |nl| nl.len())
            } else {
                0
            };
            return (&inner[skip..] == value).then_some(at.start as usize + quote.len() + skip);
        }
    }
    None
}
