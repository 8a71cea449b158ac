//! Five guided lessons: each is one screen with a title, a two-line point, a paragraph a teacher can read aloud,
//! the few terms it uses (one line each), and a live widget: one or two sliders and the lines they change. Every
//! line's words and numbers are made here from the lab's rules, for the belief the lab holds.

use fermi_num::format_readable;
use serde::Serialize;

use super::{Belief, Report, Rule, cramer_log_parts, decades_to_ln, format_value, ln_to_decades};

/// How a slider's steps map to values.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Scale {
    /// Evenly spaced from `min` to `max`.
    Linear { min: f64, max: f64 },
    /// Evenly spaced on a log scale from `min` to `max` (both > 0).
    Log { min: f64, max: f64 },
}

/// What a slider sets, which decides how its value is described.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Quantity {
    /// A width factor on the belief (0: a single number).
    Width,
    /// A shift in decades.
    Shift,
    /// A factor by which something is too large or too small.
    Factor,
}

/// One slider of a lesson's widget.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Control {
    /// Appended to the slider's test hook: `lab-lesson-slider-{key}`.
    pub key: &'static str,
    pub label: &'static str,
    pub quantity: Quantity,
    pub scale: Scale,
    /// The slider runs over steps `0..=steps`.
    pub steps: usize,
    /// The step it starts at.
    pub start: usize,
}

impl Control {
    /// The value at `step` (clamped to the slider's end).
    pub fn value(&self, step: usize) -> f64 {
        let t = step.min(self.steps) as f64 / self.steps.max(1) as f64;
        match self.scale {
            Scale::Linear { min, max } => min + (max - min) * t,
            Scale::Log { min, max } => libm::exp(libm::log(min) * (1.0 - t) + libm::log(max) * t),
        }
    }

    /// The value at `step` in words, e.g. "×0.50 your belief's width", "a single number", "−0.50 decades", "×10".
    pub fn describe(&self, step: usize) -> String {
        let v = self.value(step);
        match self.quantity {
            Quantity::Width if v == 0.0 => "a single number (no range)".into(),
            Quantity::Width => format!("×{v:.2} your belief's width"),
            Quantity::Shift => format!("{} decades", signed(v)),
            Quantity::Factor => format!("×{}", format_readable(v)),
        }
    }
}

/// One line of a lesson's widget: a label, a value and a short note; `flag` marks the line the lesson is about
/// at this slider position (an infinite score, a rule that rewards the wrong thing, a cost).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Line {
    pub label: String,
    pub value: String,
    pub note: String,
    pub flag: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
enum Topic {
    PointIsNotForecast,
    OverVersusUnder,
    Hedging,
    BiasAndSharpness,
    LogSpace,
}

/// One lesson.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Lesson {
    pub number: usize,
    pub title: &'static str,
    /// The point, in two lines.
    pub point: [&'static str; 2],
    /// What the teacher says while moving the slider.
    pub read_aloud: &'static str,
    /// The terms the lesson uses, each with a one-line definition.
    pub terms: &'static [(&'static str, &'static str)],
    /// The rules its lines show (each defined in [`Lesson::glossary`] by the rule table's `measures`).
    pub rules: &'static [Rule],
    pub controls: &'static [Control],
    topic: Topic,
}

const WIDTH_FROM_POINT: Control = Control {
    key: "width",
    label: "Width of your range (0 = a single number)",
    quantity: Quantity::Width,
    scale: Scale::Linear { min: 0.0, max: 2.0 },
    steps: 40,
    start: 0,
};

const MISTAKE_FACTOR: Control = Control {
    key: "factor",
    label: "How many times too narrow or too wide",
    quantity: Quantity::Factor,
    scale: Scale::Log { min: 1.0, max: 4.0 },
    steps: 40,
    start: 20,
};

const HEDGE: Control = Control {
    key: "hedge",
    label: "How far you move toward the safe answer",
    quantity: Quantity::Shift,
    scale: Scale::Linear {
        min: 0.0,
        max: -1.0,
    },
    steps: 20,
    start: 10,
};

const SHIFT: Control = Control {
    key: "shift",
    label: "Where you put the middle (shift)",
    quantity: Quantity::Shift,
    scale: Scale::Linear {
        min: -1.0,
        max: 1.0,
    },
    steps: 40,
    start: 30,
};

const WIDTH: Control = Control {
    key: "width",
    label: "How wide you make it (width)",
    quantity: Quantity::Width,
    scale: Scale::Log {
        min: 0.25,
        max: 4.0,
    },
    steps: 40,
    start: 20,
};

const GUESS_FACTOR: Control = Control {
    key: "factor",
    label: "How many times off the guess is",
    quantity: Quantity::Factor,
    scale: Scale::Log {
        min: 1.0,
        max: 100.0,
    },
    steps: 40,
    start: 20,
};

