// The walking skeleton's path: question shown, estimate typed, finite score, both distributions drawn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { open, inkedPixels, SCREENSHOTS } from './browser.mjs';

test('typing an estimate gives a finite score and a drawn chart, with no console errors', async () => {
  const { page, url, errors, close } = await open();
  try {
    await page.goto(url);
    const question = page.getByTestId('question-text');
    await question.waitFor();
    assert.match(await question.textContent(), /Germany/);
    const blank = await inkedPixels(page);

    await page.getByTestId('estimate-input').fill('coal = to(80e9, 120e9)\nyield = to(100, 250)\ncoal / yield / 357022e6');
    const score = page.getByTestId('score-cramer');
    await page.waitForFunction(() => Number.isFinite(parseFloat(document.querySelector('[data-testid="score-cramer"]')?.textContent)));
    const value = parseFloat(await score.textContent());
    assert.ok(value >= 0 && value < 1, `score ${value} should be a small non-negative number for a good estimate`);
    assert.ok((await inkedPixels(page)) > blank + 2000, 'the chart should show both distributions');

    await page.getByTestId('estimate-input').fill('to(1, 10) *');
    await page.getByTestId('diagnostics').locator('li').first().waitFor();
    assert.match(await page.getByTestId('diagnostics').textContent(), /\d+:\d+/);

    await page.getByTestId('estimate-input').fill('coal = to(80e9, 120e9)\nyield = to(100, 250)\ncoal / yield / 357022e6');
    await page.screenshot({ path: join(SCREENSHOTS, 'skeleton-1280x800.png'), fullPage: true });
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});
