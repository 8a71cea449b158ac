// The JavaScript API (js/, built by scripts/build-js.sh) and its jsPsych plugin in Chromium: the API's numbers are
// the CLI's for the same program, seed and n, and its summary is the one `study score` recomputes; a jsPsych
// timeline of Fermi trials completes with every declared data field, each summary the CLI's; an invalid answer
// keeps Continue disabled with the core's words shown; the wasm is fetched once for many trials; the example
// experiment runs a study file to a saved record that `fermi-playground study score --strict` accepts. Served from
// the repository root.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { open } from './browser.mjs';
import { shareStudy } from './share-study.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURE = 'e2e/js-api.html';

/** The CLI's JSON output (stdout also on exit status 1, where it holds the errors). */
function cli(args, input) {
  try {
    return JSON.parse(cliText(args, input));
  } catch (e) {
    if (e.status === 1 && e.stdout) return JSON.parse(e.stdout);
    throw e;
  }
}

/** The CLI's stdout; a failing exit status throws. */
function cliText(args, input) {
  return execFileSync('cargo', ['run', '-q', '-p', 'fermi-playground', '--', ...args], {
    cwd: ROOT, input, encoding: 'utf8', maxBuffer: 1 << 26, stdio: ['pipe', 'pipe', 'ignore'],
  });
}

/** `study score --strict --json` of record files against a study file: the output (the CLI exits 1 on any
 * problem, which throws here with the problems in the message). */
function studyScore(study, records) {
  try {
    return JSON.parse(cliText(['study', 'score', '--strict', '--json', '--bootstrap', '100', '--study', study, ...records]));
  } catch (e) {
    throw new Error(`study score --strict refused: ${e.stdout}`);
  }
}

/** Opens `path` of the repository root on a fresh profile, counting .wasm fetches; checks the console at the end. */
async function session(path, fn) {
  const s = await open({ width: 1280, height: 800 }, ROOT);
  const wasmFetches = [];
  s.page.on('request', (r) => { if (r.url().endsWith('.wasm')) wasmFetches.push(r.url()); });
  try {
    await s.page.goto(s.url + path);
    await fn({ ...s, wasmFetches });
    assert.deepEqual(s.errors, [], 'no console errors');
  } finally {
    await s.close();
  }
}

const piano = (ext) => readFile(join(ROOT, 'assets/examples', `piano-tuners.${ext}`), 'utf8');

