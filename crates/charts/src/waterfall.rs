//! The factor waterfall: from the truth's median, each factor's part of the miss as a floating bar on a log axis
//! with decade ticks, to the answer's median. The steps come from the core (`Attribution::steps`); this only
//! draws them. Generic over the plotters backend, so native tests render SVG and the browser a canvas.

use fermi_factors::{Step, StepKind};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use fermi_practice::chart::tick_label;

use crate::Palette;

/// The longest label under a bar, in characters (longer names end in "…").
const LABEL_CHARS: usize = 16;

fn short(label: &str) -> String {
    let words = label.replace('_', " ");
    if words.chars().count() <= LABEL_CHARS {
        return words;
    }
    words.chars().take(LABEL_CHARS - 1).collect::<String>() + "…"
}

/// Draws the truth's median, the steps and the answer's median. Text sizes scale with `scale`.
pub fn draw<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    steps: &[Step],
    truth_ln: f64,
    answer_ln: f64,
    palette: Palette,
    scale: f64,
) -> Result<(), String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    area.fill(&palette.background).map_err(err)?;
    let ends = steps
        .iter()
        .flat_map(|s| [s.from, s.to])
        .chain([truth_ln, answer_ln]);
    let (lo, hi) = ends.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
        (lo.min(x), hi.max(x))
    });
    if !(lo.is_finite() && hi.is_finite()) {
        return Ok(());
    }
    // Whole decades around the bars, at least one.
    let ln10 = std::f64::consts::LN_10;
    let (lo, hi) = (
        (lo / ln10 - 0.05).floor() * ln10,
        (hi / ln10 + 0.05).ceil() * ln10,
    );
    let px = |v: f64| (v * scale).round() as u32;
    let bars = steps.len() + 2;
    let mut chart = ChartBuilder::on(area)
        .margin(px(10.0))
        .x_label_area_size(px(34.0))
        .y_label_area_size(px(76.0))
        .build_cartesian_2d(0.0..bars as f64, lo..hi)
        .map_err(err)?;
    let font = ("sans-serif", px(12.0) as i32)
        .into_font()
        .color(&palette.text);
    chart
        .configure_mesh()
        .disable_x_mesh()
        .disable_y_mesh()
        .x_labels(0)
        .y_labels(0)
        .axis_style(palette.text)
        .draw()
        .map_err(err)?;
    // A tick and grid line at every decade.
    let decades = ((hi - lo) / ln10).round() as i64;
    let every = (decades / 8).max(1);
    for k in (0..=decades).step_by(every as usize) {
        let y = lo + k as f64 * ln10;
        chart
            .draw_series(std::iter::once(PathElement::new(
                [(0.0, y), (bars as f64, y)],
                palette.grid,
            )))
            .map_err(err)?;
        let (x, yy) = chart.backend_coord(&(0.0, y));
        area.draw(&Text::new(
            tick_label(y),
            (x - px(6.0) as i32, yy),
            font.pos(Pos::new(HPos::Right, VPos::Center)),
        ))
        .map_err(err)?;
    }
    let up = palette.truth;
    let down = palette.estimate;
    let bar = |i: usize, from: f64, to: f64, colour: RGBColor| {
        Rectangle::new(
            [(i as f64 + 0.18, from), (i as f64 + 0.82, to)],
            colour.filled(),
        )
    };
    let mut columns = vec![("the truth".to_string(), lo, truth_ln, palette.text)];
    for s in steps {
        let colour = match s.kind {
            _ if s.to >= s.from => up,
            _ => down,
        };
        let colour = if s.kind == StepKind::Factor {
            colour
        } else {
            palette.grid
        };
        columns.push((short(&s.label), s.from, s.to, colour));
    }
    columns.push(("your answer".to_string(), lo, answer_ln, palette.text));
    for (i, (label, from, to, colour)) in columns.iter().enumerate() {
        // A step too small to see is drawn one pixel thick.
        let (a, b) = if (to - from).abs() < (hi - lo) / 400.0 {
            (*from - (hi - lo) / 800.0, *from + (hi - lo) / 800.0)
        } else {
            (*from, *to)
        };
        chart
            .draw_series(std::iter::once(bar(i, a, b, *colour)))
            .map_err(err)?;
        let (x, y) = chart.backend_coord(&(i as f64 + 0.5, lo));
        area.draw(&Text::new(
            label.clone(),
            (x, y + px(6.0) as i32),
            font.pos(Pos::new(HPos::Center, VPos::Top)),
        ))
        .map_err(err)?;
        // Each step's factor, written over the bar: ×8 or ÷3.
        if i > 0 && i + 1 < columns.len() {
            let text = fermi_factors::ratio_text(to - from);
            let (x, y) = chart.backend_coord(&(i as f64 + 0.5, from.max(*to)));
            area.draw(&Text::new(
                text,
                (x, y - px(4.0) as i32),
                font.pos(Pos::new(HPos::Center, VPos::Bottom)),
            ))
            .map_err(err)?;
        }
    }
    area.present().map_err(err)
}