const FORECAST: (&str, &str) = (
    "forecast",
    "a range of values together with how likely each one is, not just one number",
);
const NINETY: (&str, &str) = (
    "90% range",
    "two numbers you are 90% sure the answer lies between",
);
const SCORE: (&str, &str) = (
    "score",
    "a number that says how good a forecast was once the answer is known",
);
const EXPECTED: (&str, &str) = (
    "expected score",
    "the average score you would get over many answers drawn from what you believe",
);
const PROPER: (&str, &str) = (
    "proper rule",
    "a scoring rule whose best expected score comes from reporting exactly what you believe",
);
const DECADE: (&str, &str) = (
    "decade",
    "a factor of ten: 1 million is one decade above 100 thousand",
);

/// The lessons, in teaching order.
pub const LESSONS: [Lesson; 5] = [
    Lesson {
        number: 1,
        title: "A point estimate is not a forecast",
        point: [
            "A single number says nothing about how sure you are.",
            "Only a range lets a scoring rule reward you for knowing what you don't know.",
        ],
        read_aloud: "Start with the slider at zero: the answer is one number and nothing else. The log score is \
                     minus infinity, the worst there is, because one number claims every other value is impossible, and the 90% range \
                     catches the truth 0% of the time. Now slide it to the right and give the answer a range: both \
                     numbers recover at once. The median error never moves, because it only looks at the middle.",
        terms: &[FORECAST, NINETY, SCORE, EXPECTED],
        rules: &[Rule::LogScore, Rule::HitRate90, Rule::MedianAbsError],
        controls: &[WIDTH_FROM_POINT],
        topic: Topic::PointIsNotForecast,
    },
    Lesson {
        number: 2,
        title: "Too sure costs more than too unsure, under the log score",
        point: [
            "Under the log score, a range that is too narrow costs more than one too wide by the same factor.",
            "Other rules weigh the two mistakes differently, and an improper rule even rewards one of them.",
        ],
        read_aloud: "Each line compares two students who got the width wrong by the same factor: one made the range \
                     that many times too narrow, the other that many times too wide. The numbers are how much \
                     worse each does than an honest student. Under the log score the narrow one always pays more. \
                     Under CRPS-log the wide one pays more. The linear score pays the narrow one for being wrong, \
                     and the hit rate pays the wide one.",
        terms: &[
            EXPECTED,
            PROPER,
            (
                "overconfident",
                "your range is narrower than what you really believe",
            ),
        ],
        rules: &[
            Rule::LogScore,
            Rule::CrpsLog,
            Rule::Winkler90,
            Rule::Pinball,
            Rule::LinearScore,
            Rule::HitRate90,
        ],
        controls: &[MISTAKE_FACTOR],
        topic: Topic::OverVersusUnder,
    },
    Lesson {
        number: 3,
        title: "Hedging toward a safe answer does not pay",
        point: [
            "Moving your answer toward a number that feels safer makes every proper rule's score worse.",
            "A proper rule pays best for exactly what you believe, so there is nothing to gain by hedging.",
        ],
        read_aloud: "Imagine you believe the middle value shown, but a smaller, rounder number feels safer, so you \
                     nudge your answer toward it. Slide to move further toward the safe answer. Every line is a \
                     proper scoring rule, and every one of them gets worse the further you move. At zero, where \
                     you say what you believe, each rule is at its best.",
        terms: &[
            PROPER,
            EXPECTED,
            DECADE,
            (
                "hedging",
                "giving an answer you don't believe because it feels safer",
            ),
        ],
        rules: &[
            Rule::CrpsLog,
            Rule::LogScore,
            Rule::Winkler90,
            Rule::Pinball,
        ],
        controls: &[HEDGE],
        topic: Topic::Hedging,
    },
    Lesson {
        number: 4,
        title: "Bias and sharpness: where it sits and how wide it is",
        point: [
            "Any miss splits into two parts: where you put the middle, and how wide you made the range.",
            "Cramér-log charges each part separately, so you can see which one to fix.",
        ],
        read_aloud: "The first slider moves the middle of the answer, the second changes its width. Watch the two \
                     parts of the Cramér-log distance: moving the middle changes the location part, changing the \
                     width changes the shape part. Put both sliders back to the middle and width ×1, and both \
                     parts are zero.",
        terms: &[
            (
                "bias",
                "how far the middle of your answer is from the middle of the truth",
            ),
            (
                "sharpness",
                "how narrow your range is: sharper means narrower",
            ),
            DECADE,
        ],
        rules: &[Rule::CramerLog],
        controls: &[SHIFT, WIDTH],
        topic: Topic::BiasAndSharpness,
    },
    Lesson {
        number: 5,
        title: "Why log space, for quantities that span decades",
        point: [
            "Ten times too much and ten times too little are equally wrong for a quantity that spans decades.",
            "In plain differences a guess too high looks far worse than one too low; on the log axis they are equal.",
        ],
        read_aloud: "Take the true value shown, and two guesses: one too high and one too low by the same factor. \
                     Their plain differences from the truth are very different, so a rule working on plain \
                     numbers would punish the high guess far more. Counted in decades, factors of ten, the two \
                     misses are the same size. That is why every rule in this playground works on the log axis.",
        terms: &[
            DECADE,
            (
                "log axis",
                "a scale where equal steps are equal factors: 1, 10, 100, 1000",
            ),
            (
                "plain difference",
                "the larger number minus the smaller one",
            ),
        ],
        rules: &[],
        controls: &[GUESS_FACTOR],
        topic: Topic::LogSpace,
    },
];

