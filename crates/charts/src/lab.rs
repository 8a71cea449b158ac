//! The lab's charts, generic over the plotters backend as `crate::overlay` is: the curves (one small panel per rule,
//! expected score against one axis of the report, with the honest report, the current report and the rule's best
//! along that axis marked) and the heat map of one rule over both axes. Every number comes from the core.

use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

use plotters::style::text_anchor::{HPos, Pos, VPos};

use fermi_score::lab::{Curve, HeatMap, Optimum, Report, format_value, ln_to_decades};

use crate::Palette;

/// Draws `curves` in a grid, four across (two on a narrow screen); `log_x` puts the axis on a log scale (the
/// width).
pub fn draw_curves<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    curves: &[Curve],
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
    let rows = curves.len().div_ceil(columns);
    for (panel, cell) in curves.iter().zip(area.split_evenly((rows, columns))) {
        draw_panel(&cell, panel, log_x, palette, scale)?;
    }
    Ok(())
}

fn draw_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    panel: &Curve,
    log_x: bool,
    palette: Palette,
    scale: f64,
) -> Result<(), String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    // A width is drawn at log₂ w, so the ticks fall on ÷4, ÷2, ×1, ×2, ×4.
    let x = |v: f64| if log_x { v.log2() } else { v };
    let curve: Vec<(f64, f64)> = panel
        .points
        .iter()
        .map(|&(a, b)| (x(a), b))
        .filter(|(a, b)| a.is_finite() && b.is_finite())
        .collect();
    let (Some(first), Some(last)) = (curve.first(), curve.last()) else {
        return Ok(());
    };
    let (x0, x1) = (first.0, last.0);
    let (mut y0, mut y1) = curve
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
            (lo.min(p.1), hi.max(p.1))
        });
    if y1 <= y0 {
        (y0, y1) = (y0 - 0.5, y1 + 0.5);
    }
    let px = |v: f64| (v * scale).round() as u32;
    let font = ("sans-serif", px(16.0) as i32)
        .into_font()
        .color(&palette.text);
    // The title in two lines, the rule and its reading, so that it fits a phone's half-width panel.
    let (title, plot) = area.split_vertically(px(32.0));
    let centre = title.dim_in_pixel().0 as i32 / 2;
    let centred = font.pos(Pos::new(HPos::Center, VPos::Top));
    title
        .draw(&Text::new(
            panel.rule.name(),
            (centre, px(4.0) as i32),
            centred.clone(),
        ))
        .map_err(err)?;
    title
        .draw(&Text::new(
            panel.rule.orientation().label(),
            (centre, px(18.0) as i32),
            centred,
        ))
        .map_err(err)?;
    let mut chart = ChartBuilder::on(&plot)
        .margin(px(6.0))
        .margin_top(px(2.0))
        .x_label_area_size(px(20.0))
        .y_label_area_size(px(44.0))
        .build_cartesian_2d(x0..x1, y0..y1)
        .map_err(err)?;
    let place = |v: &f64| axis_label(if log_x { v.exp2() } else { *v });
    let value = |v: &f64| axis_label(*v);
    chart
        .configure_mesh()
        .disable_mesh()
        .axis_style(palette.text)
        .x_labels(3)
        .y_labels(3)
        .x_label_formatter(&place)
        .y_label_formatter(&value)
        .label_style(font)
        .draw()
        .map_err(err)?;
    let line = |at: f64, style: ShapeStyle| PathElement::new([(x(at), y0), (x(at), y1)], style);
    chart
        .draw_series([
            line(panel.honest, palette.truth.stroke_width(px(1.0))),
            line(panel.current, palette.estimate.stroke_width(px(2.0))),
        ])
        .map_err(err)?;
    chart
        .draw_series(LineSeries::new(curve, palette.text.stroke_width(px(1.5))))
        .map_err(err)?;
    chart
        .draw_series(
            panel
                .best
                .map(|(a, b)| Circle::new((x(a), b), px(4.0), palette.truth.filled())),
        )
        .map_err(err)?;
    Ok(())
}

