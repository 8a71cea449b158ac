import { open } from "../../e2e/browser.mjs";
const SAMPLES = 100_000, QUESTIONS = 20;
const { page, url, errors, close } = await open({ width: 1280, height: 800 });
try {
  await page.goto(`${url}#class`);
  const boxes = page.locator("input[data-question]");
  await boxes.first().waitFor();
  for (let i = 0; i < QUESTIONS; i++) await boxes.nth(i).check();
  await page.getByTestId("class-samples").fill(String(SAMPLES));
  await page.getByTestId("class-create").click();
  const link = await page.getByTestId("class-link").inputValue();
  await page.evaluate(() => { window.__all = []; });
  await page.addInitScript(() => {
    window.__long = []; window.__marks = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]); })
      .observe({ type: "longtask", buffered: true });
  });
  const mark = (m) => page.evaluate((m) => window.__marks.push([performance.now(), m]), m);
  await page.goto(link);
  await page.getByTestId("class-question").nth(QUESTIONS - 1).waitFor();
  await mark("page shown");
  await page.waitForTimeout(2000);
  await mark("typing low");
  const q0 = page.getByTestId("class-question").nth(0);
  await q0.locator('input[data-testid^="class-low-"]').pressSequentially("150 billion", { delay: 90 });
  await mark("typing high");
  await q0.locator('input[data-testid^="class-high-"]').pressSequentially("1.5 trillion", { delay: 90 });
  await mark("tab click");
  const q1 = page.getByTestId("class-question").nth(1);
  await q1.getByTestId("class-way-squiggle").click();
  await mark("typing program");
  await q1.getByTestId("class-program").pressSequentially("a = to(2e6, 9e6)\nb = to(3, 12)\na * b", { delay: 90 });
  await q1.getByTestId("class-check").filter({ hasText: "Your estimate" }).waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1_000);
  await mark("end");
  const { long, marks } = await page.evaluate(() => ({ long: window.__long, marks: window.__marks }));
  const ev = [...long.map(([t, d]) => [t, `LONG ${d.toFixed(0)} ms`]), ...marks].sort((a, b) => a[0] - b[0]);
  for (const [t, m] of ev) console.log(t.toFixed(0).padStart(8), m);
  if (errors.length) console.log(`errors: ${errors.join("; ")}`);
} finally { await close(); }
