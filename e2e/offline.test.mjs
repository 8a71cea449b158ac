// Installable and offline after one visit (issue 30): the service worker (www/sw.js) keeps the app, and a new
// deployment replaces it whole. A second build is made from dist/ the way a deploy differs: every hashed file under
// a new name, and the page naming them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { open } from './browser.mjs';
import { serve } from './server.mjs';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const HASHED = /-([0-9a-f]{8,16})(_bg)?\.(js|wasm|css|json)$/;

/** dist/ deployed again as build `name`: hashed files renamed, the page pointing at them and saying its name. */
async function deployment(name) {
  const dir = await mkdtemp(join(tmpdir(), `fp-build-${name}-`));
  await cp(dist, dir, { recursive: true });
  let page = await readFile(join(dir, 'index.html'), 'utf8');
  for (const file of await readdir(dir)) {
    const m = file.match(HASHED);
    if (!m) continue;
    const renamed = file.replace(m[1], [...m[1]].reverse().join(''));
    await rename(join(dir, file), join(dir, renamed));
    page = page.split(file).join(renamed);
  }
  page = page.replace('<head>', `<head><meta name="build" content="${name}">`);
  await writeFile(join(dir, 'index.html'), page);
  return dir;
}

/** Stops a server now, open connections included. */
function stop(server) {
  const closed = new Promise((ok) => server.close(ok));
  server.closeAllConnections();
  return closed;
}

const build = (page) => page.evaluate(() => document.querySelector('meta[name="build"]')?.content ?? 'dist');
/** The hashed files this page loaded (its modules and the bank's files). */
const loaded = (page) => page.evaluate(() => performance.getEntriesByType('resource')
  .map((e) => new URL(e.name).pathname.slice(1)).filter((p) => /-[0-9a-f]{8,16}(_bg)?\.(js|wasm|css|json)$/.test(p)));
/** Whether the page fetched the bank's details (what the reveal shows): practice does, once its first screen is up. */
const details = async (page) => (await loaded(page)).some((f) => f.startsWith('bank-details-'));

/** The mode whose module a hashed file is (`lab-<hash>_bg.wasm` → `lab`). */
const mode = (file) => file.split('-')[0];

/** Answers the question whose text holds `text` with a quick interval, and waits for its score. */
async function answer(page, text) {
  await page.getByTestId('question-list').getByText(text).first().click();
  await page.waitForFunction((t) => document.querySelector('[data-testid="question-text"]')?.textContent.includes(t), text);
  await page.getByTestId('quick-low').fill('0.0005');
  await page.getByTestId('quick-high').fill('0.005');
  await page.getByTestId('submit').click();
  await page.waitForFunction(() => Number.isFinite(parseFloat(document.querySelector('[data-testid="score-cramer"]')?.textContent)));
}

test('after one visit the app works offline in every mode, and a new deployment replaces it whole', async () => {
  const second = await deployment('second');
  const session = await open({ width: 1280, height: 800 }, dist, {}, { serviceWorkers: 'allow' });
  const { page, context } = session;
  const port = new URL(session.url).port;
  let server;
  try {
    await page.goto(session.url);
    await page.getByTestId('question-text').waitFor();
    // The service worker has installed (the app and what the page names are cached) and controls the page.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    const first = await loaded(page);
    // Practice's module only: the service worker fetched the other modes' into its cache, not the page.
    assert.deepEqual(first.filter((f) => f.endsWith('_bg.wasm')).map(mode), ['practice'], `the page's wasm: ${first}`);
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/bank-details-')));

    // Offline: the server is gone and the browser has no network.
    await stop(session.server);
    await context.setOffline(true);
    await page.reload();
    await answer(page, 'Germany');
    assert.equal(await build(page), 'dist');
    // The reveal's explanation and sources, from the cache too.
    assert.match(await page.getByTestId('explanation').textContent(), /Explanation[\s\S]*Sources/);
    assert.ok((await page.getByTestId('explanation').locator('.sources li').count()) >= 1);
    assert.ok(await details(page));
    // Every mode's first screen offline, from a module never loaded online: practice's link into the lab and back
    // (each a load of the other module), a study item (the built-in demo study), class mode.
    await page.getByTestId('open-lab').click();
    await page.getByTestId('lab-width').waitFor();
    assert.ok((await loaded(page)).map(mode).includes('lab'));
    assert.ok(!(await details(page)), 'the lab shows no explanation: it does not fetch them');
    await page.goBack();
    await page.getByTestId('question-text').waitFor();
    await page.goto(`${session.url}?study=demo&pid=offline-1`);
    await page.getByTestId('study-consent-accept').waitFor();
    assert.ok((await loaded(page)).map(mode).includes('study'));
    assert.ok(!(await details(page)), 'a study item fetches only what its first screen needs');
    await page.goto(`${session.url}?mode#class`);
    await page.getByTestId('class-create').waitFor();
    assert.ok((await loaded(page)).map(mode).includes('class'));
    assert.ok(!(await details(page)));
    await page.goto(session.url);
    await page.getByTestId('question-text').waitFor();

    // Online again with the second build deployed on the same address: the page and all its code are the new build's.
    await context.setOffline(false);
    ({ server } = await serve(second, {}, Number(port)));
    await page.reload();
    await page.getByTestId('question-text').waitFor();
    assert.equal(await build(page), 'second');
    const now = await loaded(page);
    assert.ok(now.length > 0 && now.every((f) => !first.includes(f)), `only the second build's files: ${now} (first: ${first})`);

    // Offline again: still the second build, whole.
    await stop(server);
    server = null;
    await context.setOffline(true);
    await page.reload();
    await answer(page, 'Norway');
    assert.equal(await build(page), 'second');
    assert.deepEqual(session.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|ERR_CONNECTION_REFUSED/.test(e)), []);
  } finally {
    if (server) server.close();
    await session.close();
    await rm(second, { recursive: true, force: true });
  }
});
