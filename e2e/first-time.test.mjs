// What a first-time user tripped over (issue 19: items 1, 7, 12, 13, 14): quick inputs that explain themselves, one
// rule for `%`, a score with a scale, point truths worded plainly, long programs, a phone-width result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, journey, id, open } from './browser.mjs';

const echo = (page, box) => page.locator(`#${box} ~ .echo`).textContent();

async function choose(page, text) {
  await page.getByTestId('question-list').getByText(text).first().click();
  await page.waitForFunction(
    ([sel, t]) => document.querySelector(sel)?.textContent.includes(t),
    [id('question-text'), text],
  );
}

test('quick boxes say why a number is not one, read fractions, and print programs as typed', async () => {
  await journey({ width: 1280, height: 800 }, async ({ page }) => {
    await page.getByTestId('quick-low').fill('1,5');
    assert.match(await echo(page, 'quick-low'), /decimal comma: write 1\.5/);
    await page.getByTestId('quick-high').fill('1e400');
    assert.match(await echo(page, 'quick-high'), /too large/);
    await page.getByTestId('quick-low').fill('1/1000');
    assert.equal(await echo(page, 'quick-low'), '1/1000 = 0.1% of land area');
    await page.getByTestId('quick-high').fill('2,500');
    await page.waitForFunction((sel) => document.querySelector(sel)?.textContent === 'to(0.001, 2500)', id('quick-program'));
    // A quick answer's problems carry no program positions: the person never saw `1:1`.
    await page.getByTestId('quick-low').fill('10');
    await page.getByTestId('quick-high').fill('1');
    // Swapped bounds run as nothing: the core's reason says so beside Submit, in the person's terms.
    await page.waitForFunction((sel) => /swap/.test(document.querySelector(sel)?.textContent ?? ''), id('submit-why'));
    const problems = await page.getByTestId('submit-why').textContent();
    assert.doesNotMatch(problems, /\d+:\d+/, problems);
    assert.match(problems, /low bound \(10\) is above the high one \(1\)/, problems);
    // A seed that is not one is refused out loud.
    await page.getByTestId('seed').fill('abc');
    await page.getByTestId('seed').dispatchEvent('change');
    assert.match(await page.getByTestId('seed-problem').textContent(), /“abc” is not a seed/);
  });
});

test('a percent question: a bare 80–95 is flagged as a ×100 unit slip; point truths are worded plainly; the score has a scale', async () => {
  await journey({ width: 1280, height: 800 }, async ({ page }) => {
    await choose(page, 'fully battery-electric');
    await page.getByTestId('quick-low').fill('80');
    await page.getByTestId('quick-high').fill('95');
    await page.waitForFunction((sel) => document.querySelector(sel)?.textContent === 'to(80, 95)', id('quick-program'));
    await page.getByTestId('unit-warning').waitFor();
    await page.getByTestId('estimate-summary').waitFor();
    await page.getByTestId('submit').click();
    await page.getByTestId('feedback').waitFor();
    assert.match(await page.getByTestId('feedback').textContent(), /almost exactly 100×: a likely unit slip \(percent against fraction/);
    assert.match(await page.getByTestId('sd-ratio').textContent(), /no ratio: the truth is a single value/);
    assert.match(await page.getByTestId('noise-floor').textContent(), /sets no floor/);
    const scale = await page.getByTestId('score-scale').textContent();
    assert.match(scale, /Lower is better; 0 is perfect\. On this question a single number 2× off scores 0\.69 and 10× off 2\.30/);
    assert.match(scale, /FermiBench/);
  });
});

test('a 3,000-line program updates, lists 100 problems and counts the rest', async () => {
  await journey({ width: 1280, height: 800 }, async ({ page }) => {
    const lines = Array.from({ length: 3000 }, (_, i) => `v${i} = to(1, 2)`);
    await page.getByTestId('mode-program').click();
    // Set as a paste would (Playwright's `fill` types it in as one insertion, which takes longer than the run).
    await page.evaluate((source) => {
      const area = document.querySelector('[data-testid="estimate-input"]');
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set.call(area, source);
      area.dispatchEvent(new Event('input', { bubbles: true }));
    }, [...lines, 'v0 * v1'].join('\n'));
    await page.getByTestId('estimate-input').press('Control+Enter');
    await page.waitForFunction((sel) => /median/.test(document.querySelector(sel)?.textContent ?? ''), id('estimate-summary'));
    const items = page.getByTestId('diagnostics').locator('li');
    await page.waitForFunction((sel) => document.querySelectorAll(`${sel} li`).length > 0, id('diagnostics'));
    assert.equal(await items.count(), 101);
    assert.match(await items.last().textContent(), /… and 2,898 more warnings \(not listed\)/);
    assert.equal(await page.locator('.backdrop mark').count(), 100);
  });
});

test('at 360 px the result fits: the rules table scrolls inside its box, nothing is cut off', async () => {
  await journey({ width: 360, height: 780 }, async ({ page }) => {
    await page.screenshot({ path: join(SCREENSHOTS, 'first-time-360-before.png'), fullPage: true });
    await page.getByTestId('quick-low').fill('1e-3');
    await page.getByTestId('quick-high').fill('0.01');
    await page.getByTestId('estimate-summary').waitFor();
    await page.getByTestId('submit').click();
    await page.getByTestId('feedback').waitFor();
    await page.getByTestId('rules-table').locator('summary').click();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0, 'the page never scrolls sideways');
    await page.screenshot({ path: join(SCREENSHOTS, 'first-time-360-after.png'), fullPage: true });
  });
});

test('a slow first visit shows a line while the module downloads, and the page replaces it', async () => {
  const session = await open({ width: 390, height: 844 });
  const { page } = session;
  try {
    // The module's wasm is held back: the page has only its own HTML and stylesheet meanwhile.
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    await page.route('**/practice-*_bg.wasm', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(session.url, { waitUntil: 'domcontentloaded' });
    await page.getByText('Loading Fermi Playground…').waitFor();
    assert.ok(await page.locator('#loading').isVisible());
    release();
    await page.getByTestId('question-text').waitFor();
    assert.ok(!(await page.locator('#loading').isVisible()), 'the line is gone once the page is up');
    assert.deepEqual(session.errors, []);
  } finally {
    await session.close();
  }
});
