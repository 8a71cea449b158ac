// In-browser benchmark of the built app (dist/) in headless Chromium: what each mode's first screen downloads (gzip
// and brotli), the time to the first question on a throttled phone (cold and from the cache), the full update after
// an edit (evaluate → sort → score against the revealed truth → chart painted) for P1–P3 at 10^4, 10^5 and 10^6
// samples, the longest main-thread task, and the renderer's peak memory.
// Run from the root: `npm run bench:browser` (builds dist/ with Trunk first; BENCH_NO_BUILD=1 skips that;
// BENCH_ONLY=load stops after the first visit, BENCH_ONLY=long after the long programs).
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { open } from "../../e2e/browser.mjs";
import { PHONE, downloadPerMode, firstQuestion } from "./load.mjs";
import { compressed } from "./sizes.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const PROGRAMS = {
  P1: "coal_kwh = to(93.9e9, 98.3e9)\nsolar_yield = to(150, 200)\ngermany_m2 = 357022e6\ncoal_kwh / solar_yield / germany_m2",
  P2: "to(1,3)*to(2,5)/to(1.5,4)*to(10,20)/to(3,9)*to(0.5,2)/to(5,15)*to(1,100)/to(2,8)*to(0.1,1)",
  P3: "a = to(1,10)\nb = to(2,20)\n(a*b + a/b) * a",
};
/** Long programs (issue: a 1,000-line program froze the page for seconds): a chain where each line uses the one
 * before, and independent lines of which only two are used (every other one warns "unused"). Short lines keep
 * 3,000 of them under the 64 KiB limit. */
const LONG = Object.fromEntries(
  [100, 1000, 3000].flatMap((lines) => [
    [`chain${lines}`, ["a0 = to(1, 2)", ...Array.from({ length: lines - 1 }, (_, i) => `a${i + 1} = a${i} * 1`), `a${lines - 1}`].join("\n")],
    [`unused${lines}`, [...Array.from({ length: lines }, (_, i) => `v${i} = to(1, 2)`), "v0 * v1"].join("\n")],
  ]),
);
const SIZES = [1e4, 1e5, 1e6];
const ROUNDS = { 1e4: 15, 1e5: 11, 1e6: 5 };

if (!process.env.BENCH_NO_BUILD) {
  execFileSync("trunk", ["build", "--release"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, PATH: `${join(root, "node_modules", ".bin")}:${process.env.PATH}` },
  });
}

/** Memory of the Chromium renderers started from this process, in MB: the largest peak resident set (VmHWM, which
 * counts pages shared with other Chromium processes) and the largest private memory now (Private_Clean +
 * Private_Dirty, close to Chrome's own "memory footprint"; wasm memory never shrinks, so after the 10^6 runs it
 * still holds their peak). */
