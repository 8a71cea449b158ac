//! An answer as every face holds it, once: a 90% interval as typed in two boxes, or a program with its dialect.
//! What every face asks of it lives here — the program it runs as (one path: [`fermi_syntax::quick_program`]),
//! whether it is blank, and why it is not ready yet in people's words, naming the box — and so does the item's
//! clock ([`ItemClock`]). Faces (practice, study, class, the JS API and the jsPsych plugin) hold an [`Answer`]
//! and never re-model one.

mod clock;

pub use clock::{ItemClock, Now};
use fermi_num::NumberError;
pub use fermi_syntax::Dialect;
use serde::{Deserialize, Serialize};

/// The two boxes of a quick answer, as typed ("2 million", "3e7", "15%").
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bounds {
    /// The 5th percentile.
    pub low: String,
    /// The 95th percentile.
    pub high: String,
}

/// A program and the dialect it is written in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Program {
    pub dialect: Dialect,
    pub source: String,
}

/// One answer: `{"way": "quick", "low", "high"}` or `{"way": "program", "dialect", "source"}` in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "way", rename_all = "lowercase")]
pub enum Answer {
    /// A 90% interval, run as the Squiggle `to(low, high)`.
    Quick(Bounds),
    Program(Program),
}

/// The two ways of answering (the editor's tabs, a stored draft's `mode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Way {
    Quick,
    Program,
}

/// What the page puts on screen for an answer: the tab, the boxes (empty for a program), the dialect and the
/// program to run at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnScreen {
    pub way: Way,
    pub bounds: Bounds,
    pub dialect: Dialect,
    pub source: String,
}

/// A dialect switched with a program written: the dialect left, the program then, and its conversion to the new
/// one or why there is none (`fermi_syntax::convert`), which the editor offers beside the way back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Switch {
    pub from: Dialect,
    pub to: Dialect,
    pub source: String,
    pub conversion: Result<String, String>,
}

impl Switch {
    /// The offer a switch from `from` to `to` makes over `source`: none without a switch or a program.
    pub fn offer(source: &str, from: Dialect, to: Dialect) -> Option<Switch> {
        (from != to && !source.trim().is_empty()).then(|| Switch {
            from,
            to,
            source: source.to_string(),
            conversion: fermi_syntax::convert(source, from, to),
        })
    }

    /// Whether the offer still stands over the program `now`: any change to it (typing, another question, a share
    /// link) retires the offer.
    pub fn stands(&self, now: &str) -> bool {
        self.source == now
    }

    /// What the offer says before its buttons: the dialect the program is in, or why it has no conversion.
    pub fn words(&self) -> String {
        match &self.conversion {
            Ok(_) => format!("Your program is written in {}. ", self.from.name()),
            Err(why) => format!("{why} "),
        }
    }
}

/// One box of a quick answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Bound {
    Low,
    High,
}

impl Bound {
    fn name(self) -> &'static str {
        match self {
            Bound::Low => "low",
            Bound::High => "high",
        }
    }
}

/// Why an answer cannot be run yet. [`NotReady::message`] says it in people's words; [`NotReady::bound`] names
/// the box to mark.
#[derive(Clone, Debug, PartialEq)]
pub enum NotReady {
    /// Both boxes empty.
    BlankBounds,
    /// No program written.
    BlankProgram,
    /// One box empty.
    Missing(Bound),
    /// A box that does not read as a number.
    Unreadable(Bound, NumberError),
    /// A bound at or below zero (a 90% interval here is a lognormal: the quantity is positive).
    NotPositive(Bound, String),
    /// The same number in both boxes.
    Point(String),
    /// The low bound above the high one (the texts as typed).
    Swapped { low: String, high: String },
}

impl NotReady {
    /// What to do, in a sentence.
    pub fn message(&self) -> String {
        match self {
            NotReady::BlankBounds => "Enter a low and a high number.".into(),
            NotReady::BlankProgram => "Write your estimate as a program.".into(),
            NotReady::Missing(Bound::Low) => "Enter a low number too (the 5th percentile).".into(),
            NotReady::Missing(Bound::High) => {
                "Enter a high number too (the 95th percentile).".into()
            }
            NotReady::Unreadable(bound, e) => format!("The {} box: {}", bound.name(), e.message()),
            NotReady::NotPositive(bound, text) => format!(
                "The {} bound is {text}: both bounds must be above 0 (a 90% interval here is for a quantity that \
                 is always positive).",
                bound.name()
            ),
            NotReady::Point(text) => format!(
                "Low and high are both {text}: a 90% interval needs the high bound above the low one. Widen it to \
                 what you are 90% sure of."
            ),
            NotReady::Swapped { low, high } => {
                format!("The low bound ({low}) is above the high one ({high}): swap them?")
            }
        }
    }

    /// The box the problem is in, when it is in one box.
    pub fn bound(&self) -> Option<Bound> {
        match self {
            NotReady::Missing(b) | NotReady::Unreadable(b, _) | NotReady::NotPositive(b, _) => {
                Some(*b)
            }
            NotReady::BlankBounds
            | NotReady::BlankProgram
            | NotReady::Point(_)
            | NotReady::Swapped { .. } => None,
        }
    }
}