test('evaluate, score, questions and fitTruth give the CLI\'s numbers, bit for bit', async (t) => {
  const cases = [
    { source: 'coal = to(80e9, 120e9)\nyield = to(100, 250)\nunused = 3\ncoal / yield / 357022e6',
      dialect: 'squiggle', samples: 10000, seed: 1 },
    { source: await piano('fermi'), dialect: 'fermi', samples: 20000, seed: 42 },
    { source: await piano('sq'), dialect: 'squiggle', samples: 100000, seed: 7 },
    { source: 'to(1, 10) - 3', dialect: 'squiggle', samples: 1000, seed: 3 },
  ];
  const question = 'new-zealand-sheep-per-person-2024';
  const answer = { program: 'to(2, 9)', samples: 10000, seed: 5 };
  // A chain-of-factors answer with its umbrella 10× too large, attributed to the question's reference factors.
  const rain = {
    question: 'raindrops-on-umbrella-california',
    program: 'rain_mm = to(3, 20)\numbrella_area = to(6, 10)\ndrop_d_mm = to(1.5, 2.5)\n'
      + 'rain_mm * umbrella_area * 1000000 / (3.14159265 / 6 * drop_d_mm ^ 3)',
    samples: 10000, seed: 5,
  };
  await session(FIXTURE, async ({ page }) => {
    const api = await page.evaluate(async ({ cases, question, answer, rain }) => {
      const m = await import('/js/index.js');
      await m.init();
      const first = m.evaluate(cases[0].source, cases[0]); // the first estimate after page load
      const loadToFirstEstimateMs = performance.now();
      const evaluations = cases.map(({ source, ...options }) => m.evaluate(source, options));
      const thrown = (f) => {
        try { f(); return null; } catch (e) {
          return { isError: e instanceof Error, message: e.message, diagnostics: e.diagnostics };
        }
      };
      const listed = m.questions().find((q) => q.id === question);
      const withTruth = m.questions(undefined, { truths: true }).find((q) => q.id === question);
      const truth = m.fitTruth(withTruth);
      const rainTruth = m.fitTruth(m.questions(undefined, { truths: true }).find((q) => q.id === rain.question));
      const { question: rainId, ...rainAnswer } = rain;
      return {
        factors: m.score(rainAnswer, rainTruth, { question: rainId }).factors,
        loadToFirstEstimateMs, same: JSON.stringify(first) === JSON.stringify(evaluations[0]), evaluations,
        invalid: thrown(() => m.evaluate('x = to(1, \ny * 2')),
        badPack: thrown(() => m.questions('[pack]\nid = 3\n')),
        badTruth: thrown(() => m.score({ values: [1, 2, 3] }, { p5: 5, p95: 1 })),
        badAnswer: thrown(() => m.score({ program: 'to(1, 2)', values: [1] }, { point: 1 })),
        listedHasTruth: 'truth' in listed || 'explanation' in listed, listedPack: listed.pack,
        truth, assessment: m.score(answer, truth),
        fromValues: m.score({ values: new Float64Array([1, 2, 4, 8]) }, { point: 3 }),
        quick: m.quickProgram('2 million', '3e7'),
      };
    }, { cases, question, answer, rain });
    t.diagnostic(`page load to first estimate: ${api.loadToFirstEstimateMs.toFixed(0)} ms`);
    assert.ok(api.same, 'the same call gives the same numbers');

    for (const [i, { source, dialect, samples, seed }] of cases.entries()) {
      const want = cli(['eval', '--json', '--dialect', dialect, '--samples', `${samples}`, '--seed', `${seed}`, '-'], source);
      const got = api.evaluations[i];
      const { p5, p50, p95 } = want.summary;
      assert.deepEqual(got.quantiles, { p5, p50, p95 }, `case ${i} linear quantiles`);
      assert.deepEqual(got.summary, want.record_summary, `case ${i}: the scorer's summary`);
      assert.equal(got.count, samples);
      assert.deepEqual(got.diagnostics.map(({ severity, ...d }) => d), want.warnings, `case ${i} warnings`);
      assert.ok(got.diagnostics.every((d) => d.severity === 'warning'));
    }
    assert.equal(api.evaluations[0].diagnostics[0].message, '`unused` is never used');
    assert.equal(api.evaluations[3].summary, null, 'no scorer\'s summary when a sample is ≤ 0');

    // Errors are thrown Errors carrying the CLI's diagnostics.
    const errors = cli(['eval', '--json', '-'], 'x = to(1, \ny * 2').errors;
    assert.ok(api.invalid.isError && errors.length > 0);
    assert.deepEqual(api.invalid.diagnostics.map(({ severity, ...d }) => d), errors);
    assert.equal(api.invalid.message, `${errors[0].line}:${errors[0].col}: ${errors[0].message}`);
    for (const key of ['badPack', 'badTruth', 'badAnswer']) {
      assert.ok(api[key]?.isError && api[key].diagnostics.length > 0, key);
    }
    assert.match(api.badTruth.message, /90% interval \[5, 1\]/);

    // Questions come without their truths unless asked; fitTruth and score are the CLI's.
    assert.equal(api.listedHasTruth, false);
    assert.equal(api.listedPack, 'open');
    const dir = await mkdtemp(join(tmpdir(), 'fp-js-'));
    await writeFile(join(dir, 'answer.sq'), answer.program);
    const scored = cli(['score', '--json', '--question', question, '--samples', `${answer.samples}`,
      '--seed', `${answer.seed}`, join(dir, 'answer.sq')]);
    const { feedback, verdicts, rules, question: _, truth, samples: __, seed: ___, ...report } = scored;
    assert.deepEqual(api.assessment.report, report);
    assert.deepEqual(api.assessment.rules, rules);
    assert.deepEqual(api.assessment.verdicts, verdicts);
    assert.deepEqual(api.assessment.feedback, feedback);
    if (truth.kind === 'point') {
      assert.deepEqual([api.truth.kind, api.truth.value], ['point', truth.value]);
    } else {
      assert.deepEqual([api.truth.mu, api.truth.sigma, api.truth.p5, api.truth.p50, api.truth.p95],
        [truth.mu, truth.sigma, truth.p5, truth.median, truth.p95]);
    }
    assert.ok(api.fromValues.report.cramer_log > 0 && api.fromValues.feedback.length > 0);
    assert.equal(api.quick, 'to(2M, 30M)');

    // Factor-level feedback: the JS API's `factors` is the CLI's `score --factors`, field for field.
    await writeFile(join(dir, 'rain.sq'), rain.program);
    const cliRain = cli(['score', '--json', '--factors', '--question', rain.question, '--samples', `${rain.samples}`,
      '--seed', `${rain.seed}`, join(dir, 'rain.sq')]);
    assert.ok(cliRain.factors?.factors?.length === 3, JSON.stringify(cliRain.factors));
    // Through JSON on both sides: JSON has no -0, which the CLI's text may carry.
    const json = (v) => JSON.parse(JSON.stringify(v));
    assert.deepEqual(json(api.factors), json(cliRain.factors));
    assert.equal(cliRain.factors.factors[0].reference, 'umbrella_m2');
  });
  const gz = async (f) => gzipSync(await readFile(join(ROOT, 'js', f)), { level: 9 }).length;
  const [wasm, glue, index, plugin] = await Promise.all(
    ['pkg/fermi_js_bg.wasm', 'pkg/fermi_js.js', 'index.js', 'plugin.js'].map(gz));
  t.diagnostic(`gzip: wasm ${wasm} B + glue ${glue} B + index.js ${index} B = ${wasm + glue + index} B (plugin.js ${plugin} B)`);
});

