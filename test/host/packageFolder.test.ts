/**
 * The folder walks of host/packageFolder.ts build a child folder's path from its parent's without `path.join`
 * below the folder they are given: the paths they list and the folders they ask the file system for are the ones
 * `path.join` gives, on a real folder and with the root given as it is, with a trailing separator or unnormalised.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { listFolder, packageRootsUnder } from '../../server/src/host/packageFolder.js';
import { nodeFileSystem } from '../../server/src/host/nodeFileSystem.js';
import type { FileSystem } from '../../server/src/index/fileSystem.js';

/** The walk as it was written before, with `path.join` at every level: the folders it lists and the roots found. */
function reference(dir: string): { listed: string[]; roots: string[] } {
  const listed: string[] = [];
  const roots: string[] = [];
  const walk = (d: string) => {
    listed.push(d);
    const ents = readdirSync(d, { withFileTypes: true });
    if (ents.some((e) => e.name === 'TOSCA-Metadata' && e.isDirectory())) {
      try {
        if (statSync(path.join(d, 'TOSCA-Metadata', 'TOSCA.meta')).isFile()) {
          roots.push(d);
          return;
        }
      } catch {
        // not a package root
      }
    }
    for (const e of ents) if (e.isDirectory() && e.name !== '.git') walk(path.join(d, e.name));
  };
  walk(dir);
  return { listed: listed.sort(), roots: roots.sort() };
}

/** The node file system, recording the folders listed. */
function recording(): { fs: Pick<FileSystem, 'readDirSync'>; listed: string[] } {
  const listed: string[] = [];
  return { fs: { readDirSync: (p) => (listed.push(p), nodeFileSystem.readDirSync(p)) }, listed };
}

test('packageRootsUnder and listFolder name every folder as path.join does', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lm-package-folder-'));
  try {
    for (const f of [
      'a/b/c/service.yaml',
      'a/b/pkg/TOSCA-Metadata/TOSCA.meta',
      'a/b/pkg/Definitions/main.yaml',
      'd/e/f/g/h/readme.txt',
      'd/TOSCA-Metadata/other.txt',
      'top.yaml',
    ]) {
      mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
      writeFileSync(path.join(dir, f), 'x');
    }
    for (const given of [dir, dir + path.sep, path.join(dir, 'a') + path.sep + '..']) {
      const want = reference(given);
      const r = recording();
      assert.deepEqual(packageRootsUnder(given, undefined, r.fs), want.roots, given);
      assert.deepEqual(r.listed.sort(), want.listed, given);
      assert.deepEqual(want.roots, [path.join(dir, 'a', 'b', 'pkg')]);
      const l = recording();
      const files = listFolder(given, l.fs);
      assert.ok(files.includes('d/e/f/g/h/readme.txt') && files.includes('top.yaml'), given);
      // Every folder is listed (no package stops this walk), under the path path.join gives.
      const all = reference(path.join(dir, 'd', 'e')).listed;
      for (const p of all) assert.ok(l.listed.includes(p), p);
      assert.ok(l.listed.includes(path.join(given, 'a', 'b', 'pkg', 'TOSCA-Metadata')), given);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
