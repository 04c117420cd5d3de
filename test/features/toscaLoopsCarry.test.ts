/**
 * TOSCA104 takes the loops of the version before over when the topology's graph has the same shape (the node
 * templates, each requirement's source, target and kind: features/tosca/rules/cycles.ts). Seeded edits of a service
 * template with HostedOn and DependsOn loops: some only move text (a longer description, a property typed, a
 * comment line), some change an edge (a requirement's target, its relationship, a template added or renamed). After
 * every edit the open document's diagnostics equal those of a fresh session, and the loops were taken over in the
 * versions whose shape did not change.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Session } from '../../server/src/host/session.js';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';
import { LOOPS } from '../../server/src/features/tosca/rules/cycles.js';
import { Rng } from '../fuzz/rng.js';

const FILE = '/ws/service.yaml';
const NAMES = ['a', 'b', 'c', 'd', 'e'];
const RELATIONSHIPS = [
  'tosca.relationships.HostedOn',
  'tosca.relationships.DependsOn',
  'tosca.relationships.ConnectsTo',
];

interface Req {
  target: string;
  relationship: string;
}

interface Shape {
  description: string;
  comments: number;
  port: number;
  templates: { name: string; reqs: Req[] }[];
}

function textOf(x: Shape): string {
  const o = ['tosca_definitions_version: tosca_simple_yaml_1_3', `description: ${x.description}`, ''];
  for (let i = 0; i < x.comments; i++) o.push(`# note ${i}`);
  o.push('topology_template:', '  node_templates:');
  for (const t of x.templates) {
    o.push(`    ${t.name}:`, '      type: tosca.nodes.SoftwareComponent', '      properties:');
    o.push(`        component_version: "${x.port}"`);
    if (t.reqs.length) o.push('      requirements:');
    for (const r of t.reqs)
      o.push('        - dependency:', `            node: ${r.target}`, `            relationship: ${r.relationship}`);
  }
  return o.join('\n') + '\n';
}

function edit(rng: Rng, x: Shape): { shape: Shape; moved: boolean } {
  const y: Shape = { ...x, templates: x.templates.map((t) => ({ name: t.name, reqs: t.reqs.map((r) => ({ ...r })) })) };
  switch (rng.int(7)) {
    case 0:
      y.description = `${x.description}${rng.pick(['x', ' more'])}`;
      return { shape: y, moved: true };
    case 1:
      y.comments = (x.comments + 1) % 3;
      return { shape: y, moved: true };
    case 2:
      y.port = x.port + rng.pick([1, 10, 1000]);
      return { shape: y, moved: true };
    case 3: {
      const t = rng.pick(y.templates);
      // Mostly a template that exists (a loop may close), now and then one that does not.
      const target = rng.chance(0.8) ? rng.pick(y.templates).name : rng.pick(NAMES);
      if (t.reqs.length && rng.chance(0.7)) rng.pick(t.reqs).target = target;
      else t.reqs.push({ target, relationship: rng.pick(RELATIONSHIPS) });
      break;
    }
    case 4: {
      const t = rng.pick(y.templates);
      if (t.reqs.length) rng.pick(t.reqs).relationship = rng.pick(RELATIONSHIPS);
      break;
    }
    case 5: {
      const t = rng.pick(y.templates);
      if (t.reqs.length > 1) t.reqs.splice(rng.int(t.reqs.length), 1);
      break;
    }
    default: {
      const names = new Set(y.templates.map((t) => t.name));
      const free = NAMES.filter((n) => !names.has(n));
      if (free.length && rng.chance(0.5)) y.templates.push({ name: rng.pick(free), reqs: [] });
      else if (y.templates.length > 2) y.templates.splice(rng.int(y.templates.length), 1);
    }
  }
  return { shape: y, moved: false };
}

function sessionWith(): Session {
  const s = new Session(new MemoryFileSystem({ [FILE]: '' }));
  s.index.addRoot('/ws');
  return s;
}

function diagnosticsOf(
  s: Session,
  text: string,
  version: number,
): { all: string[]; searched: boolean; taken: boolean } {
  const doc = s.openDocument(FILE, text, version, true);
  const all = computeDiagnostics(s.context(doc)).map((d) => `${d.code} ${JSON.stringify(d.range)} ${d.message}`);
  const loops = doc.derived.get(LOOPS);
  // No requirement, no search (the rule stops early): nothing to take over either.
  return {
    all,
    searched: loops !== undefined,
    taken: loops !== undefined && loops === doc.previous?.derived.get(LOOPS),
  };
}

test('TOSCA104 loops taken over after edits equal a fresh analysis', async () => {
  let withLoops = 0;
  let taken = 0;
  let movedOnly = 0;
  for (const seed of [1, 2, 3]) {
    const rng = new Rng(seed);
    const typing = sessionWith();
    await typing.index.build();
    let shape: Shape = {
      description: 'loops',
      comments: 0,
      port: 80,
      templates: [
        { name: 'a', reqs: [{ target: 'b', relationship: RELATIONSHIPS[0]! }] },
        { name: 'b', reqs: [{ target: 'c', relationship: RELATIONSHIPS[1]! }] },
        { name: 'c', reqs: [{ target: 'a', relationship: RELATIONSHIPS[0]! }] },
        { name: 'd', reqs: [{ target: 'a', relationship: RELATIONSHIPS[2]! }] },
      ],
    };
    let moved = false;
    for (let v = 1; v <= 60; v++) {
      const text = textOf(shape);
      const got = diagnosticsOf(typing, text, v);
      const fresh = sessionWith();
      await fresh.index.build();
      assert.deepEqual(got.all, diagnosticsOf(fresh, text, 1).all, `seed ${seed}, version ${v}:\n${text}`);
      if (got.all.some((d) => d.startsWith('TOSCA104'))) withLoops++;
      if (moved && got.searched) {
        movedOnly++;
        // Only text moved: the shape is the same, so the loops are the version before's.
        assert.ok(got.taken, `seed ${seed}, version ${v}: loops taken over after a text-only edit`);
      }
      if (got.taken) taken++;
      ({ shape, moved } = edit(rng, shape));
    }
  }
  assert.ok(withLoops > 20 && movedOnly > 20 && taken >= movedOnly, JSON.stringify({ withLoops, movedOnly, taken }));
});
