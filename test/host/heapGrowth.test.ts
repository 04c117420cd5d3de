/**
 * The workspace pass's heap growth (host/heapGrowth.ts) is a V8 flag, and V8 stamps its flags on a code
 * cache: a cache made while the pass's growth is set is refused by the next start, one made after
 * `defaultHeapGrowth` (what the server's loader does before writing) is accepted. Each step in its own
 * process, as the loader's sessions are.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const MODULE = path.resolve('server/src/host/heapGrowth.ts');

/** Runs `body` (with `vm`, `fs`, `growth`, `file` and `src` in scope) in a fresh node. */
function child(body: string, file: string): string {
  const script =
    `const vm = require('node:vm'); const fs = require('node:fs'); const growth = require(${JSON.stringify(MODULE)});` +
    `const file = ${JSON.stringify(file)}; const src = 'function f(a) { return a + 1; } f(1);';` +
    body;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.trim();
}

const make = (during: string) =>
  `const s = new vm.Script(src); s.runInThisContext(); ${during} fs.writeFileSync(file, s.createCachedData());`;
const read = `console.log(new vm.Script(src, { cachedData: fs.readFileSync(file) }).cachedDataRejected);`;

test("a code cache made after the pass's growth is put back is accepted; one made during it is not", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lm-heap-growth-'));
  try {
    const file = path.join(dir, 'cache.bin');
    child(make('growth.passHeapGrowth(); growth.defaultHeapGrowth();'), file);
    assert.equal(child(read, file), 'false');
    child(make('growth.passHeapGrowth();'), file);
    assert.equal(child(read, file), 'true', 'the flag is part of the stamp (else the reset would not be needed)');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('small-growth holds: nested ones hold until the last is released; a save on a small heap holds none', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lm-heap-growth-'));
  try {
    const file = path.join(dir, 'cache.bin');
    // A code cache made while the growth is held is refused by the next start (the flag is in V8's stamp).
    const refused = (during: string) => (child(make(during), file), child(read, file));
    assert.equal(refused('growth.holdSmallGrowth(true);'), 'false', 'a small heap: nothing held');
    assert.equal(refused('growth.holdSmallGrowth();'), 'true');
    assert.equal(refused('const a = growth.holdSmallGrowth(); growth.holdSmallGrowth(true); a();'), 'true');
    assert.equal(
      refused('const a = growth.holdSmallGrowth(); const b = growth.holdSmallGrowth(); a(); a(); b();'),
      'false',
    );
    assert.equal(refused('const p = growth.passGrowthHold(); p.tighten(); p.tighten(); p.restore();'), 'false');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the first hold collects a large heap at once, and only a large one', () => {
  const collections = (setup: string) =>
    child(
      `const { PerformanceObserver, constants } = require('node:perf_hooks'); let n = 0;` +
        `new PerformanceObserver((l) => { for (const e of l.getEntries())` +
        ` if (e.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) n++; }).observe({ entryTypes: ['gc'] });` +
        `${setup} setTimeout(() => { n = 0; const r = growth.holdSmallGrowth(true);` +
        ` growth.holdSmallGrowth(); r(); setTimeout(() => console.log(n), 50); }, 50);`,
      path.join(os.tmpdir(), 'unused'),
    );
  // About 100 MB alive: one collection for the two holds (the second joins the first).
  assert.equal(collections('globalThis.keep = Array.from({ length: 100 }, () => new Array(131072).fill(1.5));'), '1');
  assert.equal(collections(''), '0');
});
