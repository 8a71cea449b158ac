// What a first-time user trips over on the practice page (issue 19, items 1, 5, 6, 8 and 11): journeys through the
// built app (dist/). Each one failed before its fix. Every journey also asserts that the console stayed free of errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, journey, id, open, programMode, PROGRAM } from './browser.mjs';

const scored = (page) => page.waitForFunction((sel) => Number.isFinite(parseFloat(document.querySelector(sel)?.textContent)), id('score-cramer'));

test('share links: copied with a button, never overwrite a draft unasked, leave the address, and work when pasted into an open tab', async () => {
  let link;
  await journey({ width: 1280, height: 800 }, async ({ page }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByTestId('seed').fill('12345');
    await page.getByTestId('seed').press('Enter');
    await page.getByTestId('seed').blur();
    await programMode(page, PROGRAM);
    await page.getByTestId('estimate-summary').waitFor();
    link = await page.getByTestId('share-link').inputValue();
    assert.match(link, /#s1=/);
    await page.getByTestId('share-copy').click();
    await page.getByTestId('share-copied').getByText(/Copied/).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
  });
  const hash = link.slice(link.indexOf('#'));
  await journey({ width: 1280, height: 800 }, async ({ page, url }) => {
    // A draft of one's own on the link's question, then the link pasted into this open tab.
    await programMode(page, 'to(1, 10)');
    await page.waitForTimeout(400);
    await page.goto(url + hash);
    await page.getByTestId('share-choice').waitFor();
    assert.equal(await page.getByTestId('share-choice-program').textContent(), PROGRAM);
    await page.getByTestId('share-choice').screenshot({ path: join(SCREENSHOTS, 'share-choice-1280.png') });
    assert.equal(await page.getByTestId('estimate-input').inputValue(), 'to(1, 10)', 'the draft is untouched while the page asks');
    assert.ok(!page.url().includes('#s1='), `the link left the address: ${page.url()}`);
    await page.getByTestId('share-keep').click();
    assert.equal(await page.getByTestId('share-choice').count(), 0);
    await page.getByTestId('estimate-input').fill('to(2, 20)');
    await page.waitForTimeout(400);
    // A reload does not apply the link again over the later edit.
    await page.reload();
    await page.getByTestId('estimate-input').waitFor();
    assert.equal(await page.getByTestId('estimate-input').inputValue(), 'to(2, 20)');
    assert.equal(await page.getByTestId('share-choice').count(), 0);
    // Pasted again, and this time opened.
    await page.goto(url + hash);
    await page.getByTestId('share-use').click();
    assert.equal(await page.getByTestId('estimate-input').inputValue(), PROGRAM);
    assert.equal(await page.getByTestId('seed').inputValue(), '12345');
    await page.getByTestId('notices').getByText(/shared estimate was loaded/).waitFor();
    assert.ok(!page.url().includes('#'), page.url());
  });
  await journey({ width: 1280, height: 800 }, async ({ page, url }) => {
    // Opened with the link (a new tab) and no draft: nothing to ask, the link opens at once and leaves the address.
    const tab = await page.context().newPage();
    await tab.goto(url + hash);
    await tab.getByTestId('notices').getByText(/shared estimate was loaded/).waitFor();
    assert.equal(await tab.getByTestId('estimate-input').inputValue(), PROGRAM);
    assert.equal(await tab.getByTestId('share-choice').count(), 0);
    assert.ok(!tab.url().includes('#'), tab.url());
    await tab.close();
    // A damaged link pasted into the open tab is a notice, and leaves the address too.
    await page.goto(url + '#s1=%%%');
    await page.getByTestId('notices').getByText(/damaged/).waitFor();
    assert.ok(!page.url().includes('#s1='), page.url());
  });
});

test('the dialect sits by the editor, with a syntax card, a matching placeholder, and conversion where the core has one', async () => {
  await journey({ width: 1280, height: 800 }, async ({ page }) => {
    await page.getByTestId('mode-program').click();
    const dialect = page.locator('#answer').getByTestId('dialect');
    assert.equal(await dialect.count(), 1, 'the dialect control is in the answer panel');
    const editor = page.getByTestId('estimate-input');
    // The placeholder is an instruction naming the dialect, never a program that reads as a written answer.
    assert.match(await editor.getAttribute('placeholder'), /^Type your Squiggle model here/);
    await dialect.selectOption('fermi');
    assert.match(await editor.getAttribute('placeholder'), /^Type your fermi model here/, 'a fermi placeholder in fermi');
    assert.doesNotMatch(await editor.getAttribute('placeholder'), /\d/);
    await page.getByTestId('syntax-card').locator('summary').click();
    const card = await page.getByTestId('syntax-card').textContent();
    assert.match(card, /=: name/);
    assert.match(card, /93\.9B 98\.3B/);
    assert.doesNotMatch(card, /to\(/, 'the fermi card shows fermi only');

    // A fermi program, then Squiggle chosen: the page offers the core's conversion, and the estimate is unchanged.
    await editor.fill('2 5 # per year\n=. per_year\n10\n* per_year');
    await editor.press('Control+Enter');
    await page.getByTestId('estimate-summary').waitFor();
    const before = await page.getByTestId('estimate-summary').textContent();
    await dialect.selectOption('squiggle');
    await page.getByTestId('dialect-convert').waitFor();
    assert.match(await page.getByTestId('syntax-card').textContent(), /to\(lo, hi\)/, 'the card follows the dialect');
    await page.getByTestId('convert-program').click();
    assert.match(await editor.inputValue(), /^per_year = /);
    await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.includes('median'), id('estimate-summary'));
    assert.equal(await page.getByTestId('diagnostics').locator('li').count(), 0);
    assert.equal(await page.getByTestId('estimate-summary').textContent(), before, 'the converted program gives the same samples');

    // Squiggle to fermi: the page says it can't, and offers the way back.
    await dialect.selectOption('fermi');
    await page.getByTestId('dialect-convert').getByText(/can't rewrite a Squiggle program/).waitFor();
    await page.getByTestId('switch-back').click();
    assert.equal(await dialect.inputValue(), 'squiggle');
    await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.includes('median'), id('estimate-summary'));
    assert.equal(await page.getByTestId('diagnostics').locator('li.error').count(), 0);
    await page.locator('#answer').screenshot({ path: join(SCREENSHOTS, 'dialect-1280.png') });
  });
});

const CALIBRATION = JSON.stringify({ version: 1, questions: [
  { q: 'How tall is the Eiffel Tower, in metres?', a: 330, src: ['https://example.org/eiffel'] },
  { q: 'How long is the Golden Gate Bridge, in metres?', a: 2737, src: ['https://example.org/ggb'] },
] });
const CORRECTIONS = JSON.stringify({ 'Test Invitational 20-21, #1': { question: '', answer: '3', explanation: '', credit: 'x' } });

test('packs: loaded once, kept across a reload, filtered and jumped to, and each file explained', async () => {
  await journey({ width: 1280, height: 800 }, async ({ page }) => {
    const list = page.getByTestId('question-list').locator('li');
    const builtIn = await list.count();
    assert.match(await page.getByTestId('file-guide').textContent(), /corrections\.json/);
    const file = { name: 'calibration.json', mimeType: 'application/json', buffer: Buffer.from(CALIBRATION) };
    await page.getByTestId('load-pack').setInputFiles(file);
    await page.getByTestId('pack-problems').getByText(/converted as a calibration set/).waitFor();
    // The list jumps to the new questions.
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 2, `${id('question-list')} li`);
    assert.notEqual(await page.getByTestId('pack-filter').inputValue(), '');
    // The same file again: already loaded, no second copy.
    await page.getByTestId('load-pack').setInputFiles([]);
    await page.getByTestId('load-pack').setInputFiles(file);
    await page.getByTestId('pack-problems').getByText(/already loaded: not added again/).waitFor();
    await page.getByTestId('pack-filter').selectOption('');
    assert.equal(await list.count(), builtIn + 2);
    // Kept for the next visit, and said so.
    await page.reload();
    await page.getByTestId('pack-problems').getByText(/Loaded again from your last visit/).waitFor();
    assert.equal(await list.count(), builtIn + 2);
    // Corrections on their own are explained.
    await page.getByTestId('load-pack').setInputFiles({ name: 'corrections.json', mimeType: 'application/json', buffer: Buffer.from(CORRECTIONS) });
    await page.getByTestId('pack-problems').getByText(/together with its questions\.json/).waitFor();
    await page.getByTestId('forget-packs').click();
    assert.equal(await list.count(), builtIn);
    await page.reload();
    await page.getByTestId('question-text').waitFor();
    await page.waitForTimeout(300);
    assert.equal(await list.count(), builtIn, 'forgotten packs stay gone');
  });
});