function rendererMemoryMb() {
  const read = (path) => {
    try {
      return readFileSync(path, "utf8");
    } catch {
      return "";
    }
  };
  const parent = (pid) => read(`/proc/${pid}/status`).match(/PPid:\s+(\d+)/)?.[1];
  const ours = (pid) => {
    for (let p = pid, hops = 0; p && p !== "1" && hops < 12; hops++, p = parent(p)) {
      if (p === String(process.pid)) return true;
    }
    return false;
  };
  const kb = (text, key) => Number(text.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0);
  const renderers = readdirSync("/proc").filter(
    (p) => /^\d+$/.test(p) && read(`/proc/${p}/cmdline`).includes("--type=renderer") && ours(p),
  );
  const peak = Math.max(0, ...renderers.map((p) => kb(read(`/proc/${p}/status`), "VmHWM")));
  const own = Math.max(
    0,
    ...renderers.map((p) => {
      const rollup = read(`/proc/${p}/smaps_rollup`);
      return kb(rollup, "Private_Clean") + kb(rollup, "Private_Dirty");
    }),
  );
  return { peak: peak / 1024, own: own / 1024 };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Median ms from an edit (Ctrl-Enter runs it at once, skipping the typing pause) to the frame painted after it,
 * over `rounds` edits after a warm-up; `watch` is a testid whose text every edit must change. */
async function updates(page, program, rounds, watch) {
  const times = [];
  for (let round = 0; round <= rounds; round++) {
    // Each edit scales the estimate a little, so every run changes the samples, the score and the chart.
    const source = `${program.replace(/\n([^\n]*)$/, "\n($1)")} * ${(1 + round / 100).toFixed(2)}`;
    const ms = await page.evaluate(
      async ([source, watch]) => {
        const area = document.querySelector('[data-testid="estimate-input"]');
        const watched = () => document.querySelector(`[data-testid="${watch}"]`)?.textContent;
        const before = watched();
        const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value").set;
        setValue.call(area, source);
        area.dispatchEvent(new Event("input", { bubbles: true }));
        await new Promise((r) => setTimeout(r, 0));
        // Runs on the page change the text in the microtasks after the key; runs on the worker, when its answer
        // arrives. Either way the frame after the change is the one that paints the new chart.
        let observer;
        const changed = new Promise((resolve) => {
          observer = new MutationObserver(() => watched() !== before && resolve());
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        });
        const t0 = performance.now();
        area.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", ctrlKey: true, bubbles: true }));
        await Promise.race([changed, new Promise((r) => setTimeout(r, 30000))]);
        observer.disconnect();
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        const t1 = performance.now();
        return watched() === before ? -1 : t1 - t0;
      },
      [source, watch],
    );
    if (ms < 0) throw new Error(`${watch} did not change after an edit to ${source}`);
    if (round > 0) times.push(ms);
  }
  return median(times);
}

async function setSamples(page, n) {
  await page.getByTestId("sample-count").fill(String(n));
  await page.getByTestId("sample-count").dispatchEvent("change");
}

const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
const load = () => loadavg().map((x) => x.toFixed(1)).join(" ");
console.log(`machine load (1, 5, 15 min) at the start: ${load()}`);
console.log("download per mode: files fetched until the mode's first screen is up (and 1 s after), compressed");
const named = (files) => files.map((p) => `${p.file.replace(/-[0-9a-f]{8,16}/, "")} ${kb(p.gzip)}`).join(", ");
for (const { mode, total, parts, later } of await downloadPerMode(join(root, "dist"))) {
  console.log(`${mode.padEnd(12)}${kb(total.gzip).padStart(8)} gzip${kb(total.brotli).padStart(8)} brotli${kb(total.raw).padStart(9)} raw   ` +
    named(parts) + (later.length ? `; after the first screen: ${named(later)}` : ""));
}
// Each mode is its own module (src/bin/); after one visit the service worker holds them all.
const modules = readdirSync(join(root, "dist")).filter((f) => f.endsWith("_bg.wasm")).sort();
console.log("each mode's wasm: " + modules.map((f) => {
  const s = compressed(readFileSync(join(root, "dist", f)));
  return `${f.replace(/-[0-9a-f]{8,16}_bg\.wasm$/, "")} ${kb(s.gzip)} gzip / ${kb(s.brotli)} brotli`;
}).join(", "));
const { cold, warm, paint } = await firstQuestion();
console.log(`time to the first question, phone profile (slow 4G: ${PHONE.latency} ms latency, ${PHONE.downKbps} kbit/s down, ` +
  `${PHONE.upKbps} kbit/s up; CPU ${PHONE.cpu}× slower; served gzip): cold ${cold.toFixed(0)} ms (first paint ${paint.toFixed(0)} ms), reload from the service worker's cache ${warm.toFixed(0)} ms`);
if (process.env.BENCH_ONLY === "load") process.exit(0);

class Done extends Error {}
const { page, url, errors, close } = await open();
const rows = [];
const longRows = [];
let memory = { peak: 0, own: 0 };
let beforeMillion = { peak: 0, own: 0 };
try {
  await page.goto(url);
  await page.getByTestId("mode-program").click();
  const input = page.getByTestId("estimate-input");
  await input.fill("to(1, 10)");
  await input.press("Control+Enter");
  await page.getByTestId("estimate-summary").waitFor();
  // Long programs at 10^4 samples, before Submit: the cost that grows with the program's length.
  await setSamples(page, 1e4);
  for (const [name, program] of Object.entries(LONG)) {
    longRows.push({ name, ms: await updates(page, program, 5, "estimate-summary") });
  }
  if (process.env.BENCH_ONLY === "long") throw new Done();
  // Before Submit: evaluate, sort, density and chart, but no score.
  const unscored = {};
  for (const n of SIZES) {
    if (n === 1e6) beforeMillion = rendererMemoryMb();
    await setSamples(page, n);
    for (const [name, program] of Object.entries(PROGRAMS)) {
      unscored[`${name}@${n}`] = await updates(page, program, ROUNDS[n], "estimate-summary");
    }
  }
  await page.getByTestId("submit").click();
  await page.getByTestId("score-cramer").waitFor();
  // Long tasks (main thread blocked over 50 ms) while the scored updates run.
  await page.evaluate(() => {
    window.__longest = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration);
    }).observe({ type: "longtask", buffered: false });
  });
  for (const n of SIZES) {
    await setSamples(page, n);
    for (const [name, program] of Object.entries(PROGRAMS)) {
      await page.evaluate(() => (window.__longest = 0));
      const scored = await updates(page, program, ROUNDS[n], "score-cramer");
      const longest = await page.evaluate(() => window.__longest);
      rows.push({ name, n, scored, unscored: unscored[`${name}@${n}`], longest });
    }
  }
  // Read before the hook below runs 10^6 samples on the page's thread, which the app itself never does.
  memory = rendererMemoryMb();
  for (const row of rows) {
    const [program, n] = [PROGRAMS[row.name], row.n];
    // The page's own hook: evaluate, sort the ln samples and smooth the density, without scoring or drawing.
    row.core = await page.evaluate(
      ([source, n, rounds]) => {
        const times = [];
        for (let i = 0; i <= rounds; i++) {
          const t = performance.now();
          window.wasmBindings.bench_run(source, n, BigInt(i + 1));
          if (i > 0) times.push(performance.now() - t);
        }
        return times.sort((a, b) => a - b)[times.length >> 1];
      },
      [program, n, ROUNDS[n]],
    );
  }
} catch (e) {
  if (!(e instanceof Done)) throw e;
} finally {
  await close();
}