/// "+0.50" or "−0.50" (a true minus sign), "0" at zero.
fn signed(v: f64) -> String {
    if v.abs() < 0.005 {
        "0".into()
    } else if v > 0.0 {
        format!("+{v:.2}")
    } else {
        format!("−{:.2}", -v)
    }
}

/// "median 2 million, 90% between 1 million and 4 million", or "just 2 million" for a point.
fn report_words(belief: &Belief, report: &Report) -> String {
    let q = report.quantiles(belief);
    if report.width == 0.0 {
        format!("just {}", format_readable(q.p50))
    } else {
        format!(
            "median {}, 90% between {} and {}",
            format_readable(q.p50),
            format_readable(q.p5),
            format_readable(q.p95)
        )
    }
}

fn line(
    label: impl Into<String>,
    value: impl Into<String>,
    note: impl Into<String>,
    flag: bool,
) -> Line {
    Line {
        label: label.into(),
        value: value.into(),
        note: note.into(),
        flag,
    }
}

/// "Log score (higher is better)": the rule's name and orientation, from the rule table.
fn labelled(rule: Rule) -> String {
    format!("{} ({})", rule.name(), rule.orientation().label())
}

/// How much worse `report` does than the honest report under `rule`, in the rule's units (negative: better).
fn extra_cost(rule: Rule, belief: &Belief, report: &Report) -> f64 {
    let (at, honest) = (
        rule.expected(belief, report),
        rule.expected(belief, &Report::HONEST),
    );
    match rule.orientation() {
        super::Orientation::LowerIsBetter => at - honest,
        super::Orientation::HigherIsBetter => honest - at,
    }
}

/// A cost as shown: "+0.123 worse", "0.456 better", "no change".
fn cost_words(cost: f64) -> String {
    if cost == 0.0 {
        "no change".into()
    } else if cost > 0.0 {
        format!("{} worse", format_value(cost))
    } else {
        format!("{} better", format_value(-cost))
    }
}

impl Lesson {
    /// Every term the lesson uses with its one-line definition: its own terms, then each rule it shows.
    pub fn glossary(&self) -> Vec<(&'static str, &'static str)> {
        self.terms
            .iter()
            .copied()
            .chain(self.rules.iter().map(|r| (r.name(), r.info().measures)))
            .collect()
    }

    /// The widget's lines for the lab's belief with the sliders at `steps` (one per control; a missing step is the
    /// control's start).
    pub fn lines(&self, belief: &Belief, steps: &[usize]) -> Vec<Line> {
        let value = |i: usize| {
            let control = &self.controls[i];
            control.value(steps.get(i).copied().unwrap_or(control.start))
        };
        match self.topic {
            Topic::PointIsNotForecast => point_is_not_forecast(belief, value(0)),
            Topic::OverVersusUnder => over_versus_under(belief, value(0)),
            Topic::Hedging => hedging(belief, value(0)),
            Topic::BiasAndSharpness => bias_and_sharpness(belief, value(0), value(1)),
            Topic::LogSpace => log_space(belief, value(0)),
        }
    }
}

fn point_is_not_forecast(belief: &Belief, width: f64) -> Vec<Line> {
    let report = Report::new(0.0, width);
    let point = width == 0.0;
    let log_score = Rule::LogScore.expected(belief, &report);
    let hit = Rule::HitRate90.expected(belief, &report);
    vec![
        line("You answer", report_words(belief, &report), "", false),
        line(
            labelled(Rule::LogScore),
            format_value(log_score),
            if point {
                "infinitely bad: one number says every other value is impossible"
            } else {
                "finite as soon as the answer has a range"
            },
            point,
        ),
        line(
            labelled(Rule::HitRate90),
            format!("{:.0}%", 100.0 * hit),
            if point {
                "one number never catches the truth exactly"
            } else {
                "how often the truth lands in your range"
            },
            point,
        ),
        line(
            labelled(Rule::MedianAbsError),
            format_value(Rule::MedianAbsError.expected(belief, &report)),
            "the same at every width: it cannot tell a number from a forecast",
            false,
        ),
    ]
}

