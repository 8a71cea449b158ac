// In-browser benchmark of a student typing in a 20-question class at 10⁵ samples (issue 25 item 8): main-thread
// tasks of 50 ms and more (a PerformanceObserver on 'longtask') while the student types two answers key by key.
// Each question runs through its own debounced run pipeline, so only the question being typed reruns. Prints
// figures beside the peer's (the page before the pipeline: one 68 ms task per keystroke at 10⁵, every question
// rerun on the main thread); asserts nothing. First, the same tasks while the student's page and the teacher's
// page open afresh (a new load of each link, observed from the document's start). Run from the root after `trunk build --release`:
// `npm run bench:class`.
import { open } from "../../e2e/browser.mjs";

const SAMPLES = 100_000;
const QUESTIONS = 20;

const { page, url, errors, close } = await open({ width: 1280, height: 800 });
try {
  await page.goto(`${url}#class`);
  const boxes = page.locator("input[data-question]");
  await boxes.first().waitFor();
  for (let i = 0; i < QUESTIONS; i++) await boxes.nth(i).check();
  await page.getByTestId("class-samples").fill(String(SAMPLES));
  await page.getByTestId("class-create").click();
  const link = await page.getByTestId("class-link").inputValue();
  const teacher = await page.getByTestId("class-teacher-link").getAttribute("href");
  // Long tasks from the document's start, for the opening figures.
  await page.addInitScript(() => {
    window.__opening = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__opening.push(e.duration);
    }).observe({ type: "longtask", buffered: true });
  });
  const opening = async (address, ready) => {
    await page.goto("about:blank");
    await page.goto(address);
    await ready();
    await page.waitForTimeout(2_000);
    const long = await page.evaluate(() => window.__opening);
    const line = long.length ? ` (longest ${Math.max(...long).toFixed(0)} ms, total ${long.reduce((a, b) => a + b, 0).toFixed(0)} ms)` : "";
    return `${long.length}${line}`;
  };
  const teacherOpening = await opening(teacher, () => page.getByTestId("class-codes").waitFor());
  const studentOpening = await opening(link, () => page.getByTestId("class-question").nth(QUESTIONS - 1).waitFor());
  await page.evaluate(() => {
    window.__long = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__long.push(e.duration);
    }).observe({ type: "longtask", buffered: false });
  });
  const t0 = Date.now();
  const q0 = page.getByTestId("class-question").nth(0);
  await q0.locator('input[data-testid^="class-low-"]').pressSequentially("150 billion", { delay: 90 });
  await q0.locator('input[data-testid^="class-high-"]').pressSequentially("1.5 trillion", { delay: 90 });
  const q1 = page.getByTestId("class-question").nth(1);
  await q1.getByTestId("class-way-squiggle").click();
  await q1.getByTestId("class-program").pressSequentially("a = to(2e6, 9e6)\nb = to(3, 12)\na * b", { delay: 90 });
  await q1.getByTestId("class-check").filter({ hasText: "Your estimate" }).waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1_000);
  const typed = (Date.now() - t0) / 1000;
  const long = await page.evaluate(() => window.__long);
  const keys = "150 billion".length + "1.5 trillion".length + "a = to(2e6, 9e6)\nb = to(3, 12)\na * b".length;
  console.log(`class of ${QUESTIONS} questions at ${SAMPLES.toLocaleString("en")} samples, ${keys} keystrokes over ${typed.toFixed(1)} s`);
  console.log(`  opening the teacher's page, tasks ≥ 50 ms (page load included): ${teacherOpening}`);
  console.log(`  opening the student's page, tasks ≥ 50 ms (page load included): ${studentOpening}`);
  console.log(`  while typing, tasks ≥ 50 ms: ${long.length}${long.length ? ` (longest ${Math.max(...long).toFixed(0)} ms, total ${long.reduce((a, b) => a + b, 0).toFixed(0)} ms)` : ""}`);
  console.log(`  peer (before: every question rerun on each keystroke, on the page): one task of about 68 ms per keystroke`);
  if (errors.length) console.log(`  console errors: ${errors.join("; ")}`);
} finally {
  await close();
}
