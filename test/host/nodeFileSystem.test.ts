/**
 * The disk's single-open read of the cold index (`readWithStatSync`): the stat it returns is the
 * one a separate stat gives, the text only for a regular file within the cap, and nothing blocks
 * or throws on what a folder listing may hold besides files. Without it a file system stats, then reads.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { nodeFileSystem } from '../../server/src/host/nodeFileSystem.js';
import { MemoryFileSystem, readWithStatSync } from '../../server/src/index/fileSystem.js';

test('one open gives the stat of a separate stat and the text of a regular file within the cap', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lm-read-stat-'));
  try {
    const file = path.join(dir, 'a.yaml');
    writeFileSync(file, 'name: é\n');
    const r = nodeFileSystem.readWithStatSync!(file, 100);
    assert.deepEqual(r, { stat: nodeFileSystem.statSync(file), text: 'name: é\n' });

    // Over the cap: the stat (the index counts the file as skipped), never the text.
    const big = nodeFileSystem.readWithStatSync!(file, 4);
    assert.deepEqual(big, { stat: nodeFileSystem.statSync(file) });

    // A folder: not a file, no text.
    mkdirSync(path.join(dir, 'sub'));
    assert.equal(nodeFileSystem.readWithStatSync!(path.join(dir, 'sub'), 100)?.text, undefined);
    assert.equal(nodeFileSystem.readWithStatSync!(path.join(dir, 'sub'), 100)?.stat.isFile, false);

    // Gone since the listing: undefined, no exception.
    assert.equal(nodeFileSystem.readWithStatSync!(path.join(dir, 'missing.yaml'), 100), undefined);

    // A FIFO named like a YAML file: opened without waiting for a writer, not read.
    const fifo = path.join(dir, 'pipe.yaml');
    let made = true;
    try {
      execFileSync('mkfifo', [fifo]);
    } catch {
      made = false;
    }
    if (made) assert.deepEqual(nodeFileSystem.readWithStatSync!(fifo, 100)?.stat.isFile, false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a file system without the single-open read is stat-ed, then read', () => {
  const fs = new MemoryFileSystem({ '/w/a.yaml': 'x: 1\n' });
  assert.deepEqual(readWithStatSync(fs, '/w/a.yaml', 100), { stat: fs.statSync('/w/a.yaml'), text: 'x: 1\n' });
  assert.deepEqual(readWithStatSync(fs, '/w/a.yaml', 2), { stat: fs.statSync('/w/a.yaml') });
  assert.equal(readWithStatSync(fs, '/w/b.yaml', 100), undefined);
});

test("the workspace pass's single-open read decodes as readFile does: a byte-order mark, bad bytes", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lm-read-file-stat-'));
  try {
    const file = path.join(dir, 'bom.yaml');
    // A byte-order mark, a lone continuation byte and a truncated sequence.
    writeFileSync(file, new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x3a, 0x20, 0x80, 0x0a, 0x62, 0x3a, 0x20, 0xe2, 0x82]));
    const r = nodeFileSystem.readFileWithStatSync!(file, 100);
    assert.equal(r?.text, await nodeFileSystem.readFile(file));
    assert.ok(r?.text?.startsWith('\ufeff'));
    assert.deepEqual(r?.stat, nodeFileSystem.statSync(file));
    assert.deepEqual(nodeFileSystem.readFileWithStatSync!(file, 4), { stat: nodeFileSystem.statSync(file) });
    mkdirSync(path.join(dir, 'sub'));
    assert.equal(nodeFileSystem.readFileWithStatSync!(path.join(dir, 'sub'), 100)?.text, undefined);
    assert.equal(nodeFileSystem.readFileWithStatSync!(path.join(dir, 'missing.yaml'), 100), undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('files read one after another each read as themselves, whatever their sizes (the reads share a buffer)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lm-read-scratch-'));
  try {
    // Empty, small, past the first buffer, past the largest buffer kept (1 MB), then small again.
    const sizes = [0, 10, 200 * 1024, 3 * 1024 * 1024, 7, 100 * 1024];
    const texts = sizes.map((n, i) => 'é'.repeat(Math.floor(n / 2)) + String.fromCharCode(97 + i).repeat(n % 2));
    const files = texts.map((t, i) => {
      const f = path.join(dir, `${i}.yaml`);
      writeFileSync(f, t);
      return f;
    });
    const read = files.map((f) => nodeFileSystem.readWithStatSync!(f, 8 * 1024 * 1024)?.text);
    assert.deepEqual(read, texts);
    for (let i = files.length - 1; i >= 0; i--) assert.equal(nodeFileSystem.readTextSync(files[i]!, 1 << 23), texts[i]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
