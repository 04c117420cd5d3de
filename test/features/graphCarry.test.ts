/**
 * The assembly's dependency graph takes its loops over from the version before when the graph has
 * the same shape (features/lm/dependencyGraph.ts `sameShape`). Seeded edits of an assembly with
 * mapping loops, relationship loops that deadlock or not, and upgrade dependencies: some only move
 * text (a longer description, a comment line), some change an edge (a mapping's component, a
 * relationship's state or modifier, an upgrade dependency). After every edit the open document's
 * diagnostics and build plan equal those of a fresh session, and the graph's loops are this
 * version's edges (spans included).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Session } from '../../server/src/host/session.js';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';
import { deploymentPlan } from '../../server/src/features/plan.js';
import { assemblyGraph } from '../../server/src/features/lm/dependencyGraph.js';
import type { DescriptorSummary } from '../../server/src/model/lm/summary.js';
import { Rng } from '../fuzz/rng.js';

const VM = `name: resource::vm::1.0
properties:
  ip:
    type: string
  peer:
    type: string
lifecycle:
  Create: {}
  Install: {}
  Start: {}
  Reconfigure: {}
  Stop: {}
  Delete: {}
`;
const ASSEMBLY = '/ws/asm/Descriptor/assembly.yml';
const NAMES = ['a', 'b', 'c', 'd'];
const STATES = ['Installed', 'Inactive', 'Active', 'Broken'];

interface Shape {
  description: string;
  comments: number;
  /** The component each component maps `${x.ip}` from (or none). */
  maps: (string | undefined)[];
  upgrade: (string | undefined)[];
  rels: { s: string; t: string; ss: string; ts: string; sm?: 'pre' | 'post'; tm?: 'pre' | 'post' }[];
}

function textOf(x: Shape): string {
  const o = ['name: assembly::loops::1.0', `description: ${x.description}`];
  for (let i = 0; i < x.comments; i++) o.push(`# note ${i}`);
  o.push('properties:', '  site:', '    type: string', `    value: \${${x.maps[3] ?? 'a'}.ip}`, 'composition:');
  NAMES.forEach((n, i) => {
    o.push(`  ${n}:`, '    type: resource::vm::1.0', '    properties:');
    o.push('      resourceManager:', '        value: rm', '      deploymentLocation:', '        value: loc');
    if (x.maps[i]) o.push('      peer:', `        value: \${${x.maps[i]}.ip}`);
    if (i === 3) o.push('      other:', '        value: ${site}');
    if (x.upgrade[i]) o.push('    upgrade-dependencies:', `    - ${x.upgrade[i]}`);
  });
  if (x.rels.length) o.push('relationships:');
  x.rels.forEach((r, i) => {
    o.push(`  r${i}:`, '    source-capabilities:', `    - ${r.s}.Cap`, '    target-requirements:', `    - ${r.t}.Req`);
    o.push(`    source-state: ${r.ss}`, `    target-state: ${r.ts}`);
    if (r.sm) o.push(`    source-state-modifier: ${r.sm}`);
    if (r.tm) o.push(`    target-state-modifier: ${r.tm}`);
  });
  return o.join('\n') + '\n';
}

function edit(rng: Rng, x: Shape): Shape {
  const y: Shape = { ...x, maps: [...x.maps], upgrade: [...x.upgrade], rels: x.rels.map((r) => ({ ...r })) };
  const pickName = () => (rng.chance(0.2) ? undefined : rng.pick(NAMES));
  switch (rng.int(8)) {
    case 0:
    case 1:
      // Text only: every edge moves, none changes.
      y.description = `${x.description}${rng.pick(['x', ' more', ''])}`;
      break;
    case 2:
      y.comments = rng.int(3);
      break;
    case 3:
      y.maps[rng.int(NAMES.length)] = pickName();
      break;
    case 4:
      y.upgrade[rng.int(NAMES.length)] = pickName();
      break;
    case 5:
    case 6: {
      if (!y.rels.length || rng.chance(0.2)) {
        y.rels.push({ s: rng.pick(NAMES), t: rng.pick(NAMES), ss: rng.pick(STATES), ts: rng.pick(STATES) });
        break;
      }
      const r = rng.pick(y.rels);
      r[rng.pick(['ss', 'ts'] as const)] = rng.pick(STATES);
      break;
    }
    default: {
      const r = y.rels.length ? rng.pick(y.rels) : undefined;
      if (r) r[rng.pick(['sm', 'tm'] as const)] = rng.pick(['pre', 'post'] as const);
      else y.rels.push({ s: 'a', t: 'b', ss: 'Active', ts: 'Active' });
    }
  }
  return y;
}