/** Starts a jsPsych timeline of the given Fermi trials; its data lands in `window.done`. */
async function runTimeline(page, trials) {
  return page.evaluate(async (trials) => {
    const { init, questions } = await import('/js/index.js');
    const { jsPsychFermiEstimate } = await import('/js/plugin.js');
    await init();
    const pack = questions();
    const jsPsych = window.jsPsychModule.initJsPsych({ on_finish: () => { window.done = jsPsych.data.get().values(); } });
    jsPsych.run(trials.map(({ questionIndex, ...t }) => ({
      type: jsPsychFermiEstimate, ...t, ...(questionIndex === undefined ? {} : { question: pack[questionIndex] }),
    })));
    return { declared: Object.keys(jsPsychFermiEstimate.info.data), questionId: `${pack[0].pack}/${pack[0].id}` };
  }, trials);
}

const el = (name) => `#jspsych-fermi-estimate-${name}`;

test('a jsPsych timeline of Fermi trials completes, its data carries every declared field, the wasm loads once', async () => {
  await session(FIXTURE, async ({ page, wasmFetches }) => {
    const { declared, questionId } = await runTimeline(page, [
      { text: 'How many piano tuners work in Chicago?', unit: 'people', question_id: 'test/piano', seed: 3 },
      { questionIndex: 0, formats: ['squiggle', 'quick'], samples: 20000, seed: 9, time_limit_s: 60 },
      { text: 'A third estimate', formats: ['fermi'] },
    ]);
    assert.match(await page.locator(el('text')).textContent(), /piano tuners/);
    assert.match(await page.locator(el('unit')).textContent(), /people/);
    await page.locator(el('low')).fill('20');
    await page.locator(el('high')).fill('5 thousand');
    await page.locator(el('percentiles')).filter({ hasText: '50%' }).waitFor();
    await page.locator(el('next')).click();

    await page.locator(el('program')).fill('to(10, 100) * 2');
    assert.match(await page.locator(el('countdown')).textContent(), /^(1:00|0:5\d) left$/);
    // The page hidden for a while (another tab), as the browser reports it.
    await page.evaluate(async () => {
      const hide = (hidden) => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
        document.dispatchEvent(new Event('visibilitychange'));
      };
      hide(true);
      await new Promise((ok) => setTimeout(ok, 200));
      hide(false);
    });
    await page.locator(el('next')).click();

    await page.locator(el('program')).fill('1 10\n1 10');
    await page.locator(el('next')).click();

    await page.waitForFunction(() => window.done);
    const rows = (await page.evaluate(() => window.done)).filter((d) => d.trial_type === 'fermi-estimate');
    assert.equal(rows.length, 3);
    for (const row of rows) {
      for (const key of declared) assert.ok(key in row, `data field ${key}`);
      assert.equal(row.status, 'answered');
      // Visible and hidden time come from the page's monotonic clock, answered_ms from the wall clock.
      assert.ok(row.answered_ms >= row.first_edit_ms && row.active_ms + row.hidden_ms <= row.answered_ms + 50);
      assert.ok(row.edits >= 1 && row.over_time === false && row.error_runs === 0);
      assert.equal(new Date(row.shown_at).toISOString(), row.shown_at);
    }
    const [quick, program, fermi] = rows;
    assert.deepEqual([quick.question, quick.format, quick.quick, quick.program, quick.samples, quick.seed],
      ['test/piano', 'quick', { low: '20', high: '5 thousand' }, 'to(20, 5000)', 10000, 3]);
    assert.deepEqual([program.question, program.format, program.quick, program.program, program.samples, program.seed],
      [questionId, 'squiggle', null, 'to(10, 100) * 2', 20000, 9]);
    assert.deepEqual([fermi.question, fermi.format], [null, 'fermi']);
    assert.deepEqual(rows.map((r) => r.hidden_count), [0, 1, 0]);
    assert.ok(program.hidden_ms >= 200 && program.hidden_ms < program.answered_ms, `hidden ${program.hidden_ms} ms`);
    assert.deepEqual([quick.hidden_ms, fermi.hidden_ms], [0, 0]);
    // Each summary is the CLI's scorer's summary of the recorded program, format, samples and seed.
    for (const r of rows) {
      const want = cli(['eval', '--json', '--dialect', r.format === 'fermi' ? 'fermi' : 'squiggle',
        '--samples', `${r.samples}`, '--seed', `${r.seed}`, '-'], r.program);
      assert.deepEqual(r.summary, want.record_summary, `${r.program}`);
    }
    assert.equal(wasmFetches.length, 1, `the wasm is fetched once: ${wasmFetches}`);
  });
});

