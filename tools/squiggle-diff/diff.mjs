// Differential check: every assets/examples/*.sq model, every program in programs.json and a few hundred seeded
// random programs (generate.mjs) run through @quri/squiggle-lang 0.10.0 and through `fermi-playground eval --json`.
// Both must agree on running versus failing, and on the stage of a failure (syntax or names versus a runtime value
// problem); when both run, our p5 … p95 must sit at the same quantiles of Squiggle's samples, within sampling
// tolerance (constants: to 1e-9). Entries of programs.json with a
// "divergence" note are differences we chose (see docs/squiggle-conformance.md): for those the check confirms that
// exactly the documented difference occurs. Exit status 1 on any disagreement.
//
//   node diff.mjs [--seed N] [--count N] [--verbose]
// By default a fresh seed (printed) and 300 random programs, of which only disagreements are listed (--verbose: all).
import { execFileSync, spawnSync } from "node:child_process";
import { randomInt } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { run, defaultEnvironment } from "@quri/squiggle-lang";
import { generate } from "./generate.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const SAMPLES = 20000;
const QUANTILES = [
  ["p5", 0.05],
  ["p25", 0.25],
  ["p50", 0.5],
  ["p75", 0.75],
  ["p95", 0.95],
];
// Standard errors of two independent quantile estimates (5 quantiles of 300 random programs: a false alarm about
// once in 300,000 runs).
const TOLERANCE_SE = 6;
// Constants (both sides do the same IEEE operations, but `^`, `exp` and `log` may differ in the last bit).
const TOLERANCE_CONSTANT = 1e-9;

const { values: options } = parseArgs({
  options: { seed: { type: "string" }, count: { type: "string", default: "300" }, verbose: { type: "boolean" } },
});
const seed = options.seed === undefined ? randomInt(2 ** 32) : Number(options.seed);
const count = Number(options.count);
if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32 || !Number.isInteger(count) || count < 0) {
  console.error("usage: diff.mjs [--seed 0..4294967295] [--count N] [--verbose]");
  process.exit(2);
}

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

/** Equal up to rounding: a constant, or a ratio like `z * c / z` of a distribution `z`. */
function nearlyConstant(x, y) {
  return x === y || Math.abs(x - y) <= TOLERANCE_CONSTANT * Math.max(Math.abs(x), Math.abs(y));
}