function sessionWith(): Session {
  const fs = new MemoryFileSystem({ '/ws/res/vm/Definitions/lm/resource.yaml': VM, [ASSEMBLY]: '' });
  const s = new Session(fs);
  s.index.addRoot('/ws');
  return s;
}

/** What the rules and the plan read of the graph, from one version. */
function viewOf(s: Session, text: string, version: number) {
  const doc = s.openDocument(ASSEMBLY, text, version, true);
  const ctx = s.context(doc);
  const diagnostics = computeDiagnostics(ctx).map((d) => `${d.code} ${JSON.stringify(d.range)} ${d.message}`);
  const plan = deploymentPlan(ctx, { kind: 'build' });
  const graph = assemblyGraph(ctx, doc.summary as DescriptorSummary);
  const edges = new Set(graph.edges);
  for (const l of graph.loops)
    for (const e of [l.edge, ...l.loop]) assert.ok(edges.has(e), 'a loop holds this graph’s edges');
  for (const e of graph.ordering) assert.ok(edges.has(e), 'the order holds this graph’s edges');
  const loops = graph.loops.map((l) => [l.edge.span, l.loop.map((e) => [e.from, e.to, e.span, e.label])]);
  return { diagnostics, plan, loops, ordering: graph.ordering.map((e) => graph.edges.indexOf(e)) };
}

test('the dependency graph’s loops taken over after edits equal a fresh analysis', async () => {
  for (const seed of [1, 2, 3]) {
    const rng = new Rng(seed);
    const typing = sessionWith();
    await typing.index.build();
    let shape: Shape = {
      description: 'loops',
      comments: 0,
      maps: ['b', 'c', 'a', undefined],
      upgrade: [undefined, undefined, undefined, 'a'],
      rels: [
        { s: 'a', t: 'd', ss: 'Active', ts: 'Active' },
        { s: 'd', t: 'a', ss: 'Active', ts: 'Active' },
      ],
    };
    let withLoops = 0;
    for (let v = 1; v <= 60; v++) {
      const text = textOf(shape);
      const got = viewOf(typing, text, v);
      const fresh = sessionWith();
      await fresh.index.build();
      assert.deepEqual(got, viewOf(fresh, text, 1), `seed ${seed}, version ${v}:\n${text}`);
      if (got.loops.length) withLoops++;
      shape = edit(rng, shape);
    }
    assert.ok(withLoops > 5, `seed ${seed}: versions with loops ${withLoops}`);
  }
});

test('a state changed alone (the same edges, other states) decides the deadlock afresh', async () => {
  const typing = sessionWith();
  await typing.index.build();
  const base: Shape = { description: 'x', comments: 0, maps: [], upgrade: [], rels: [] };
  const states = (ss: string) => ({
    ...base,
    rels: [
      { s: 'a', t: 'b', ss: 'Active', ts: 'Active' },
      { s: 'b', t: 'a', ss, ts: 'Active' },
    ],
  });
  const lm071 = (text: string, v: number) =>
    viewOf(typing, text, v).diagnostics.filter((d) => d.startsWith('LM071')).length;
  // b releases a once Installed, before it waits for a (before Active): no deadlock.
  assert.deepEqual(
    ['Active', 'Installed', 'Active', 'Installed'].map((ss, i) => lm071(textOf(states(ss)), i + 1)),
    [2, 0, 2, 0],
  );
});
