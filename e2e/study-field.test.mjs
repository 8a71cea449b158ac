// Study mode in the field: a public-tier study (its pack holds no truths) run through a researcher's receiver that
// drops its connections mid-study; every finished item reaches the receiver before the end, a closed tab's items
// too; the received records survive JSON.parse/JSON.stringify and score with `study score --strict --truth`
// (also from a CRLF copy of the study file); a participant failing the attention item is excluded with that
// reason; the bonus CSV matches the scores. Then the same study inside a JATOS-like page serving jatos.js where
// JATOS does, scored from the export's data.txt and .jrzip.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { open, id } from './browser.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A public-tier pack: what participants read, no truth, no source. */
const PUBLIC_PACK = `[pack]
id = "field"
title = "Field questions"
version = 1
tier = "public"
${[
  ['attention', 'To show that you read each question: what is 60? Type a range around 60.', 'units'],
  ['cups', 'How many cups of coffee are drunk in an office of 50 people in a week?', 'cups'],
  ['trees', 'How many trees line a 2 km city avenue (both sides)?', 'trees'],
].map(([qid, text, unit]) => `
[[question]]
id = "${qid}"
text = "${text}"
unit = "${unit}"
as_of = "2025"
topics = ["everyday"]
countries = ["WORLD"]
`).join('')}`;

/** The sealed truths: the same pack with truths, kept by the researcher (never served). */
const SEALED_PACK = PUBLIC_PACK.replace('tier = "public"', 'tier = "private"')
  .replace(/(id = "(attention|cups|trees)"[\s\S]*?countries = \["WORLD"\]\n)/g, (m, _all, qid) => `${m}
[question.truth]
kind = "point"
value = ${{ attention: 60, cups: 600, trees: 400 }[qid]}

[[question.sources]]
publisher = "Field test"
title = "Made up"
url = "https://example.org/"
tier = "range"
detail = "invented"
`);

function studyText(submitUrl) {
  return `[study]
id = "field-study"
version = 1
title = "Field study"
consent = "You agree to take part in a test."
instructions = "Give a range you are 90% sure of."
samples = 1000
seed = "per-item"
order = "fixed"
formats = ["quick", "squiggle"]
time_limit_s = 0
reveal = "never"
allow_skip = true
show_chart = false
participant_params = ["PROLIFIC_PID"]
keep_params = ["SESSION_ID"]
completion_code = "FIELD1"
partial_code = "FIELDP"
${submitUrl ? `submit_url = "${submitUrl}"\n` : ''}packs = ["field.toml"]

[study.quality]
max_pastes = 5

[[study.arm]]
id = "shown"
text = "You see your own 5%, 50% and 95%."

[[study.arm]]
id = "hidden"
text = "You see only your range."
show_percentiles = false

[study.bonus]
per_item = 0.5
zero_at = 2.0

[[study.item]]
question = "field/attention"
expect = 60
tolerance = 0.2

[[study.item]]
question = "field/cups"

[[study.item]]
question = "field/trees"
`;
}

/** `fermi-playground study ARGS…`: its exit code, stdout and stderr. */
function cli(args) {
  try {
    const stdout = execFileSync('cargo', ['run', '-q', '-p', 'fermi-playground', '--', 'study', ...args],
      { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26, stdio: ['pipe', 'pipe', 'pipe'] });
    return { code: 0, stdout, stderr: '' };
  } catch (e) {
    return { code: e.status, stdout: e.stdout, stderr: e.stderr };
  }
}

/**
 * The researcher's receiver: keeps every POST and the latest body per submission_id; in mode 'drop' it destroys
 * the connection of each POST without answering, in 'fail' it answers 500.
 */
