/**
 * The checker's code cache (server/src/cli/bin.ts): written privately after a first run, used by
 * the next with the same findings, never trusted when others can write it or when it is a link,
 * and off on request. Needs `npm run build` first. Every run here passes `--no-cache`: a run the run
 * cache (test/cli/runCache.test.ts) answered would not load the checker, nor its code cache.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  chmodSync,
  writeFileSync,
} from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLI_JS, REPO_ROOT } from '../support/protocolClient.js';

/** A copy of the example outside the repository (whose root the checker would index otherwise). */
function example(home: string): string {
  const dir = path.join(home, 'example');
  cpSync(path.join(REPO_ROOT, 'examples', 'video-streamer'), dir, { recursive: true });
  return dir;
}

function run(cacheHome: string, extraEnv: Record<string, string> = {}): string {
  const r = spawnSync(
    process.execPath,
    [CLI_JS, 'check', '--no-cache', path.join(cacheHome, 'example'), '--format', 'json'],
    {
      cwd: cacheHome,
      encoding: 'utf8',
      env: { ...process.env, XDG_CACHE_HOME: cacheHome, ...extraEnv },
      timeout: 30_000,
    },
  );
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

test('the code cache: private, reused with the same findings, refused when others can write it or a link', (t) => {
  if (process.getuid === undefined) {
    t.skip('no getuid: the cache is off on this platform');
    return;
  }
  const home = mkdtempSync(path.join(os.tmpdir(), 'lm-cli-cache-'));
  example(home);
  try {
    const dir = path.join(home, 'lm-descriptors');
    const first = run(home);
    assert.equal(statSync(dir).mode & 0o777, 0o700);
    const files = readdirSync(dir).filter((f) => f.endsWith('.v8'));
    assert.equal(files.length, 1);
    const file = path.join(dir, files[0]!);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    const written = statSync(file).mtimeMs;
    assert.equal(run(home), first);
    assert.equal(statSync(file).mtimeMs, written, 'an accepted cache is not rewritten');

    // Writable by others: not read; a fresh private one replaces it.
    chmodSync(file, 0o666);
    assert.equal(run(home), first);
    assert.equal(statSync(file).mode & 0o777, 0o600);

    // A link at the cache path: not followed; replaced by a file, its target untouched.
    const target = path.join(home, 'target');
    writeFileSync(target, 'not a cache');
    rmSync(file);
    symlinkSync(target, file);
    assert.equal(run(home), first);
    assert.equal(lstatSync(file).isSymbolicLink(), false);
    assert.equal(readFileSync(target, 'utf8'), 'not a cache');
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('the code cache is written again when a run checks kinds it has not seen or many more files', (t) => {
  if (process.getuid === undefined) {
    t.skip('no getuid: the cache is off on this platform');
    return;
  }
  const home = mkdtempSync(path.join(os.tmpdir(), 'lm-cli-cover-'));
  example(home);
  try {
    const dir = path.join(home, 'lm-descriptors');
    const empty = path.join(home, 'empty');
    mkdirSync(empty);
    const check = (target: string) =>
      spawnSync(process.execPath, [CLI_JS, 'check', '--no-cache', target], {
        cwd: home,
        encoding: 'utf8',
        env: { ...process.env, XDG_CACHE_HOME: home },
        timeout: 30_000,
      });
    const header = () => {
      const [f] = readdirSync(dir).filter((x) => x.endsWith('.v8'));
      const text = readFileSync(path.join(dir, f!), 'latin1');
      return { line: text.slice(0, text.indexOf('\n')), mtime: statSync(path.join(dir, f!)).mtimeMs };
    };
    check(empty);
    assert.equal(header().line, 'lm-descriptors-code-cache-3 0 ');
    // V8's data starts at a multiple of 8 (newlines fill the gap), where V8 reads it without a copy.
    const [f] = readdirSync(dir).filter((x) => x.endsWith('.v8'));
    const bytes = readFileSync(path.join(dir, f!));
    let start = bytes.indexOf(10);
    while (bytes[start] === 10) start++;
    assert.equal(start % 8, 0);
    assert.ok(start - bytes.indexOf(10) <= 8);
    check(path.join(home, 'example'));
    const after = header();
    assert.match(after.line, /^lm-descriptors-code-cache-3 [1-9]\d* assembly,lmproject,resource,tosca$/);
    // The same run, and a smaller one: the cache covers them, it is not written again.
    check(path.join(home, 'example'));
    check(empty);
    assert.deepEqual(header(), after);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('the code cache is off with LM_DESCRIPTORS_NO_COMPILE_CACHE=1', () => {
  const home = mkdtempSync(path.join(os.tmpdir(), 'lm-cli-nocache-'));
  example(home);
  try {
    run(home, { LM_DESCRIPTORS_NO_COMPILE_CACHE: '1' });
    assert.deepEqual(readdirSync(home), ['example']);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
