//! `study compare --report DIR`: one self-contained `index.html` (inline SVG charts drawn by plotters, the
//! tables, no script or outside resource) and the tables as CSV beside it. Every number comes from the core's
//! [`Comparison`]; this only draws and writes.

use std::path::Path;

use fermi_study::compare::{Comparison, Mark};
use plotters::coord::Shift;
use plotters::prelude::*;

type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;
type Drawn = Result<(), String>;

/// Smallest score drawn on the log axis (a score of 0 — an exact answer to a point truth — sits there).
const FLOOR: f64 = 1e-3;
/// Most human dots drawn per question (evenly spaced in the sorted scores), so the page stays small.
const MOST_DOTS: usize = 400;

fn err(e: impl std::fmt::Debug) -> String {
    format!("drawing failed: {e:?}")
}

fn svg(width: u32, height: u32, draw: impl FnOnce(&Area) -> Drawn) -> Result<String, String> {
    let mut out = String::new();
    {
        let area = SVGBackend::with_string(&mut out, (width, height)).into_drawing_area();
        area.fill(&WHITE).map_err(err)?;
        draw(&area)?;
        area.present().map_err(err)?;
    }
    Ok(out)
}

fn colour(k: usize) -> RGBColor {
    const C: [RGBColor; 6] = [
        RGBColor(31, 119, 180),
        RGBColor(255, 127, 14),
        RGBColor(44, 160, 44),
        RGBColor(148, 103, 189),
        RGBColor(214, 39, 40),
        RGBColor(140, 86, 75),
    ];
    C[k % C.len()]
}

