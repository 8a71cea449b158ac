//! Scores 1,000 simulated records (`study simulate`'s participants) × 60 items at 10⁴ samples, streaming, and prints records per second and peak
//! memory. Run: `cargo bench -p fermi-study --features parallel --bench score_study` (`-- N` for another record
//! count). The records are written once to `target/study-bench/` (a `.jsonl` file and its study), so the same
//! input can be given to `fermi-playground study score` too (docs/performance.md).

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::time::Instant;

use fermi_study::{Context, Record, Scoring, parse_json, parse_study, sha256_hex, simulate};

const ITEMS: usize = 60;
const BATCH: usize = 64;

/// A study over the first 60 questions of the built-in pack, at 10⁴ samples.
fn study_text() -> String {
    let pack = fermi_bank::builtin();
    let mut text = String::from(
        "[study]\nid = \"bench\"\nversion = 1\ntitle = \"Bench\"\nconsent = \"C\"\ninstructions = \"I\"\n\
         samples = 10000\nseed = \"per-item\"\norder = \"shuffled\"\nformats = [\"squiggle\", \"fermi\", \"quick\"]\n\
         time_limit_s = 600\nreveal = \"end\"\nallow_skip = true\nparticipant_params = [\"pid\"]\n\n\
         [[study.arm]]\nid = \"a\"\ntext = \"A\"\n\n[[study.arm]]\nid = \"b\"\ntext = \"B\"\n",
    );
    for q in pack.questions.iter().take(ITEMS) {
        text.push_str(&format!("\n[[study.item]]\nquestion = \"open/{}\"\n", q.id));
    }
    text
}

/// Peak resident memory of this process (Linux), in MiB.
fn peak_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

/// CPU seconds this process has used (Linux; user + system, in clock ticks of 1/100 s).
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn main() {
    let count: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(1000);
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/study-bench");
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let text = study_text();
    let study = parse_study(&text).expect("the bench study is valid");
    let sha = sha256_hex(text.as_bytes());
    let pack = fermi_bank::builtin();
    let started = Instant::now();
    let context = Context::new(&study, &sha, &[&pack], &[]).expect("every truth fits");
    println!(
        "truths of {ITEMS} questions fitted in {:.1} s",
        started.elapsed().as_secs_f64()
    );

    let records = dir.join(format!("simulated-{count}.jsonl"));
    std::fs::write(dir.join("study.toml"), &text).expect("write the study");
    if !records.exists() {
        let started = Instant::now();
        let mut out = std::io::BufWriter::new(std::fs::File::create(&records).expect("create"));
        for record in simulate::records(&context, &sha, count, 1) {
            let line = serde_json::to_string(&record).expect("serialise");
            writeln!(out, "{line}").expect("write");
        }
        out.flush().expect("write");
        println!(
            "{count} records written in {:.1} s",
            started.elapsed().as_secs_f64()
        );
    }

    let memory_before = peak_mib();
    let cpu_before = cpu_seconds();
    let started = Instant::now();
    let mut scoring = Scoring::new(context);
    let (mut scored, mut left_out, mut batch) = (0, 0, Vec::new());
    let mut lines = BufReader::new(std::fs::File::open(&records).expect("open")).lines();
    loop {
        let line = lines.next();
        if let Some(line) = &line {
            batch.push(parse_json::<Record>(line.as_ref().expect("read")).expect("a record"));
        }
        if batch.len() == BATCH || (line.is_none() && !batch.is_empty()) {
            for outcome in scoring.records(&batch) {
                match outcome {
                    Ok(_) => scored += 1,
                    Err(_) => left_out += 1,
                }
            }
            batch.clear();
        }
        if line.is_none() {
            break;
        }
    }
    let output = scoring.finish(fermi_study::DEFAULT_RESAMPLES, fermi_study::DEFAULT_SEED);
    let seconds = started.elapsed().as_secs_f64();
    let cpu = cpu_seconds()
        .zip(cpu_before)
        .map_or(f64::NAN, |(a, b)| a - b);
    assert_eq!(
        (scored, left_out),
        (count, 0),
        "every synthetic record is valid (records cached by an older build? delete target/study-bench)"
    );
    println!(
        "{count} records × {ITEMS} items at 10^4 samples: {seconds:.1} s, {:.1} records/s, {} threads, \
         {cpu:.1} CPU-s ({:.1} records per CPU-second)",
        count as f64 / seconds,
        rayon::current_num_threads(),
        count as f64 / cpu
    );
    println!(
        "peak memory {:.0} MiB (before scoring {:.0} MiB); humans' median Cramér-log {:.3}",
        peak_mib().unwrap_or(f64::NAN),
        memory_before.unwrap_or(f64::NAN),
        output.board[2].median_cramer_log.unwrap_or(f64::NAN)
    );
}
