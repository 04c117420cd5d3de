/**
 * The run cache's recorder (server/src/host/runProbes.ts): every way the checker reads the disk is a
 * question asked again by the next run, anything it cannot ask again marks the run unsafe, and
 * stopping puts node's functions back.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { answer, changedAt, RunRecorder } from '../../server/src/host/runProbes.js';

test('reads, listings, existence and real paths are recorded with the answers asked again', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-run-probes-'));
  const file = path.join(dir, 'a.yaml');
  fs.writeFileSync(file, 'a: 1\n');
  const readFileSync = fs.readFileSync;
  const rec = new RunRecorder();
  rec.start();
  try {
    assert.notEqual(fs.readFileSync, readFileSync);
    fs.readFileSync(file, 'utf8');
    fs.readdirSync(dir);
    fs.existsSync(path.join(dir, 'missing.yaml'));
    fs.realpathSync.native(dir);
    await fs.promises.stat(file);
    const fd = fs.openSync(file, 'r');
    fs.readSync(fd, new Uint8Array(4));
    fs.fstatSync(fd);
    fs.closeSync(fd);
  } finally {
    rec.stop();
  }
  assert.equal(fs.readFileSync, readFileSync);
  assert.equal(rec.unsafe, undefined);
  // Under tsx, its own cache's reads are seen too: only this folder's are looked at.
  const mine = rec.probes.filter(([, p]) => p === dir || p.startsWith(dir + path.sep));
  const kinds = mine.map(([k, p]) => `${k} ${path.relative(dir, p)}`).sort();
  assert.deepEqual(kinds, ['d ', 'e missing.yaml', 'r ', 's a.yaml']);
  for (const [k, p, a] of mine) assert.equal(answer(k, p), a);
  assert.equal(answer('e', path.join(dir, 'missing.yaml')), '-');

  // Same size, mtime put back: the ctime moves, and so does the answer.
  const before = answer('s', file);
  assert.ok(changedAt(before) > 0);
  const { atime, mtime } = fs.statSync(file);
  await new Promise((r) => setTimeout(r, 20));
  fs.writeFileSync(file, 'a: 2\n');
  fs.utimesSync(file, atime, mtime);
  assert.notEqual(answer('s', file), before);
  // A new entry changes the listing's answer.
  const listed = answer('d', dir);
  fs.writeFileSync(path.join(dir, 'b.yaml'), '');
  assert.notEqual(answer('d', dir), listed);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a write, an unknown fs function or a warning makes the run unsafe', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-run-probes-'));
  try {
    const cases: [string, () => void][] = [
      ['fs.writeFileSync', () => fs.writeFileSync(path.join(dir, 'x'), '')],
      ['fs.openSync', () => fs.closeSync(fs.openSync(path.join(dir, 'y'), 'w'))],
      ['fs.mkdirSync', () => fs.mkdirSync(path.join(dir, 'z'))],
      ['fs.statfsSync', () => fs.statfsSync(dir)],
      ['a write to', () => fs.writeSync(fs.openSync(path.join(dir, 'x'), 'r'), new Uint8Array(0))],
    ];
    for (const [why, act] of cases) {
      const rec = new RunRecorder();
      rec.start();
      try {
        act();
      } catch {
        // The outcome of the call does not matter here; what the recorder made of it does.
      } finally {
        rec.stop();
      }
      assert.ok(rec.unsafe?.startsWith(why), `${why}: ${rec.unsafe}`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('functions keep their promisified forms while recording', async () => {
  const { promisify } = await import('node:util');
  const rec = new RunRecorder();
  rec.start();
  try {
    assert.equal(await promisify(fs.exists)(os.tmpdir()), true);
  } finally {
    rec.stop();
  }
  assert.ok(rec.probes.some(([k, p]) => k === 'e' && p === os.tmpdir()));
});
