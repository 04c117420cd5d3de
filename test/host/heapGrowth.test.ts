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
