//! What the overlay chart shows, as numbers: each distribution's density over ln(value) (the estimate's a kernel
//! estimate from its samples, the truth's a lognormal), the span they cover and the readable ticks of its log
//! axis. The app draws them; nothing here knows a canvas.

use fermi_bank::FittedTruth;
use fermi_score::Summary;

/// One distribution as drawn: a density over ln(value), its 90% interval and median (all in ln units).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Series {
    pub ln_x: Vec<f64>,
    pub density: Vec<f64>,
    pub p5: f64,
    pub median: f64,
    pub p95: f64,
}

/// What the truth looks like on the chart.
#[derive(Clone, Debug, PartialEq)]
pub enum TruthMark {
    Density(Series),
    Point(f64),
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Overlay {
    pub estimate: Option<Series>,
    pub truth: Option<TruthMark>,
    /// The question's unit, for the axis label.
    pub unit: String,
}

const GRID: usize = 240;

/// The estimate's density from its sorted ln samples: a histogram on a fine grid smoothed with a Gaussian kernel
/// (Silverman's bandwidth). Binning keeps the cost O(n + grid²) at any sample count.
pub fn estimate_series(sorted_ln: &[f64]) -> Option<Series> {
    let n = sorted_ln.len();
    if n == 0 || !sorted_ln.iter().all(|x| x.is_finite()) {
        return None;
    }
    let q = |p: f64| fermi_num::quantile_type7(sorted_ln, p);
    let (lo, hi) = (q(0.001), q(0.999));
    let mean = sorted_ln.iter().sum::<f64>() / n as f64;
    let sd = (sorted_ln.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n as f64).sqrt();
    let iqr = q(0.75) - q(0.25);
    let spread = sd.min(iqr / 1.349).max(sd * 0.05);
    let bandwidth = (0.9 * spread * (n as f64).powf(-0.2)).max(1e-9);
    let (start, end) = (lo - 3.0 * bandwidth, hi + 3.0 * bandwidth);
    let step = (end - start) / (GRID - 1) as f64;
    let mut counts = vec![0.0; GRID];
    for &x in sorted_ln {
        let i = ((x - start) / step).round();
        if (0.0..GRID as f64).contains(&i) {
            counts[i as usize] += 1.0;
        }
    }
    let norm = 1.0 / (n as f64 * bandwidth * (2.0 * std::f64::consts::PI).sqrt());
    // The kernel's weight depends only on the distance between bins: GRID exponentials, not GRID².
    let weight: Vec<f64> = (0..GRID)
        .map(|d| {
            let u = d as f64 * step / bandwidth;
            (-0.5 * u * u).exp()
        })
        .collect();
    let density = (0..GRID)
        .map(|i| {
            counts
                .iter()
                .enumerate()
                .filter(|(_, c)| **c > 0.0)
                .map(|(j, c)| c * weight[i.abs_diff(j)])
                .sum::<f64>()
                * norm
        })
        .collect();
    Some(Series {
        ln_x: (0..GRID).map(|i| start + i as f64 * step).collect(),
        density,
        p5: q(0.05),
        median: q(0.5),
        p95: q(0.95),
    })
}

/// The truth's density: a normal in ln space.
pub fn lognormal_series(mu: f64, sigma: f64) -> Series {
    let (start, end) = (mu - 4.0 * sigma, mu + 4.0 * sigma);
    let step = (end - start) / (GRID - 1) as f64;
    let ln_x: Vec<f64> = (0..GRID).map(|i| start + i as f64 * step).collect();
    let density = ln_x
        .iter()
        .map(|x| {
            let z = (x - mu) / sigma;
            (-0.5 * z * z).exp() / (sigma * (2.0 * std::f64::consts::PI).sqrt())
        })
        .collect();
    let z95 = fermi_num::Z95;
    Series {
        ln_x,
        density,
        p5: mu - z95 * sigma,
        median: mu,
        p95: mu + z95 * sigma,
    }
}

impl Overlay {
    /// The chart's content: the estimate always, the truth once scored against (its density, or a point).
    pub fn of(estimate: Option<&Series>, truth: Option<FittedTruth>, unit: &str) -> Overlay {
        Overlay {
            estimate: estimate.cloned(),
            truth: truth.map(|t| match t {
                FittedTruth::Lognormal { mu, sigma } => {
                    TruthMark::Density(lognormal_series(mu, sigma))
                }
                FittedTruth::Point(v) => TruthMark::Point(v.ln()),
            }),
            unit: unit.to_string(),
        }
    }

