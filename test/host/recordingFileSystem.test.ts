/**
 * The recorder of the persisted workspace findings (host/recordingFileSystem.ts) keeps the first answer
 * to each probe, by folder, in a packed string per folder (a map for a folder with many probes). Seeded
 * random probes over names that look like its own encoding (colons, digits, control characters, no
 * folder at all), with files written and deleted between them, against a plain map of first answers:
 * the stored probes are exactly those, and a probe answered differently later withholds them unless the
 * index covers its path.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';
import { RecordingFileSystem, type Probe } from '../../server/src/host/recordingFileSystem.js';

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = ['Lifecycle', 'resource.yml', 'a:1', '12:ab', '1', ':', '', 'x\u0000y', 'z\u00013:', 'é:2'];
const DIRS = ['/ws', '/ws/p1', '/ws/p1/Contains/r', '/ws/p:2', ''];

function paths(): string[] {
  const out: string[] = ['plain-name', '3:4'];
  for (const d of DIRS) for (const n of NAMES) out.push(`${d}/${n}`);
  // One folder with more probes than a packed string holds.
  for (let i = 0; i < 40; i++) out.push(`/ws/big/f${i}.yaml`);
  return out;
}

const sorted = (probes: Iterable<Probe>) => [...probes].map((p) => JSON.stringify(p)).sort();

for (const seed of [1, 2, 3, 4, 5]) {
  test(`the stored probes are the first answers, seed ${seed}`, () => {
    const next = random(seed);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
    const mem = new MemoryFileSystem();
    const rec = new RecordingFileSystem(mem);
    const all = paths();
    const first = new Map<string, Probe>();
    const changed = new Set<string>();
    for (let i = 0; i < 600; i++) {
      const path = pick(all);
      const roll = next();
      if (roll < 0.15) {
        mem.write(path, 'x'.repeat(Math.floor(next() * 5)));
        continue;
      }
      if (roll < 0.2) {
        mem.delete(path);
        continue;
      }
      const kind = roll < 0.5 ? 'e' : roll < 0.8 ? 's' : 'd';
      // The recorder's own answer through `answer` (what the store checks at the next start).
      const answer = rec.answer(path, kind);
      const before = first.get(kind + path);
      if (!before) first.set(kind + path, [path, kind, answer]);
      else if (before[2] !== answer) changed.add(path);
    }
    const stored = rec.probes(() => false);
    if (changed.size) assert.equal(stored, undefined, 'a probe answered differently withholds the findings');
    else assert.deepEqual(sorted(stored!), sorted(first.values()));
    // Paths the index covers are left out, and their changes do not count.
    const covered = (p: string) => changed.has(p) || p.startsWith('/ws/p1/');
    const kept = [...first.values()].filter(([p]) => !covered(p));
    assert.deepEqual(sorted(rec.probes(covered)!), sorted(kept));
  });
}

test('a read is recorded once, as the stat before it', async () => {
  const mem = new MemoryFileSystem({ '/ws/a/b.yaml': 'x: 1\n' });
  const rec = new RecordingFileSystem(mem);
  assert.equal(rec.readTextSync('/ws/a/b.yaml', 1000), 'x: 1\n');
  mem.write('/ws/a/b.yaml', 'x: 22\n');
  assert.equal(await rec.readText('/ws/a/b.yaml', 1000), 'x: 22\n');
  assert.deepEqual([...rec.probes(() => false)!], [['/ws/a/b.yaml', 's', 'f5:1']]);
  // A stat asked afterwards sees the new file: answered differently.
  rec.statSync('/ws/a/b.yaml');
  assert.equal(
    rec.probes(() => false),
    undefined,
  );
});
