// The first visit, measured in the browser: what each mode's first screen downloads, and the time to the first
// question on a throttled phone, cold and from the service worker's cache. Used by bench.mjs.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { open } from "../../e2e/browser.mjs";
import { compressed } from "./sizes.mjs";

/** Each mode's address and the element that says its first screen is up. */
export const MODES = [
  { mode: "practice", address: "", ready: "question-text" },
  { mode: "study item", address: "?study=demo&pid=bench-1", ready: "study-consent-accept" },
  { mode: "lab", address: "#lab", ready: "lab-width" },
  { mode: "class", address: "#class", ready: "class-create" },
];

/** Lighthouse's "Slow 4G" mobile profile as DevTools applies it (lighthouse-core/config/constants.js,
 * `throttling.mobileSlow4G`): 562.5 ms request latency (150 ms RTT × 3.75), 1474.56 kbit/s down (1.6 Mbit/s ×
 * 0.9), 675 kbit/s up (750 × 0.9), and a 4× CPU slowdown. */
export const PHONE = { latency: 562.5, downKbps: 1474.56, upKbps: 675, cpu: 4 };

/** Same-origin files the page and its workers fetched until its first screen was up: their compressed sizes as a
 * web host serves them (gzip -9, brotli -11), one entry per file. The bank's details (`bank-details-<hash>.json`,
 * which practice fetches once its first screen is up, for the reveal) are not part of it: they are `later`. */
export async function downloadPerMode(dist) {
  const cache = new Map();
  const size = (path) => {
    if (!cache.has(path)) cache.set(path, compressed(readFileSync(join(dist, path))));
    return cache.get(path);
  };
  const rows = [];
  for (const { mode, address, ready } of MODES) {
    const { page, url, close, context } = await open();
    const files = new Set();
    context.on("request", (request) => {
      const u = new URL(request.url());
      if (u.origin === new URL(url).origin) files.add(u.pathname === "/" ? "index.html" : u.pathname.slice(1));
    });
    try {
      await page.goto(url + address);
      await page.getByTestId(ready).first().waitFor();
      // What the first screen starts right after it shows (the evaluation worker) counts too.
      await page.waitForTimeout(1000);
    } finally {
      await close();
    }
    const total = { raw: 0, gzip: 0, brotli: 0 };
    const parts = [];
    const later = [];
    for (const f of [...files].sort()) {
      let s;
      try {
        s = size(f);
      } catch {
        continue; // not a file of dist/ (a study's own file, an answer the server does not have)
      }
      if (f.startsWith("bank-details-")) {
        later.push({ file: f, ...s });
        continue;
      }
      for (const k of Object.keys(total)) total[k] += s[k];
      parts.push({ file: f, ...s });
    }
    rows.push({ mode, total, parts, later });
  }
  return rows;
}

/** Milliseconds from navigation start to practice's first question on the screen, on the phone profile: a first
 * visit (fresh profile, empty cache) and a reload once the service worker controls the page; and to the first
 * visit's first paint of anything (`paint`). */
export async function firstQuestion() {
  const { page, url, close, context } = await open({ width: 390, height: 844 }, undefined, {}, { serviceWorkers: "allow", gzip: true, touch: true });
  try {
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.querySelector('[data-testid="question-text"]')) {
          window.__firstQuestion = performance.now();
          observer.disconnect();
        }
      }).observe(document, { subtree: true, childList: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: PHONE.latency,
      downloadThroughput: (PHONE.downKbps * 1024) / 8,
      uploadThroughput: (PHONE.upKbps * 1024) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE.cpu });
    const timed = async (go) => {
      await go();
      await page.waitForFunction(() => window.__firstQuestion !== undefined, null, { timeout: 120_000 });
      return page.evaluate(() => window.__firstQuestion);
    };
    const cold = await timed(() => page.goto(url));
    // The first paint of anything (the page's loading line) on that first visit.
    const paint = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 120_000 });
    // The service worker finishes caching what the page names before the warm reload.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForTimeout(2000);
    const warm = await timed(() => page.reload());
    return { cold, warm, paint };
  } finally {
    await close();
  }
}