fn over_versus_under(belief: &Belief, factor: f64) -> Vec<Line> {
    let rules = [
        Rule::LogScore,
        Rule::CrpsLog,
        Rule::Winkler90,
        Rule::Pinball,
        Rule::LinearScore,
        Rule::HitRate90,
    ];
    let mut lines = vec![line(
        "Widths compared",
        format!(
            "too narrow: ×{:.2} · too wide: ×{:.2} (honest: ×1)",
            1.0 / factor,
            factor
        ),
        "",
        false,
    )];
    lines.extend(rules.iter().map(|&rule| {
        let narrow = extra_cost(rule, belief, &Report::new(0.0, 1.0 / factor));
        let wide = extra_cost(rule, belief, &Report::new(0.0, factor));
        let (note, flag) = if narrow == 0.0 && wide == 0.0 {
            ("no difference at the honest width", false)
        } else if narrow < 0.0 {
            ("improper: it rewards the range that is too narrow", true)
        } else if wide < 0.0 {
            ("improper: it rewards the range that is too wide", true)
        } else if narrow > wide {
            ("too narrow costs more", rule == Rule::LogScore)
        } else {
            ("too wide costs more", rule == Rule::CrpsLog)
        };
        line(
            rule.name(),
            format!(
                "too narrow: {} · too wide: {}",
                cost_words(narrow),
                cost_words(wide)
            ),
            note,
            flag,
        )
    }));
    lines
}

fn hedging(belief: &Belief, decades: f64) -> Vec<Line> {
    let report = Report::new(decades_to_ln(decades), 1.0);
    let mut lines = vec![
        line(
            "You believe",
            report_words(belief, &Report::HONEST),
            "",
            false,
        ),
        line("You answer", report_words(belief, &report), "", false),
    ];
    lines.extend(
        [
            Rule::CrpsLog,
            Rule::LogScore,
            Rule::Winkler90,
            Rule::Pinball,
        ]
        .iter()
        .map(|&rule| {
            let cost = extra_cost(rule, belief, &report);
            line(
                labelled(rule),
                format_value(rule.expected(belief, &report)),
                format!(
                    "honest: {}; hedged: {}",
                    format_value(rule.expected(belief, &Report::HONEST)),
                    cost_words(cost)
                ),
                cost > 0.0,
            )
        }),
    );
    lines
}

fn bias_and_sharpness(belief: &Belief, shift_decades: f64, width: f64) -> Vec<Line> {
    let report = Report::new(decades_to_ln(shift_decades), width);
    let (location, shape) = cramer_log_parts(belief, &report);
    let span = |w: f64| ln_to_decades(2.0 * fermi_num::Z95 * w * belief.s);
    vec![
        line("You answer", report_words(belief, &report), "", false),
        line(
            "Bias",
            format!("{} decades", signed(shift_decades)),
            "how far your middle is from the belief's middle",
            false,
        ),
        line(
            "Sharpness",
            format!("your 90% range spans {:.2} decades", span(width)),
            format!("the belief's spans {:.2} decades", span(1.0)),
            false,
        ),
        line(
            "Cramér-log: location part",
            format_value(location),
            "from where you put the middle",
            location > 0.0,
        ),
        line(
            "Cramér-log: shape part",
            format_value(shape),
            "from how wide you made it",
            shape > 0.0,
        ),
        line(
            "Cramér-log: total",
            format_value(location + shape),
            "the two parts added (lower is better; 0 is a perfect match)",
            false,
        ),
    ]
}

fn log_space(belief: &Belief, factor: f64) -> Vec<Line> {
    let truth = libm::exp(belief.m);
    let (high, low) = (truth * factor, truth / factor);
    let decades = format!("{:.2} decades", libm::log10(factor));
    let plain_high = high - truth;
    let plain_low = truth - low;
    vec![
        line(
            "The true value",
            format_readable(truth),
            "the belief's median",
            false,
        ),
        line(
            format!("Guess ×{} too high", format_readable(factor)),
            format_readable(high),
            format!(
                "plain difference {} · on the log axis {decades}",
                format_readable(plain_high)
            ),
            false,
        ),
        line(
            format!("Guess ×{} too low", format_readable(factor)),
            format_readable(low),
            format!(
                "plain difference {} · on the log axis {decades}",
                format_readable(plain_low)
            ),
            false,
        ),
        line(
            "Plain differences compared",
            if plain_low > 0.0 {
                format!(
                    "the high guess looks {}× worse",
                    format_readable(plain_high / plain_low)
                )
            } else {
                "both guesses are right".into()
            },
            "the same two mistakes, on the log axis, are exactly equal",
            plain_low > 0.0,
        ),
    ]
}
