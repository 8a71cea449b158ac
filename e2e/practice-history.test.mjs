// Journeys through the practice page's history: results that survive a reload and reopen from the history, the
// first answer counting (edits after the reveal are not recorded), damaged storage salvaged entry by entry, and
// the calibration view over several answers. Every journey also asserts that the console stayed free of errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { inkedPixels, SCREENSHOTS, journey, id, programMode, PROGRAM } from './browser.mjs';

const KEY = 'fermi-playground';

const scoreText = (page) => page.getByTestId('score-cramer').textContent();

async function waitForScore(page) {
  await page.waitForFunction((sel) => Number.isFinite(parseFloat(document.querySelector(sel)?.textContent)), id('score-cramer'));
  return scoreText(page);
}

async function submit(page) {
  await page.waitForFunction((sel) => !document.querySelector(sel)?.disabled, id('submit'));
  await page.getByTestId('submit').click();
  return waitForScore(page);
}

/** Records the anchor clicks of downloads instead of following them; returns a reader of the last one. */
async function catchDownloads(page) {
  await page.evaluate(() => {
    window.downloads = [];
    HTMLAnchorElement.prototype.click = function () { window.downloads.push({ name: this.download, href: this.href }); };
  });
  return () => page.evaluate(async () => {
    const d = window.downloads.at(-1);
    return { name: d.name, text: await (await fetch(d.href)).text() };
  });
}

test('a revealed result survives a reload, and a history entry reopens its answer and score exactly', async () => {
  await journey({ width: 1280, height: 800 }, async ({ page }) => {
    const question = await page.getByTestId('question-text').textContent();
    await programMode(page, PROGRAM);
    const score = await submit(page);
    const seed = await page.getByTestId('seed').inputValue();

    await page.waitForTimeout(300);
    await page.reload();
    await page.getByTestId('question-text').waitFor();
    assert.equal(await waitForScore(page), score, 'the score is back after the reload, the same to the last digit');
    assert.equal(await page.getByTestId('recorded-score').textContent(), score);
    assert.match(await page.getByTestId('truth-summary').textContent(), /Truth: 5%/);
    assert.equal(await page.getByTestId('after-reveal').count(), 0, 'what is shown is the recorded answer');
    assert.equal(await page.getByTestId('submit').isDisabled(), true);

    // Another question is not revealed; a new seed is set; the history entry brings answer, seed and score back.
    await page.getByTestId('question-list').locator('button.question-item').nth(3).click();
    await page.waitForFunction((q) => document.querySelector('[data-testid="question-text"]').textContent !== q, question);
    assert.equal(await scoreText(page), '–');
    await page.getByTestId('seed').fill('999');
    await page.getByTestId('seed').press('Enter');
    await page.getByTestId('history-entry').first().click();
    assert.equal(await page.getByTestId('question-text').textContent(), question);
    assert.equal(await page.getByTestId('estimate-input').inputValue(), PROGRAM);
    assert.equal(await page.getByTestId('seed').inputValue(), seed);
    assert.equal(await waitForScore(page), score);
    await page.screenshot({ path: join(SCREENSHOTS, 'history-reopened-1280x800.png'), fullPage: true });
  });
});

test('after the reveal the first answer counts: edits are scored as "after the reveal", never recorded', async () => {
  await journey({ width: 1280, height: 800 }, async ({ page }) => {
    await programMode(page, PROGRAM);
    const first = await submit(page);
    assert.equal(await page.getByTestId('submit').isDisabled(), true, 'Submit does not offer to submit again');
    assert.equal(await page.getByTestId('submit').textContent(), 'Submitted');

    await page.getByTestId('estimate-input').fill(PROGRAM + ' * 3');
    await page.getByTestId('estimate-input').press('Control+Enter');
    await page.waitForFunction(([sel, s]) => document.querySelector(sel)?.textContent !== s, [id('score-cramer'), first]);
    const edited = await waitForScore(page);
    assert.notEqual(edited, first, 'the edit is scored');
    assert.match(await page.getByTestId('after-reveal').textContent(), /After the reveal.*not recorded/);
    assert.equal(await page.getByTestId('recorded-score').textContent(), first);
    assert.equal(await page.getByTestId('history').locator('li').count(), 1);
    assert.equal(await page.getByTestId('submit').isDisabled(), true);

    await page.getByTestId('reopen-recorded').click();
    await page.waitForFunction(([sel, s]) => document.querySelector(sel)?.textContent === s, [id('score-cramer'), first]);
    assert.equal(await page.getByTestId('after-reveal').count(), 0);
    await page.waitForTimeout(300);
    await page.reload();
    await page.getByTestId('calibration-toggle').click();
    assert.match(await page.getByTestId('calibration-count').textContent(), /^1 answer counted/);
    assert.equal(await page.getByTestId('history').locator('li').count(), 1);
  });
});

