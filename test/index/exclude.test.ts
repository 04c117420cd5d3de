/**
 * The exclude list and the size cap of the Node walk (the index's own walk over the disk): plain
 * names at any depth, `files.exclude`-style globs against the root-relative path, excluded
 * watched files kept out, and files over the cap never read.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { nodeFileSystem } from '../../server/src/host/nodeFileSystem.js';
import { excludeMatcher, globToRegExp } from '../../server/src/index/exclude.js';
import type { FileSystem } from '../../server/src/index/fileSystem.js';
import { WorkspaceIndex } from '../../server/src/index/workspace.js';

test('globs in the style of files.exclude', () => {
  const cases: [string, string, boolean][] = [
    ['**/node_modules', 'node_modules', true],
    ['**/node_modules', 'a/b/node_modules', true],
    ['**/node_modules', 'a/node_modules_x', false],
    ['**/.git', '.git', true],
    ['build/**', 'build', true],
    ['build/**', 'build/x/y.yaml', true],
    ['build/**', 'sub/build/y.yaml', false],
    ['**/*.bak.yaml', 'a/b/c.bak.yaml', true],
    ['**/*.bak.yaml', 'c.bak.yaml', true],
    ['**/*.bak.yaml', 'c.yaml', false],
    ['*.yaml', 'a/c.yaml', false],
    ['{dist,out}', 'out', true],
    ['{dist,out}', 'output', false],
    ['Definitions/draft?.yaml', 'Definitions/draft1.yaml', true],
    ['[', '[', true],
    ['[z-a]', 'z', false],
  ];
  for (const [glob, p, expected] of cases) assert.equal(globToRegExp(glob).test(p), expected, `${glob} ~ ${p}`);
  const m = excludeMatcher(['_lmctl', '**/generated', '  ']);
  assert.equal(m('a/_lmctl', '_lmctl'), true, 'a plain name matches at any depth');
  assert.equal(m('x/generated', 'generated'), true);
  assert.equal(m('x/gen', 'gen'), false);
});

function tempWorkspace(files: Record<string, string>): string {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'lm-exclude-')));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

/** The disk, counting every read of a file's text. */
function countingFs(): { fs: FileSystem; reads: string[] } {
  const reads: string[] = [];
  const fs: FileSystem = {
    ...nodeFileSystem,
    readFile: (p) => (reads.push(p), nodeFileSystem.readFile(p)),
    readTextSync: (p, max) => (reads.push(p), nodeFileSystem.readTextSync(p, max)),
    readText: (p, max) => (reads.push(p), nodeFileSystem.readText(p, max)),
    // The cold build's read (one open for the stat and the text): a read when it returns text.
    readWithStatSync: (p, max) => {
      const r = nodeFileSystem.readWithStatSync!(p, max);
      if (r?.text !== undefined) reads.push(p);
      return r;
    },
  };
  return { fs, reads };
}

test('the Node walk skips what the exclude list names and never reads a file over the cap', async () => {
  const dir = tempWorkspace({
    'Descriptor/assembly.yml': 'name: assembly::a::1.0\n',
    'node_modules/pkg/x.yaml': 'x: 1\n',
    'sub/generated/g.yaml': 'x: 1\n',
    'sub/keep.yaml': 'x: 1\n',
    'sub/old.bak.yaml': 'x: 1\n',
    'build/out/copy.yaml': 'x: 1\n',
    'big.yaml': `x: "${'x'.repeat(3000)}"\n`,
  });
  try {
    const { fs, reads } = countingFs();
    const index = new WorkspaceIndex(fs, {
      exclude: ['node_modules', '**/generated', '**/*.bak.yaml', 'build/**'],
      maxFileBytes: 2000,
    });
    index.addRoot(dir);
    await index.build();
    assert.deepEqual([...index.allEntries()].map((e) => path.relative(dir, e.path)).sort(), [
      'Descriptor/assembly.yml',
      'sub/keep.yaml',
    ]);
    assert.equal(index.lastBuild.skipped, 1, 'the file over the cap is counted (the build log line says so once)');
    assert.deepEqual([...index.oversized], [path.join(dir, 'big.yaml')]);
    assert.deepEqual(
      reads.filter((r) => /big|generated|bak|node_modules|build/.test(r)),
      [],
    );
    assert.equal(index.isExcluded(path.join(dir, 'sub/generated/g.yaml')), true);
    assert.equal(index.isExcluded(path.join(dir, 'sub/keep.yaml')), false);
    assert.equal(index.isExcluded('/elsewhere/generated/x.yaml'), false, 'outside every root nothing is excluded');

    // A watched-file event on an excluded file keeps it out of the index.
    await index.refreshFromDisk(path.join(dir, 'sub/generated/g.yaml'));
    assert.equal(index.get(path.join(dir, 'sub/generated/g.yaml')), undefined);

    // The setting changes: the next build follows it.
    index.exclude = ['node_modules'];
    await index.build();
    assert.deepEqual([...index.allEntries()].map((e) => path.relative(dir, e.path)).sort(), [
      'Descriptor/assembly.yml',
      'build/out/copy.yaml',
      'sub/generated/g.yaml',
      'sub/keep.yaml',
      'sub/old.bak.yaml',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a pattern of very many wildcards excludes nothing instead of backtracking for ever', () => {
  const matcher = excludeMatcher(['*a*a*a*a*a*a*a*a*a*a*a*a*b', '****/node_modules']);
  assert.equal(matcher(`${'a'.repeat(60)}.yaml`, `${'a'.repeat(60)}.yaml`), false);
  // Runs of stars are `**`: the second pattern still works.
  assert.equal(matcher('x/node_modules', 'node_modules'), true);
});
