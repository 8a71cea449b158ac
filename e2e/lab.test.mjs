// The scoring lab (#lab): a belief, a report moved away from it, and every rule's expected score; its heat map,
// the belief taken from a question or a practice answer, the rules-disagree table and the lessons. Every journey
// also asserts that the console stayed free of errors. Screenshots (projector 1280×800, phone 390×844) go to
// e2e/screenshots/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { open, inkedPixels, SCREENSHOTS } from './browser.mjs';

const PROPER = ['CRPS-log', 'Log score', 'Winkler 90%', 'Pinball 5/50/95%'];

/** Every rule's expected score as the table shows it, by rule name. */
const table = (page) =>
  page.$$eval('[data-testid="lab-rules"] tbody tr', (rows) =>
    Object.fromEntries(rows.map((r) => [r.dataset.rule, parseFloat(r.querySelector('.value').textContent)])));

/** Each rule's reading ("lower is better" / "higher is better") as the table shows it, from the rule table. */
const readings = (page) =>
  page.$$eval('[data-testid="lab-rules"] tbody tr', (rows) =>
    Object.fromEntries(rows.map((r) => [r.dataset.rule, r.querySelectorAll('td')[1].textContent])));

/** Whether `a` is worse than `b` under a rule read as `reading`. */
const worse = (reading, a, b) => (reading === 'higher is better' ? a < b : a > b);

/** Moves a slider to a step (0 to 80; 40 is the honest report) and waits for the table to follow. */
async function slide(page, testid, step) {
  const before = JSON.stringify(await table(page));
  await page.getByTestId(testid).evaluate((el, v) => {
    el.value = v;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, String(step));
  await page.waitForFunction((b) => {
    const rows = [...document.querySelectorAll('[data-testid="lab-rules"] tbody tr')];
    return JSON.stringify(Object.fromEntries(rows.map((r) => [r.dataset.rule, parseFloat(r.querySelector('.value').textContent)]))) !== b;
  }, before);
  return table(page);
}

async function pick(page, rule) {
  await page.getByTestId('lab-rule').selectOption(rule);
  await page.waitForFunction((r) => document.querySelector('.lab-expected')?.textContent.includes(r), rule);
}

test('the explorer: leaving the honest width costs every proper rule, and only the hit rate pays for widening', async () => {
  const { page, url, errors, close } = await open({ width: 1280, height: 800 });
  try {
    // Reached from the practice page's link.
    await page.goto(url);
    await page.getByTestId('open-lab').click();
    await page.getByTestId('lab-width').waitFor();
    await page.getByTestId('lab-belief-low').fill('2 thousand');
    await page.getByTestId('lab-belief-high').fill('3 million');
    await page.waitForFunction(() => /3 million/.test(document.querySelector('[data-testid="lab-belief"]')?.textContent));
    const honest = await table(page);
    assert.equal(Object.keys(honest).length, 8);
    assert.match(await page.getByTestId('lab-optimum').textContent(), /^best at shift 0 decades, width ×1\.00 \(honest\)/);
    assert.equal(parseFloat(await page.getByTestId('lab-expected').textContent()), honest['CRPS-log']);
    assert.equal(honest['Cramér-log'], 0);
    // The log score reads one way everywhere: higher is better, as on the practice page and the class board.
    const reading = await readings(page);
    assert.equal(reading['Log score'], 'higher is better');
    assert.equal(reading['CRPS-log'], 'lower is better');

    // Narrower (×½): every proper rule and the distance get worse, each in its own orientation, and so does the
    // hit rate (lower).
    const narrow = await slide(page, 'lab-width', 20);
    for (const rule of [...PROPER, 'Cramér-log']) assert.ok(worse(reading[rule], narrow[rule], honest[rule]), `${rule} ${narrow[rule]} worse than ${honest[rule]}`);
    assert.ok(narrow['90% hit rate'] < honest['90% hit rate'], 'narrower misses more often');
    assert.ok(narrow['Linear score'] > honest['Linear score'], 'the linear score pays for sharpness');
    assert.equal(narrow['Median error'], honest['Median error'], 'the median error ignores the width');

    // Wider (×2): the proper rules still get worse, but the hit rate rewards it.
    const wide = await slide(page, 'lab-width', 60);
    for (const rule of PROPER) assert.ok(worse(reading[rule], wide[rule], honest[rule]), `${rule} ${wide[rule]} worse than ${honest[rule]}`);
    assert.ok(wide['90% hit rate'] > honest['90% hit rate'], 'the hit rate pays for width');

    // Shifted by half a decade at the honest width: every proper rule gets worse.
    await slide(page, 'lab-width', 40);
    const shifted = await slide(page, 'lab-shift', 60);
    for (const rule of [...PROPER, 'Median error']) assert.ok(worse(reading[rule], shifted[rule], honest[rule]), `${rule} shifted`);

    // Each rule's optimum, in words: the improper ones are best at an end of the range.
    await pick(page, '90% hit rate');
    assert.match(await page.getByTestId('lab-optimum').textContent(), /wider is always better/);
    await pick(page, 'Linear score');
    assert.match(await page.getByTestId('lab-optimum').textContent(), /narrower is always better/);
    await pick(page, 'Log score');
    assert.match(await page.getByTestId('lab-optimum').textContent(), /\(honest\)/);
    assert.equal(parseFloat(await page.getByTestId('lab-expected').textContent()), shifted['Log score']);

    for (const canvas of ['lab-by-width', 'lab-by-shift']) assert.ok((await inkedPixels(page, canvas)) > 2000, canvas);
    await page.screenshot({ path: join(SCREENSHOTS, 'lab-1280x800.png'), fullPage: true });

    // Back to practice, which opens as before.
    await page.getByTestId('open-practice').click();
    await page.getByTestId('question-text').waitFor();
    assert.deepEqual(errors, [], 'no console errors');
  } finally {
    await close();
  }
});

test('the lab opens from its address on a phone, and a bad belief is a message, not a crash', async () => {
  const { page, url, errors, close } = await open({ width: 390, height: 844 });
  try {
    await page.goto(`${url}#lab`);
    await page.getByTestId('lab-expected').waitFor();
    await page.getByTestId('lab-belief-high').fill('lots');
    await page.getByText('The high end is not a number yet.').waitFor();
    assert.equal(await page.getByTestId('lab-expected').count(), 0);
    await page.getByTestId('lab-belief-high').fill('1 billion');
    await page.getByTestId('lab-expected').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'lab-390x844.png'), fullPage: true });
    assert.deepEqual(errors, [], 'no console errors');
  } finally {
    await close();
  }
});