test('a damaged stored entry is set aside alone, offered as a download; an old format is migrated', async () => {
  await journey({ width: 1280, height: 800 }, async ({ page }) => {
    await programMode(page, PROGRAM);
    const score = await submit(page);
    await page.waitForTimeout(300);
    const stored = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), KEY));
    assert.equal(stored.version, 3);
    assert.equal(stored.history[0].answer.ln.length, 9, 'the answer\'s quantiles are stored');

    // One damaged history entry between two good ones, and one damaged draft.
    const damaged = { ...stored, history: [stored.history[0], { question: 1 }, { ...stored.history[0], at: stored.history[0].at + 1 }] };
    damaged.drafts = { ...stored.drafts, 'broken-draft': 42 };
    await page.evaluate(([k, v]) => localStorage.setItem(k, v), [KEY, JSON.stringify(damaged)]);
    await page.reload();
    const notice = page.getByTestId('notices').getByText(/set aside/);
    await notice.waitFor();
    const words = await notice.textContent();
    assert.match(words, /history entry 2/);
    assert.match(words, /the draft of question “broken-draft”/);
    assert.match(words, /Everything else was kept/);
    assert.doesNotMatch(words, /expected|struct|VersionOnly|line \d+ column/);
    assert.equal(await page.getByTestId('history').locator('li').count(), 2, 'the good entries are kept');
    assert.equal(await page.getByTestId('estimate-input').inputValue(), PROGRAM, 'the good draft is kept');
    assert.equal(await waitForScore(page), score);

    const lastDownload = await catchDownloads(page);
    await page.getByTestId('download-set-aside').click();
    const file = await lastDownload();
    assert.equal(file.name, 'fermi-set-aside.json');
    const items = JSON.parse(file.text).items;
    assert.deepEqual(items.map((i) => i.place), ['the draft of question “broken-draft”', 'history entry 2']);
    assert.deepEqual(items[1].data, { question: 1 });
    await page.getByTestId('discard-set-aside').click();
    assert.equal(await page.getByTestId('set-aside').count(), 0);

    // Format 1 (no quantiles; every Submit recorded): read, the second Submit of a question marked, the
    // first one's quantiles recomputed from its program, seed and sample count.
    const old = stored.history[0];
    const v1entry = { question: old.question, text: old.text, source: old.source, dialect: old.dialect, seed: old.seed, samples: old.samples, cramer_log: old.cramer_log, at: old.at };
    const v1 = { version: 1, drafts: stored.drafts, settings: stored.settings, history: [v1entry, { ...v1entry, at: old.at + 5 }] };
    await page.evaluate(([k, v]) => localStorage.setItem(k, v), [KEY, JSON.stringify(v1)]);
    await page.reload();
    await page.getByTestId('calibration-toggle').click();
    await page.waitForFunction((sel) => /^1 answer counted/.test(document.querySelector(sel)?.textContent), id('calibration-count'));
    assert.match(await page.getByTestId('calibration-count').textContent(), /1 answer left out: submitted again after the reveal/);
    assert.equal(await page.getByTestId('set-aside').count(), 0, 'nothing was set aside');
    await page.waitForTimeout(300);
    const migrated = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), KEY));
    assert.equal(migrated.version, 3);
    assert.deepEqual(migrated.history[0].answer, old.answer, 'recomputed exactly');
    assert.deepEqual(migrated.history[0].truth, old.truth);
    assert.equal(migrated.history[1].resubmitted, true);
  });
});