/// A category's label at integer positions of a continuous axis, nothing between.
fn label_at(labels: &[String], y: f64) -> String {
    let i = y.round();
    if (y - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < labels.len() {
        labels[i as usize].clone()
    } else {
        String::new()
    }
}

fn short(question: &str) -> String {
    let id = question.rsplit('/').next().unwrap_or(question);
    if id.chars().count() > 34 {
        format!("{}…", id.chars().take(33).collect::<String>())
    } else {
        id.to_string()
    }
}

/// Per question: the people's scores as grey dots, each model and the crowd marked.
fn questions_chart(c: &Comparison) -> Result<String, String> {
    let n = c.questions.len().max(1);
    let marks = |q: &fermi_study::compare::QuestionLine| -> Vec<f64> {
        q.models
            .iter()
            .chain(std::iter::once(&q.crowd))
            .flatten()
            .map(|m| m.score)
            .collect()
    };
    let all: Vec<f64> = c
        .questions
        .iter()
        .flat_map(|q| q.human_scores.iter().copied().chain(marks(q)))
        .filter(|x| x.is_finite())
        .map(|x| x.max(FLOOR))
        .collect();
    let lo = all.iter().copied().fold(f64::INFINITY, f64::min).min(0.01) / 1.5;
    let hi = all.iter().copied().fold(0.0, f64::max).max(1.0) * 1.5;
    let labels: Vec<String> = c.questions.iter().map(|q| short(&q.question)).collect();
    svg(960, (90 + 28 * n as u32).max(320), |area| {
        let mut chart = ChartBuilder::on(area)
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(250)
            .build_cartesian_2d((lo..hi).log_scale(), -0.6f64..(n as f64 - 0.4))
            .map_err(err)?;
        chart
            .configure_mesh()
            .y_labels(n + 2)
            .y_label_formatter(&|y| label_at(&labels, *y))
            .x_desc("Cramér-log in nats (log scale; lower is better)")
            .light_line_style(WHITE)
            .draw()
            .map_err(err)?;
        let grey = RGBColor(120, 120, 120).mix(0.45);
        chart
            .draw_series(c.questions.iter().enumerate().flat_map(|(i, q)| {
                let s = &q.human_scores;
                let step = s.len().div_ceil(MOST_DOTS).max(1);
                s.iter().step_by(step).enumerate().map(move |(k, &x)| {
                    let y = i as f64 + ((k % 9) as f64 - 4.0) * 0.05;
                    Circle::new((x.max(FLOOR), y), 2, grey.filled())
                })
            }))
            .map_err(err)?
            .label("people")
            .legend(move |(x, y)| Circle::new((x, y), 3, grey.filled()));
        for (k, name) in c.models.iter().enumerate() {
            let col = colour(k);
            let points: Vec<(f64, f64)> = c
                .questions
                .iter()
                .enumerate()
                .filter_map(|(i, q)| {
                    q.models[k]
                        .as_ref()
                        .map(|m: &Mark| (m.score.max(FLOOR), i as f64))
                })
                .collect();
            chart
                .draw_series(
                    points
                        .into_iter()
                        .map(|p| TriangleMarker::new(p, 7, col.filled())),
                )
                .map_err(err)?
                .label(name.as_str())
                .legend(move |(x, y)| TriangleMarker::new((x, y), 6, col.filled()));
        }
        let crowd: Vec<(f64, f64)> = c
            .questions
            .iter()
            .enumerate()
            .filter_map(|(i, q)| q.crowd.as_ref().map(|m| (m.score.max(FLOOR), i as f64)))
            .collect();
        if !crowd.is_empty() {
            chart
                .draw_series(
                    crowd
                        .into_iter()
                        .map(|p| Cross::new(p, 6, BLACK.stroke_width(2))),
                )
                .map_err(err)?
                .label("crowd")
                .legend(|(x, y)| Cross::new((x, y), 5, BLACK.stroke_width(2)));
        }
        legend(&mut chart)
    })
}

/// Each model's (and the crowd's) paired difference with its 95% (thin) and 90% (thick) intervals.
fn paired_chart(c: &Comparison) -> Result<String, String> {
    let n = c.paired.len().max(1);
    let mut xs = vec![0.0];
    for p in &c.paired {
        xs.extend(p.difference);
        xs.extend(p.ci95.iter().flatten());
    }
    let lo = xs.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let pad = ((hi - lo) * 0.1).max(0.05);
    let labels: Vec<String> = c.paired.iter().map(|p| p.group.clone()).collect();
    svg(960, 110 + 46 * n as u32, |area| {
        let mut chart = ChartBuilder::on(area)
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(180)
            .build_cartesian_2d((lo - pad)..(hi + pad), -0.6f64..(n as f64 - 0.4))
            .map_err(err)?;
        chart
            .configure_mesh()
            .y_labels(n + 2)
            .y_label_formatter(&|y| label_at(&labels, *y))
            .x_desc("score − humans' mean on the same questions (nats; left of 0: better than the humans)")
            .light_line_style(WHITE)
            .draw()
            .map_err(err)?;
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(0.0, -0.6), (0.0, n as f64 - 0.4)],
                BLACK.mix(0.5).stroke_width(1),
            )))
            .map_err(err)?;
        for (k, p) in c.paired.iter().enumerate() {
            let col = if p.group == "crowd" { BLACK } else { colour(k) };
            let y = k as f64;
            let mut shapes: Vec<DynElement<SVGBackend, (f64, f64)>> = Vec::new();
            if let Some([a, b]) = p.ci95 {
                shapes.push(PathElement::new(vec![(a, y), (b, y)], col.stroke_width(2)).into_dyn());
            }
            if let Some([a, b]) = p.ci90 {
                shapes.push(PathElement::new(vec![(a, y), (b, y)], col.stroke_width(6)).into_dyn());
            }
            if let Some(d) = p.difference {
                shapes.push(Circle::new((d, y), 7, WHITE.filled()).into_dyn());
                shapes.push(Circle::new((d, y), 7, col.stroke_width(3)).into_dyn());
            }
            chart.draw_series(shapes).map_err(err)?;
        }
        Ok(())
    })
}

/// Each group's share of truths inside its 50/80/90% intervals, with Clopper–Pearson bars, against the diagonal.
fn coverage_chart(c: &Comparison) -> Result<String, String> {
    let g = c.groups.len().max(1) as f64;
    svg(960, 460, |area| {
        let mut chart = ChartBuilder::on(area)
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d(0.4f64..1.0, 0f64..1.0)
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc("interval's nominal level")
            .y_desc("share holding the truth's median")
            .x_label_formatter(&|x| format!("{:.0}%", 100.0 * x))
            .y_label_formatter(&|y| format!("{:.0}%", 100.0 * y))
            .light_line_style(WHITE)
            .draw()
            .map_err(err)?;
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(0.4, 0.4), (1.0, 1.0)],
                BLACK.mix(0.4).stroke_width(1),
            )))
            .map_err(err)?
            .label("nominal")
            .legend(|(x, y)| PathElement::new(vec![(x - 8, y), (x + 8, y)], BLACK.mix(0.4)));
        let mut model = 0;
        for (k, group) in c.groups.iter().enumerate() {
            let col = if group.group == "crowd" {
                BLACK
            } else if group.group.starts_with("model:") {
                model += 1;
                colour(model - 1)
            } else {
                RGBColor(120, 120, 120)
            };
            let offset = (k as f64 - (g - 1.0) / 2.0) * 0.012;
            let mut shapes: Vec<DynElement<SVGBackend, (f64, f64)>> = Vec::new();
            for cov in &group.coverage {
                let x = f64::from(cov.level) / 100.0 + offset;
                shapes.push(
                    PathElement::new(vec![(x, cov.low), (x, cov.high)], col.stroke_width(2))
                        .into_dyn(),
                );
                if let Some(share) = cov.share {
                    shapes.push(Circle::new((x, share), 5, col.filled()).into_dyn());
                }
            }
            chart
                .draw_series(shapes)
                .map_err(err)?
                .label(group.group.as_str())
                .legend(move |(x, y)| Circle::new((x, y), 5, col.filled()));
        }
        legend(&mut chart)
    })
}

