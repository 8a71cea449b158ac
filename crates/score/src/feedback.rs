//! Plain-language feedback on a score, built from the report and its noise so that every surface says the same.

use crate::assess::Spread;
use crate::breakdown::Noise;
use crate::report::Report;
use fermi_num::thousands;

/// Sentences about the median, the spread and where the score comes from, in that order.
pub fn feedback(report: &Report, noise: &Noise) -> Vec<String> {
    let point_truth = report.diagnostics.sd_ratio.is_none();
    let mut out = vec![median_sentence(report, noise)];
    if let Some(ratio) = report.diagnostics.sd_ratio {
        out.push(spread_sentence(ratio));
    }
    out.push(breakdown_sentence(report, noise, point_truth));
    out
}

fn median_sentence(report: &Report, noise: &Noise) -> String {
    let nats = report.diagnostics.bias_median_nats;
    if nats.abs() <= 2.0 * noise.bias_sd {
        return "Your median matches the truth's within sampling noise.".to_string();
    }
    let (factor, direction) = if nats > 0.0 {
        (libm::exp(nats), "high")
    } else {
        (libm::exp(-nats), "low")
    };
    let decades = match number(report.diagnostics.bias_median_decades.abs()) {
        one if one == "1.00" => "1 decade".to_string(),
        other => format!("{other} decades"),
    };
    let sentence = format!(
        "Your median is {}× too {direction} ({decades}).",
        factor_text(factor)
    );
    match unit_slip(factor) {
        Some(slip) => format!("{sentence} {slip}"),
        None => sentence,
    }
}

/// A miss of almost exactly ×100 or ×1000 is more often a unit than a belief: say which slips give it.
fn unit_slip(factor: f64) -> Option<&'static str> {
    const SLIPS: [(f64, &str); 2] = [
        (
            100.0,
            "That is almost exactly 100×: a likely unit slip (percent against fraction, centimetres against metres).",
        ),
        (
            1000.0,
            "That is almost exactly 1,000×: a likely unit slip (thousands against units, grams against kilograms).",
        ),
    ];
    SLIPS
        .iter()
        .find(|(slip, _)| (factor / slip - 1.0).abs() <= 0.05)
        .map(|(_, words)| *words)
}

/// Worded by [`Spread::of`], as the score card is.
fn spread_sentence(ratio: f64) -> String {
    match Spread::of(Some(ratio)) {
        Spread::NoSpread => {
            "Your estimate has no spread at all: you were over-confident.".to_string()
        }
        Spread::OverConfident => format!(
            "Your spread is {} the truth's: you were over-confident.",
            ratio_text(ratio)
        ),
        Spread::UnderConfident => format!(
            "Your spread is {} the truth's: you were under-confident.",
            ratio_text(ratio)
        ),
        Spread::AboutRight | Spread::Undefined => format!(
            "Your spread is about right ({}× the truth's).",
            number(ratio)
        ),
    }
}

fn breakdown_sentence(report: &Report, noise: &Noise, point_truth: bool) -> String {
    let b = &report.breakdown_shift;
    let (total, shape) = (number(b.total), number(b.shape));
    let rest = if point_truth {
        "the spread penalty (against a single true value any spread costs a little)"
    } else {
        "its shape"
    };
    if b.total == 0.0 {
        "A perfect score of 0: your distribution is the truth's.".to_string()
    } else if noise.total_within_noise {
        let floor = match number(noise.floor) {
            under if under.starts_with("under") => format!("also score {under}"),
            about => format!("score about {about}"),
        };
        format!(
            "Your score of {total} is within sampling noise: a perfect forecast drawn with as many samples would \
             {floor}."
        )
    } else if noise.location_within_noise || noise.bias_within_noise {
        format!(
            "Sliding your distribution would barely help: nearly all of your score ({total}) is {rest}."
        )
    } else if noise.shape_within_noise {
        format!(
            "Nearly all of your score ({total}) is location: sliding your distribution to the best place would cut it to {shape}."
        )
    } else {
        format!(
            "Sliding your distribution to the best place would cut your score from {total} to {shape}; the rest \
             ({shape}) is {rest}."
        )
    }
}

/// Two decimals from 0.1 up, two significant digits below, "under 0.001" below that; from a million up, three
/// significant digits in exponent form rather than hundreds of digits.
pub(crate) fn number(x: f64) -> String {
    if x == 0.0 {
        return "0".to_string();
    }
    if x.abs() >= 1e6 {
        return format!("{x:.2e}");
    }
    if x.abs() < 0.001 {
        return "under 0.001".to_string();
    }
    if x.abs() >= 0.095 {
        return format!("{x:.2}");
    }
    let decimals = (1.0 - libm::floor(libm::log10(x.abs()))) as usize;
    format!("{x:.decimals$}")
}

fn factor_text(factor: f64) -> String {
    if factor < 1.1 {
        format!("{factor:.2}")
    } else if factor < 9.95 {
        format!("{factor:.1}")
    } else if factor < 1e6 {
        thousands(libm::round(factor) as usize)
    } else {
        format!("{factor:.1e}")
    }
}

/// "half", "a third", "twice", … when the ratio is close to one of them, else "0.62×".
fn ratio_text(ratio: f64) -> String {
    const WORDS: [(f64, &str); 7] = [
        (0.25, "a quarter of"),
        (1.0 / 3.0, "a third of"),
        (0.5, "half"),
        (2.0 / 3.0, "two thirds of"),
        (2.0, "twice"),
        (3.0, "three times"),
        (4.0, "four times"),
    ];
    match WORDS
        .iter()
        .find(|(value, _)| (ratio / value - 1.0).abs() <= 0.06)
    {
        Some((_, word)) => (*word).to_string(),
        None => format!("{}×", number(ratio)),
    }
}