impl std::fmt::Display for NotReady {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message())
    }
}

impl Bounds {
    pub fn new(low: impl Into<String>, high: impl Into<String>) -> Bounds {
        Bounds {
            low: low.into(),
            high: high.into(),
        }
    }

    pub fn is_blank(&self) -> bool {
        self.low.trim().is_empty() && self.high.trim().is_empty()
    }

    /// The two numbers, checked: both there, numbers, positive, and low below high.
    pub fn read(&self) -> Result<(f64, f64), NotReady> {
        if self.is_blank() {
            return Err(NotReady::BlankBounds);
        }
        let one = |text: &str, bound: Bound| {
            let x = fermi_num::read_number(text).map_err(|e| match e {
                NumberError::Empty => NotReady::Missing(bound),
                e => NotReady::Unreadable(bound, e),
            })?;
            if x > 0.0 {
                Ok(x)
            } else {
                Err(NotReady::NotPositive(bound, text.trim().to_string()))
            }
        };
        let low = one(&self.low, Bound::Low)?;
        let high = one(&self.high, Bound::High)?;
        if low == high {
            return Err(NotReady::Point(self.low.trim().to_string()));
        }
        if low > high {
            return Err(NotReady::Swapped {
                low: self.low.trim().to_string(),
                high: self.high.trim().to_string(),
            });
        }
        Ok((low, high))
    }

    /// The program the boxes write into the editor as they are typed, in `dialect`: none while both are empty
    /// (a program written in the editor stays), and an empty one while they are not ready yet (the core's reason
    /// shows instead, no `to` jargon).
    pub fn typed_program(&self, dialect: Dialect) -> Option<String> {
        (!self.is_blank()).then(|| self.program(dialect).unwrap_or_default())
    }

    /// The program a quick answer runs as, in `dialect` (`to(2M, 30M)`, or fermi's `2M 30M`).
    pub fn program(&self, dialect: Dialect) -> Result<String, NotReady> {
        self.read()?;
        // `read` accepted both numbers, so the printer does too.
        fermi_syntax::quick_program(&self.low, &self.high, dialect).ok_or(NotReady::BlankBounds)
    }
}

impl Program {
    pub fn new(dialect: Dialect, source: impl Into<String>) -> Program {
        Program {
            dialect,
            source: source.into(),
        }
    }
}

impl Answer {
    /// A quick answer of two boxes as typed.
    pub fn quick(low: impl Into<String>, high: impl Into<String>) -> Answer {
        Answer::Quick(Bounds::new(low, high))
    }

    /// A program in `dialect`.
    pub fn written(dialect: Dialect, source: impl Into<String>) -> Answer {
        Answer::Program(Program::new(dialect, source))
    }

    /// An empty answer of the same way (and dialect).
    pub fn cleared(&self) -> Answer {
        match self {
            Answer::Quick(_) => Answer::Quick(Bounds::default()),
            Answer::Program(p) => Answer::written(p.dialect, ""),
        }
    }

    /// Nothing typed.
    pub fn is_blank(&self) -> bool {
        match self {
            Answer::Quick(b) => b.is_blank(),
            Answer::Program(p) => p.source.trim().is_empty(),
        }
    }

    /// The program it runs as: a quick answer's Squiggle `to(low, high)` (what a record keeps), or the program as
    /// written. `Err` says why it cannot run yet; a program's own errors are the evaluator's to find.
    pub fn program(&self) -> Result<Program, NotReady> {
        match self {
            Answer::Quick(b) => Ok(Program::new(
                Dialect::Squiggle,
                b.program(Dialect::Squiggle)?,
            )),
            Answer::Program(p) if p.source.trim().is_empty() => Err(NotReady::BlankProgram),
            Answer::Program(p) => Ok(p.clone()),
        }
    }

    /// The dialect it runs in.
    pub fn dialect(&self) -> Dialect {
        match self {
            Answer::Quick(_) => Dialect::Squiggle,
            Answer::Program(p) => p.dialect,
        }
    }

    /// Its way of answering.
    pub fn way(&self) -> Way {
        match self {
            Answer::Quick(_) => Way::Quick,
            Answer::Program(_) => Way::Program,
        }
    }

    /// What the page shows of it with `dialect` in use: a quick answer's boxes and its program in that dialect
    /// (none while not ready), or a program with its own dialect and empty boxes.
    pub fn on_screen(&self, dialect: Dialect) -> OnScreen {
        match self {
            Answer::Quick(b) => OnScreen {
                way: Way::Quick,
                bounds: b.clone(),
                dialect,
                source: b.program(dialect).unwrap_or_default(),
            },
            Answer::Program(p) => OnScreen {
                way: Way::Program,
                bounds: Bounds::default(),
                dialect: p.dialect,
                source: p.source.clone(),
            },
        }
    }

    /// A quick answer's boxes.
    pub fn bounds(&self) -> Option<&Bounds> {
        match self {
            Answer::Quick(b) => Some(b),
            Answer::Program(_) => None,
        }
    }
}