const sliders = async (page) => ({
  shift: Number(await page.getByTestId('lab-shift').inputValue()),
  width: Number(await page.getByTestId('lab-width').inputValue()),
});

test('the heat map: a click or a drag moves the report, and a question or a practice answer sets the belief', async () => {
  const { page, url, errors, close } = await open({ width: 1280, height: 800 });
  try {
    // A practice answer first, so the lab has one to take.
    await page.goto(url);
    await page.getByTestId('question-text').waitFor();
    await page.getByTestId('quick-low').fill('30');
    await page.getByTestId('quick-high').fill('3 thousand');
    await page.waitForFunction(() => !document.querySelector('[data-testid="submit"]')?.disabled);
    await page.getByTestId('submit').click();
    await page.getByTestId('truth-summary').waitFor();
    await page.getByTestId('open-lab').click();

    await page.getByTestId('lab-rule').selectOption('Log score');
    await page.waitForFunction(() => document.querySelector('.lab-expected')?.textContent.includes('Log score'));
    assert.ok((await inkedPixels(page, 'lab-heatmap')) > 20000, 'the heat map is drawn');
    assert.deepEqual(await sliders(page), { shift: 40, width: 40 });
    const honest = await page.getByTestId('lab-expected').textContent();

    // A click in the upper right quarter: shifted up, wider.
    await page.getByTestId('lab-heatmap').scrollIntoViewIfNeeded();
    const box = await page.getByTestId('lab-heatmap').boundingBox();
    await page.mouse.click(box.x + box.width * 0.8, box.y + box.height * 0.2);
    const clicked = await sliders(page);
    assert.ok(clicked.shift > 50 && clicked.width > 50, JSON.stringify(clicked));
    assert.match(await page.getByTestId('lab-report').textContent(), /Shift \+0\.\d\d decades, width ×[1-4]\.\d\d/);
    assert.notEqual(await page.getByTestId('lab-expected').textContent(), honest, 'the expected score follows');
    // The report's mark is drawn where the click landed (within a cell and the dot's radius).
    await page.waitForFunction(() => {
      const c = document.querySelector('[data-testid="lab-heatmap-mark"]');
      const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
      let [n, x] = [0, 0];
      for (let i = 3; i < data.length; i += 4) if (data[i] > 0) { n++; x += ((i - 3) / 4) % c.width; }
      return n > 0 && x / n > c.width * 0.6;
    });
    const mark = await page.getByTestId('lab-heatmap-mark').evaluate((c) => {
      const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
      let [n, x, y] = [0, 0, 0];
      for (let i = 3; i < data.length; i += 4) {
        if (data[i] > 0) { n++; x += ((i - 3) / 4) % c.width; y += Math.floor((i - 3) / 4 / c.width); }
      }
      return { x: x / n / c.width, y: y / n / c.height };
    });
    assert.ok(Math.abs(mark.x - 0.8) < 0.03 && Math.abs(mark.y - 0.2) < 0.04, `mark at ${JSON.stringify(mark)}`);

    // A drag to the lower left: the sliders follow the pointer.
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.4);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.6, { steps: 5 });
    await page.mouse.up();
    const dragged = await sliders(page);
    assert.ok(dragged.shift < 40 && dragged.width < 40, JSON.stringify(dragged));

    // A question's truth becomes the belief.
    await page.getByTestId('lab-belief-question').selectOption('raindrops-on-umbrella-california');
    await page.getByTestId('lab-belief-origin').getByText('The truth of: During a rainy day').waitFor();
    const fromTruth = await page.getByTestId('lab-belief-low').inputValue();
    assert.notEqual(fromTruth, '1 million');

    // The last practice answer (30 to 3 thousand) becomes the belief, read back from the run of its program.
    await page.getByTestId('lab-belief-last').click();
    await page.getByTestId('lab-belief-origin').getByText('Your last practice answer').waitFor();
    const [low, high] = [await page.getByTestId('lab-belief-low').inputValue(), await page.getByTestId('lab-belief-high').inputValue()];
    assert.ok(Math.abs(parseFloat(low) - 30) / 30 < 0.1 && / thousand$/.test(high) && Math.abs(parseFloat(high) - 3) < 0.3, `${low} – ${high}`);
    assert.deepEqual(errors, [], 'no console errors');
  } finally {
    await close();
  }
});

