//! Share links: question, program, dialect, seed and sample count in the URL fragment, compressed. Decoding
//! checks everything, so a malformed or hostile link becomes a notice.

use fermi_syntax::Dialect;
use serde::{Deserialize, Serialize};

use std::collections::BTreeMap;

use crate::Program;
use crate::saved::{Draft, MAX_SAMPLES, MIN_SAMPLES};

/// The fragment's prefix (its version: a future format gets a new one).
pub const PREFIX: &str = "#s1=";
/// Longest fragment decoded (a program is at most 64 KiB; links that long are not shared by hand).
const MAX_FRAGMENT: usize = 32 * 1024;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shared {
    pub question: String,
    pub source: String,
    pub dialect: Dialect,
    pub seed: u64,
    pub samples: usize,
}

pub fn encode(link: &Shared) -> String {
    let json = serde_json::to_string(link).unwrap_or_default();
    format!(
        "{PREFIX}{}",
        lz_str::compress_to_encoded_uri_component(json.as_str())
    )
}

impl Shared {
    /// The link to `question` with its program exactly as run.
    pub fn of(question: &str, program: Program) -> Shared {
        Shared {
            question: question.to_string(),
            source: program.source,
            dialect: program.dialect,
            seed: program.seed,
            samples: program.samples,
        }
    }

    /// The shared program exactly as it was run.
    pub fn program(&self) -> Program {
        Program::new(self.source.clone(), self.dialect, self.seed, self.samples)
    }

    /// Whether `draft` holds an answer of its own other than this one (opening the link would replace it).
    pub fn differs_from(&self, draft: &Draft) -> bool {
        let runs_as = draft.answer.program().ok().map(|p| p.source);
        !draft.answer.is_blank() && runs_as.as_ref() != Some(&self.source)
    }
}

/// `Ok(None)` for a fragment that is not a share link at all.
pub fn decode(fragment: &str) -> Result<Option<Shared>, String> {
    let Some(body) = fragment.strip_prefix(PREFIX) else {
        return Ok(None);
    };
    let bad =
        |why: &str| format!("This share link is damaged ({why}); the page opened without it.");
    if body.len() > MAX_FRAGMENT {
        return Err(bad("it is too long"));
    }
    let wide = lz_str::decompress_from_encoded_uri_component(body)
        .ok_or_else(|| bad("it does not decompress"))?;
    let json = String::from_utf16(&wide).map_err(|_| bad("it is not text"))?;
    let link: Shared = serde_json::from_str(&json).map_err(|_| bad("its fields are wrong"))?;
    if link.source.len() > fermi_syntax::MAX_SOURCE_BYTES {
        return Err(bad("its program is too long"));
    }
    if !(MIN_SAMPLES..=MAX_SAMPLES).contains(&link.samples) {
        return Err(bad("its sample count is out of range"));
    }
    Ok(Some(link))
}

/// What the page does with its address's fragment, at start or when a link is pasted into the open tab.
#[derive(Clone, Debug, PartialEq)]
pub enum Arrival {
    /// Not a share link.
    Nothing,
    /// A damaged link, or one naming a question the built-in pack lacks: the notice to show.
    Refused(String),
    /// Open its question and put the shared estimate in.
    Apply(Shared),
    /// Open its question and ask first: its draft holds another answer, which the estimate would replace.
    Ask(Shared),
}