test('an invalid program keeps Continue disabled with its message shown', async () => {
  await session(FIXTURE, async ({ page }) => {
    await runTimeline(page, [{ text: 'How many?', formats: ['squiggle', 'quick'] }]);
    const next = page.locator(el('next'));
    assert.equal(await next.isDisabled(), true, 'disabled before any answer');
    await page.locator(el('program')).fill('to(1, ');
    await page.locator(el('message')).filter({ hasText: /line 1, column \d+: / }).waitFor();
    await page.waitForTimeout(400); // past the typing pause: the run has happened
    assert.equal(await next.isDisabled(), true);
    await next.click({ force: true });
    assert.equal(await page.evaluate(() => window.done), undefined, 'a forced click does not end the trial');

    await page.locator(el('format-quick')).check();
    await page.locator(el('low')).fill('abc');
    await page.locator(el('high')).fill('10');
    await page.locator(el('message')).filter({ hasText: /^The low box: Not a number/ }).waitFor();
    assert.equal(await next.isDisabled(), true);
    await page.locator(el('low')).fill('300');
    await page.locator(el('high')).fill('20');
    await page.locator(el('message')).filter({ hasText: 'The low bound (300) is above the high one (20): swap them?' }).waitFor();
    assert.equal(await next.isDisabled(), true);

    await page.locator(el('format-squiggle')).check();
    await page.locator(el('program')).fill('to(1, 10)');
    await page.locator(el('percentiles')).filter({ hasText: '95%' }).waitFor();
    assert.equal(await page.locator(el('message')).textContent(), '');
    await next.click();
    await page.waitForFunction(() => window.done);
    const [row] = await page.evaluate(() => window.done);
    assert.deepEqual([row.format, row.program], ['squiggle', 'to(1, 10)']);
    assert.equal(row.error_runs, 1, 'the program with an error ran once; boxes that are not ready do not run');
  });
});