for (const width of [390, 360]) {
  test(`phone ${width} px and keyboard: the list comes before the result, a choice shows its question, Enter moves on, Enter runs and Ctrl-Enter submits`, async () => {
    await journey({ width, height: 844 }, async ({ page }) => {
      const box = async (locator) => (await locator.boundingBox());
      const browser = page.locator('#questions');
      assert.ok((await box(browser)).y < (await box(page.locator('.result'))).y, 'the list is reachable before the result');
      assert.ok((await box(browser)).y < (await box(page.getByTestId('question-text'))).y);
      await page.screenshot({ path: join(SCREENSHOTS, `practice-start-${width}.png`) });
      await page.locator('.browser-fold > summary').click();
      const items = page.getByTestId('question-list').locator('.question-item');
      await items.nth(6).scrollIntoViewIfNeeded();
      const chosen = (await items.nth(6).locator('.item-text').textContent()).trim();
      await items.nth(6).click();
      await page.waitForFunction((t) => document.querySelector('[data-testid="question-text"]')?.textContent === t, chosen);
      const question = await box(page.getByTestId('question-text'));
      assert.ok(question.y > -1 && question.y < 844, `the question is in view after the choice (y = ${question.y})`);
      assert.equal(await items.nth(6).getAttribute('aria-current'), 'true');
      assert.equal(await page.locator('[aria-current="true"]').count(), 1);
      await page.screenshot({ path: join(SCREENSHOTS, `practice-chosen-${width}.png`) });

      // Keyboard: Enter on a question moves to the answer; Enter in Low moves to High, Enter runs, Ctrl-Enter submits.
      await items.nth(3).focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.dataset?.testid === 'quick-low');
      assert.equal(await items.nth(3).getAttribute('aria-current'), 'true');
      await page.keyboard.type('1');
      await page.keyboard.press('Enter');
      assert.equal(await page.evaluate(() => document.activeElement?.dataset?.testid), 'quick-high');
      await page.keyboard.type('1 million');
      await page.keyboard.press('Enter');
      // Enter ran it at once: the program and its estimate are there, with no wait for a pause in typing.
      assert.match(await page.getByTestId('quick-program').textContent(), /^to\(1(e0)?, 1(e6|M)\)$/);
      assert.match(await page.getByTestId('estimate-summary').textContent(), /median/);
      assert.equal(await page.locator('#answer .pending').count(), 0, 'nothing waits for a pause in typing');
      assert.equal(await page.getByTestId('score-cramer').textContent(), '–');
      await page.keyboard.press('Control+Enter');
      await scored(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `no sideways scrolling (${overflow}px too wide)`);
      await page.screenshot({ path: join(SCREENSHOTS, `practice-submitted-${width}.png`), fullPage: true });
    });
  });
}

