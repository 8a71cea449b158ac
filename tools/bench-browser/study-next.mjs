// In-browser benchmark of study mode's `study-next` at 10⁶ samples in the built app (dist/): the main thread's
// long tasks (PerformanceObserver 'longtask', ≥ 50 ms) from the press of Next to the next item on screen, with the
// app's evaluation worker, and beside it the same study with the worker refused (every run on the page's thread,
// the app's fallback). Each item is answered two ways: Next after the run is shown, and Next straight after typing
// (the run still pending). Prints figures; asserts nothing.
// Run from the root after `trunk build --release`: `npm run bench:study-next` (viewport 1280×800).
import { readFile } from "node:fs/promises";
import { open } from "../../e2e/browser.mjs";

const ITEMS = 6;
const DEMO = await readFile(new URL("../../assets/studies/demo.toml", import.meta.url), "utf8");
// The demo's questions, at 10⁶ samples, in a fixed order, without practice, arms, time limit or debrief.
const STUDY = DEMO.replace("samples = 10000", "samples = 1000000")
  .replace('order = "shuffled"', 'order = "fixed"')
  .replace("time_limit_s = 600", "time_limit_s = 0")
  .replace('reveal = "end"', 'reveal = "never"')
  .replace(/\[\[study\.arm\]\][^[]*/g, "")
  .replace(/\[\[study\.practice\]\][^[]*/, "")
  .replace('id = "demo"', 'id = "bench-next"');
// A worker that refuses at once: the app runs everything on the page's thread.
const NO_WORKER = "self.onmessage = () => self.postMessage({ id: -1, run: null });";

const programs = (k) => [`to(${k + 1}e3, ${k + 2}e5) * to(2, 9)`, `to(${k + 3}, ${k + 40}) * to(1e2, 1e4) / to(1, 3)`];

async function run(label, routes) {
  const { page, url, errors, close } = await open({ width: 1280, height: 800 }, undefined, {
    "/s/bench.toml": { type: "text/plain; charset=utf-8", body: STUDY },
    ...routes,
  });
  const rows = [];
  try {
    await page.goto(`${url}?study=s/bench.toml&pid=bench-${label}`);
    await page.getByTestId("study-consent-accept").click();
    await page.getByTestId("study-start").click();
    await page.getByTestId("study-item").waitFor();
    await page.evaluate(() => {
      window.longtasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.longtasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: "longtask", buffered: false });
    });
    await page.getByTestId("mode-program").click();
    for (let k = 0; k < ITEMS; k++) {
      const pending = k % 2 === 1;
      const [a, b] = programs(k);
      const input = page.getByTestId("estimate-input");
      // A first program run and shown; then (every other item) a second typed and Next pressed at once.
      await input.fill(a);
      await input.press("Control+Enter");
      await page.waitForFunction(
        () => /median/.test(document.querySelector('[data-testid="estimate-summary"]')?.textContent) &&
          !document.querySelector('[data-testid="evaluating"]'),
      );
      if (pending) await input.fill(b);
      const before = await page.getByTestId("study-position").textContent().catch(() => "");
      const t0 = await page.evaluate(() => performance.now());
      await page.getByTestId("study-next").click();
      if (k + 1 < ITEMS) {
        await page.waitForFunction(
          (b) => document.querySelector('[data-testid="study-position"]')?.textContent !== b, before);
      } else {
        await page.getByTestId("study-complete").waitFor();
      }
      // Let the new item settle (its first frames) before reading the long tasks.
      await page.waitForTimeout(300);
      const { t1, tasks } = await page.evaluate((t0) => ({
        t1: performance.now(),
        tasks: window.longtasks.filter((t) => t.start + t.duration >= t0).map((t) => t.duration),
      }), t0);
      rows.push({ k, pending, ms: t1 - t0 - 300, longest: Math.max(0, ...tasks), count: tasks.length });
      await page.evaluate(() => { window.longtasks = []; });
      if (k + 1 < ITEMS) await page.getByTestId("mode-program").click();
    }
    if (errors.length) throw new Error(`console errors: ${errors.join("; ")}`);
  } finally {
    await close();
  }
  return rows;
}

const fmt = (x) => x.toFixed(0).padStart(6);
for (const [label, routes] of [["worker", {}], ["page-thread", { "/worker.js": { type: "text/javascript", body: NO_WORKER } }]]) {
  const rows = await run(label, routes);
  console.log(`\nstudy-next at 10^6 samples, ${label}: press → next item (ms), long tasks ≥ 50 ms in that span`);
  console.log("item  Next pressed            to next  longest  count");
  for (const r of rows) {
    console.log(`${String(r.k + 1).padStart(4)}  ${r.pending ? "right after typing  " : "after the run shown "}  ${fmt(r.ms)}  ${fmt(r.longest)}  ${String(r.count).padStart(5)}`);
  }
  console.log(`longest task over all presses: ${Math.max(...rows.map((r) => r.longest)).toFixed(0)} ms`);
}
