/**
 * The TOSCA reverse import edges (`index.tosca.importersOf`) are brought up to date from the entries
 * changed since they were built when no import changed (ToscaModels.relinkChanged), instead of a
 * walk over every TOSCA file. Seeded random edits of open documents and of files on disk (text that
 * keeps the imports, an import pointed elsewhere, a file that stops or starts being TOSCA, a file
 * removed or added back): after each, the importers of every file equal those of a fresh session on
 * the same texts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Session } from '../../server/src/host/session.js';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';

const ROOT = '/ws';
const TYPES = 4;
const SERVICES = 12;

function typeFile(t: number, importsOther: boolean): string {
  const o = ['tosca_definitions_version: tosca_simple_yaml_1_3'];
  if (importsOther) o.push('imports:', `  - ../types${(t + 1) % TYPES}/types.yaml`);
  o.push('node_types:', `  bench.App${t}:`, '    derived_from: tosca.nodes.SoftwareComponent');
  return o.join('\n') + '\n';
}

function serviceFile(k: number, t: number, label: number): string {
  return [
    'tosca_definitions_version: tosca_simple_yaml_1_3',
    `description: Service ${k} label ${label}`,
    'imports:',
    `  - ../types${t}/types.yaml`,
    'topology_template:',
    '  node_templates:',
    '    app:',
    `      type: bench.App${t}`,
    '',
  ].join('\n');
}

/** A small seeded generator (the same sequence on every run). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function importersOfAll(session: Session, paths: readonly string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const p of paths) out[p] = session.index.tosca.importersOf(p);
  return out;
}

test('TOSCA importers after seeded edits equal a fresh session on the same texts', async () => {
  const texts = new Map<string, string>();
  for (let t = 0; t < TYPES; t++) texts.set(`${ROOT}/types${t}/types.yaml`, typeFile(t, t % 2 === 0));
  for (let k = 0; k < SERVICES; k++) texts.set(`${ROOT}/services/s${k}.yaml`, serviceFile(k, k % TYPES, 0));
  const all = [...texts.keys()];
  const fs = new MemoryFileSystem(Object.fromEntries(texts));
  const session = new Session(fs);
  session.index.addRoot(ROOT);
  await session.index.build();
  const next = rng(21);
  let version = 1;
  let relinked = 0;
  const removed = new Set<string>();
  for (let step = 0; step < 160; step++) {
    const before = session.index.generation;
    const k = Math.floor(next() * SERVICES);
    const p = `${ROOT}/services/s${k}.yaml`;
    const r = next();
    let text: string | undefined = texts.get(p);
    if (r < 0.55) text = serviceFile(k, Number(/types(\d)/.exec(text ?? '')?.[1] ?? k % TYPES), step);
    else if (r < 0.75) text = serviceFile(k, Math.floor(next() * TYPES), step);
    else if (r < 0.85) text = `description: no longer TOSCA ${step}\n`;
    else if (r < 0.9) {
      const t = Math.floor(next() * TYPES);
      const tp = `${ROOT}/types${t}/types.yaml`;
      const tt = typeFile(t, next() < 0.5);
      texts.set(tp, tt);
      fs.write(tp, tt);
      await session.index.refreshFromDisk(tp);
      text = undefined;
    } else if (r < 0.95 && !removed.has(p)) {
      texts.delete(p);
      removed.add(p);
      fs.delete(p);
      // An open document is what the editor holds: closed first, so the index follows the disk.
      if (session.getOpen(p)) await session.closeDocument(p);
      else await session.index.refreshFromDisk(p);
      text = undefined;
    } else {
      text = serviceFile(k, k % TYPES, step);
      removed.delete(p);
    }
    if (text !== undefined) {
      texts.set(p, text);
      fs.write(p, text);
      if (next() < 0.7) session.openDocument(p, text, version++, true);
      else if (session.getOpen(p)) await session.closeDocument(p);
      else await session.index.refreshFromDisk(p);
    }
    // Importers asked for after some steps only, so several changes are brought up to date at once.
    if (next() < 0.6) {
      const changed = session.index.changesSince(before);
      const got = await importersOfAll(session, all);
      const freshFs = new MemoryFileSystem(Object.fromEntries(texts));
      const fresh = new Session(freshFs);
      fresh.index.addRoot(ROOT);
      await fresh.index.build();
      assert.deepEqual(got, await importersOfAll(fresh, all), `step ${step}`);
      if (changed?.length) relinked++;
    }
  }
  // The steps above went through both paths (edges brought up to date and the full walk).
  assert.ok(relinked > 20, `only ${relinked} comparisons after a logged change`);
});

test('changesSince names the entries changed since a generation, or nothing once out of reach', async () => {
  const fs = new MemoryFileSystem({ [`${ROOT}/a.yaml`]: typeFile(0, false) });
  const session = new Session(fs);
  session.index.addRoot(ROOT);
  await session.index.build();
  const g0 = session.index.generation;
  assert.deepEqual(session.index.changesSince(g0), []);
  session.openDocument(`${ROOT}/a.yaml`, typeFile(0, true), 1, true);
  const g1 = session.index.generation;
  const c = session.index.changesSince(g0) ?? [];
  assert.deepEqual(
    c.map((x) => [x.path, x.before, x.after]),
    [[`${ROOT}/a.yaml`, 'tosca', 'tosca']],
  );
  assert.deepEqual(session.index.changesSince(g1), []);
  for (let v = 2; v < 100; v++) session.openDocument(`${ROOT}/a.yaml`, typeFile(0, v % 2 === 0), v, true);
  assert.equal(session.index.changesSince(g0), undefined, 'older than the log');
  assert.equal(session.index.changesSince(session.index.generation + 1), undefined, 'a generation not reached yet');
});

/** A TOSCA 2.0 profile file declaring `name`, with a type the service uses. */
function profileFile(name: string, note: number): string {
  return [
    'tosca_definitions_version: tosca_2_0',
    `profile: ${name}`,
    `description: profile note ${note}`,
    'node_types:',
    '  App:',
    '    properties:',
    '      port: { type: integer }',
    '',
  ].join('\n');
}