impl Arrival {
    /// `fragment` read; `known` says whether the built-in pack has a question, `drafts` are the page's.
    pub fn of(
        fragment: &str,
        known: impl Fn(&str) -> bool,
        drafts: &BTreeMap<String, Draft>,
    ) -> Arrival {
        let link = match decode(fragment) {
            Ok(Some(link)) => link,
            Ok(None) => return Arrival::Nothing,
            Err(notice) => return Arrival::Refused(notice),
        };
        if !known(&link.question) {
            return Arrival::Refused(format!(
                "This share link names a question that is not in the built-in pack ({}).",
                link.question.chars().take(80).collect::<String>()
            ));
        }
        match drafts.get(&link.question) {
            Some(draft) if link.differs_from(draft) => Arrival::Ask(link),
            _ => Arrival::Apply(link),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fermi_answer::Answer;

    fn link() -> Shared {
        Shared {
            question: "germany-coal-to-solar-area".into(),
            source: "coal = to(93.9e9, 98.3e9)\n<script>alert(1)</script>".into(),
            dialect: Dialect::Squiggle,
            seed: u64::MAX,
            samples: 250_000,
        }
    }

    #[test]
    fn a_link_round_trips() {
        let encoded = encode(&link());
        assert!(encoded.starts_with(PREFIX));
        assert!(
            encoded[PREFIX.len()..]
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-$".contains(c)),
            "{encoded}"
        );
        assert_eq!(decode(&encoded), Ok(Some(link())));
    }

    /// A link waits for the user's choice only over a draft with an answer of its own.
    #[test]
    fn a_link_differs_only_from_a_written_draft_of_another_answer() {
        let draft = |answer: Answer| Draft { answer };
        let l = link();
        assert!(!l.differs_from(&Draft::default()));
        assert!(!l.differs_from(&draft(Answer::quick(" ", ""))));
        assert!(!l.differs_from(&draft(Answer::written(l.dialect, "  "))));
        assert!(!l.differs_from(&draft(Answer::written(l.dialect, l.source.clone()))));
        assert!(l.differs_from(&draft(Answer::written(l.dialect, "to(1, 2)"))));
        assert!(l.differs_from(&draft(Answer::quick("5", ""))));
    }

    /// A fragment → what the page does: nothing, a notice, the estimate put in, or the choice asked for.
    #[test]
    fn a_link_arrives_applied_asked_or_refused() {
        let l = link();
        let drafts = |answer: Option<Answer>| {
            answer
                .map(|answer| (l.question.clone(), Draft { answer }))
                .into_iter()
                .collect::<BTreeMap<_, _>>()
        };
        let unknown = Shared {
            question: "x".repeat(100),
            ..link()
        };
        let cases = [
            ("#top".to_string(), None, Arrival::Nothing),
            (encode(&l), None, Arrival::Apply(l.clone())),
            (
                encode(&l),
                Some(Answer::written(l.dialect, l.source.clone())),
                Arrival::Apply(l.clone()),
            ),
            (
                encode(&l),
                Some(Answer::quick("2", "30")),
                Arrival::Ask(l.clone()),
            ),
            (
                encode(&unknown),
                None,
                Arrival::Refused(format!(
                    "This share link names a question that is not in the built-in pack ({}).",
                    "x".repeat(80)
                )),
            ),
        ];
        for (fragment, draft, want) in cases {
            let got = Arrival::of(&fragment, |id| id == l.question, &drafts(draft));
            assert_eq!(got, want, "{fragment}");
        }
        let damaged = Arrival::of(&format!("{PREFIX}%%"), |_| true, &BTreeMap::new());
        assert!(matches!(damaged, Arrival::Refused(n) if n.contains("damaged")));
        let program = Program {
            source: l.source.clone(),
            dialect: l.dialect,
            seed: l.seed,
            samples: l.samples,
        };
        assert_eq!(l.program(), program);
        assert_eq!(Shared::of(&l.question, program), l);
    }

    #[test]
    fn other_fragments_are_not_links() {
        assert_eq!(decode(""), Ok(None));
        assert_eq!(decode("#top"), Ok(None));
    }

    #[test]
    fn hostile_links_are_refused_with_a_notice() {
        let with = |edit: &dyn Fn(&mut Shared)| {
            let mut l = link();
            edit(&mut l);
            encode(&l)
        };
        let cases = [
            format!("{PREFIX}%%%%"),
            format!("{PREFIX}{}", "A".repeat(40_000)),
            format!(
                "{PREFIX}{}",
                lz_str::compress_to_encoded_uri_component("{\"question\": 1}")
            ),
            format!(
                "{PREFIX}{}",
                lz_str::compress_to_encoded_uri_component("not json")
            ),
            with(&|l| l.samples = 0),
            with(&|l| l.samples = 10_000_001),
            with(&|l| l.source = "1".repeat(70_000)),
        ];
        for case in &cases {
            let notice = decode(case).expect_err(case);
            assert!(notice.contains("damaged"), "{notice}");
        }
    }
}