test('the example experiment runs its study file to a record that study score --strict accepts', async () => {
  await session('examples/jspsych/?pid=e2e-participant-1', async ({ page, wasmFetches }) => {
    await page.getByRole('button', { name: 'I agree' }).click();
    await page.getByRole('button', { name: 'Start' }).click();
    const seen = [];
    for (const [low, high] of [['2', '20'], ['100 thousand', '2 million'], ['1 million', '1e8']]) {
      seen.push(await page.locator(el('text')).textContent());
      await page.locator(el('low')).fill(low);
      await page.locator(el('high')).fill(high);
      await page.locator(el('percentiles')).filter({ hasText: '95%' }).waitFor();
      await page.locator(el('next')).click();
    }
    await page.locator('.debrief').waitFor();
    assert.equal(await page.locator('.debrief tr').count(), 4);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Save my answers and finish' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'jspsych-example-e2e-participant-1.json');
    const dir = await mkdtemp(join(tmpdir(), 'fp-jspsych-'));
    const file = join(dir, 'record.json');
    await writeFile(file, await readFile(await download.path()));
    const record = JSON.parse(await readFile(file, 'utf8'));
    assert.equal(record.status, 'complete');
    assert.deepEqual(record.items.map((i) => i.position), [1, 2, 3]);
    assert.deepEqual(record.items.map((i) => i.question), record.order, 'the trials ran in the study\'s order');
    assert.ok(seen.length === 3 && wasmFetches.length === 1);
    // The CLI binary scores it with zero problems: order, per-item seeds, samples and every summary check out.
    const scored = studyScore('examples/jspsych/study.toml', [file]);
    assert.deepEqual(scored.problems, []);
    assert.deepEqual(scored.records, { scored: 1, left_out: 0 });
  });
});

test('eval --json, the JS API and study score give the same summary; a record built from eval --json scores', async () => {
  const study = 'examples/jspsych/study.toml';
  const participant = 'three-faces';
  const programs = ['to(2, 20)', 'to(1e5, 2e6) * 1.1', 'to(1e6, 1e8)'];
  const { plan, summaries } = await (async () => {
    let out;
    await session(FIXTURE, async ({ page }) => {
      out = await page.evaluate(async ({ studyToml, participant, programs }) => {
        const m = await import('/js/index.js');
        await m.init();
        const plan = m.studyPlan(studyToml, participant);
        const items = plan.items.map((i) => ({ ...i, seed: String(i.seed) })); // exact, as text
        const summaries = plan.items.map((i, k) => m.evaluate(programs[k], { samples: i.samples, seed: i.seed }).summary);
        return { plan: { ...plan, items }, summaries };
      }, { studyToml: await readFile(join(ROOT, study), 'utf8'), participant, programs });
    });
    return out;
  })();
  const evals = plan.items.map((item, k) => cli(['eval', '--json', '--samples', `${item.samples}`, '--seed', item.seed, '-'], programs[k]));
  assert.deepEqual(summaries, evals.map((e) => e.record_summary), 'the JS API gives eval --json\'s record_summary');
  // A record by hand from the documented shape, each item's summary copied from eval --json.
  const items = plan.items.map((item, k) => ({
    question: item.question, position: k + 1, status: 'answered', skip_reason: null, format: 'squiggle',
    program: programs[k], quick: null, samples: item.samples, seed: `@${item.seed}@`, summary: evals[k].record_summary,
    shown_at: '2026-12-01T10:00:00.000Z', first_edit_ms: 1000, answered_ms: 60000, active_ms: 60000, hidden_ms: 0,
    hidden_count: 0, edits: 3, error_runs: 0, over_time: false,
  }));
  const record = {
    schema: 'fermi-playground/study-response/1', submission_id: 'three-faces-1', app: { version: 'test', commit: null },
    study: { id: plan.id, version: plan.version, sha256: plan.sha256 },
    participant: { id: participant, source: 'typed', params: {} }, arm: plan.arm, order: plan.order,
    status: 'complete', started_at: '2026-12-01T10:00:00.000Z', finished_at: '2026-12-01T10:05:00.000Z',
    user_agent: 'node', items,
  };
  const dir = await mkdtemp(join(tmpdir(), 'fp-three-'));
  const file = join(dir, 'record.json');
  // Seeds are 64-bit: written as exact integer literals, which a JavaScript number could not hold.
  await writeFile(file, JSON.stringify(record).replace(/"@(\d+)@"/g, '$1'));
  const scored = studyScore(study, [file]);
  assert.deepEqual(scored.problems, [], 'study score recomputes every summary and finds eval --json\'s');
  assert.deepEqual(scored.records, { scored: 1, left_out: 0 });
  // And its items table carries the same quantiles.
  const out = join(dir, 'out');
  cliText(['study', 'score', '--strict', '--bootstrap', '100', '--study', study, '-o', out, file]);
  const [header, ...lines] = (await readFile(join(out, 'items.csv'), 'utf8')).trim().split('\n').map((l) => l.split(','));
  const col = (name) => header.indexOf(name);
  for (const line of lines) {
    const k = plan.order.indexOf(line[col('question')]);
    const want = evals[k].record_summary;
    for (const q of ['p5', 'p50', 'p95']) {
      assert.ok(Math.abs(Number(line[col(q)]) - want[q]) <= 1e-9 * want[q], `${q} of ${line[col('question')]}`);
    }
  }
});