/// The series' names in a framed box at the upper left, as every chart of the report has them.
fn legend<'a, CT: CoordTranslate>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, CT>,
) -> Result<(), String> {
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(err)
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn num(x: Option<f64>) -> String {
    x.map_or(String::new(), |v| v.to_string())
}

fn fixed(x: Option<f64>) -> String {
    x.map_or("–".into(), |v| format!("{v:.3}"))
}

/// A table: its CSV file's name, header and rows.
type Tab = (&'static str, Vec<&'static str>, Vec<Vec<String>>);

/// The tables: written as CSV and shown as HTML.
fn tables(c: &Comparison) -> Vec<Tab> {
    let paired = c
        .paired
        .iter()
        .map(|p| {
            let [a, b] = p.ci95.map_or([None; 2], |[a, b]| [Some(a), Some(b)]);
            let [e, f] = p.ci90.map_or([None; 2], |[a, b]| [Some(a), Some(b)]);
            vec![
                p.group.clone(),
                p.questions.to_string(),
                p.beat_median.to_string(),
                num(p.difference),
                num(a),
                num(b),
                num(e),
                num(f),
            ]
        })
        .collect();
    let mut groups = Vec::new();
    for g in &c.groups {
        for cov in &g.coverage {
            groups.push(vec![
                g.group.clone(),
                g.forecasters.to_string(),
                g.questions.to_string(),
                num(g.mean),
                num(g.adjusted),
                cov.level.to_string(),
                cov.hits.to_string(),
                cov.answers.to_string(),
                num(cov.share),
                cov.low.to_string(),
                cov.high.to_string(),
            ]);
        }
    }
    let mut questions = Vec::new();
    for q in &c.questions {
        let h = &q.humans;
        questions.push(vec![
            q.question.clone(),
            q.compared.to_string(),
            "humans".into(),
            h.values.to_string(),
            h.failed.to_string(),
            h.skipped.to_string(),
            num(h.mean),
            num(h.median),
            num(h.p25),
            num(h.p75),
            String::new(),
        ]);
        let others = c
            .models
            .iter()
            .map(|m| format!("model:{m}"))
            .chain(["crowd".to_string()]);
        for (name, m) in others.zip(q.models.iter().chain(std::iter::once(&q.crowd))) {
            if let Some(m) = m {
                questions.push(vec![
                    q.question.clone(),
                    q.compared.to_string(),
                    name,
                    m.samples.to_string(),
                    m.failures.to_string(),
                    String::new(),
                    m.score.to_string(),
                    String::new(),
                    String::new(),
                    String::new(),
                    num(m.percentile),
                ]);
            }
        }
    }
    let factors = c
        .factors
        .iter()
        .map(|f| {
            vec![
                f.question.clone(),
                f.group.clone(),
                f.factor.clone(),
                f.answers.to_string(),
                f.matched.to_string(),
                num(f.mean_abs_contribution),
                num(f.mean_contribution),
                f.largest.to_string(),
            ]
        })
        .collect::<Vec<_>>();
    let mut out = vec![
        (
            "compare-paired.csv",
            vec![
                "group",
                "questions",
                "beat_median",
                "difference",
                "ci95_low",
                "ci95_high",
                "ci90_low",
                "ci90_high",
            ],
            paired,
        ),
        (
            "compare-groups.csv",
            vec![
                "group",
                "forecasters",
                "questions",
                "mean",
                "adjusted",
                "level",
                "hits",
                "answers",
                "share",
                "cp95_low",
                "cp95_high",
            ],
            groups,
        ),
        (
            "compare-questions.csv",
            vec![
                "question",
                "compared",
                "group",
                "values",
                "failed",
                "skipped",
                "score",
                "median",
                "p25",
                "p75",
                "percentile",
            ],
            questions,
        ),
    ];
    // Which factor each group misses most, where answers were programs on questions with a reference.
    if !factors.is_empty() {
        out.push((
            "compare-factors.csv",
            vec![
                "question",
                "group",
                "factor",
                "answers",
                "matched",
                "mean_abs_contribution",
                "mean_contribution",
                "largest",
            ],
            factors,
        ));
    }
    out
}

/// Writes `index.html` and the CSV tables into `dir`.
pub fn write(dir: &Path, title: &str, c: &Comparison) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let tables = tables(c);
    for (file, header, rows) in &tables {
        let path = dir.join(file);
        let mut w = csv::Writer::from_path(&path)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        w.write_record(header).map_err(|e| e.to_string())?;
        for r in rows {
            w.write_record(r).map_err(|e| e.to_string())?;
        }
        w.flush().map_err(|e| e.to_string())?;
    }
    let charts = [
        (
            "questions",
            "Per question: every participant's score (grey), each model (triangles) and the crowd (×)",
            questions_chart(c)?,
        ),
        (
            "paired",
            "Paired differences from the humans, with 95% (thin) and 90% (thick) crossed-bootstrap intervals",
            paired_chart(c)?,
        ),
        (
            "coverage",
            "Coverage of the 50/80/90% intervals, with 95% Clopper–Pearson intervals",
            coverage_chart(c)?,
        ),
    ];
    let mut html = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><link rel=\"icon\" href=\"data:,\"><title>{t}</title>\n<style>\
         body{{font-family:system-ui,sans-serif;max-width:1000px;margin:2em auto;padding:0 1em;color:#222}}\
         table{{border-collapse:collapse;font-size:.9em;margin:1em 0}}td,th{{border:1px solid #ccc;padding:.25em .5em;text-align:right}}\
         td:first-child,th:first-child{{text-align:left}}h1,p,li{{overflow-wrap:anywhere}}figure{{margin:1.5em 0}}.scroll{{overflow-x:auto}}svg{{max-width:100%;height:auto}}\
         </style></head><body>\n<h1>{t}</h1>\n<p data-testid=\"compare-policy\">{p}</p>\n<p>{n} participant(s){arm}; \
         Cramér-log in nats, lower is better; crossed bootstrap over participants and questions, {d} draws, seed {s}.</p>\n\
         <ul data-testid=\"compare-words\">\n",
        t = escape(title),
        p = escape(&c.policy_words),
        n = c.people,
        arm = c
            .arm
            .as_ref()
            .map_or(String::new(), |a| format!(" of arm {}", escape(a))),
        d = c.draws,
        s = c.seed,
    );
    for p in &c.paired {
        html.push_str(&format!("<li>{}</li>\n", escape(&p.words)));
    }
    html.push_str("</ul>\n");
    for (id, caption, chart) in &charts {
        html.push_str(&format!(
            "<figure data-testid=\"compare-chart-{id}\">{chart}<figcaption>{}</figcaption></figure>\n",
            escape(caption)
        ));
    }
    for (file, header, rows) in &tables {
        let id = file.trim_end_matches(".csv");
        html.push_str(&format!(
            "<h2>{id}</h2><p><a href=\"{file}\">{file}</a></p>\n<div class=\"scroll\"><table data-testid=\"{id}\"><thead><tr>"
        ));
        for h in header {
            html.push_str(&format!("<th>{h}</th>"));
        }
        html.push_str("</tr></thead><tbody>\n");
        for r in rows {
            html.push_str("<tr>");
            for cell in r {
                let shown = cell
                    .parse::<f64>()
                    .ok()
                    .filter(|_| cell.contains('.'))
                    .map_or(escape(cell), |v| fixed(Some(v)));
                html.push_str(&format!("<td>{shown}</td>"));
            }
            html.push_str("</tr>\n");
        }
        html.push_str("</tbody></table></div>\n");
    }
    html.push_str("</body></html>\n");
    let path = dir.join("index.html");
    std::fs::write(&path, html).map_err(|e| format!("cannot write {}: {e}", path.display()))
}
