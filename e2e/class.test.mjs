// Class mode (#class): a teacher creates a class set, three students in their own browser contexts answer and hand
// in codes, the teacher takes them with a bad and a duplicate code, and presents the board. Every session also
// asserts that the console stayed free of errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { open, SCREENSHOTS } from './browser.mjs';
import { answerAll } from './class-common.mjs';

const TREES = 'trees-on-earth-2015';         // point truth: 3.04 trillion trees
const LIVESTOCK = 'mongolia-livestock-2022'; // point truth: 71.1 million head
const LIGHTNING = 'lightning-flashes-per-day-world';
const QUESTIONS = [TREES, LIVESTOCK, LIGHTNING];

/** One student: answers given as ['quick', low, high] or ['squiggle' | 'fermi', program], question by question. */
const STUDENTS = [
  { name: 'Ada Lovelace', answers: [['quick', '1 trillion', '8 trillion'], ['quick', '40 million', '150 million'], ['quick', '1 million', '10 million']] },
  { name: '', answers: [['squiggle', 'per_km2 = to(5e3, 5e4)\nland = 1.3e8\nper_km2 * land'], ['quick', '5e6', '5e7'], ['squiggle', 'to(1e5, 1e7)']] },
  { name: 'Cy <b>bold</b>', answers: [['fermi', '1e11 1e12'], ['fermi', '2e6 4e6\n* 2 3'], ['fermi', '3e6 6e6']] },
];

async function session(viewport = { width: 1280, height: 800 }) {
  const s = await open(viewport);
  await s.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  return s;
}

async function answer(page, student, index) {
  await page.getByTestId('class-question').nth(2).waitFor();
  if (student.name) await page.getByTestId('class-name').fill(student.name);
  await answerAll(page, student.answers);
  // The truth is nowhere on a student's page.
  const body = await page.locator('body').innerText();
  assert.doesNotMatch(body, /3\.04 trillion|71\.1 million/, `student ${index + 1} sees no truth`);
  await page.getByTestId('class-handin').click();
  const code = await page.getByTestId('class-handin-code').inputValue();
  assert.match(code, /^FC1\.[A-Za-z0-9+$-]+\.[0-9a-f]{8}$/);
  assert.ok(code.length < 400, `a short code: ${code.length} characters`);
  return code;
}