const SHARE_STUDY = shareStudy({ id: 'share-plugin', samples: 10000, formats: ['quick'] });

test('the plugin on a share question: "15%"–"25%" reads as 15–25 percent, a bare 15–25 is flagged as 1,500%, and study score gives 0.15–0.25 the same score', { timeout: 180_000 }, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'fp-share-plugin-'));
  const study = join(dir, 'study.toml');
  await writeFile(study, SHARE_STUDY);
  const records = [];
  for (const [pid, low, high] of [['p-percent', '15%', '25%'], ['p-fraction', '0.15', '0.25']]) {
    await session(FIXTURE, async ({ page }) => {
      await page.evaluate(async ([toml, pid]) => {
        const { init, questions, studyPlan, studyRecord } = await import('/js/index.js');
        const { jsPsychFermiEstimate } = await import('/js/plugin.js');
        await init();
        const pack = questions();
        const plan = studyPlan(toml, pid);
        const startedAt = new Date().toISOString();
        const jsPsych = window.jsPsychModule.initJsPsych({
          on_finish: () => {
            window.done = studyRecord(toml, { participant: { id: pid, source: 'pid' }, submission_id: crypto.randomUUID(),
              started_at: startedAt, finished_at: new Date().toISOString() }, jsPsych.data.get().values());
          },
        });
        jsPsych.run(plan.items.map(({ question, ...spec }) => ({
          type: jsPsychFermiEstimate, question: pack.find((q) => `${q.pack}/${q.id}` === question), ...spec,
        })));
      }, [SHARE_STUDY, pid]);
      // Percent points typed without %: 1,500% to 2,500%, flagged with the likely fix before Next.
      await page.locator(el('low')).fill('15');
      await page.locator(el('high')).fill('25');
      await page.locator(el('unit-warning')).filter({ hasText: /reads 1,\d{3}% to 2,\d{3}%\. Did you mean 1\d(\.\d)?% to 2\d(\.\d)?%\?/ }).waitFor();
      assert.match(await page.locator(el('percentiles')).textContent(), /5%: 1,5\d0%/);
      await page.locator(el('low')).fill(low);
      await page.locator(el('high')).fill(high);
      await page.locator(el('percentiles')).filter({ hasText: /5%: 1[45](\.\d)?%\s+50%: 19\.\d%\s+95%: 2[45](\.\d)?%/ }).waitFor();
      assert.equal(await page.locator(el('unit-warning')).textContent(), '');
      await page.locator(el('next')).click();
      await page.waitForFunction(() => window.done);
      const file = join(dir, `${pid}.json`);
      await writeFile(file, await page.evaluate(() => window.done));
      records.push(file);
    });
  }
  // Scored by the CLI: no problem, and "15%"–"25%" and 0.15–0.25 are one answer with one (good) score.
  const scores = records.map((file) => {
    const scored = studyScore(study, [file]);
    assert.deepEqual(scored.problems, []);
    assert.deepEqual(scored.records, { scored: 1, left_out: 0 });
    return scored.board[0].median_cramer_log;
  });
  assert.ok(Number.isFinite(scores[0]) && scores[0] < 0.1, `15%–25% against 20.7% scores well (${scores[0]})`);
  assert.equal(scores[0], scores[1]);
});