test('rules disagree: five stored answers ranked by every rule side by side', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const { page, url, errors, close } = await open(viewport);
    try {
      await page.goto(`${url}#lab`);
      await page.getByTestId('lab-tab-disagree').click();
      await page.getByTestId('lab-disagree').waitFor();
      const ranks = await page.$$eval('[data-testid="lab-disagree"] tbody tr', (rows) =>
        Object.fromEntries(rows.map((r) => [r.dataset.answer,
          Object.fromEntries([...r.querySelectorAll('td')].map((td) => [td.dataset.rule, Number(td.dataset.rank)]))])));
      assert.deepEqual(Object.keys(ranks), ['Ana', 'Ben', 'Chloé', 'Dev', 'Emi']);
      for (const answer of Object.values(ranks)) assert.equal(Object.keys(answer).length, 8);
      // The point is last under the log score (its score is minus infinity) and last under the hit rate; the
      // vague answer wins the hit rate; the sharp, right answer wins Cramér-log and CRPS-log.
      assert.equal(ranks.Emi['Log score'], 5);
      assert.equal(ranks.Emi['90% hit rate'], 5);
      assert.equal(ranks['Chloé']['90% hit rate'], 1);
      assert.equal(ranks.Ana['CRPS-log'], 1);
      assert.equal(ranks.Ana['Cramér-log'], 1);
      assert.match(await page.locator('tr[data-answer="Emi"] td[data-rule="Log score"]').textContent(), /−∞/);
      // The first column, every rank is compared with, is the class board's rule.
      assert.equal(await page.locator('[data-testid="lab-disagree"] thead th').nth(1).textContent(), 'Cramér-log');
      // Highlighted cells are exactly those whose rank differs from the first column's.
      const moved = await page.$$eval('[data-testid="lab-disagree"] tbody tr', (rows) => rows.flatMap((r) => {
        const cells = [...r.querySelectorAll('td')];
        return cells.map((td) => [td.classList.contains('moved'), td.dataset.rank !== cells[0].dataset.rank]);
      }));
      assert.ok(moved.every(([shown, differs]) => shown === differs));
      assert.ok(moved.filter(([shown]) => shown).length >= 5);
      assert.equal(await page.locator('[data-testid="lab-rewards"] li').count(), 8);
      assert.match(await page.getByTestId('lab-rewards').textContent(), /90% hit rate \(higher is better, improper\): It measures whether the outcome lands inside your 90% interval/);
      await page.screenshot({ path: join(SCREENSHOTS, `lab-disagree-${viewport.width}x${viewport.height}.png`), fullPage: true });
      assert.deepEqual(errors, [], 'no console errors');
    } finally {
      await close();
    }
  }
});