test('a class: create, three students hand in, the teacher takes the codes and presents', async () => {
  const teacher = await session();
  const sessions = [teacher];
  try {
    const { page, url } = teacher;
    // The teacher builds the class set.
    await page.goto(`${url}#class`);
    for (const id of QUESTIONS) await page.locator(`input[data-question="${id}"]`).check();
    await page.getByTestId('class-samples').fill('5000');
    await page.getByTestId('class-create').click();
    const link = await page.getByTestId('class-link').inputValue();
    assert.ok(link.startsWith(`${url}#class=`), link);
    const teacherLink = await page.getByTestId('class-teacher-link').getAttribute('href');
    assert.ok(teacherLink.startsWith(`${url}#class-teacher=`), teacherLink);
    await page.screenshot({ path: join(SCREENSHOTS, 'class-create-1280x800.png'), fullPage: true });

    // Three students, each in a browser context of their own.
    const codes = [];
    let codeFile;
    for (const [i, student] of STUDENTS.entries()) {
      const s = await session(i === 1 ? { width: 390, height: 844 } : { width: 1280, height: 800 });
      sessions.push(s);
      await s.page.goto(link);
      codes.push(await answer(s.page, student, i));
      if (i === 0) {
        await s.page.getByTestId('class-copy').click();
        await s.page.getByTestId('class-copy').filter({ hasText: 'Copied' }).waitFor();
        assert.equal(await s.page.evaluate(() => navigator.clipboard.readText()), codes[0]);
        await s.page.screenshot({ path: join(SCREENSHOTS, 'class-student-1280x800.png'), fullPage: true });
        // A reload keeps the answers: the same code comes back.
        await s.page.reload();
        await s.page.getByTestId('class-question').nth(2).getByTestId('class-check').filter({ hasText: 'Your estimate' }).waitFor();
        await s.page.getByTestId('class-handin').click();
        assert.equal(await s.page.getByTestId('class-handin-code').inputValue(), codes[0]);
      }
      if (i === 1) await s.page.screenshot({ path: join(SCREENSHOTS, 'class-student-390x844.png'), fullPage: true });
      if (i === 2) {
        // The third student hands in a file instead: it holds the code.
        const [download] = await Promise.all([s.page.waitForEvent('download'), s.page.getByTestId('class-download').click()]);
        codeFile = await download.path();
        assert.equal((await readFile(codeFile, 'utf8')).trim(), codes[2]);
      }
      assert.deepEqual(s.errors, [], `student ${i + 1}: no console errors`);
    }
    assert.equal(new Set(codes).size, 3);

    // The teacher takes the three codes, a bad one and a duplicate.
    await page.goto(teacherLink);
    const bad = codes[1].slice(0, 20) + (codes[1][20] === 'A' ? 'B' : 'A') + codes[1].slice(21);
    await page.getByTestId('class-codes').fill(`${codes[0]}\n${codes[1]}\n${bad}`);
    await page.getByTestId('class-take').click();
    await page.getByTestId('class-count').filter({ hasText: '2 codes taken.' }).waitFor({ timeout: 60_000 });
    await page.getByTestId('class-files').setInputFiles(codeFile);
    await page.getByTestId('class-count').filter({ hasText: '3 codes taken.' }).waitFor({ timeout: 60_000 });
    await page.getByTestId('class-codes').fill(codes[0]);
    await page.getByTestId('class-take').click();
    await page.getByTestId('class-rejected').locator('li').nth(1).waitFor();
    const rejected = page.getByTestId('class-rejected').locator('li');
    assert.equal(await rejected.count(), 2);
    assert.match(await rejected.nth(0).innerText(), /Not taken: code 3 .*checksum/);
    assert.match(await rejected.nth(1).innerText(), /Duplicate: code 5 .*second code from Ada Lovelace/);

    // Before the reveal: who handed in, nothing ranked.
    const board = page.getByTestId('class-board');
    assert.equal(await board.getAttribute('data-hidden'), 'true');
    assert.doesNotMatch(await board.innerText(), /Ada|rank/);
    await page.getByTestId('class-names').check();
    await page.getByTestId('class-reveal-results').click();
    await page.locator('[data-testid="class-board"][data-rule="Cramér-log"]').waitFor();
    // The board, rule by rule: three students and the crowd (pinned first), rank changes against Cramér-log.
    const rows = board.locator('tbody tr');
    assert.equal(await rows.count(), 4);
    const everyone = await board.innerText();
    for (const who of ['Ada Lovelace', 'Cy <b>bold</b>']) assert.ok(everyone.includes(who), who);
    assert.match(everyone, /Student [0-9A-F]{4}/);
    assert.match(await rows.nth(0).innerText(), /The crowd/);
    const names = await page.locator('main.class button[data-rule]').allInnerTexts();
    assert.equal(names.length, 7);
    for (const name of names.slice(1)) {
      await page.locator('main.class button[data-rule]').filter({ hasText: name }).first().click();
      await page.locator(`[data-testid="class-board"][data-rule="${name}"]`).waitFor();
      const changes = await board.locator('tbody tr td.change').allInnerTexts();
      assert.equal(changes.length, 3);
      for (const c of changes) assert.match(c, /^(=|▲ \d|▼ \d)$/, `${name}: ${c}`);
    }
    await page.locator('main.class button[data-rule]').filter({ hasText: 'Cramér-log' }).first().click();

    // The crowd against the truth, which stays hidden until clicked; and the class's calibration.
    const crowd = page.getByTestId('class-crowd');
    assert.equal(await crowd.locator('tbody tr.question-row').count(), 3);
    assert.equal(await crowd.getByTestId('class-reveal').count(), 3);
    assert.doesNotMatch(await crowd.innerText(), /3\.04 trillion/);
    assert.match(await page.getByTestId('class-calibration').innerText(), /90% intervals held the truth in \d of 9 answers/);
    await page.screenshot({ path: join(SCREENSHOTS, 'class-teacher-1280x800.png'), fullPage: true });

    // The presenter view: no names once they are off, truths only on click.
    await page.getByTestId('class-presenter').click();
    await page.getByTestId('class-names').uncheck();
    const presenter = page.getByTestId('class-presenter-view');
    await presenter.waitFor();
    const shown = await presenter.innerText();
    assert.doesNotMatch(shown, /Ada|Cy/);
    assert.equal((shown.match(/Student [0-9A-F]{4}/g) ?? []).length, 3);
    assert.doesNotMatch(shown, /3\.04 trillion/);
    await page.screenshot({ path: join(SCREENSHOTS, 'class-presenter-1280x800.png'), fullPage: true });
    await presenter.getByTestId('class-reveal').first().click();
    await presenter.getByTestId('class-truth').first().filter({ hasText: '3.04 trillion' }).waitFor();
    assert.equal(await presenter.getByTestId('class-reveal').count(), 2);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(SCREENSHOTS, 'class-presenter-390x844.png'), fullPage: true });
    await page.getByTestId('class-presenter-leave').click();
    await page.getByTestId('class-codes').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'class-teacher-390x844.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The codes survive a reload of the teacher's page.
    await page.reload();
    await page.getByTestId('class-count').filter({ hasText: '3 codes taken.' }).waitFor({ timeout: 60_000 });
    assert.deepEqual(teacher.errors, [], 'teacher: no console errors');
  } finally {
    for (const s of sessions) await s.close();
  }
});

