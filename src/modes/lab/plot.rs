//! The lab's curves: one small panel per rule, expected score against one axis of the report, with the honest
//! report, the current report and the rule's best along that axis marked. Generic over the plotters backend, as
//! `crate::plot` is.

use plotters::coord::Shift;
use plotters::coord::ranged1d::ValueFormatter;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

use crate::plot::Palette;

/// One rule's curve along one axis, every number from the core.
pub struct Panel {
    /// The rule's name and orientation.
    pub title: String,
    /// Points of the curve: the axis value (a width factor or a shift in decades) and the expected score.
    pub points: Vec<(f64, f64)>,
    /// The honest report's and the current report's places on the axis.
    pub honest: f64,
    pub current: f64,
    /// The best point along the axis, where the rule has one.
    pub best: Option<(f64, f64)>,
}

/// Draws `panels` in a grid, four across (two on a narrow screen); `log_x` puts the axis on a log scale (the
/// width).
pub fn draw_panels<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    panels: &[Panel],
    log_x: bool,
    palette: Palette,
    scale: f64,
) -> Result<(), String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    area.fill(&palette.background).map_err(err)?;
    let columns = if (area.dim_in_pixel().0 as f64) < 640.0 * scale {
        2
    } else {
        4
    };
    let rows = panels.len().div_ceil(columns);
    for (panel, cell) in panels.iter().zip(area.split_evenly((rows, columns))) {
        draw_panel(&cell, panel, log_x, palette, scale)?;
    }
    Ok(())
}

fn draw_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    panel: &Panel,
    log_x: bool,
    palette: Palette,
    scale: f64,
) -> Result<(), String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    let finite: Vec<(f64, f64)> = panel
        .points
        .iter()
        .copied()
        .filter(|(x, y)| x.is_finite() && y.is_finite())
        .collect();
    let (Some(first), Some(last)) = (finite.first(), finite.last()) else {
        return Ok(());
    };
    let (x0, x1) = (first.0, last.0);
    let (mut y0, mut y1) = finite
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
            (lo.min(p.1), hi.max(p.1))
        });
    if y1 <= y0 {
        (y0, y1) = (y0 - 0.5, y1 + 0.5);
    }
    let px = |v: f64| (v * scale).round() as u32;
    let font = ("sans-serif", px(11.0) as i32)
        .into_font()
        .color(&palette.text);
    let mut builder = ChartBuilder::on(area);
    builder
        .margin(px(6.0))
        .caption(&panel.title, font.clone())
        .x_label_area_size(px(18.0))
        .y_label_area_size(px(40.0));
    if log_x {
        let chart = builder
            .build_cartesian_2d((x0..x1).log_scale(), y0..y1)
            .map_err(err)?;
        contents(chart, panel, &finite, (y0, y1), palette, font, scale)
    } else {
        let chart = builder.build_cartesian_2d(x0..x1, y0..y1).map_err(err)?;
        contents(chart, panel, &finite, (y0, y1), palette, font, scale)
    }
}

/// The axes, the honest and current reports' lines, the curve and its best point.
fn contents<DB, X>(
    mut chart: ChartContext<'_, DB, Cartesian2d<X, RangedCoordf64>>,
    panel: &Panel,
    curve: &[(f64, f64)],
    (y0, y1): (f64, f64),
    palette: Palette,
    font: TextStyle,
    scale: f64,
) -> Result<(), String>
where
    DB: DrawingBackend,
    X: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    let px = |v: f64| (v * scale).round() as u32;
    let label = |v: &f64| format!("{v:.2}");
    chart
        .configure_mesh()
        .disable_mesh()
        .axis_style(palette.text)
        .x_labels(3)
        .y_labels(3)
        .x_label_formatter(&label)
        .y_label_formatter(&label)
        .label_style(font)
        .draw()
        .map_err(err)?;
    let line = |x: f64, style: ShapeStyle| PathElement::new([(x, y0), (x, y1)], style);
    chart
        .draw_series([
            line(panel.honest, palette.truth.stroke_width(px(1.0))),
            line(panel.current, palette.estimate.stroke_width(px(2.0))),
        ])
        .map_err(err)?;
    chart
        .draw_series(LineSeries::new(
            curve.iter().copied(),
            palette.text.stroke_width(px(1.5)),
        ))
        .map_err(err)?;
    chart
        .draw_series(
            panel
                .best
                .map(|p| Circle::new(p, px(4.0), palette.truth.filled())),
        )
        .map_err(err)?;
    Ok(())
}
