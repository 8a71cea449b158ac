// Side by side, in one node process: our evaluator (wasm, built by build.mjs) and @quri/squiggle-lang 0.10.0 run
// the programs P1–P3 at the same sample counts, alternating call by call so that both see the same machine
// load. Prints medians (ms), the ratio, and each side's median sample (both must sample the same distribution).
// Then 200 seeded random programs of the differential check's generator (not shaped for fusion), each timed on both
// sides at 1e5, summarised in the line starting `random`. The last line is `P2@1e5 speedup: X`. Rounds per case scale with BENCH_ROUNDS (default 1). No forced garbage
// collection between calls: it left V8's concurrent sweeping running into the next timed call and slowed both sides.
import { run, defaultEnvironment } from "@quri/squiggle-lang";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { generate } from "../squiggle-diff/generate.mjs";

const require = createRequire(import.meta.url);
const ours = require("./pkg/fermi_bench_wasm.js");

const PROGRAMS = {
  P1: "coal_kwh = to(93.9e9, 98.3e9)\nsolar_yield = to(150, 200)\ngermany_m2 = 357022e6\ncoal_kwh / solar_yield / germany_m2",
  P2: "to(1,3)*to(2,5)/to(1.5,4)*to(10,20)/to(3,9)*to(0.5,2)/to(5,15)*to(1,100)/to(2,8)*to(0.1,1)",
  P3: "a = to(1,10)\nb = to(2,20)\n(a*b + a/b) * a",
};
const SIZES = [1e4, 1e5, 1e6];
const scale = Number(process.env.BENCH_ROUNDS ?? 1);
const roundsFor = (n) => Math.max(3, Math.round(scale * (n <= 1e4 ? 40 : n <= 1e5 ? 15 : 5)));

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// A pause before each timed call lets V8 finish garbage-collection work started by the other side's garbage, which
// an allocation in the timed call would otherwise pay for.
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

/** Ours to samples in wasm memory (as the app uses them), or also copied out to JS (`copy`). */
function runOurs(code, n, seed, copy) {
  const t = performance.now();
  const samples = copy ? ours.samples(code, n, BigInt(seed)) : ours.evaluate(code, n, BigInt(seed));
  return [performance.now() - t, samples];
}

async function runSquiggle(code, n, seed) {
  const environment = { ...defaultEnvironment, sampleCount: n, seed: String(seed) };
  const t = performance.now();
  const output = await run(code, { environment });
  const ms = performance.now() - t;
  if (!output.result.ok) throw new Error(`squiggle: ${output.result.value.toString()}`);
  return [ms, output.result.value.result.value.getSamples()];
}

// FNV-1a over the samples' bits, as `fermi_eval::samples_hash`.
function samplesHash(samples) {
  const bytes = new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength);
  let hash = 0xcbf29ce484222325n;
  for (const byte of bytes) hash = ((hash ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return hash.toString(16).padStart(16, "0");
}

// First, the portability check: this wasm build must give the natively recorded bits.
const recorded = readFileSync(new URL("../../tests/data/native_sample_hashes.txt", import.meta.url), "utf8");
for (const line of recorded.split("\n")) {
  const m = line.match(/^squiggle (\d+) (\d+) (.*) = ([0-9a-f]{16})$/);
  if (!m) continue;
  const got = samplesHash(ours.samples(m[3].replaceAll("\\n", "\n"), Number(m[2]), BigInt(m[1])));
  if (got !== m[4]) throw new Error(`wasm samples differ from native for ${m[3]}: ${got} != ${m[4]}`);
}
console.log("wasm samples match the native hashes in tests/data/native_sample_hashes.txt");

// Warm-up before anything is timed: V8 compiles wasm with its baseline tier first and optimises hot functions in the
// background, and JIT-compiles Squiggle's JavaScript as it runs.
for (const code of Object.values(PROGRAMS)) {
  for (let i = 0; i < 20; i++) runOurs(code, 1e5, 1000 + i, i % 2 === 0);
  for (let i = 0; i < 3; i++) await runSquiggle(code, 1e5, 1000 + i);
}

const rows = [];
for (const [name, code] of Object.entries(PROGRAMS)) {
  for (const n of SIZES) {
    const mine = [];
    const copied = [];
    const theirs = [];
    let p50 = [0, 0];
    // Round 0 (this size's allocations) is not counted.
    for (let round = 0; round <= roundsFor(n); round++) {
      await settle();
      const [a] = runOurs(code, n, round + 1, false);
      await settle();
      const [c, ourSamples] = runOurs(code, n, round + 1, true);
      await settle();
      const [b, theirSamples] = await runSquiggle(code, n, round + 1);
      if (round === 0) {
        p50 = [median(ourSamples), median(theirSamples)];
        continue;
      }
      mine.push(a);
      copied.push(c);
      theirs.push(b);
    }
    rows.push({ name, n, ours: median(mine), copied: median(copied), squiggle: median(theirs), p50 });
  }
}

const fmt = (x, w) => String(x).padStart(w);
const exp = (n) => `1e${Math.round(Math.log10(n))}`;
console.log(`node ${process.version}; @quri/squiggle-lang 0.10.0; medians of alternating runs (ms)`);
console.log("  ours = source to samples in wasm memory (where the app scores them); +copy = also copied out to JS");
console.log(
  `${"program".padEnd(8)}${fmt("n", 6)}${fmt("ours", 9)}${fmt("+copy", 9)}${fmt("squiggle", 10)}${fmt("speedup", 9)}` +
    `${fmt("(+copy)", 9)}${fmt("p50 ours", 11)}${fmt("p50 sq", 11)}`,
);
for (const r of rows) {
  console.log(
    `${r.name.padEnd(8)}${fmt(exp(r.n), 6)}${fmt(r.ours.toFixed(2), 9)}${fmt(r.copied.toFixed(2), 9)}` +
      `${fmt(r.squiggle.toFixed(1), 10)}${fmt((r.squiggle / r.ours).toFixed(1) + "×", 9)}` +
      `${fmt((r.squiggle / r.copied).toFixed(1) + "×", 9)}${fmt(r.p50[0].toPrecision(4), 11)}${fmt(r.p50[1].toPrecision(4), 11)}`,
  );
}
// Random programs: the differential check's generator at a fixed seed, those both sides run, 1e5 samples.
const RANDOM_SEED = 20261201;
const speedups = [];
let failed = 0;
for (const code of generate(RANDOM_SEED, 200)) {
  const mine = [];
  const theirs = [];
  try {
    runOurs(code, 1e4, 1, false);
    await runSquiggle(code, 1e4, 1);
    for (let round = 1; round <= 3; round++) {
      await settle();
      mine.push(runOurs(code, 1e5, round, false)[0]);
      await settle();
      theirs.push((await runSquiggle(code, 1e5, round))[0]);
    }
  } catch {
    failed++; // a program one side refuses (the generator makes a few on purpose)
    continue;
  }
  speedups.push(median(theirs) / median(mine));
}
speedups.sort((a, b) => a - b);
const at = (q) => speedups[Math.min(speedups.length - 1, Math.floor(q * speedups.length))];
console.log(
  `random  200 programs (seed ${RANDOM_SEED}, ${speedups.length} run by both, ${failed} refused) at 1e5: median speedup ` +
    `${median(speedups).toFixed(1)}× (quartiles ${at(0.25).toFixed(1)}×–${at(0.75).toFixed(1)}×, min ${speedups[0].toFixed(1)}×)`,
);
const p2 = rows.find((r) => r.name === "P2" && r.n === 1e5);
console.log(`P2@1e5 speedup: ${(p2.squiggle / p2.ours).toFixed(1)}`);