// Squiggle's samples, sorted; our side gives quantiles only.
function lowerBound(sorted, v, strict) {
  let [lo, hi] = [0, sorted.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (strict ? sorted[mid] < v : sorted[mid] <= v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// Squiggle's result, or why it gives no usable estimate: an error (stage "syntax" for parse and name errors,
// "runtime" otherwise), or a value that is not a finite number or distribution (stage "runtime").
async function squiggle(code) {
  const environment = { ...defaultEnvironment, sampleCount: SAMPLES, seed: "1" };
  const output = await run(code, { environment });
  if (!output.result.ok) {
    const errors = output.result.value.errors ?? [];
    const stage = errors.some((e) => e.tag === "compile") ? "syntax" : "runtime";
    return { error: output.result.value.toString(), stage };
  }
  const value = output.result.value.result;
  if (value.tag === "Number") {
    const x = value.value;
    if (!Number.isFinite(x)) return { error: `the result is ${x}`, stage: "runtime", returned: true };
    return { constant: x };
  }
  if (value.tag === "Dist" && value.value.getSamples) {
    const samples = value.value.getSamples();
    const bad = samples.find((x) => !Number.isFinite(x));
    if (bad !== undefined) return { error: `a sample is ${bad}`, stage: "runtime", returned: true };
    const sorted = Float64Array.from(samples).sort();
    const constant = sorted[Math.floor(sorted.length / 2)];
    return nearlyConstant(sorted[0], sorted[sorted.length - 1]) ? { constant } : { sorted };
  }
  return { error: `the result is a ${value.tag}, not an estimate`, stage: "runtime", returned: true };
}

// Our diagnostics that come from evaluating values; every other error is found before evaluation.
const RUNTIME = [
  /^division by zero/,
  /^a negative number to a fractional power/,
  /^the logarithm of a number that is not positive/,
  /^the result is too large/,
  /^`to` needs (positive bounds|the low bound first|two different bounds)/,
];

function ours(bin, code) {
  const r = spawnSync(bin, ["eval", "--json", "--samples", String(SAMPLES), "--seed", "1", "-"], {
    input: code,
    encoding: "utf8",
  });
  const out = r.stdout ? JSON.parse(r.stdout) : {};
  if (r.status !== 0) {
    const first = out.errors?.[0];
    const error = first ? `${first.line}:${first.col}: ${first.message}` : r.stderr.trim();
    const stage = first && RUNTIME.some((re) => re.test(first.message)) ? "runtime" : "syntax";
    return { error, stage, status: r.status };
  }
  return { quantiles: QUANTILES.map(([name]) => out.summary[name]) };
}

// Our p5 … p95 must sit at the same quantiles of Squiggle's samples: Squiggle's empirical distribution function at
// our p5 must be 0.05 within TOLERANCE_SE standard errors of the difference of two 20,000-sample estimates (scale-free,
// so heavy tails and negative values need no special case; a point mass counts from just below to its value).
// Constants on both sides must agree to TOLERANCE_CONSTANT.
function agree(mine, theirs) {
  const ours = mine.quantiles;
  if (theirs.constant !== undefined && nearlyConstant(ours[0], ours[ours.length - 1])) {
    const [x, y] = [ours[2], theirs.constant];
    return nearlyConstant(x, y) ? null : `ours ${x} vs Squiggle ${y}`;
  }
  const sorted = theirs.sorted ?? Float64Array.of(theirs.constant);
  for (const [i, [name, q]] of QUANTILES.entries()) {
    const v = ours[i];
    const n = sorted.length;
    const [below, upTo] = [lowerBound(sorted, v, true) / n, lowerBound(sorted, v, false) / n];
    const tolerance = TOLERANCE_SE * Math.sqrt((2 * q * (1 - q)) / SAMPLES);
    if (q < below - tolerance || q > upTo + tolerance) {
      const at = below === upTo ? below.toFixed(4) : `${below.toFixed(4)}..${upTo.toFixed(4)}`;
      const theirsAt = sorted[Math.min(n - 1, Math.floor(q * (n - 1)))];
      return `ours ${name} ${v} is Squiggle's quantile ${at} (Squiggle's ${name} is ${theirsAt})`;
    }
  }
  return null;
}

const describe = (side) => ("error" in side ? `fails (${side.stage}): ${side.error}` : "runs");

/** Returns [verdict, problem or null]. */
function verdictFor(c, mine, theirs) {
  const [mineFailed, theirsFailed] = ["error" in mine, "error" in theirs];
  if (mine.status !== undefined && mine.status !== 1) return ["DIFF", `exit status ${mine.status} (expected 1 for a diagnostic)`];
  if (c.divergence) {
    // `"differs": "value"`: both run and give different numbers (Squiggle misreads the input); otherwise exactly one
    // side fails.
    const theirsErrored = theirsFailed && !theirs.returned;
    const happened =
      c.differs === "value"
        ? !mineFailed && !theirsFailed && agree(mine, theirs) !== null
        : (mineFailed && !theirsErrored) || (!mineFailed && theirsErrored);
    if (!happened) return ["DIFF", `documented divergence did not occur (${c.divergence}); ours ${describe(mine)}; Squiggle ${describe(theirs)}`];
    return ["ok (documented divergence)", null];
  }
  if (mineFailed !== theirsFailed) return ["DIFF", `ours ${describe(mine)}; Squiggle ${describe(theirs)}`];
  if (mineFailed) {
    if (mine.stage !== theirs.stage) return ["DIFF", `both fail, at different stages: ours ${describe(mine)}; Squiggle ${describe(theirs)}`];
    return ["ok (both fail)", null];
  }
  const problem = agree(mine, theirs);
  return problem ? ["DIFF", problem] : ["ok", null];
}

const fixed = [];
const examples = join(root, "assets", "examples");
for (const file of readdirSync(examples).filter((f) => f.endsWith(".sq")).sort()) {
  fixed.push({ name: `assets/examples/${file}`, code: readFileSync(join(examples, file), "utf8") });
}
for (const c of JSON.parse(readFileSync(join(here, "programs.json"), "utf8"))) {
  fixed.push({ name: JSON.stringify(c.code), ...c });
}
const random = generate(seed, count).map((code, i) => ({ name: `random #${i + 1} ${JSON.stringify(code)}`, code }));

const bin = ourBinary();

async function check(cases, { quiet }) {
  const tally = new Map();
  let failures = 0;
  for (const c of cases) {
    const [mine, theirs] = [ours(bin, c.code), await squiggle(c.code)];
    const [verdict, problem] = verdictFor(c, mine, theirs);
    tally.set(verdict, (tally.get(verdict) ?? 0) + 1);
    if (problem || !quiet) console.log(`${verdict.padEnd(28)} ${c.name}${problem ? "\n    " + problem : ""}`);
    if (problem) failures += 1;
  }
  const parts = [...tally].sort().map(([v, n]) => `${n} ${v}`);
  return { failures, line: `${cases.length - failures}/${cases.length} agree (${parts.join(", ")})` };
}

console.log(`Random seed ${seed}, ${count} random programs after the fixed ones.\n`);
console.log("Fixed programs (examples and programs.json):");
const a = await check(fixed, { quiet: false });
console.log(`\nRandom programs: ${count} from seed ${seed} (rerun them with: tools/squiggle-diff/run.sh --seed ${seed})${options.verbose ? "" : "; only disagreements are listed"}:`);
const b = await check(random, { quiet: !options.verbose });
console.log(`\nfixed:  ${a.line}`);
console.log(`random: ${b.line}, seed ${seed}`);
console.log(a.failures + b.failures ? "DISAGREEMENTS with @quri/squiggle-lang 0.10.0" : "everything agrees with @quri/squiggle-lang 0.10.0");
process.exit(a.failures + b.failures ? 1 : 0);
