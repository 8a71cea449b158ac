// `study compare --report` read in a browser: the CLI simulates the bundled demo study (60 people, three models),
// compares them and writes the report; Chromium opens index.html at desktop and phone widths and finds the three
// SVG charts (drawn by plotters), the sentences, the tables with the right rows, and the CSV files beside it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { open, SCREENSHOTS } from './browser.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const id = (t) => `[data-testid="${t}"]`;

function cli(...args) {
  return execFileSync('cargo', ['run', '-q', '-p', 'fermi-playground', '--', ...args],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26, stdio: ['pipe', 'pipe', 'pipe'] });
}

const dir = await mkdtemp(join(tmpdir(), 'fp-compare-'));
const demo = join(ROOT, 'assets/studies/demo.toml');
cli('study', 'simulate', '--study', demo, '--people', '60', '--seed', '1', '-o', join(dir, 'data'));
const printed = cli('study', 'compare', '--study', demo, '--llm', join(dir, 'data', 'runs.jsonl'), '--bootstrap', '500',
  '--report', join(dir, 'report'), join(dir, 'data', 'responses.jsonl'));

test('the CLI prints the paired table', () => {
  assert.match(printed, /^Policy: /);
  for (const group of ['model:sim-sharp', 'model:sim-middling', 'model:sim-wild', 'crowd']) {
    assert.match(printed, new RegExp(`^${group} +\\d+ +\\d+ of \\d+ +-?\\d\\.\\d{3} +\\[`, 'm'), group);
  }
  assert.match(printed, /sim-sharp beat the median participant on \d of 6 questions; its score was \d\.\d\d (lower|higher)/);
});

for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
  test(`the report shows its charts and tables (${name})`, async () => {
    const { page, url, errors, close } = await open(viewport, join(dir, 'report'));
    try {
      await page.goto(url + 'index.html');
      await page.locator(id('compare-policy')).waitFor();
      assert.match(await page.locator(id('compare-policy')).innerText(), /^Policy: /);
      assert.equal(await page.locator(`${id('compare-words')} li`).count(), 4);
      for (const chart of ['questions', 'paired', 'coverage']) {
        const figure = page.locator(id(`compare-chart-${chart}`));
        await figure.scrollIntoViewIfNeeded();
        assert.equal(await figure.locator('svg').count(), 1, chart);
        const box = await figure.locator('svg').boundingBox();
        assert.ok(box.width > 300 && box.width <= viewport.width && box.height > 50, `${chart}: ${JSON.stringify(box)}`);
        assert.ok(await figure.locator('svg circle').count() > 0, `${chart} draws points`);
      }
      // Every model's name is drawn in the charts' legends or labels, and the people's dots are there (60 per question).
      const questions = page.locator(`${id('compare-chart-questions')} svg`);
      for (const label of ['sim-sharp', 'sim-middling', 'sim-wild', 'crowd', 'people']) {
        assert.ok(await questions.locator('text', { hasText: label }).count() > 0, label);
      }
      assert.ok(await questions.locator('circle').count() >= 6 * 50);
      const paired = page.locator(`${id('compare-paired')} tbody tr`);
      assert.equal(await paired.count(), 4);
      assert.deepEqual((await paired.locator('td:first-child').allInnerTexts()).sort(),
        ['crowd', 'model:sim-middling', 'model:sim-sharp', 'model:sim-wild']);
      // Groups: humans, two arms, three models and the crowd, three coverage levels each.
      assert.equal(await page.locator(`${id('compare-groups')} tbody tr`).count(), 7 * 3);
      assert.ok(await page.locator(`${id('compare-questions')} tbody tr`).count() >= 6 * 4);
      // The CSV files beside the page hold the same tables.
      const csv = await page.evaluate(async () => (await fetch('compare-paired.csv')).text());
      assert.equal(csv.split('\n')[0], 'group,questions,beat_median,difference,ci95_low,ci95_high,ci90_low,ci90_high');
      assert.equal(csv.trim().split('\n').length, 5);
      // Nothing wider than the page but the tables' own scrolling boxes.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
      await page.screenshot({ path: join(SCREENSHOTS, `compare-report-${name}.png`), fullPage: true });
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });
}

test('the report is self-contained: no script, no outside resource', async () => {
  const html = await readFile(join(dir, 'report', 'index.html'), 'utf8');
  assert.doesNotMatch(html, /<script|src="https?:|href="https?:|url\(/);
  assert.equal((html.match(/<svg /g) ?? []).length, 3);
});
