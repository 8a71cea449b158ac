//! The overlay chart: densities of ln(value) for the estimate and the truth, drawn on a log axis. Generic over the
//! plotters backend, so native tests render SVG and the browser renders to a canvas.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

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

/// Colours for one theme.
#[derive(Clone, Copy)]
pub struct Palette {
    pub background: RGBColor,
    pub text: RGBColor,
    pub grid: RGBColor,
    pub estimate: RGBColor,
    pub truth: RGBColor,
}

pub const LIGHT: Palette = Palette {
    background: RGBColor(255, 255, 255),
    text: RGBColor(30, 30, 40),
    grid: RGBColor(225, 225, 232),
    estimate: RGBColor(37, 99, 235),
    truth: RGBColor(217, 119, 6),
};

pub const DARK: Palette = Palette {
    background: RGBColor(24, 26, 32),
    text: RGBColor(230, 230, 235),
    grid: RGBColor(60, 62, 72),
    estimate: RGBColor(96, 165, 250),
    truth: RGBColor(251, 191, 36),
};

fn x_range(overlay: &Overlay) -> Option<(f64, f64)> {
    let mut bounds: Vec<f64> = Vec::new();
    if let Some(s) = &overlay.estimate {
        bounds.extend([s.ln_x[0], s.ln_x[s.ln_x.len() - 1]]);
    }
    match &overlay.truth {
        Some(TruthMark::Density(s)) => bounds.extend([s.ln_x[0], s.ln_x[s.ln_x.len() - 1]]),
        Some(TruthMark::Point(x)) => bounds.extend([x - 0.5, x + 0.5]),
        None => {}
    }
    let lo = bounds.iter().cloned().fold(f64::INFINITY, f64::min);
    let hi = bounds.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    (lo.is_finite() && hi.is_finite() && hi > lo).then_some((lo, hi))
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

/// Draws the overlay. Text sizes scale with `scale` (the device pixel ratio) so the canvas stays crisp.
pub fn draw<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    overlay: &Overlay,
    palette: Palette,
    scale: f64,
) -> Result<(), String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    area.fill(&palette.background).map_err(err)?;
    let Some((lo, hi)) = x_range(overlay) else {
        return Ok(());
    };
    let peak = |s: &Series| s.density.iter().cloned().fold(0.0, f64::max);
    let mut ymax = overlay.estimate.as_ref().map_or(0.0, peak);
    if let Some(TruthMark::Density(s)) = &overlay.truth {
        ymax = ymax.max(peak(s));
    }
    let px = |v: f64| (v * scale).round() as u32;
    // Headroom above the peaks keeps the legend (upper right, two lines) off the curves: at least 40%, more on a
    // short chart, where the legend is a larger share of the height.
    let plot_height = f64::from(area.dim_in_pixel().1) - f64::from(px(40.0) + 2 * px(10.0));
    let legend = f64::from(px(62.0));
    let headroom = if plot_height > 2.0 * legend {
        (plot_height / (plot_height - legend)).max(1.4)
    } else {
        1.4
    };
    let ymax = if ymax > 0.0 { ymax * headroom } else { 1.0 };
    let max_ticks = (area.dim_in_pixel().0 as f64 / (95.0 * scale)).floor() as usize;
    let ticks = nice_ticks(lo, hi, max_ticks);
    let mut chart = ChartBuilder::on(area)
        .margin(px(10.0))
        .x_label_area_size(px(40.0))
        .y_label_area_size(px(12.0))
        .build_cartesian_2d(lo..hi, 0.0..ymax)
        .map_err(err)?;
    let x_desc = if overlay.unit.is_empty() {
        "value (log scale)".to_string()
    } else {
        format!("{} (log scale)", overlay.unit)
    };
    chart
        .configure_mesh()
        .disable_y_mesh()
        .disable_y_axis()
        .light_line_style(palette.grid)
        .bold_line_style(palette.grid)
        .axis_style(palette.text)
        // Ticks at readable values are drawn below; the mesh's own evenly spaced ln ticks are off.
        .disable_x_mesh()
        .x_labels(0)
        .x_desc(x_desc)
        .label_style(
            ("sans-serif", px(12.0) as i32)
                .into_font()
                .color(&palette.text),
        )
        .axis_desc_style(
            ("sans-serif", px(12.0) as i32)
                .into_font()
                .color(&palette.text),
        )
        .draw()
        .map_err(err)?;

    let font = ("sans-serif", px(12.0) as i32)
        .into_font()
        .color(&palette.text);
    for &t in &ticks {
        chart
            .draw_series(std::iter::once(PathElement::new(
                [(t, 0.0), (t, ymax)],
                palette.grid,
            )))
            .map_err(err)?;
        let (x, y) = chart.backend_coord(&(t, 0.0));
        area.draw(&PathElement::new(
            [(x, y), (x, y + px(5.0) as i32)],
            palette.text,
        ))
        .map_err(err)?;
        area.draw(&Text::new(
            tick_label(t),
            (x, y + px(7.0) as i32),
            font.pos(Pos::new(HPos::Center, VPos::Top)),
        ))
        .map_err(err)?;
    }

    let mut draw_series = |s: &Series, colour: RGBColor, label: &str| -> Result<(), String> {
        let shade = colour.mix(0.18);
        let inside = s
            .ln_x
            .iter()
            .zip(&s.density)
            .filter(|(x, _)| **x >= s.p5 && **x <= s.p95);
        chart
            .draw_series(AreaSeries::new(inside.map(|(x, d)| (*x, *d)), 0.0, shade))
            .map_err(err)?;
        chart
            .draw_series(LineSeries::new(
                s.ln_x.iter().zip(&s.density).map(|(x, d)| (*x, *d)),
                colour.stroke_width(px(2.0)),
            ))
            .map_err(err)?
            .label(label)
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 18, y)], colour.stroke_width(3)));
        chart
            .draw_series(std::iter::once(PathElement::new(
                [(s.median, 0.0), (s.median, ymax / 1.4)],
                colour.stroke_width(px(2.0)),
            )))
            .map_err(err)?;
        Ok(())
    };
    if let Some(s) = &overlay.estimate {
        draw_series(
            s,
            palette.estimate,
            "your estimate (90% shaded, median line)",
        )?;
    }
    match &overlay.truth {
        Some(TruthMark::Density(s)) => draw_series(s, palette.truth, "truth")?,
        Some(TruthMark::Point(x)) => {
            let (x, colour) = (*x, palette.truth);
            chart
                .draw_series(std::iter::once(PathElement::new(
                    [(x, 0.0), (x, ymax)],
                    colour.stroke_width(px(3.0)),
                )))
                .map_err(err)?
                .label("truth")
                .legend(move |(x, y)| {
                    PathElement::new([(x, y), (x + 18, y)], colour.stroke_width(3))
                });
        }
        None => {}
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(palette.background.mix(0.85))
        .border_style(palette.grid)
        .label_font(
            ("sans-serif", px(12.0) as i32)
                .into_font()
                .color(&palette.text),
        )
        .draw()
        .map_err(err)?;
    area.present().map_err(err)
}
