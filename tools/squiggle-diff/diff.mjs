// Differential check: every assets/examples/*.sq model and every program in programs.json runs through
// @quri/squiggle-lang 0.10.0 and through `fermi-playground eval --json`; p5/p50/p95 must agree within sampling
// tolerance and both must agree on error vs no error. Entries with a "divergence" note are differences the spec
// asks for (we report an error where Squiggle returns Infinity/NaN/nothing, or we accept an allowed extension):
// for those the check confirms that exactly the documented side fails. Exit status 1 on any disagreement.
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { run, defaultEnvironment } from "@quri/squiggle-lang";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const SAMPLES = 20000;
// Quantiles must agree within this many standard deviations of ln(samples) (about 5 standard errors at 20,000).
const TOLERANCE_SD = 0.1;

function ourBinary() {
  if (process.env.FERMI_PLAYGROUND) return process.env.FERMI_PLAYGROUND;
  const out = execFileSync("cargo", ["build", "-q", "-p", "fermi-playground", "--message-format=json"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  for (const line of out.split("\n").reverse()) {
    if (!line.startsWith("{")) continue;
    const msg = JSON.parse(line);
    if (msg.reason === "compiler-artifact" && msg.executable) return msg.executable;
  }
  throw new Error("cargo build did not report the fermi-playground executable");
}

function quantile(sorted, p) {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  return lo + 1 < sorted.length ? sorted[lo] + (h - lo) * (sorted[lo + 1] - sorted[lo]) : sorted[lo];
}

function summarise(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const positive = sorted[0] > 0;
  const logs = positive ? sorted.map(Math.log) : [];
  const mean = logs.reduce((a, b) => a + b, 0) / (logs.length || 1);
  const sdLn = positive ? Math.sqrt(logs.reduce((a, l) => a + (l - mean) ** 2, 0) / Math.max(logs.length - 1, 1)) : null;
  return { p5: quantile(sorted, 0.05), p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), sd_ln: sdLn };
}

async function squiggle(code) {
  const environment = { ...defaultEnvironment, sampleCount: SAMPLES, seed: "1" };
  const output = await run(code, { environment });
  if (!output.result.ok) return { error: output.result.value.toString() };
  const value = output.result.value.result;
  if (value.tag === "Number") {
    const x = value.value;
    if (!Number.isFinite(x)) return { value: x };
    return { p5: x, p50: x, p95: x, sd_ln: 0 };
  }
  if (value.tag === "Dist" && value.value.getSamples) return summarise(value.value.getSamples());
  return { other: value.tag };
}

function ours(bin, code) {
  const r = spawnSync(bin, ["eval", "--json", "--samples", String(SAMPLES), "--seed", "1", "-"], {
    input: code,
    encoding: "utf8",
  });
  if (r.status !== 0) {
    const firstError = r.stderr.split("\n").find((l) => l.includes("error:")) ?? r.stderr.trim();
    return { error: firstError, status: r.status };
  }
  const s = JSON.parse(r.stdout).summary;
  return { p5: s.p5, p50: s.p50, p95: s.p95, sd_ln: s.sd_ln };
}

function agree(a, b) {
  for (const p of ["p5", "p50", "p95"]) {
    const [x, y] = [a[p], b[p]];
    if (x === y) continue;
    if (x > 0 && y > 0 && a.sd_ln !== null) {
      const scale = Math.max(a.sd_ln ?? 0, b.sd_ln ?? 0, 1e-12);
      if (Math.abs(Math.log(x / y)) / scale > TOLERANCE_SD) return `${p}: ours ${x} vs Squiggle ${y}`;
    } else {
      const scale = Math.max(Math.abs(a.p95 - a.p5), Math.abs(b.p95 - b.p5), 1e-12);
      if (Math.abs(x - y) / scale > TOLERANCE_SD / 2) return `${p}: ours ${x} vs Squiggle ${y}`;
    }
  }
  return null;
}

const cases = [];
const examples = join(root, "assets", "examples");
for (const file of readdirSync(examples).filter((f) => f.endsWith(".sq")).sort()) {
  cases.push({ name: `assets/examples/${file}`, code: readFileSync(join(examples, file), "utf8") });
}
for (const c of JSON.parse(readFileSync(join(here, "programs.json"), "utf8"))) {
  cases.push({ name: JSON.stringify(c.code), ...c });
}

const bin = ourBinary();
let failures = 0;
for (const c of cases) {
  const [mine, theirs] = [ours(bin, c.code), await squiggle(c.code)];
  const mineFailed = "error" in mine;
  // Squiggle "fails" when it errors or returns no usable estimate (Infinity, NaN, nothing).
  const theirsFailed = !("p5" in theirs);
  let problem = null;
  if (c.divergence) {
    const theirsErrored = "error" in theirs;
    const weAreStricter = mineFailed && !theirsErrored;
    const weAreKinder = !mineFailed && theirsErrored;
    if (!weAreStricter && !weAreKinder) problem = `documented divergence did not occur (${c.divergence})`;
  } else if (mineFailed !== theirsFailed) {
    problem = `ours ${mineFailed ? "fails: " + mine.error : "runs"}; Squiggle ${
      theirsFailed ? "fails: " + (theirs.error ?? JSON.stringify(theirs)) : "runs"
    }`;
  } else if (!mineFailed) {
    problem = agree(mine, theirs);
  }
  if (mine.status !== undefined && mine.status !== 1) problem = `exit status ${mine.status} (expected 1 for a diagnostic)`;
  const verdict = problem ? "DIFF" : c.divergence ? "ok (documented divergence)" : mineFailed ? "ok (both fail)" : "ok";
  console.log(`${verdict.padEnd(28)} ${c.name}${problem ? "\n    " + problem : ""}`);
  if (problem) failures += 1;
}
console.log(`\n${cases.length - failures}/${cases.length} agree with @quri/squiggle-lang 0.10.0`);
process.exit(failures ? 1 : 0);