test('a damaged class link says so instead of opening', async () => {
  const s = await session();
  try {
    await s.page.goto(`${s.url}#class=nonsense`);
    assert.match(await s.page.getByTestId('class-link-problem').innerText(), /damaged/);
    assert.deepEqual(s.errors, []);
  } finally {
    await s.close();
  }
});

test('a share question in class: "15%"–"25%" reads as 15–25 percent on the student page and the board, scores as 0.15–0.25, and a bare 15–25 is flagged', async () => {
  const teacher = await session();
  const sessions = [teacher];
  try {
    const { page, url } = teacher;
    await page.goto(`${url}#class`);
    await page.locator('input[data-question="ireland-data-centre-share-electricity-2023"]').check();
    await page.getByTestId('class-samples').fill('5000');
    await page.getByTestId('class-create').click();
    const link = await page.getByTestId('class-link').inputValue();
    const teacherLink = await page.getByTestId('class-teacher-link').getAttribute('href');
    const codes = [];
    for (const [name, low, high] of [['Percent', '15%', '25%'], ['Fraction', '0.15', '0.25']]) {
      const s = await session({ width: 390, height: 844 });
      sessions.push(s);
      await s.page.goto(link);
      await s.page.getByTestId('class-question').first().waitFor();
      await s.page.getByTestId('class-name').fill(name);
      const q = s.page.getByTestId('class-question').first();
      assert.match(await q.getByTestId('share-guide').textContent(), /type the % sign \(15%\) or a fraction \(0\.15\); a bare 15 reads as 1,500%/);
      // Percent points typed without %: 1,500%–2,500%, flagged with the likely fix before hand-in.
      await answerAll(s.page, [['quick', '15', '25']]);
      assert.equal(await q.getByTestId('class-low-0-echo').textContent(), '15 = 1,500% of metered electricity consumption');
      await q.getByTestId('unit-warning').waitFor();
      assert.match(await q.getByTestId('unit-warning').textContent(), /reads 1,\d{3}% to 2,\d{3}%\. Did you mean 1\d(\.\d)?% to 2\d(\.\d)?%\?/);
      await q.locator('input[data-testid="class-low-0"]').fill(low);
      await q.locator('input[data-testid="class-high-0"]').fill(high);
      await q.getByTestId('class-check').filter({ hasText: /5% 1[45](\.\d)?% · median 19\.\d% · 95% 2[45](\.\d)?%/ }).waitFor();
      assert.equal(await q.getByTestId('unit-warning').count(), 0);
      assert.match(await q.getByTestId('class-low-0-echo').textContent(), /= 15% of metered electricity consumption$/);
      if (name === 'Percent') await s.page.screenshot({ path: join(SCREENSHOTS, 'class-share-student-390x844.png'), fullPage: true });
      await s.page.getByTestId('class-handin').click();
      codes.push(await s.page.getByTestId('class-handin-code').inputValue());
      assert.deepEqual(s.errors, []);
    }
    await page.goto(teacherLink);
    await page.getByTestId('class-codes').fill(codes.join('\n'));
    await page.getByTestId('class-take').click();
    await page.getByTestId('class-count').filter({ hasText: '2 codes taken.' }).waitFor({ timeout: 60_000 });
    await page.getByTestId('class-names').check();
    await page.getByTestId('class-reveal-results').click();
    const board = page.getByTestId('class-board');
    await page.locator('[data-testid="class-board"][data-rule="Cramér-log"]').waitFor();
    // Both students gave one answer: the same score on the board.
    const score = async (name) => board.locator('tbody tr').filter({ hasText: name }).locator('td').nth(1).innerText();
    const [percent, fraction] = [await score('Percent'), await score('Fraction')];
    assert.ok(Number.isFinite(parseFloat(percent)) && parseFloat(percent) < 0.1, percent);
    assert.equal(percent, fraction);
    // The crowd and the truth in percent.
    const crowd = page.getByTestId('class-crowd');
    const crowdText = await crowd.getByTestId('class-crowd-median').innerText();
    assert.match(crowdText, /1[45](\.\d)?%\s+19\.\d%\s+2[45](\.\d)?%/, crowdText);
    await crowd.getByTestId('class-reveal').first().click();
    await crowd.getByTestId('class-truth').first().filter({ hasText: '20.7%' }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'class-share-teacher-1280x800.png'), fullPage: true });
    assert.deepEqual(teacher.errors, []);
  } finally {
    for (const s of sessions) await s.close();
  }
});
