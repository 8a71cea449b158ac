// Two builds of our evaluator against @quri/squiggle-lang 0.10.0 in one node process, so that a change is judged by
// ratios measured under the same machine load: P1–P3 at 1e5 (15 rounds) and bench.mjs's 200 random programs at 1e5
// (3 rounds each), each call alternating before / after / Squiggle with bench.mjs's 10 ms pause before it.
// Usage: node before-after.mjs BEFORE_PKG AFTER_PKG, each a directory that build.mjs wrote (`pkg/`), e.g. one copied
// aside before the change. Prints, per program and for the random programs' median, both speed-ups.
import { run, defaultEnvironment } from "@quri/squiggle-lang";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { generate } from "../squiggle-diff/generate.mjs";

const require = createRequire(import.meta.url);
const [before, after] = process.argv.slice(2, 4).map((dir) => require(resolve(dir, "fermi_bench_wasm.js")));
if (!after) throw new Error("usage: node before-after.mjs BEFORE_PKG AFTER_PKG");

const PROGRAMS = {
  P1: "coal_kwh = to(93.9e9, 98.3e9)\nsolar_yield = to(150, 200)\ngermany_m2 = 357022e6\ncoal_kwh / solar_yield / germany_m2",
  P2: "to(1,3)*to(2,5)/to(1.5,4)*to(10,20)/to(3,9)*to(0.5,2)/to(5,15)*to(1,100)/to(2,8)*to(0.1,1)",
  P3: "a = to(1,10)\nb = to(2,20)\n(a*b + a/b) * a",
};
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const quantile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const settle = () => new Promise((r) => setTimeout(r, 10));
const ours = (build, code, seed) => {
  const t = performance.now();
  build.evaluate(code, 1e5, BigInt(seed));
  return performance.now() - t;
};
async function squiggle(code, seed) {
  const environment = { ...defaultEnvironment, sampleCount: 1e5, seed: String(seed) };
  const t = performance.now();
  const output = await run(code, { environment });
  const ms = performance.now() - t;
  if (!output.result.ok) throw new Error("squiggle refused it");
  output.result.value.result.value.getSamples(); // as bench.mjs: a program whose value is a number does not count
  return ms;
}

/** Medians of `rounds` alternating calls: [before, after, squiggle]. */
async function side_by_side(code, rounds) {
  const times = [[], [], []];
  for (let round = 1; round <= rounds; round++) {
    await settle();
    times[0].push(ours(before, code, round));
    await settle();
    times[1].push(ours(after, code, round));
    await settle();
    times[2].push(await squiggle(code, round));
  }
  return times.map(median);
}

for (const code of Object.values(PROGRAMS)) {
  for (let i = 0; i < 20; i++) [before, after].forEach((b) => ours(b, code, i + 1));
  for (let i = 0; i < 3; i++) await squiggle(code, i + 1);
}
const x = (n) => `${n.toFixed(1)}×`;
for (const [name, code] of Object.entries(PROGRAMS)) {
  const [b, a, s] = await side_by_side(code, 15);
  console.log(`${name} 1e5: before ${b.toFixed(2)} ms, after ${a.toFixed(2)} ms, squiggle ${s.toFixed(1)} ms: ${x(s / b)} → ${x(s / a)}`);
}
const speedups = [[], []];
for (const code of generate(20261201, 200)) {
  try {
    ours(before, code, 1);
    ours(after, code, 1);
    await squiggle(code, 1);
  } catch {
    continue; // refused by one side, as bench.mjs counts it
  }
  const [b, a, s] = await side_by_side(code, 3);
  speedups[0].push(s / b);
  speedups[1].push(s / a);
}
const line = (xs) => `${x(median(xs))} (quartiles ${x(quantile(xs, 0.25))}–${x(quantile(xs, 0.75))}, min ${x(quantile(xs, 0))})`;
console.log(`random ${speedups[0].length} programs run by both at 1e5, median speedup: before ${line(speedups[0])}, after ${line(speedups[1])}`);
