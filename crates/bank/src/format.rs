//! The pack format (docs/pack-format.md) as serde types. Unknown keys are errors everywhere.

use serde::{Deserialize, Serialize};

use crate::problem::Places;

/// A loaded, validated pack: its header and every question of every file, in file order.
#[derive(Clone, Debug, PartialEq)]
pub struct Pack {
    pub info: PackInfo,
    pub questions: Vec<Question>,
}

impl Pack {
    pub fn question(&self, id: &str) -> Option<&Question> {
        self.questions.iter().find(|q| q.id == id)
    }

    /// The same pack loaded twice: the same id, version and question ids in the same order.
    pub fn same_as(&self, other: &Pack) -> bool {
        self.info.id == other.info.id
            && self.info.version == other.info.version
            && self.questions.len() == other.questions.len()
            && self
                .questions
                .iter()
                .zip(&other.questions)
                .all(|(a, b)| a.id == b.id)
    }
}

/// The `[pack]` table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PackInfo {
    pub id: String,
    pub title: String,
    pub version: u32,
    pub tier: Tier,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Licence of the questions, for packs converted from a public set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub license: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Tier {
    Open,
    Public,
    Private,
}

impl Tier {
    pub fn as_str(self) -> &'static str {
        match self {
            Tier::Open => "open",
            Tier::Public => "public",
            Tier::Private => "private",
        }
    }
}

/// A question (read key by key in `load.rs`, which lists the keys).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Question {
    pub id: String,
    pub text: String,
    pub unit: String,
    pub as_of: String,
    pub topics: Vec<Topic>,
    pub countries: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<Difficulty>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disambiguation: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explanation: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trap: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub derivation: Option<String>,
    #[serde(skip_serializing_if = "TruthSpec::is_sealed")]
    pub truth: TruthSpec,
    pub sources: Vec<Source>,
    /// The file the question came from (not part of the format; for messages).
    #[serde(skip)]
    pub file: String,
    /// Where its keys were written in that file (not part of the format; for messages).
    #[serde(skip)]
    pub places: Places,
}

/// The three kinds of ground truth.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum TruthSpec {
    /// A published figure or a pinned dataset query, in the question's unit.
    Point { value: f64 },
    /// The truth is uniform in log between the bounds.
    LogRange { low: f64, high: f64 },
    /// A Squiggle-subset program whose factors are each sourced; `fermi` is an optional twin in the fermi DSL.
    Distribution {
        program: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        fermi: Option<String>,
    },
    /// No truth in this pack: a `public`-tier pack's questions go to participants without one, and are scored
    /// with the sealed truths given to `study score --truth`. Never written in a pack.
    #[serde(skip)]
    Sealed,
}

impl TruthSpec {
    /// The `kind` value as written in a pack.
    pub fn kind(&self) -> &'static str {
        match self {
            TruthSpec::Point { .. } => "point",
            TruthSpec::LogRange { .. } => "log_range",
            TruthSpec::Distribution { .. } => "distribution",
            TruthSpec::Sealed => "sealed",
        }
    }

    pub fn is_sealed(&self) -> bool {
        *self == TruthSpec::Sealed
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Source {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub factor: Option<String>,
    pub publisher: String,
    pub title: String,
    pub url: String,
    pub tier: SourceTier,
    pub detail: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accessed: Option<String>,
}

/// A factor's uncertainty tier (docs/authoring.md § 3). Written as a string; a bare integer 0–3 is accepted too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "TierText")]
pub enum SourceTier {
    /// Negligible next to the other factors: a scalar.
    #[serde(rename = "0")]
    Negligible,
    /// Two independent sources disagree: their range is the 90% interval.
    #[serde(rename = "1")]
    TwoSources,
    /// One official source: ±5% (industrialised) or ±10% (developing).
    #[serde(rename = "2")]
    OneOfficial,
    /// One estimated or imputed source: ±15–20%.
    #[serde(rename = "3")]
    Estimated,
    /// The source itself reports a range: that range is the 90% interval.
    #[serde(rename = "range")]
    Range,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum TierText {
    Text(String),
    Number(i64),
}

impl TryFrom<TierText> for SourceTier {
    type Error = String;

    fn try_from(value: TierText) -> Result<SourceTier, String> {
        let text = match value {
            TierText::Text(text) => text,
            TierText::Number(n) => n.to_string(),
        };
        Ok(match text.as_str() {
            "0" => SourceTier::Negligible,
            "1" => SourceTier::TwoSources,
            "2" => SourceTier::OneOfficial,
            "3" => SourceTier::Estimated,
            "range" => SourceTier::Range,
            _ => {
                return Err(format!(
                    "unknown tier `{text}`, expected one of \"0\", \"1\", \"2\", \"3\", \"range\""
                ));
            }
        })
    }
}

impl SourceTier {
    pub fn as_str(self) -> &'static str {
        match self {
            SourceTier::Negligible => "0",
            SourceTier::TwoSources => "1",
            SourceTier::OneOfficial => "2",
            SourceTier::Estimated => "3",
            SourceTier::Range => "range",
        }
    }
}

macro_rules! named_enum {
    ($(#[$m:meta])* $name:ident { $($variant:ident = $text:literal),* $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum $name {
            $(#[serde(rename = $text)] $variant),*
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),*];

            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text),*
                }
            }
        }
    };
}

named_enum!(
    /// The topic list of docs/pack-format.md.
    Topic {
        Energy = "energy",
        Agriculture = "agriculture",
        Water = "water",
        Infrastructure = "infrastructure",
        Demographics = "demographics",
        Health = "health",
        Physics = "physics",
        Everyday = "everyday",
        Economy = "economy",
        Environment = "environment",
        Geography = "geography",
        Transport = "transport",
        Technology = "technology",
        Space = "space",
        Biology = "biology",
    }
);

named_enum!(Difficulty {
    Easy = "easy",
    Medium = "medium",
    Hard = "hard",
});

/// The document shape of a single-file pack, for writing one (importers).
#[derive(Serialize)]
struct PackDocument<'a> {
    pack: &'a PackInfo,
    question: &'a [Question],
}

/// Writes a pack as one TOML file that `load_pack` reads back unchanged.
pub fn to_toml(pack: &Pack) -> String {
    let doc = PackDocument {
        pack: &pack.info,
        question: &pack.questions,
    };
    // Serialising these types cannot fail: every field is a string, number, list or table.
    toml::to_string_pretty(&doc).expect("pack types serialise to TOML")
}
