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
    /// Which rule sets the truth's width (docs/authoring.md § 3); `None` when the pack does not say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub width: Option<Width>,
    /// Why no primary source exists, when none is cited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_primary_source: Option<String>,
    #[serde(skip_serializing_if = "TruthSpec::is_sealed")]
    pub truth: TruthSpec,
    pub sources: Vec<Source>,
    /// `[[question.factor]]`: the reference factors' units, and for a point or log-range truth their values.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub factor: Vec<ReferenceFactor>,
    /// `[question.reference]`: the program combining a point or log-range truth's reference factors.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference: Option<ReferenceProgram>,
    /// `[[question.trap_value]]`: values a careless estimate reaches for.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trap_value: Vec<TrapValue>,
    /// The file the question came from (not part of the format; for messages).
    #[serde(skip)]
    pub file: String,
    /// Where its keys were written in that file (not part of the format; for messages).
    #[serde(skip)]
    pub places: Places,
}

/// A named reference factor (docs/pack-format.md, "Reference decompositions"). For a distribution truth it names
/// a variable of the program and gives its unit; for a point or log-range truth it also gives the value
/// (`value`, or a 90% interval `low`–`high`), sourced by a `[[question.sources]]` with `factor = name`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReferenceFactor {
    pub name: String,
    pub unit: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub low: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub high: Option<f64>,
}

/// The program that combines a point or log-range truth's reference factors (read as variables) into the truth.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReferenceProgram {
    pub program: String,
}

/// A value a careless estimate reaches for (a stale figure, a legal threshold, a gross amount): when the answer's
/// `factor` (or, without one, its result) sits within `tolerance` (a fraction: 0.1 is ±10%) of `value`,
/// feedback says `says`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrapValue {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub factor: Option<String>,
    pub value: f64,
    pub tolerance: f64,
    pub says: String,
}

impl Question {
    /// A question with only its id and truth, the rest empty: importers and the JS API fill in what they have
    /// with `Question { text, .., ..Question::new(id, truth) }`.
    pub fn new(id: String, truth: TruthSpec) -> Question {
        Question {
            id,
            text: String::new(),
            unit: String::new(),
            as_of: String::new(),
            topics: Vec::new(),
            countries: Vec::new(),
            difficulty: None,
            disambiguation: None,
            explanation: None,
            trap: None,
            derivation: None,
            width: None,
            no_primary_source: None,
            truth,
            sources: Vec::new(),
            factor: Vec::new(),
            reference: None,
            trap_value: Vec::new(),
            file: String::new(),
            places: Places::default(),
        }
    }

    /// The question as a page has it before the reveal: without its explanation, trap, derivation, sources,
    /// reference factors and program, trap values and `no_primary_source` (what the web app's first bank part
    /// leaves out, `scripts/bank-data.mjs`; `tests/builtin.rs` checks the two agree).
    pub fn before_reveal(&self) -> Question {
        Question {
            explanation: None,
            trap: None,
            derivation: None,
            no_primary_source: None,
            sources: Vec::new(),
            factor: Vec::new(),
            reference: None,
            trap_value: Vec::new(),
            ..self.clone()
        }
    }

    /// The question's reference decomposition as one Squiggle program: a distribution truth's program, or the
    /// reference factors (`name = value` or `name = to(low, high)`, one line each) followed by the
    /// `[question.reference]` program. `None` when the question has neither.
    pub fn reference_program(&self) -> Option<String> {
        if let TruthSpec::Distribution { program, .. } = &self.truth {
            return Some(program.clone());
        }
        let combine = &self.reference.as_ref()?.program;
        let mut text = String::new();
        for f in &self.factor {
            let value = match (f.value, f.low, f.high) {
                (Some(v), _, _) => fermi_syntax::literal(v),
                (None, Some(lo), Some(hi)) => {
                    format!(
                        "to({}, {})",
                        fermi_syntax::literal(lo),
                        fermi_syntax::literal(hi)
                    )
                }
                _ => continue,
            };
            text.push_str(&format!("{} = {value}\n", f.name));
        }
        text.push_str(combine);
        Some(text)
    }

    /// The unit a reference factor is given in, if the pack says.
    pub fn factor_unit(&self, name: &str) -> Option<&str> {
        self.factor
            .iter()
            .find(|f| f.name == name)
            .map(|f| f.unit.as_str())
    }
}

impl Question {
    /// Whether the question cites a primary source (`kind = "primary"`) or states why none exists.
    pub fn has_primary_source(&self) -> bool {
        self.no_primary_source.is_some()
            || self
                .sources
                .iter()
                .any(|s| s.kind == Some(SourceKind::Primary))
    }

    /// The keys this question carries that lead to its truth (the worked answer, the trap, the sources quoting the
    /// figure, reference factors with values, trap values): none may reach a participant of a public-tier study.
    pub fn revealing(&self) -> Vec<&'static str> {
        [
            ("explanation", self.explanation.is_some()),
            ("derivation", self.derivation.is_some()),
            ("trap", self.trap.is_some()),
            ("no_primary_source", self.no_primary_source.is_some()),
            ("sources", !self.sources.is_empty()),
            ("factor", !self.factor.is_empty()),
            ("reference", self.reference.is_some()),
            ("trap_value", !self.trap_value.is_empty()),
        ]
        .into_iter()
        .filter(|(_, carried)| *carried)
        .map(|(key, _)| key)
        .collect()
    }
}

/// The rule a truth's width follows (spec: "Width follows the question").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Width {
    /// The question pins a reported figure: the answer is that figure, a point or the interval its rounding leaves.
    Pinned,
    /// The question asks for the quantity in the world: each factor's interval follows the tier rule.
    World,
}

impl Width {
    pub fn as_str(self) -> &'static str {
        match self {
            Width::Pinned => "pinned",
            Width::World => "world",
        }
    }
}

/// Who produced a source's figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SourceKind {
    /// The producer of the figure: the paper (with its DOI), the statistics office's release, the filing, the
    /// agency's dataset.
    Primary,
    /// A report of someone else's figure: news, an aggregator, a repost.
    Secondary,
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
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<SourceKind>,
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
    /// A reported figure that the question pins: exact, or the interval its last printed digit leaves.
    #[serde(rename = "rounding")]
    Rounding,
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
            "rounding" => SourceTier::Rounding,
            _ => {
                return Err(format!(
                    "unknown tier `{text}`, expected one of \"0\", \"1\", \"2\", \"3\", \"range\", \"rounding\""
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
            SourceTier::Rounding => "rounding",
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