test('a share question: "15%"–"25%" reads as 15–25 percent and scores as 0.15–0.25; a bare 15–25 is flagged as 1,500% before Submit', async () => {
  await journey({ width: 390, height: 844 }, async ({ page }) => {
    // "Other questions" unfolds the list on a phone.
    await page.locator('.to-list').click();
    await page.getByTestId('question-list').getByRole('button', { name: /Ireland.*data centres/ }).click();
    await page.getByTestId('question-unit').getByText('percent of metered electricity consumption').waitFor();
    assert.match(await page.getByTestId('share-guide').textContent(), /type the % sign \(15%\) or a fraction \(0\.15\)/, 'how to type a share, before anything is typed');
    // Percent points typed without %: 1,500% to 2,500% of the whole, flagged with the likely fix before Submit.
    await page.getByTestId('quick-low').fill('15');
    await page.getByTestId('quick-high').fill('25');
    assert.equal(await page.getByTestId('quick-low-echo').textContent(), '15 = 1,500% of metered electricity consumption');
    const warning = page.getByTestId('unit-warning');
    await warning.waitFor();
    assert.match(await warning.textContent(), /reads 1,500% to 2,500%\. Did you mean 15% to 25%\? Type the % sign \(25%\) or a fraction \(0\.25\)/);
    await page.locator('#answer').screenshot({ path: join(SCREENSHOTS, 'unit-warning-390.png') });
    // Written as a program, the estimate's own percentiles are judged.
    await programMode(page, 'to(15, 25)');
    await page.waitForFunction((sel) => /reads 1,\d{3}% to 2,\d{3}%/.test(document.querySelector(sel)?.textContent), id('unit-warning'));
    // With %, 15–25 percent: no warning, and every number on the page in percent.
    await page.getByTestId('mode-quick').click();
    await page.getByTestId('quick-low').fill('15%');
    await page.getByTestId('quick-high').fill('25%');
    await page.waitForFunction((sel) => !document.querySelector(sel), id('unit-warning'));
    assert.equal(await page.getByTestId('quick-low-echo').textContent(), '15% = 15% of metered electricity consumption');
    assert.equal(await page.getByTestId('quick-high-echo').textContent(), '25% = 25% of metered electricity consumption');
    await page.waitForFunction((sel) => /5% 1[45](\.\d)?% · median 19\.\d% · 95% 2[45](\.\d)?%/.test(document.querySelector(sel)?.textContent), id('estimate-summary'));
    await page.getByTestId('submit').click();
    await scored(page);
    const percentScore = await page.getByTestId('score-cramer').textContent();
    assert.equal(await page.getByTestId('truth-summary').textContent(), 'Truth: 20.7%');
    const table = await page.getByTestId('quantile-table').textContent();
    assert.match(table, /1[45](\.\d)?%.*2[45](\.\d)?%/s, table);
    assert.doesNotMatch(table, /0\.15|0\.25/, table);
    // The same answer as a fraction scores the same (edits after the reveal are scored, not recorded).
    await page.getByTestId('quick-low').fill('0.15');
    await page.getByTestId('quick-high').fill('0.25');
    assert.equal(await page.getByTestId('quick-low-echo').textContent(), '0.15 = 15% of metered electricity consumption');
    await page.waitForFunction(([sel, s]) => document.querySelector(sel)?.textContent === s, [id('score-cramer'), percentScore]);
    assert.equal(await page.getByTestId('unit-warning').count(), 0);
  });
});

test('the explanation and sources arrive after the first screen: a waiting line until then, a notice when they cannot', async () => {
  const session = await open({ width: 1280, height: 800 });
  const { page } = session;
  try {
    // The details file is held until the page has shown its question and been submitted, then refused.
    let held;
    const asked = new Promise((resolve) => {
      page.route('**/bank-details-*.json', (route) => {
        held = route;
        resolve();
      });
    });
    await page.goto(session.url);
    await page.getByTestId('question-text').waitFor();
    await asked;
    await page.getByTestId('quick-low').fill('0.0005');
    await page.getByTestId('quick-high').fill('0.005');
    await page.getByTestId('submit').click();
    await scored(page);
    await page.getByText('Loading the explanation and sources…').waitFor();
    assert.equal(await page.getByTestId('explanation').count(), 0);
    await held.fulfill({ status: 404, body: '' });
    await page.getByTestId('notices').getByText(/Explanations and sources could not be loaded \(the server answered HTTP 404\): reload to try again/).waitFor();
    // The score and the truth stand without them.
    assert.ok(Number.isFinite(parseFloat(await page.getByTestId('score-cramer').textContent())));
    assert.deepEqual(session.errors.filter((e) => !/404/.test(e)), []);
  } finally {
    await session.close();
  }
});
