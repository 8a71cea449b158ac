//! The overlay chart: densities of ln(value) for the estimate and the truth, drawn on a log axis. Generic over the
//! plotters backend, so native tests render SVG and the browser renders to a canvas.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use fermi_practice::chart::{Overlay, Series, TruthMark, nice_ticks};

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

/// Draws the overlay. Text sizes scale with `scale` (the device pixel ratio) so the canvas stays crisp.
pub fn draw<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    overlay: &Overlay,
    palette: Palette,
    scale: f64,
) -> Result<(), String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    area.fill(&palette.background).map_err(err)?;
    let Some((lo, hi)) = overlay.x_range() else {
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
            overlay.tick(t),
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