test('calibration: five answers, the coverage counts match them, with PIT, trends and advice', async () => {
  await journey({ width: 1280, height: 800 }, async ({ page }) => {
    // Three intervals as wide as can be (they catch any truth) and two far below every truth (they miss).
    const answers = [['1e-40', '1e40'], ['1e-30', '2e-30'], ['1e-40', '1e40'], ['1e-40', '1e40'], ['1e-30', '2e-30']];
    await page.getByTestId('calibration-toggle').click();
    assert.match(await page.getByTestId('calibration-advice').textContent(), /No answers yet/);
    for (const [i, [low, high]] of answers.entries()) {
      await page.getByTestId('question-list').locator('button.question-item').nth(i).click();
      await page.getByTestId('quick-low').fill(low);
      await page.getByTestId('quick-high').fill(high);
      await page.waitForFunction((sel) => /^to\(/.test(document.querySelector(sel)?.textContent), id('quick-program'));
      await submit(page);
      if (i === 0) {
        // From the first answer: counts and an honest "too few to tell".
        assert.equal(await page.getByTestId('coverage-90').textContent(), '1 of 1');
        assert.match(await page.getByTestId('coverage-table').textContent(), /too few answers to tell/);
      }
    }
    for (const level of [50, 80, 90]) {
      assert.equal(await page.getByTestId(`coverage-${level}`).textContent(), '3 of 5', `${level}% intervals`);
    }
    assert.match(await page.getByTestId('calibration-count').textContent(), /^5 answers counted/);
    assert.match(await page.getByTestId('calibration-advice').textContent(), /caught the truth in 3 of 5/);
    const pit = (await page.getByTestId('pit-table').locator('tbody td').allTextContents()).map(Number);
    assert.equal(pit.reduce((a, b) => a + b, 0), 5);
    assert.equal(pit[9], 2, 'the two misses lie far below the truth: it fell at the top of their distributions');
    const [, high, low] = (await page.getByTestId('calibration-bias').textContent()).match(/(\d+) of your medians above the truth, (\d+) below/);
    assert.equal(Number(high) + Number(low), 5);
    assert.match(await page.getByTestId('calibration-width').textContent(), /span [\d.]+ decades/);
    assert.match(await page.getByTestId('calibration-score').textContent(), /Median Cramér-log [\d.]+/);
    for (const chart of ['pit-chart', 'bias-chart', 'width-chart', 'score-chart']) {
      assert.ok((await inkedPixels(page, chart)) > 500, `${chart} is drawn`);
    }
    assert.equal(await page.getByTestId('score-table').locator('tbody tr').count(), 5);
    // By topic: each topic's counts add up to the whole.
    const topics = await page.getByTestId('calibration-topic').locator('option').evaluateAll((o) => o.map((x) => x.value).filter(Boolean));
    assert.ok(topics.length >= 1);
    let total = 0;
    for (const t of topics) {
      await page.getByTestId('calibration-topic').selectOption(t);
      total += parseInt(await page.getByTestId('calibration-count').textContent(), 10);
    }
    assert.equal(total, 5);
    await page.getByTestId('calibration-topic').selectOption('');
    await page.getByTestId('calibration').screenshot({ path: join(SCREENSHOTS, 'calibration-1280x800.png') });
  });
});

/** Answers the open question with a quick interval and submits it. */
async function answerQuick(page, low, high) {
  await page.getByTestId('quick-low').fill(low);
  await page.getByTestId('quick-high').fill(high);
  await page.waitForFunction((sel) => /^to\(/.test(document.querySelector(sel)?.textContent), id('quick-program'));
  return submit(page);
}

test('a practice set: progress, a summary with the set\'s calibration, and the missed one back a day later', async () => {
  await journey({ width: 1280, height: 800 }, async ({ page }) => {
    await page.getByTestId('set-size').selectOption('3');
    await page.getByTestId('start-set').click();
    assert.equal(await page.getByTestId('set-count').textContent(), '0 of 3 answered');
    const asked = [];
    for (const [i, [low, high]] of [['1e-30', '2e-30'], ['1e-40', '1e40'], ['1e-40', '1e40']].entries()) {
      const text = await page.getByTestId('question-text').textContent();
      assert.ok(!asked.includes(text), 'each question of the set is new');
      asked.push(text);
      assert.equal(await scoreText(page), '–', 'an unseen question starts hidden');
      await answerQuick(page, low, high);
      assert.equal(await page.getByTestId('set-count').textContent(), `${i + 1} of 3 answered`);
      assert.equal(await page.getByTestId('set-progress').getAttribute('value'), String(i + 1));
      if (i < 2) await page.getByTestId('set-next').click();
    }
    await page.getByTestId('set-summary').waitFor();
    assert.equal(await page.getByTestId('set-next').count(), 0);
    const summary = await page.getByTestId('set-summary').textContent();
    assert.match(summary, /Set complete/);
    assert.match(summary, /caught the truth in 2 of 3/);
    assert.equal(await page.getByTestId('set-summary').getByTestId('coverage-90').textContent(), '2 of 3');
    await page.getByTestId('set-close').click();

    // A day later (the history moved two days back), a new set offers the missed question first, unrevealed.
    await page.waitForTimeout(300);
    await page.evaluate((k) => {
      const saved = JSON.parse(localStorage.getItem(k));
      for (const e of saved.history) e.at -= 2 * 24 * 3600 * 1000;
      localStorage.setItem(k, JSON.stringify(saved));
    }, KEY);
    await page.reload();
    await page.getByTestId('set-size').selectOption('3');
    await page.getByTestId('start-set').click();
    assert.equal(await page.getByTestId('question-text').textContent(), asked[0]);
    await page.getByTestId('set-retry').waitFor();
    assert.equal(await scoreText(page), '–');
    await answerQuick(page, '1e-40', '1e40');
    assert.equal(await page.getByTestId('history').locator('li').count(), 4, 'the retry is a new answer');
    await page.getByTestId('set-next').click();
    assert.ok(!asked.includes(await page.getByTestId('question-text').textContent()), 'then unseen questions');
  });
});

test('the theme: system, light or dark, kept across a reload, charts included', async () => {
  await journey({ width: 1280, height: 800 }, async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const chartCorner = () => page.$eval('[data-testid="chart"]', (c) => Array.from(c.getContext('2d').getImageData(0, 0, 1, 1).data.slice(0, 3)));
    await page.getByTestId('quick-low').fill('1');
    await page.getByTestId('quick-high').fill('100');
    await page.getByTestId('estimate-summary').waitFor();
    const light = await background();
    assert.equal(light, 'rgb(247, 247, 250)');
    assert.deepEqual(await chartCorner(), [255, 255, 255]);
    await page.getByTestId('theme').selectOption('dark');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    assert.equal(await background(), 'rgb(18, 19, 24)');
    await page.waitForFunction(() => document.querySelector('[data-testid="chart"]').getContext('2d').getImageData(0, 0, 1, 1).data[0] === 24);
    await page.waitForTimeout(300);
    await page.reload();
    await page.getByTestId('question-text').waitFor();
    assert.equal(await page.getByTestId('theme').inputValue(), 'dark');
    assert.equal(await background(), 'rgb(18, 19, 24)');
    // Back to the system's: dark when the system is dark, light when it is light.
    await page.getByTestId('theme').selectOption('system');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), undefined);
    assert.equal(await background(), light);
    await page.emulateMedia({ colorScheme: 'dark' });
    assert.equal(await background(), 'rgb(18, 19, 24)');
  });
});

