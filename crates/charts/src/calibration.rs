//! The calibration view's charts: the PIT histogram and a trend line (a rolling median per answer). Generic over
//! the plotters backend, as `crate::overlay` is; every number drawn comes from `fermi_score::calibration`.

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::Palette;

/// The ten PIT bins as bars over [0, 1], with the flat line a calibrated forecaster's bars scatter about.
pub fn draw_pit<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    bins: &[usize; 10],
    palette: Palette,
    scale: f64,
) -> Result<(), String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    area.fill(&palette.background).map_err(err)?;
    let total: usize = bins.iter().sum();
    let top = bins.iter().copied().max().unwrap_or(0).max(1) as f64 * 1.15;
    let mut chart = builder(area, scale)
        .build_cartesian_2d(0.0..1.0, 0.0..top)
        .map_err(err)?;
    let share = |x: &f64| format!("{x:.1}");
    let whole = |y: &f64| whole_number(*y);
    let axes = Axes {
        x_desc: "where the truth fell in your answer (PIT)",
        y_desc: "answers",
        x_format: &share,
        y_format: &whole,
    };
    mesh(&mut chart, palette, scale, axes)?;
    chart
        .draw_series(bins.iter().enumerate().map(|(k, &n)| {
            let x = k as f64 / 10.0;
            Rectangle::new(
                [(x + 0.005, 0.0), (x + 0.095, n as f64)],
                palette.estimate.mix(0.75).filled(),
            )
        }))
        .map_err(err)?;
    if total > 0 {
        let even = total as f64 / 10.0;
        chart
            .draw_series(std::iter::once(PathElement::new(
                [(0.0, even), (1.0, even)],
                palette.truth.stroke_width(px(2.0, scale)),
            )))
            .map_err(err)?;
    }
    area.present().map_err(err)
}

/// One trend: `points` are (answer number, value); `reference` draws a level line (0 for bias).
pub fn draw_trend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    points: &[(f64, f64)],
    y_label: &str,
    reference: Option<f64>,
    palette: Palette,
    scale: f64,
) -> Result<(), String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    area.fill(&palette.background).map_err(err)?;
    let finite: Vec<(f64, f64)> = points
        .iter()
        .copied()
        .filter(|(x, y)| x.is_finite() && y.is_finite())
        .collect();
    if finite.is_empty() {
        return area.present().map_err(err);
    }
    let (mut y0, mut y1) = finite
        .iter()
        .map(|p| p.1)
        .chain(reference)
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), y| {
            (lo.min(y), hi.max(y))
        });
    let pad = ((y1 - y0) * 0.1).max(0.1);
    (y0, y1) = (y0 - pad, y1 + pad);
    let x1 = finite.last().map_or(1.0, |p| p.0).max(2.0);
    let mut chart = builder(area, scale)
        .build_cartesian_2d(0.5..x1 + 0.5, y0..y1)
        .map_err(err)?;
    let number = |x: &f64| whole_number(*x);
    let value = |y: &f64| format!("{y:.1}");
    let axes = Axes {
        x_desc: "answer number",
        y_desc: y_label,
        x_format: &number,
        y_format: &value,
    };
    mesh(&mut chart, palette, scale, axes)?;
    if let Some(level) = reference {
        chart
            .draw_series(std::iter::once(PathElement::new(
                [(0.5, level), (x1 + 0.5, level)],
                palette.truth.stroke_width(px(2.0, scale)),
            )))
            .map_err(err)?;
    }
    chart
        .draw_series(LineSeries::new(
            finite.iter().copied(),
            palette.estimate.stroke_width(px(2.0, scale)),
        ))
        .map_err(err)?;
    chart
        .draw_series(
            finite
                .iter()
                .map(|&p| Circle::new(p, px(3.0, scale), palette.estimate.filled())),
        )
        .map_err(err)?;
    area.present().map_err(err)
}

fn px(v: f64, scale: f64) -> u32 {
    (v * scale).round() as u32
}

fn builder<'a, 'b, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
    scale: f64,
) -> ChartBuilder<'a, 'b, DB> {
    let mut b = ChartBuilder::on(area);
    b.margin(px(8.0, scale))
        .x_label_area_size(px(36.0, scale))
        .y_label_area_size(px(64.0, scale));
    b
}

/// A count or an answer number: ticks between whole numbers stay unlabelled.
fn whole_number(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        String::new()
    }
}

/// What the axes say and how their ticks are printed.
struct Axes<'a> {
    x_desc: &'a str,
    y_desc: &'a str,
    x_format: &'a dyn Fn(&f64) -> String,
    y_format: &'a dyn Fn(&f64) -> String,
}

fn mesh<DB: DrawingBackend>(
    chart: &mut ChartContext<
        DB,
        Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
    >,
    palette: Palette,
    scale: f64,
    axes: Axes,
) -> Result<(), String> {
    let font = ("sans-serif", px(12.0, scale) as i32)
        .into_font()
        .color(&palette.text);
    chart
        .configure_mesh()
        .max_light_lines(1)
        .light_line_style(palette.grid)
        .bold_line_style(palette.grid)
        .axis_style(palette.text)
        .x_desc(axes.x_desc)
        .y_desc(axes.y_desc)
        .x_labels(6)
        .y_labels(5)
        .x_label_formatter(axes.x_format)
        .y_label_formatter(axes.y_format)
        .label_style(font.clone())
        .axis_desc_style(font)
        .draw()
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::LIGHT;

    /// Both charts render to SVG for empty, single and ordinary inputs, with something drawn for data.
    #[test]
    fn charts_render_for_every_size_of_history() {
        for bins in [
            [0; 10],
            [1, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [3, 1, 0, 2, 5, 4, 0, 1, 0, 9],
        ] {
            let mut svg = String::new();
            {
                let area = SVGBackend::with_string(&mut svg, (400, 240)).into_drawing_area();
                draw_pit(&area, &bins, LIGHT, 1.0).unwrap();
            }
            let bars = svg.matches("<rect").count();
            let filled = bins.iter().filter(|n| **n > 0).count();
            assert!(bars > filled, "{bins:?}: {bars} rects");
        }
        for points in [
            vec![],
            vec![(1.0, 0.3)],
            vec![(1.0, -0.2), (2.0, 0.1), (3.0, f64::NAN), (4.0, 0.4)],
        ] {
            let mut svg = String::new();
            {
                let area = SVGBackend::with_string(&mut svg, (400, 240)).into_drawing_area();
                draw_trend(&area, &points, "decades", Some(0.0), LIGHT, 1.0).unwrap();
            }
            let finite = points.iter().filter(|p| p.1.is_finite()).count();
            assert_eq!(svg.matches("<circle").count(), finite, "{points:?}");
        }
    }
}