/// A place on a report axis (a shift in decades or a width factor): two decimals at most, no trailing zeros.
fn axis_label(v: f64) -> String {
    let text = format!("{v:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".into()
    } else {
        text.into()
    }
}

/// A colour for a shade in [0, 1] (0 = best): light yellow through green and teal to dark blue, the viridis
/// ramp read backwards, so "lighter is better" on a projector and in print.
fn shade_colour(shade: f64) -> RGBColor {
    const STOPS: [(u8, u8, u8); 5] = [
        (253, 231, 37),
        (94, 201, 98),
        (33, 145, 140),
        (59, 82, 139),
        (68, 1, 84),
    ];
    let t = shade.clamp(0.0, 1.0) * (STOPS.len() - 1) as f64;
    let i = (t.floor() as usize).min(STOPS.len() - 2);
    let f = t - i as f64;
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * f).round() as u8;
    let (a, b) = (STOPS[i], STOPS[i + 1]);
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// The map's axes on the log axis it is drawn on: shifts in decades across, widths at log₂ w up (so the ticks
/// fall on ÷4, ÷2, ×1, ×2, ×4).
fn heat_axes(map: &HeatMap) -> Option<((f64, f64), (f64, f64))> {
    Some((
        (
            ln_to_decades(*map.shifts.first()?),
            ln_to_decades(*map.shifts.last()?),
        ),
        (map.widths.first()?.log2(), map.widths.last()?.log2()),
    ))
}

/// Where a report sits on the map's axes.
fn heat_place(report: &Report) -> (f64, f64) {
    (report.shift_decades(), report.width.log2())
}

/// The map's area and its legend's strip beneath it.
fn heat_areas<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    scale: f64,
) -> (DrawingArea<DB, Shift>, DrawingArea<DB, Shift>) {
    let legend = (48.0 * scale).round() as u32;
    area.split_vertically(area.dim_in_pixel().1.saturating_sub(legend))
}

/// The map's chart, laid out the same on the map's canvas and on the canvas of the report's mark above it.
fn heat_chart<'a, DB: DrawingBackend>(
    chart_area: &'a DrawingArea<DB, Shift>,
    map: &HeatMap,
    scale: f64,
) -> Result<ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>, String> {
    let ((x0, x1), (y0, y1)) = heat_axes(map).ok_or("empty heat map")?;
    let px = |v: f64| (v * scale).round() as u32;
    ChartBuilder::on(chart_area)
        .margin(px(8.0))
        .x_label_area_size(px(36.0))
        .y_label_area_size(px(52.0))
        .build_cartesian_2d(x0..x1, y0..y1)
        .map_err(|e| e.to_string())
}