/** The lesson's lines as { label: [value, note] }. */
const lessonLines = (page) =>
  page.$$eval('[data-testid="lab-lesson-lines"] tr', (rows) =>
    Object.fromEntries(rows.map((r) => [r.querySelector('th').textContent, [...r.querySelectorAll('td')].map((td) => td.textContent)])));

test('a lesson: a point is not a forecast, and too narrow costs more than too wide under the log score', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const { page, url, errors, close } = await open(viewport);
    try {
      await page.goto(`${url}#lab`);
      await page.getByTestId('lab-tab-lessons').click();
      // Lesson 1 opens first: at a single number the log score is minus infinity and the hit rate 0%.
      await page.getByTestId('lab-lesson-lines').waitFor();
      assert.match(await page.getByTestId('lab-lesson-point').textContent(), /A single number says nothing/);
      let lines = await lessonLines(page);
      assert.equal(lines['Log score (higher is better)'][0], '−∞');
      assert.equal(lines['90% hit rate (higher is better)'][0], '0%');
      const slider = page.getByTestId('lab-lesson-slider-width');
      await slider.evaluate((el) => { el.value = '20'; el.dispatchEvent(new Event('input', { bubbles: true })); });
      await page.waitForFunction(() => !/∞/.test(document.querySelector('[data-testid="lab-lesson-lines"]').textContent));
      lines = await lessonLines(page);
      assert.equal(lines['90% hit rate (higher is better)'][0], '90%');

      // Lesson 2: at every factor, narrow costs more under the log score and wide costs more under CRPS-log.
      await page.getByTestId('lab-lesson-2').click();
      await page.getByTestId('lab-lesson-slider-factor').waitFor();
      for (const step of ['10', '40']) {
        const before = JSON.stringify(await lessonLines(page));
        await page.getByTestId('lab-lesson-slider-factor').evaluate((el, v) => { el.value = v; el.dispatchEvent(new Event('input', { bubbles: true })); }, step);
        await page.waitForFunction((b) => {
          const rows = [...document.querySelectorAll('[data-testid="lab-lesson-lines"] tr')];
          return JSON.stringify(Object.fromEntries(rows.map((r) => [r.querySelector('th').textContent, [...r.querySelectorAll('td')].map((td) => td.textContent)]))) !== b;
        }, before);
        lines = await lessonLines(page);
        assert.equal(lines['Log score'][1], 'too narrow costs more');
        assert.equal(lines['CRPS-log'][1], 'too wide costs more');
        assert.match(lines['Linear score'][1], /rewards the range that is too narrow/);
      }
      assert.match(await page.getByTestId('lab-lesson').textContent(), /overconfident: your range is narrower/);
      await page.screenshot({ path: join(SCREENSHOTS, `lab-lesson-${viewport.width}x${viewport.height}.png`), fullPage: true });
      assert.deepEqual(errors, [], 'no console errors');
    } finally {
      await close();
    }
  }
});
