// The scoring lab (#lab): a belief, a report moved away from it, and every rule's expected score. Every journey
// also asserts that the console stayed free of errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { open, inkedPixels, SCREENSHOTS } from './browser.mjs';

const PROPER = ['CRPS-log', 'Log score', 'Winkler 90%', 'Pinball 5/50/95%'];

/** Every rule's expected score as the table shows it, by rule name. */
const table = (page) =>
  page.$$eval('[data-testid="lab-rules"] tbody tr', (rows) =>
    Object.fromEntries(rows.map((r) => [r.dataset.rule, parseFloat(r.querySelector('.value').textContent)])));

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

    // Narrower (×½): every proper rule and the distance get worse (higher), and so does the hit rate (lower).
    const narrow = await slide(page, 'lab-width', 20);
    for (const rule of [...PROPER, 'Cramér-log']) assert.ok(narrow[rule] > honest[rule], `${rule} ${narrow[rule]} > ${honest[rule]}`);
    assert.ok(narrow['90% hit rate'] < honest['90% hit rate'], 'narrower misses more often');
    assert.ok(narrow['Linear score'] > honest['Linear score'], 'the linear score pays for sharpness');
    assert.equal(narrow['Median error'], honest['Median error'], 'the median error ignores the width');

    // Wider (×2): the proper rules still get worse, but the hit rate rewards it.
    const wide = await slide(page, 'lab-width', 60);
    for (const rule of PROPER) assert.ok(wide[rule] > honest[rule], `${rule} ${wide[rule]} > ${honest[rule]}`);
    assert.ok(wide['90% hit rate'] > honest['90% hit rate'], 'the hit rate pays for width');

    // Shifted by half a decade at the honest width: every proper rule gets worse.
    await slide(page, 'lab-width', 40);
    const shifted = await slide(page, 'lab-shift', 60);
    for (const rule of [...PROPER, 'Median error']) assert.ok(shifted[rule] > honest[rule], `${rule} shifted`);

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
