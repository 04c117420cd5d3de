/** util/path.ts behaves as node's posix path functions on the paths the server uses. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { posix as node } from 'node:path';
import * as ours from '../../server/src/util/path.js';

const PATHS = [
  '',
  '/',
  '.',
  '..',
  'a',
  'a/',
  '/a',
  '/a/',
  '/a//b',
  '/a/./b/../c',
  '/a/b/c.yaml',
  '/a/b/.hidden',
  '/a/b/c.tar.gz',
  'a/../..',
  '../a/b',
  '/../a',
  './a/b/',
  '/a/b/../../..',
  'Definitions/vnfd.yaml',
  '/ws/pkg.csar!/Definitions/x.yaml',
];

test('normalize, dirname, basename, extname, isAbsolute agree with node:path posix', () => {
  for (const p of PATHS) {
    assert.equal(ours.normalize(p), node.normalize(p), `normalize(${JSON.stringify(p)})`);
    assert.equal(ours.dirname(p), node.dirname(p), `dirname(${JSON.stringify(p)})`);
    assert.equal(ours.basename(p), node.basename(p), `basename(${JSON.stringify(p)})`);
    assert.equal(ours.extname(p), node.extname(p), `extname(${JSON.stringify(p)})`);
    assert.equal(ours.isAbsolute(p), node.isAbsolute(p), `isAbsolute(${JSON.stringify(p)})`);
  }
  assert.equal(ours.basename('/a/b/c.yaml', '.yaml'), 'c');
  assert.equal(ours.basename('/a/b/.yaml', '.yaml'), node.basename('/a/b/.yaml', '.yaml'));
});

test('join, resolve and relative agree with node:path posix for absolute bases', () => {
  for (const a of PATHS.filter((p) => p.startsWith('/'))) {
    for (const b of PATHS) {
      assert.equal(ours.join(a, b), node.join(a, b), `join(${a}, ${b})`);
      assert.equal(ours.resolve(a, b), node.resolve(a, b), `resolve(${a}, ${b})`);
      if (b.startsWith('/')) assert.equal(ours.relative(a, b), node.relative(a, b), `relative(${a}, ${b})`);
    }
  }
  assert.equal(ours.join(), node.join());
  assert.equal(ours.join('a', '', 'b'), node.join('a', '', 'b'));
});