console.log("long programs at 10^4 samples, before Submit: median ms from an edit to the frame painted after it");
for (const r of longRows) console.log(`${r.name.padEnd(12)}${String(r.ms.toFixed(1)).padStart(10)}`);

console.log("headless Chromium, the built app (dist/): median ms from an edit to the frame painted after it");
console.log("  update = evaluate → sort → score → chart (after Submit); no score = before Submit (no scoring);");
console.log("  core = the page's bench_run hook (evaluate, sort, density; nothing drawn); longest = longest main-thread task");
const col = (x, w = 10) => String(x).padStart(w);
console.log(`${"program".padEnd(8)}${col("n", 6)}${col("update")}${col("no score")}${col("core")}${col("longest")}`);
for (const r of rows) {
  console.log(
    `${r.name.padEnd(8)}${col(`1e${Math.log10(r.n)}`, 6)}${col(r.scored.toFixed(1))}${col(r.unscored.toFixed(1))}` +
      `${col(r.core.toFixed(1))}${col(r.longest ? r.longest.toFixed(0) : "<50")}`,
  );
}
console.log(
  `renderer memory after the 10^6 runs: private ${memory.own.toFixed(0)} MB, peak resident ${memory.peak.toFixed(0)} MB ` +
    `(before the first 10^6 run: ${beforeMillion.own.toFixed(0)} MB / ${beforeMillion.peak.toFixed(0)} MB)`,
);
console.log(`machine load (1, 5, 15 min) at the end: ${load()}`);
if (errors.length) console.log(`console errors: ${errors.join(" | ")}`);
