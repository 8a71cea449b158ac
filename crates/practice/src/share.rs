//! Share links: question, program, dialect, seed and sample count in the URL fragment, compressed. Decoding
//! checks everything, so a malformed or hostile link becomes a notice.

use fermi_syntax::Dialect;
use serde::{Deserialize, Serialize};

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
