// What a participant on a phone stumbled on (issue 26, item 8), tried on a 390×844 touch screen in the demo study:
// no keyboard shortcut is offered where there is no keyboard, the program box's placeholder is an instruction and
// never a program, no empty chart area stands before anything is typed, and fermi's `3 to 8` is answered with how
// fermi writes it (`3 8`, the core's hint). On a desktop the shortcuts are there, and say what they do here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { open, SCREENSHOTS } from './browser.mjs';

const LINK = '?study=demo&PROLIFIC_PID=p-phone-1';

/** Through consent and instructions to the practice item. */
async function toPractice(page, url) {
  await page.goto(`${url}${LINK}`);
  await page.getByTestId('study-consent-accept').click();
  await page.getByTestId('study-start').click();
  await page.getByTestId('study-item').waitFor();
}

test('on a phone: no shortcuts, no program as placeholder, no empty chart, and `3 to 8` answered in fermi', { timeout: 120_000 }, async () => {
  const session = await open({ width: 390, height: 844 }, undefined, {}, { touch: true });
  const { page, url, errors } = session;
  try {
    assert.ok(await page.evaluate(() => matchMedia('(hover: none) and (pointer: coarse)').matches), 'a touch screen');
    await toPractice(page, url);
    await page.getByTestId('mode-quick').click();
    // Nothing typed: no chart area takes the screen.
    const chart = page.getByTestId('chart');
    assert.equal(await chart.isVisible(), false, 'no empty chart before an answer');
    assert.equal(await page.locator('#quick-keys').isVisible(), false, 'no keyboard shortcuts on a touch screen');
    await page.getByTestId('quick-low').fill('5');
    await page.getByTestId('quick-high').fill('200');
    await chart.waitFor({ state: 'visible' });
    assert.ok((await chart.boundingBox()).height > 200, 'the chart once there is an estimate');

    await page.getByTestId('mode-program').click();
    const editor = page.getByTestId('estimate-input');
    const placeholder = await editor.getAttribute('placeholder');
    assert.match(placeholder, /^Type your/);
    assert.doesNotMatch(placeholder, /\d/, 'the placeholder holds no figure to mistake for an answer');
    assert.doesNotMatch(await page.locator('label[for="estimate-input"]').innerText(), /Ctrl|Cmd/);
    await page.getByTestId('dialect').selectOption('fermi');
    await editor.fill('3 to 8');
    const diagnostics = page.getByTestId('diagnostics');
    await diagnostics.locator('.hint', { hasText: 'write 3 8' }).locator('code', { hasText: /^3 8$/ }).waitFor();
    assert.doesNotMatch(await page.locator('main').innerText(), /Ctrl\/Cmd/, 'no shortcut anywhere on the item');
    // Not a full-page shot: that resizes the page's emulated screen, which would show the keyboard hints again.
    await editor.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'study-phone-390.png') });
    assert.deepEqual(errors, [], 'no console errors');
  } finally {
    await session.close();
  }
});

test('on a desktop the shortcuts are offered, and the quick boxes say what Enter does in a study', { timeout: 120_000 }, async () => {
  const session = await open({ width: 1280, height: 800 });
  const { page, url, errors } = session;
  try {
    await toPractice(page, url);
    await page.getByTestId('mode-quick').click();
    // A study moves on with its own button: Ctrl/Cmd-Enter does not submit here.
    assert.equal((await page.locator('#quick-keys').innerText()).trim(), 'Enter runs it.');
    await page.getByTestId('mode-program').click();
    assert.match(await page.locator('label[for="estimate-input"]').innerText(), /Ctrl\/Cmd-Enter runs it now/);
    assert.deepEqual(errors, [], 'no console errors');
  } finally {
    await session.close();
  }
});
