// In-browser benchmark of the scoring lab (#lab) in the built app (dist/): the time from a slider move to the
// frame painted after it (every rule's expected score, the chosen rule's optimum, the heat map and both sets of
// curves recomputed and redrawn), against the 16.7 ms a frame lasts at 60 Hz. Prints figures; asserts nothing.
// Run from the root after `trunk build --release`: `npm run bench:lab` (viewport 1280×800, device pixel ratio 1).
import { open } from "../../e2e/browser.mjs";

const MOVES = Number(process.env.BENCH_MOVES ?? 120);
const RULES = ["CRPS-log", "Log score", "90% hit rate"];

const quantile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};

/** ms from each slider move to the frame painted after it, over `moves` moves sweeping both sliders. */
async function sweep(page, moves) {
  return page.evaluate(async (moves) => {
    const times = [];
    const shown = () => document.querySelector('[data-testid="lab-report"]')?.textContent;
    for (let i = 0; i < moves; i++) {
      // Alternate the sliders and walk each across its range, so every move changes the report.
      const testid = i % 2 ? "lab-width" : "lab-shift";
      const slider = document.querySelector(`[data-testid="${testid}"]`);
      const step = String((Math.floor(i / 2) * 7 + 3) % 81);
      if (slider.value === step) continue;
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      const before = shown();
      const t0 = performance.now();
      slider.value = step;
      slider.dispatchEvent(new Event("input", { bubbles: true }));
      // Leptos updates the text and redraws the canvases in the microtasks after the event; the next frame
      // paints them.
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      const t1 = performance.now();
      if (shown() === before) return { error: `lab-report did not change at ${testid} = ${step}` };
      times.push(t1 - t0);
    }
    return { times };
  }, moves);
}

/** ms of main-thread work per move (event to the end of its microtasks), without waiting for a frame. */
async function work(page, moves) {
  return page.evaluate(async (moves) => {
    const times = [];
    const slider = document.querySelector('[data-testid="lab-shift"]');
    for (let i = 0; i < moves; i++) {
      await new Promise((r) => setTimeout(r, 0));
      const t0 = performance.now();
      slider.value = String((i * 7 + 3) % 81);
      slider.dispatchEvent(new Event("input", { bubbles: true }));
      // A message is delivered as a task, after the event's microtasks (the leptos effects) have run.
      await new Promise((r) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = r;
        channel.port2.postMessage(0);
      });
      times.push(performance.now() - t0);
    }
    return times;
  }, moves);
}

const { page, url, errors, close } = await open({ width: 1280, height: 800 });
const rows = [];
try {
  await page.goto(`${url}#lab`);
  await page.getByTestId("lab-heatmap").waitFor();
  for (const rule of RULES) {
    await page.getByTestId("lab-rule").selectOption(rule);
    await sweep(page, 10);
    const { times, error } = await sweep(page, MOVES);
    if (error) throw new Error(error);
    const busy = await work(page, MOVES);
    rows.push({ rule, times, busy });
  }
  if (errors.length) throw new Error(`console errors: ${errors.join("; ")}`);
} finally {
  await close();
}

console.log("headless Chromium, #lab at 1280×800: one slider move → every rule, optimum, heat map and curves redrawn");
console.log("  to frame = move to the frame painted after it; work = the move's own main-thread time (60 Hz frame: 16.7 ms)");
const col = (x, w = 10) => String(x).padStart(w);
console.log(`${"rule".padEnd(14)}${col("moves", 6)}${col("frame p50")}${col("frame p95")}${col("work p50")}${col("work p95")}${col("work max")}`);
for (const r of rows) {
  const f = (xs, p) => quantile(xs, p).toFixed(1);
  console.log(
    `${r.rule.padEnd(14)}${col(r.times.length, 6)}${col(f(r.times, 0.5))}${col(f(r.times, 0.95))}` +
      `${col(f(r.busy, 0.5))}${col(f(r.busy, 0.95))}${col(Math.max(...r.busy).toFixed(1))}`,
  );
}
