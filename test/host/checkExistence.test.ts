/**
 * Existence answers within one check (host/checkExistence.ts): the same as asking the disk for every
 * path, whatever the order of the questions, with fewer questions where a folder is absent.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkExistence } from '../../server/src/host/checkExistence.js';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';

function rng(n: number): () => number {
  let x = n >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

const SEGMENTS = ['p', 'Lifecycle', 'openstack', 'heat.yaml', 'Contains', 'a', 'Definitions', 'lm', '..', '.'];

/** 40 files at random paths (no `.` or `..` segments) and a maker of random paths to ask, from one seed. */
function randomTree(seed: number): { random: () => number; fs: MemoryFileSystem; docs: string[]; path: () => string } {
  const random = rng(seed);
  const pick = () => SEGMENTS[Math.floor(random() * SEGMENTS.length)]!;
  const fs = new MemoryFileSystem();
  for (let i = 0; i < 40; i++) {
    const depth = 1 + Math.floor(random() * 5);
    fs.write('/ws/' + Array.from({ length: depth }, () => pick().replace(/^\.+$/, 'x')).join('/'), 'a: 1');
  }
  const path = () => '/ws/' + Array.from({ length: 1 + Math.floor(random() * 6) }, pick).join('/');
  return { random, fs, docs: [...fs.files.keys()], path };
}

test('random paths in random orders: every answer is the disk answer', () => {
  const { random, fs, docs, path } = randomTree(2026_11_27);
  const index = { get: (p: string) => (p === docs[0] ? {} : undefined) };
  for (let round = 0; round < 200; round++) {
    const doc = docs[Math.floor(random() * docs.length)]!;
    let asked = 0;
    const exists = checkExistence(doc, index, (p) => {
      asked++;
      return fs.existsSync(p);
    });
    for (let q = 0; q < 30; q++) {
      const p = path();
      const expected = index.get(p) !== undefined || fs.existsSync(p);
      assert.equal(exists(p), expected, `${p} (document ${doc})`);
      assert.equal(exists(p), expected, `${p} again`);
    }
    assert.ok(asked > 0);
  }
});

test("a path under an absent folder is answered from the folder, and the document's own folders are not asked", () => {
  const fs = new MemoryFileSystem({ '/ws/p/Definitions/lm/resource.yaml': 'name: r' });
  const asked: string[] = [];
  const exists = checkExistence('/ws/p/Definitions/lm/resource.yaml', { get: () => undefined }, (p) => {
    asked.push(p);
    return fs.existsSync(p);
  });
  assert.equal(exists('/ws/p/Lifecycle/openstack/heat.yaml'), false);
  assert.equal(exists('/ws/p/Lifecycle/openstack/tosca.yaml'), false);
  assert.equal(exists('/ws/p/Lifecycle/lifecycle.mf'), false);
  assert.equal(exists('/ws/p/Definitions/lm/resource.yml'), false);
  assert.equal(exists('/ws/p/Definitions/lm'), true);
  assert.deepEqual(asked, ['/ws/p/Lifecycle', '/ws/p/Definitions/lm/resource.yml', '/ws/p/Definitions/lm']);
});

test('answers shared by the checks of several documents: every answer is the disk answer, each path asked once', () => {
  const { random, fs, docs, path } = randomTree(2026_11_28);
  const index = { get: () => undefined };
  const known = new Map<string, boolean>();
  const asked = new Set<string>();
  for (let round = 0; round < 200; round++) {
    const doc = docs[Math.floor(random() * docs.length)]!;
    const exists = checkExistence(
      doc,
      index,
      (p) => {
        assert.ok(!asked.has(p), `${p} asked twice`);
        asked.add(p);
        return fs.existsSync(p);
      },
      known,
    );
    for (let q = 0; q < 30; q++) {
      const p = path();
      assert.equal(exists(p), fs.existsSync(p), `${p} (document ${doc})`);
    }
  }
});

test('index files not on disk (documents open before any save), paths under them and under index files', () => {
  const { random, fs, docs, path } = randomTree(2026_11_29);
  // Half the index on disk, half only in the index; asked for themselves and as folders of other paths.
  const onlyIndexed = Array.from({ length: 20 }, path).filter((p) => !fs.existsSync(p));
  const indexed = new Set([...docs.slice(0, 20), ...onlyIndexed]);
  const index = { get: (p: string) => (indexed.has(p) ? {} : undefined) };
  const under = [...indexed].flatMap((p) => [p, `${p}/Lifecycle`, `${p}/Lifecycle/lifecycle.mf`, `${p}/a/b`]);
  const known = new Map<string, boolean>();
  for (let round = 0; round < 200; round++) {
    const doc = docs[Math.floor(random() * docs.length)]!;
    const exists = checkExistence(doc, index, (p) => fs.existsSync(p), round % 2 ? known : new Map());
    for (let q = 0; q < 30; q++) {
      const p = random() < 0.5 ? under[Math.floor(random() * under.length)]! : path();
      assert.equal(exists(p), indexed.has(p) || fs.existsSync(p), `${p} (document ${doc})`);
    }
  }
});