/// The heat map of `map`, with the honest report (a ring) and the rule's best (a star) marked and a legend of
/// shades with the values they stand for beneath. Returns the plotting area in the backend's pixels, where a
/// click maps to a report. The current report is drawn on a canvas above it ([`draw_heat_mark`]), so a slider
/// move redraws only that.
pub fn draw_heat_map<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    map: &HeatMap,
    best: Option<&Optimum>,
    palette: Palette,
    scale: f64,
) -> Result<(std::ops::Range<i32>, std::ops::Range<i32>), String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    area.fill(&palette.background).map_err(err)?;
    let px = |v: f64| (v * scale).round() as u32;
    let font = ("sans-serif", px(16.0) as i32)
        .into_font()
        .color(&palette.text);
    let (chart_area, legend_area) = heat_areas(area, scale);
    let mut chart = heat_chart(&chart_area, map, scale)?;
    chart
        .configure_mesh()
        .disable_mesh()
        .axis_style(palette.text)
        .x_labels(5)
        .y_labels(5)
        .x_desc("shift (decades)")
        .y_desc("width (×)")
        .x_label_formatter(&|v| axis_label(*v))
        .y_label_formatter(&|v| axis_label(v.exp2()))
        .label_style(font.clone())
        .axis_desc_style(font.clone())
        .draw()
        .map_err(err)?;
    // Each cell reaches halfway to its neighbours, and no further than the map's ends.
    let edges = |centres: Vec<f64>| -> Vec<(f64, f64)> {
        let last = centres.len() - 1;
        (0..centres.len())
            .map(|i| {
                let lo = if i == 0 {
                    centres[0]
                } else {
                    (centres[i - 1] + centres[i]) / 2.0
                };
                let hi = if i == last {
                    centres[last]
                } else {
                    (centres[i] + centres[i + 1]) / 2.0
                };
                (lo, hi)
            })
            .collect()
    };
    let columns = edges(map.shifts.iter().map(|&d| ln_to_decades(d)).collect());
    let rows = edges(map.widths.iter().map(|w| w.log2()).collect());
    let shades = map.shades();
    let across = columns.len();
    let cells = rows.iter().enumerate().flat_map(|(j, &(wl, wh))| {
        columns
            .iter()
            .enumerate()
            .map(move |(i, &(dl, dh))| ([(dl, wl), (dh, wh)], j * across + i))
    });
    chart
        .draw_series(
            cells.map(|(corners, k)| Rectangle::new(corners, shade_colour(shades[k]).filled())),
        )
        .map_err(err)?;
    chart
        .draw_series([Circle::new(
            heat_place(&Report::HONEST),
            px(9.0),
            palette.truth.stroke_width(px(3.0)),
        )])
        .map_err(err)?;
    if let Some(best) = best {
        let star = EmptyElement::at(heat_place(&best.report))
            + Text::new(
                "★",
                (-(px(9.0) as i32), -(px(11.0) as i32)),
                ("sans-serif", px(22.0) as i32)
                    .into_font()
                    .color(&palette.truth),
            );
        chart.draw_series([star]).map_err(err)?;
    }
    let plotted = chart.plotting_area().get_pixel_range();
    legend(&legend_area, map, palette, font, scale)?;
    Ok(plotted)
}

/// The current report's mark (a white dot) at its place on the map, on a transparent canvas laid over it.
pub fn draw_heat_mark<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    map: &HeatMap,
    report: &Report,
    scale: f64,
) -> Result<(), String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    let px = |v: f64| (v * scale).round() as u32;
    let (chart_area, _) = heat_areas(area, scale);
    let mut chart = heat_chart(&chart_area, map, scale)?;
    chart
        .draw_series([
            Circle::new(heat_place(report), px(7.0), WHITE.filled()),
            Circle::new(heat_place(report), px(7.0), BLACK.stroke_width(px(2.0))),
        ])
        .map_err(err)?;
    Ok(())
}

/// Five swatches from best to worst, each with the value it stands for.
fn legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    map: &HeatMap,
    palette: Palette,
    font: TextStyle,
    scale: f64,
) -> Result<(), String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    let px = |v: f64| (v * scale).round() as i32;
    // Five values where they fit with room to read them, three on a phone.
    let entries = map.legend(if f64::from(area.dim_in_pixel().0) < 420.0 * scale {
        3
    } else {
        5
    });
    let width = area.dim_in_pixel().0 as i32;
    let slot = (width - px(16.0)) / (entries.len() as i32).max(1);
    area.draw(&Text::new(
        format!(
            "lighter is better (the numbers: {})",
            map.rule.orientation().label()
        ),
        (px(8.0), px(26.0)),
        font.clone(),
    ))
    .map_err(err)?;
    for (k, (shade, value)) in entries.into_iter().enumerate() {
        let x = px(8.0) + slot * k as i32;
        area.draw(&Rectangle::new(
            [(x, px(2.0)), (x + px(18.0), px(20.0))],
            shade_colour(shade).filled(),
        ))
        .map_err(err)?;
        area.draw(&Rectangle::new(
            [(x, px(2.0)), (x + px(18.0), px(20.0))],
            palette.text.stroke_width(1),
        ))
        .map_err(err)?;
        area.draw(&Text::new(
            format_value(value),
            (x + px(22.0), px(4.0)),
            font.clone(),
        ))
        .map_err(err)?;
    }
    Ok(())
}