async function receiver() {
  const posts = [];
  const latest = new Map();
  const state = { mode: 'accept' };
  const server = createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type', 'access-control-allow-methods': 'POST' };
    if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
    if (state.mode === 'drop') {
      req.socket.destroy();
      return;
    }
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      const status = state.mode === 'accept' ? 200 : 500;
      posts.push({ status, type: req.headers['content-type'], body });
      if (status === 200) latest.set(JSON.parse(body).submission_id, body);
      res.writeHead(status, cors).end(status === 200 ? 'ok' : 'broken');
    });
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${server.address().port}/responses`,
    posts,
    latest,
    state,
    /** The latest accepted record of a participant, parsed. */
    of(pid) {
      return [...latest.values()].map((b) => JSON.parse(b)).find((r) => r.participant.id === pid);
    },
    close: () => { server.closeAllConnections(); return new Promise((ok) => server.close(ok)); },
  };
}

/** The cells of one CSV line (quoted cells may hold commas and doubled quotes). */
function cells(line) {
  const out = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted && c === '"' && line[i + 1] === '"') { cell += '"'; i++; }
    else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) { out.push(cell); cell = ''; }
    else cell += c;
  }
  out.push(cell);
  return out;
}

async function quick(page, low, high) {
  await page.getByTestId('quick-low').fill(low);
  await page.getByTestId('quick-high').fill(high);
  await page.getByTestId('quick-high').press('Enter');
}

/** Waits until `check()` holds, polling. */
async function until(check, what, ms = 20_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((ok) => setTimeout(ok, 200));
  }
  assert.fail(`timed out waiting for ${what}`);
}

async function nextItem(page, position) {
  await page.getByTestId('study-next').click();
  if (position) await page.waitForFunction(([sel, p]) => document.querySelector(sel)?.textContent === p, [id('study-position'), position]);
}

test('a public-tier study through a receiver that drops its connections: nothing lost, excluded with a reason, bonus from the scores', { timeout: 300_000 }, async () => {
  const rx = await receiver();
  const routes = {};
  const session = await open({ width: 390, height: 844 }, undefined, routes);
  const { page, url, errors, context } = session;
  const study = studyText(rx.url);
  routes['/f/study.toml'] = { type: 'text/plain; charset=utf-8', body: study };
  routes['/f/field.toml'] = { type: 'text/plain; charset=utf-8', body: PUBLIC_PACK };
  const dir = await mkdtemp(join(tmpdir(), 'fp-field-'));
  try {
    // The public study checks: no truth reaches the browser.
    await writeFile(join(dir, 'study.toml'), study);
    await writeFile(join(dir, 'field.toml'), PUBLIC_PACK);
    await writeFile(join(dir, 'sealed.toml'), SEALED_PACK);
    const checked = cli(['check', '--json', join(dir, 'study.toml')]);
    assert.equal(checked.code, 0, checked.stderr);
    assert.equal(JSON.parse(checked.stdout).truths_in_browser, false);

    // Participant 1 (a phone): the attention item right, then the receiver drops connections mid-study.
    await page.goto(`${url}?study=f/study.toml&PROLIFIC_PID=p-good&SESSION_ID=s-1`);
    await page.getByTestId('study-consent-accept').click();
    await page.getByTestId('study-start').click();
    assert.equal(await page.getByTestId('chart').count(), 0, 'the study hides the chart');
    await quick(page, '55', '65');
    await nextItem(page, '2 of 3');
    await until(() => rx.of('p-good')?.items.length === 1, 'item 1 at the receiver');
    assert.equal(rx.of('p-good').status, 'partial');
    rx.state.mode = 'drop';
    await quick(page, '200', '2000');
    // A paste into the answer, counted.
    await page.getByTestId('quick-low').dispatchEvent('paste');
    await nextItem(page, '3 of 3');
    await page.waitForTimeout(1500);
    assert.equal(rx.of('p-good').items.length, 1, 'nothing arrives while the connection drops');
    rx.state.mode = 'accept';
    await until(() => rx.of('p-good')?.items.length === 2, 'item 2 retried to the receiver before the end');
    assert.equal(rx.of('p-good').status, 'partial');
    await quick(page, '100', '1000');
    await page.getByTestId('study-next').click();
    await page.getByTestId('study-complete').waitFor();
    await page.waitForFunction((sel) => document.querySelector(sel)?.dataset.state === 'sent', id('study-sent'));
    assert.equal(await page.getByTestId('study-code').textContent(), 'FIELD1');
    assert.equal(await page.getByTestId('study-save').count(), 0, 'one "Save my answers" on the end screen');
    assert.equal(rx.of('p-good').status, 'complete');
    assert.equal(rx.of('p-good').items.length, 3);
    const sent = rx.posts.map((p) => JSON.parse(p.body)).filter((r) => r.participant.id === 'p-good');
    assert.ok(sent.length >= 3, 'sent item by item');
    assert.equal(new Set(sent.map((r) => r.submission_id)).size, 1, 'one submission_id for every send');

    // Participant 2: the attention item wrong, one more item; the receiver fails; the tab is closed.
    rx.state.mode = 'fail';
    const second = await context.newPage();
    await second.goto(`${url}?study=f/study.toml&PROLIFIC_PID=p-careless&SESSION_ID=s-2`);
    await second.getByTestId('study-consent-accept').click();
    await second.getByTestId('study-start').click();
    await quick(second, '3', '8');
    await nextItem(second, '2 of 3');
    await quick(second, '50', '5000');
    await nextItem(second, '3 of 3');
    await until(() => rx.posts.some((p) => p.status === 500 && JSON.parse(p.body).participant.id === 'p-careless'), 'a refused POST');
    rx.state.mode = 'accept';
    await second.close({ runBeforeUnload: true });
    await until(() => rx.of('p-careless')?.items.length === 2, "the closed tab's items at the receiver");
    const beacon = rx.posts.find((p) => p.status === 200 && JSON.parse(p.body).participant.id === 'p-careless');
    assert.ok(beacon, 'received');

    // The received records, through JavaScript, still score strictly against the sealed truths.
    const records = join(dir, 'records');
    await mkdir(records);
    for (const [k, body] of [...rx.latest.values()].entries()) {
      const roundTripped = JSON.stringify(JSON.parse(body));
      await writeFile(join(records, `r${k}.json`), roundTripped);
    }
    const crlf = join(dir, 'crlf');
    await mkdir(crlf);
    await writeFile(join(crlf, 'study.toml'), study.replace(/\n/g, '\r\n'));
    await writeFile(join(crlf, 'field.toml'), PUBLIC_PACK);
    const out = join(dir, 'out');
    for (const studyFile of [join(dir, 'study.toml'), join(crlf, 'study.toml')]) {
      const scored = cli(['score', '--study', studyFile, '--truth', join(dir, 'sealed.toml'), '--strict', '--json', '--bootstrap', '100', '-o', out, records]);
      assert.equal(scored.code, 0, scored.stderr);
      const result = JSON.parse(scored.stdout);
      assert.deepEqual(result.problems, []);
      assert.deepEqual(result.records, { scored: 2, left_out: 0 });
      assert.equal(result.excluded.length, 1);
      assert.equal(result.excluded[0].participant, 'p-careless');
      assert.match(result.excluded[0].reasons[0], /check item field\/attention answered with a median of [\d.]+ \(expected 60 within 20%\)/);
    }
    // The bonus file pays participant 1 what the rule gives for their scores; the excluded one nothing.
    const items = (await readFile(join(out, 'items.csv'), 'utf8')).trim().split('\n');
    const header = items[0].split(',');
    const col = (row, name) => cells(row)[header.indexOf(name)];
    const good = items.slice(1).filter((r) => col(r, 'participant') === 'p-good' && col(r, 'cramer_log') !== '');
    assert.equal(good.length, 2, 'the check item is not scored');
    const expected = good.reduce((sum, r) => sum + 0.5 * Math.max(0, 1 - Number(col(r, 'cramer_log')) / 2), 0);
    const bonus = (await readFile(join(out, 'bonus.csv'), 'utf8')).trim().split('\n');
    assert.deepEqual(bonus, [`p-good,${(Math.round(expected * 100) / 100).toFixed(2)}`]);
    const pasted = items.slice(1).find((r) => col(r, 'participant') === 'p-good' && col(r, 'question') === 'field/cups');
    assert.equal(col(pasted, 'pastes'), '1');
    assert.equal(col(pasted, 'submission_id'), rx.of('p-good').submission_id);
    assert.equal(col(pasted, 'session_id'), 's-1');
    // Seeds travel as strings; the device and the pack the page had are in the record.
    const record = rx.of('p-good');
    assert.equal(typeof record.items[0].seed, 'string');
    assert.equal(record.device.screen_width, 390);
    assert.deepEqual(record.packs.map((p) => p.id), ['field']);
    assert.match(record.app.commit, /^([0-9a-f]{40}|unknown)$/);
    // Every received record matches the record's JSON Schema in docs/ (the CLI's schema test, fed these).
    const received = join(dir, 'received.json');
    await writeFile(received, JSON.stringify([...rx.latest.values()].map((b) => JSON.parse(b))));
    execFileSync('cargo', ['test', '-q', '-p', 'fermi-playground', '--test', 'study_schema'],
      { cwd: ROOT, env: { ...process.env, FERMI_STUDY_RECORDS: received }, stdio: 'pipe' });
    const expectedErrors = /Failed to load resource|ERR_CONNECTION|ERR_EMPTY_RESPONSE|500/;
    assert.deepEqual(errors.filter((e) => !expectedErrors.test(e)), [], 'no other console errors');
  } finally {
    await session.close();
    await rx.close();
  }
});

/** A stand-in for JATOS's jatos.js: the study link's parameters, result data kept by the server, the end's redirect. */
const JATOS_JS = `window.jatos = {
  urlQueryParameters: { study: 'study.toml', PROLIFIC_PID: 'j-1', SESSION_ID: 'js-1' },
  studyJsonInput: {},
  onLoad(callback) { setTimeout(callback, 50); },
  batchSession: {
    data: { 'fermi-study-participants': 5 },
    get(key) { return this.data[key]; },
    set(key, value) { this.data[key] = value; return Promise.resolve(); },
  },
  submitResultData(data) {
    return fetch('/jatos/result', { method: 'POST', body: data }).then((r) => { if (!r.ok) throw new Error('HTTP ' + r.status); });
  },
  endStudyAndRedirect(url) {
    return fetch('/jatos/end', { method: 'POST', body: url }).then(() => { location.href = url; });
  },
  endStudy() { return fetch('/jatos/end', { method: 'POST', body: '' }); },
};`;

test('inside a JATOS-like page: jatos.js from where JATOS serves it, parameters through it, its redirect at the end; the export scores', { timeout: 240_000 }, async () => {
  const results = [];
  const ends = [];
  const routes = {};
  const session = await open({ width: 1280, height: 800 }, undefined, routes);
  const { page, url, errors } = session;
  const index = await readFile(join(ROOT, 'dist', 'index.html'), 'utf8');
  // JATOS serves a component's page and its study folder's files under /publix/…, jatos.js beside them.
  const base = '/publix/7/8/';
  const study = studyText(null).replace('completion_code = "FIELD1"', `completion_code = "FIELD1"\ncompletion_url = "${url}done.html?cc={code}"`);
  routes[`${base}index.html`] = { type: 'text/html', body: index };
  routes[`${base}jatos.js`] = { type: 'text/javascript', body: JATOS_JS };
  routes[`${base}study.toml`] = { type: 'text/plain', body: study };
  routes[`${base}field.toml`] = { type: 'text/plain', body: PUBLIC_PACK };
  routes['/done.html'] = { type: 'text/html', body: '<link rel="icon" href="data:,"><p id="done">back at the panel</p>' };
  // The server's side of jatos.js: result data and the end.
  await page.route('**/jatos/*', async (route) => {
    const body = route.request().postData() ?? '';
    if (route.request().url().endsWith('/result')) results.push(body);
    else ends.push(body);
    await route.fulfill({ status: 200, body: 'ok' });
  });
  const dir = await mkdtemp(join(tmpdir(), 'fp-jatos-'));
  try {
    await page.goto(`${url.replace(/\/$/, '')}${base}index.html`);
    await page.getByTestId('study-consent-accept').click();
    await page.getByTestId('study-start').click();
    await quick(page, '58', '62');
    await nextItem(page, '2 of 3');
    await until(() => results.length >= 1, 'the first item in JATOS');
    await quick(page, '300', '900');
    await nextItem(page, '3 of 3');
    await quick(page, '200', '600');
    await page.getByTestId('study-next').click();
    await page.waitForFunction((sel) => document.querySelector(sel)?.dataset.state === 'sent', id('study-sent'));
    await page.waitForURL(/done\.html\?cc=FIELD1$/, { timeout: 30_000 });
    assert.deepEqual(ends, [`${url}done.html?cc=FIELD1`], 'ended through jatos.endStudyAndRedirect');
    const record = JSON.parse(results.at(-1));
    assert.equal(record.status, 'complete');
    assert.deepEqual(record.participant, { id: 'j-1', source: 'PROLIFIC_PID', params: { SESSION_ID: 'js-1' } });
    assert.deepEqual(record.assignment, { method: 'block', counter: 5 }, 'the arm from the batch counter');
    assert.ok(results.every((r) => !r.includes('\n')), 'one line of JSON per result');

    // JATOS's export: data.txt with one result a line, and the same in a .jrzip with its other files.
    await writeFile(join(dir, 'study.toml'), study);
    await writeFile(join(dir, 'field.toml'), PUBLIC_PACK);
    await writeFile(join(dir, 'sealed.toml'), SEALED_PACK);
    const folder = join(dir, 'export', 'study_result_1', 'comp_result_1');
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'data.txt'), results.at(-1) + '\n');
    await writeFile(join(dir, 'export', 'metadata.json'), '{}');
    execFileSync('python3', ['-c', 'import shutil,sys; shutil.make_archive(sys.argv[1], "zip", sys.argv[2])', join(dir, 'results'), join(dir, 'export')]);
    execFileSync('mv', [join(dir, 'results.zip'), join(dir, 'results.jrzip')]);
    for (const input of [join(folder, 'data.txt'), join(dir, 'results.jrzip')]) {
      const scored = cli(['score', '--study', join(dir, 'study.toml'), '--truth', join(dir, 'sealed.toml'), '--json', '--bootstrap', '100', input]);
      assert.equal(scored.code, 0, scored.stderr);
      const result = JSON.parse(scored.stdout);
      assert.deepEqual(result.records, { scored: 1, left_out: 0 }, input);
      if (input.endsWith('.jrzip')) {
        assert.deepEqual(result.skipped.map((s) => s.why), ["JATOS's metadata of the export, not a record"]);
      }
    }
    // Nothing readable is never silence: an export of other files exits 1 and says why.
    const empty = cli(['score', '--study', join(dir, 'study.toml'), '--truth', join(dir, 'sealed.toml'), join(dir, 'export', 'metadata.json')]);
    assert.equal(empty.code, 1);
    assert.match(empty.stderr, /metadata\.json: skipped: JATOS's metadata[\s\S]*no record was scored/);
    assert.deepEqual(errors.filter((e) => !/404/.test(e)), []);
  } finally {
    await session.close();
  }
});
