// The README's first command on a fresh clone (issue 24): `scripts/dev.sh` in a copy of the project with no
// target/, dist/ or build output of its own must serve a page that shows a question, keep serving when trunk dies
// under it, and stop with its whole process group. Its build folder is the clone's own target/, where a new user's
// is (trunk's watcher once crashed on the writes there), seeded with a copy of the project's warm release build so
// that this costs a minute, not a cold build; node_modules is linked for the same reason. A copy, not the folder
// itself: a build script's outputs name their checkout's paths, and two checkouts sharing one folder would rebuild
// each other's crates.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { access, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { open } from './browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Without a warm release build (the test command builds one first) the first serve compiles everything.
const SERVE_LIMIT_MS = 30 * 60 * 1000;

/** A free loopback port, so that a developer's own `scripts/dev.sh` on 8080 is left alone. */
function freePort() {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });
}

/** The project's files as a clone has them (tracked and new, not ignored), with their times kept. */
function copyProject(to) {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root })
    .toString()
    .split('\0')
    .filter(Boolean);
  execFileSync('tar', ['--null', '--ignore-failed-read', '-cf', join(to, '.copy.tar'), '-T', '-'], {
    cwd: root,
    input: files.join('\0'),
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  execFileSync('tar', ['-xf', '.copy.tar'], { cwd: to });
  execFileSync('rm', ['.copy.tar'], { cwd: to });
}

async function answers(url) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

const gone = (pid) => {
  try {
    process.kill(-pid, 0);
    return false;
  } catch {
    return true;
  }
};

test('scripts/dev.sh serves a fresh clone and stops with its process group', async () => {
  const clone = await mkdtemp(join(tmpdir(), 'fp-fresh-clone-'));
  const cleanup = [clone];
  let dev;
  try {
    copyProject(clone);
    for (const absent of ['target', 'dist']) {
      await assert.rejects(access(join(clone, absent)), `a fresh clone has no ${absent}/`);
    }
    await symlink(join(root, 'node_modules'), join(clone, 'node_modules'));
    const copying = Date.now();
    const warm = process.env.CARGO_TARGET_DIR ?? join(root, 'target');
    const target = join(clone, 'target');
    for (const part of ['release', 'wasm32-unknown-unknown/release']) {
      if (existsSync(join(warm, part))) {
        await mkdir(dirname(join(target, part)), { recursive: true });
        execFileSync('cp', ['-a', join(warm, part), join(target, part)]); // times kept: cargo compares them
      }
    }
    console.log(`# copied the warm release build in ${((Date.now() - copying) / 1000).toFixed(1)} s`);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/`;
    let output = '';
    dev = spawn('bash', ['scripts/dev.sh'], {
      cwd: clone,
      detached: true, // its own process group, stopped as one below
      env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'CARGO_TARGET_DIR')), PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    dev.stdout.on('data', (d) => { output += d; });
    dev.stderr.on('data', (d) => { output += d; });
    let exited = null;
    dev.on('exit', (code, signal) => { exited = { code, signal }; });

    const start = Date.now();
    while (!(await answers(url))) {
      assert.equal(exited, null, `scripts/dev.sh stopped before serving (${JSON.stringify(exited)}):\n${output.slice(-3000)}`);
      assert.ok(Date.now() - start < SERVE_LIMIT_MS, `no page at ${url} after ${SERVE_LIMIT_MS / 60000} min:\n${output.slice(-3000)}`);
      await new Promise((ok) => setTimeout(ok, 1000));
    }
    // The address is announced once the page answers.
    for (let i = 0; i < 10 && !output.includes(`ready: open ${url.slice(0, -1)}`); i++) {
      await new Promise((ok) => setTimeout(ok, 500));
    }
    assert.match(output, new RegExp(`ready: open http://127\\.0\\.0\\.1:${port}`));
    const compiled = [...output.matchAll(/Compiling (\S+)/g)].map((m) => m[1]);
    console.log(`# dev.sh answered after ${((Date.now() - start) / 1000).toFixed(1)} s; compiled: ${compiled.join(', ') || 'nothing'}`);

    const session = await open();
    try {
      await session.page.goto(url);
      await session.page.getByTestId('question-text').waitFor({ timeout: 60_000 });
      assert.ok((await session.page.getByTestId('question-text').textContent()).trim().length > 20);
      assert.deepEqual(session.errors, [], 'no console errors');
    } finally {
      await session.close();
    }

    // trunk dying under the script (as its file watcher once did) does not end the session: it serves again.
    const trunk = execFileSync('pgrep', ['-g', String(dev.pid), '-x', 'trunk']).toString().trim().split('\n')[0];
    const before = output.length;
    process.kill(Number(trunk), 'SIGKILL');
    const restart = Date.now();
    while (!output.slice(before).includes('serving again') || !(await answers(url))) {
      assert.equal(exited, null, `scripts/dev.sh ended when trunk died:\n${output.slice(-3000)}`);
      assert.ok(Date.now() - restart < 5 * 60 * 1000, `not serving again 5 min after trunk died:\n${output.slice(-3000)}`);
      await new Promise((ok) => setTimeout(ok, 500));
    }
    console.log(`# served again ${((Date.now() - restart) / 1000).toFixed(1)} s after trunk was killed`);

    process.kill(-dev.pid, 'SIGTERM');
    for (let i = 0; i < 100 && !(exited && gone(dev.pid)); i++) await new Promise((ok) => setTimeout(ok, 100));
    assert.ok(exited, 'scripts/dev.sh ends on SIGTERM');
    assert.ok(gone(dev.pid), 'no process of its group is left');
    assert.equal(await answers(url), false, 'the port is free again');
  } finally {
    if (dev && !gone(dev.pid)) process.kill(-dev.pid, 'SIGKILL');
    for (const dir of cleanup) await rm(dir, { recursive: true, force: true });
  }
});