const SERVICE_20 = [
  'tosca_definitions_version: tosca_2_0',
  'imports:',
  '  - profile: org.example.p:1.0',
  '    namespace: p',
  'service_template:',
  '  node_templates:',
  '    app:',
  '      type: p:App',
  '      properties: { port: 80 }',
  '',
].join('\n');

test('imports by profile name follow profile names changed while typing, as a fresh session does', async () => {
  const a = `${ROOT}/profiles/a.yaml`;
  const b = `${ROOT}/profiles/b.yaml`;
  const svc = `${ROOT}/svc.yaml`;
  const texts = new Map([
    [a, profileFile('org.example.p:1.0', 0)],
    [b, profileFile('org.example.q:1.0', 0)],
    [svc, SERVICE_20],
  ]);
  const fs = new MemoryFileSystem(Object.fromEntries(texts));
  const session = new Session(fs);
  session.index.addRoot(ROOT);
  await session.index.build();
  const next = rng(7);
  const names = ['org.example.p:1.0', 'org.example.q:1.0', 'org.example.r:1.0'];
  let version = 1;
  const shape = (d: ReturnType<typeof computeDiagnostics>) => d.map((x) => `${String(x.code)} ${x.message}`).sort();
  let found = 0;
  for (let step = 0; step < 60; step++) {
    const p = next() < 0.5 ? a : b;
    const r = next();
    const name = r < 0.7 ? /profile: (\S+)/.exec(texts.get(p)!)![1]! : names[Math.floor(next() * names.length)]!;
    texts.set(p, profileFile(name, step));
    session.openDocument(p, texts.get(p)!, version++, true);
    const got = computeDiagnostics(session.context(session.openDocument(svc, SERVICE_20, version++, true)));
    const fresh = new Session(new MemoryFileSystem(Object.fromEntries(texts)));
    fresh.index.addRoot(ROOT);
    await fresh.index.build();
    const want = computeDiagnostics(fresh.context(fresh.analyse(svc, SERVICE_20, 1)));
    assert.deepEqual(shape(got), shape(want), `step ${step}`);
    if (want.length) found++;
  }
  // Some steps left the service's profile unresolved, some resolved it.
  assert.ok(found > 5 && found < 55, `${found} of 60 steps with findings`);
});