test('the theme is the app’s: dark chosen in practice stays dark in the lab and class mode, canvases included', async () => {
  await journey({ width: 1280, height: 800 }, async ({ page, url }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    const DARK_PAGE = 'rgb(18, 19, 24)';
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    // The dark palette's background is rgb(24, 26, 32); the light one's is white.
    const darkCanvas = (testid) => page.waitForFunction((sel) => {
      const c = document.querySelector(sel);
      return c && c.width > 0 && c.getContext('2d').getImageData(0, 0, 1, 1).data[0] === 24;
    }, id(testid));
    await page.getByTestId('theme').selectOption('dark');
    assert.equal(await theme(), 'dark');
    await page.waitForTimeout(300);
    // Into the lab by its link (the page loads the lab's module): the page and its charts are dark.
    await page.getByTestId('open-lab').click();
    await page.getByTestId('lab-by-width').waitFor();
    assert.equal(await theme(), 'dark');
    assert.equal(await background(), DARK_PAGE);
    await darkCanvas('lab-by-width');
    await darkCanvas('lab-heatmap');
    // Opened afresh at #lab, and at #class: dark from the start.
    await page.goto(`${url}#lab`);
    await page.reload();
    await page.getByTestId('lab-by-width').waitFor();
    assert.equal(await theme(), 'dark');
    await darkCanvas('lab-by-width');
    await page.goto(`${url}#class`);
    await page.getByTestId('class-samples').waitFor();
    assert.equal(await theme(), 'dark');
    assert.equal(await background(), DARK_PAGE);
    // Back in practice the choice is still dark, and light chosen there is light everywhere.
    await page.goto(`${url}#`);
    assert.equal(await page.getByTestId('theme').inputValue(), 'dark');
    await page.getByTestId('theme').selectOption('light');
    await page.waitForTimeout(300);
    // Another mode's address loads its module afresh (index.html's loader).
    await page.goto(`${url}#lab`);
    await page.getByTestId('lab-by-width').waitFor();
    assert.equal(await theme(), 'light');
    assert.notEqual(await background(), DARK_PAGE);
  });
});