    /// The ln range the chart spans: both distributions' grids, or half a unit around a point truth.
    pub fn x_range(&self) -> Option<(f64, f64)> {
        let mut bounds: Vec<f64> = Vec::new();
        if let Some(s) = &self.estimate {
            bounds.extend([s.ln_x[0], s.ln_x[s.ln_x.len() - 1]]);
        }
        match &self.truth {
            Some(TruthMark::Density(s)) => bounds.extend([s.ln_x[0], s.ln_x[s.ln_x.len() - 1]]),
            Some(TruthMark::Point(x)) => bounds.extend([x - 0.5, x + 0.5]),
            None => {}
        }
        let lo = bounds.iter().cloned().fold(f64::INFINITY, f64::min);
        let hi = bounds.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        (lo.is_finite() && hi.is_finite() && hi > lo).then_some((lo, hi))
    }
}

impl Overlay {
    /// A tick label for ln(value) in the question's unit: a share in percent ("20%"), else [`tick_label`].
    pub fn tick(&self, ln_x: f64) -> String {
        fermi_bank::UnitScale::of(&self.unit).format(ln_x.exp())
    }
}

/// The chart as numbers, row by row: the quantile's name, the estimate's value (from its `summary` on the log
/// axis) and the truth's once revealed, in the question's `unit` (a share in percent).
pub fn quantile_rows(
    summary: &Summary,
    truth: Option<FittedTruth>,
    unit: &str,
) -> [(&'static str, String, String); 3] {
    let scale = fermi_bank::UnitScale::of(unit);
    [
        ("5%", summary.p5, FittedTruth::p5 as fn(&FittedTruth) -> f64),
        ("median", summary.median, FittedTruth::median),
        ("95%", summary.p95, FittedTruth::p95),
    ]
    .map(|(name, ln, of_truth)| {
        let t = truth.map(|t| scale.format(of_truth(&t)));
        (
            name,
            scale.format(ln.exp()),
            t.unwrap_or_else(|| "hidden until you submit".to_string()),
        )
    })
}

/// A tick label for ln(value): the value in short readable form.
pub fn tick_label(ln_x: f64) -> String {
    fermi_num::format_readable(ln_x.exp())
}

/// Tick positions (ln units) for the log axis over `[lo, hi]` (ln units): values 1, 2, 5 × 10^k when at most
/// `max` of them fit; else powers of ten, every 1, 2, 5, 10, 20, … decades; and, on a span too short to hold three
/// 1-2-5 values, evenly spaced linear values with a 1-2-5 × 10^k step.
pub fn nice_ticks(lo: f64, hi: f64, max: usize) -> Vec<f64> {
    let max = max.max(2);
    if !(lo.is_finite() && hi.is_finite() && hi > lo) {
        return Vec::new();
    }
    let ln10 = std::f64::consts::LN_10;
    let (first, last) = ((lo / ln10).floor() as i64, (hi / ln10).ceil() as i64);
    let inside = |x: &f64| (lo..=hi).contains(x);
    let mantissa_ticks: Vec<f64> = (first..=last)
        .flat_map(|k| [1.0f64, 2.0, 5.0].map(|m| m.ln() + k as f64 * ln10))
        .filter(inside)
        .collect();
    let log_ticks = if mantissa_ticks.len() <= max {
        mantissa_ticks
    } else {
        (1..)
            .map(|i| nice_step_at(i) as i64)
            .map(|every| {
                (first.div_euclid(every)..=last.div_euclid(every) + 1)
                    .map(|k| (k * every) as f64 * ln10)
                    .filter(inside)
                    .collect::<Vec<f64>>()
            })
            .find(|ticks| ticks.len() <= max)
            .unwrap_or_default()
    };
    if log_ticks.len() >= 3 {
        return log_ticks;
    }
    let linear = linear_ticks(lo.exp(), hi.exp(), max);
    if linear.len() > log_ticks.len() {
        linear
    } else {
        log_ticks
    }
}

/// The densest evenly spaced values `k·step` in `[a, b]`, step 1, 2 or 5 × 10^e, with at most `max` of them (ln).
fn linear_ticks(a: f64, b: f64, max: usize) -> Vec<f64> {
    let coarsest = ((b - a) / max as f64).log10().floor() as i32 - 1;
    for e in coarsest..coarsest + 3 {
        for m in [1.0, 2.0, 5.0] {
            let step = m * 10f64.powi(e);
            let (first, last) = ((a / step).ceil() as i64, (b / step).floor() as i64);
            if last - first < max as i64 {
                return (first..=last)
                    .map(|k| k as f64 * step)
                    .filter(|v| *v > 0.0)
                    .map(f64::ln)
                    .collect();
            }
        }
    }
    Vec::new()
}

/// The i-th value of 1, 2, 5, 10, 20, 50, … (i from 1).
fn nice_step_at(i: u32) -> f64 {
    let i = i - 1;
    [1.0, 2.0, 5.0][(i % 3) as usize] * 10f64.powi((i / 3) as i32)
}
