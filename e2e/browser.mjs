// Launches Debian's Chromium through playwright-core with the flags this closed network needs.
import { mkdtemp, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { serve } from './server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const SCREENSHOTS = join(here, 'screenshots');

/** Serves `root` (dist/ by default, plus in-memory `routes`), opens a page at the given viewport, and collects console
 * errors. The offline cache's service worker is blocked unless `serviceWorkers: 'allow'` (it would take requests
 * out of `page.route`'s sight); `touch: true` makes it a phone's touch screen (no hover, a coarse pointer); `gzip: true`
 * serves compressed, as a web host does. */
export async function open(viewport = { width: 1280, height: 800 }, root = join(here, '..', 'dist'), routes = {},
  { serviceWorkers = 'block', touch = false, gzip = false } = {}) {
  const { server, url } = await serve(root, routes, 0, { gzip });
  const context = await chromium.launchPersistentContext(await mkdtemp(join(tmpdir(), 'fp-e2e-')), {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    serviceWorkers,
    viewport,
    hasTouch: touch,
    isMobile: touch,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await mkdir(SCREENSHOTS, { recursive: true });
  const close = async () => { if (server.listening) server.close(); await context?.close(); };
  return { page, url, errors, close, context, server };
}

/** A `data-testid` selector. */
export const id = (t) => `[data-testid="${t}"]`;

/** A three-line estimate of the default question, in Squiggle. */
export const PROGRAM = 'coal = to(80e9, 120e9)\nyield = to(100, 250)\ncoal / yield / 357022e6';

/** Opens the practice page on a fresh profile, waits for its question, runs `fn`, checks that the console stayed
 * free of errors, closes. */
export async function journey(viewport, fn) {
  const session = await open(viewport);
  try {
    await session.page.goto(session.url);
    await session.page.getByTestId('question-text').waitFor();
    await fn(session);
    assert.deepEqual(session.errors, [], 'no console errors');
  } finally {
    await session.close();
  }
}

/** Switches to program mode, types `text` and runs it at once. */
export async function programMode(page, text) {
  await page.getByTestId('mode-program').click();
  await page.getByTestId('estimate-input').fill(text);
  await page.getByTestId('estimate-input').press('Control+Enter');
}

/** Count of canvas pixels that differ from the top-left (background) pixel. */
export async function inkedPixels(page, testid = 'chart') {
  return page.$eval(`[data-testid="${testid}"]`, (c) => {
    const ctx = c.getContext('2d');
    const { data } = ctx.getImageData(0, 0, c.width, c.height);
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] !== data[0] || data[i + 1] !== data[1] || data[i + 2] !== data[2]) n++;
    }
    return n;
  });
}
