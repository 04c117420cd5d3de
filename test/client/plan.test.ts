/**
 * The plan view's pure parts: the messages between the extension and the webview (both sides
 * validate what they receive), and the geometry (layout, stages, labels) the page draws.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import type { PlanResult } from '../../server/src/protocol.js';
import { parseFromWebview, parseToWebview } from '../../client/src/planMessages.js';
import {
  between,
  edgePath,
  edgeText,
  GRAPH_NODE_CAP,
  layoutPlan,
  midpoint,
  operationRuns,
  shortLabel,
  stagesOf,
  cycleMembers,
} from '../../client/webview/layout.js';

const fixture = (name: string): PlanResult =>
  JSON.parse(readFileSync(new URL(`../fixtures/plan/${name}`, import.meta.url), 'utf8')) as PlanResult;
const measure = { measureNode: () => ({ width: 150, height: 52 }), measureEdge: () => ({ width: 60, height: 20 }) };

test('messages from the webview: well-formed ones pass, anything else is dropped', () => {
  assert.deepEqual(parseFromWebview({ type: 'ready' }), { type: 'ready' });
  assert.deepEqual(parseFromWebview({ type: 'reveal', id: 'web_app' }), { type: 'reveal', id: 'web_app' });
  assert.deepEqual(parseFromWebview({ type: 'kind', kind: 'scaleOut', node: 'web_app' }), {
    type: 'kind',
    kind: 'scaleOut',
    node: 'web_app',
  });
  const drawn = { type: 'drawn', seq: 3, layoutMs: 1.5, renderMs: 2, nodes: 6, edges: 5, capped: false, worker: true };
  assert.deepEqual(parseFromWebview(drawn), drawn);
  for (const bad of [
    null,
    'reveal',
    { type: 'reveal' },
    { type: 'reveal', id: 42 },
    { type: 'reveal', id: '' },
    { type: 'reveal', id: 'x'.repeat(5000) },
    { type: 'kind', kind: 'deploy' },
    { type: 'kind', kind: 'build', node: { toString: 'x' } },
    { ...drawn, layoutMs: Number.NaN },
    { ...drawn, capped: 'no' },
    { type: 'openExternal', url: 'https://example.com' },
  ]) {
    assert.equal(parseFromWebview(bad), undefined, JSON.stringify(bad));
  }
});

test('messages to the webview: the plan is rebuilt from well-formed entries only', () => {
  const plan = fixture('three-tier.build.json');
  const ok = parseToWebview({ type: 'plan', seq: 1, plan, icons: {}, requestMs: 4 });
  assert.ok(ok && ok.type === 'plan');
  assert.equal(ok.plan.nodes.length, 6);
  assert.equal(ok.plan.edges.length, 5);
  assert.equal(ok.plan.steps.length, 7);
  const messy = {
    ...plan,
    nodes: [...plan.nodes, { id: 7 }, 'x', { id: 'ghost', label: { html: '<b>' } }],
    // Edges must join known nodes; steps need numbers.
    edges: [...plan.edges, { id: 'e', source: 'web_app', target: 'nowhere', kind: 'hostedOn' }],
    steps: [...plan.steps, { index: '8', stage: 1, subject: 'web_app' }],
  };
  const m = parseToWebview({ type: 'plan', seq: 2, plan: messy, icons: { web_app: 'x', nobody: 'y' }, requestMs: 1 });
  assert.ok(m && m.type === 'plan');
  assert.deepEqual(
    m.plan.nodes.map((n) => n.id),
    [...plan.nodes.map((n) => n.id), 'ghost'],
  );
  assert.equal(m.plan.nodes.at(-1)!.label, 'ghost');
  assert.equal(m.plan.edges.length, 5);
  assert.equal(m.plan.steps.length, 7);
  assert.deepEqual(m.icons, { web_app: 'x' });
  assert.equal(parseToWebview({ type: 'plan', seq: -1, plan }), undefined);
  assert.deepEqual(parseToWebview({ type: 'error', message: 'no server' }), { type: 'error', message: 'no server' });
});

test('layout: hosts below what they host, connected tiers side by side, every edge routed', () => {
  const plan = fixture('three-tier.build.json');
  const l = layoutPlan(plan, measure);
  const y = (id: string) => l.nodes.get(id)!.y;
  assert.ok(y('web_app') < y('web_server') && y('web_server') < y('web_vm'));
  assert.ok(y('database') < y('dbms') && y('dbms') < y('db_vm'));
  // The ConnectsTo edge does not push the database a tier down.
  assert.equal(y('web_app'), y('database'));
  assert.equal(l.edges.size, 5);
  for (const e of l.edges.values()) assert.ok(e.points.length >= 2, e.id);
  // The connection is labelled with its step number; a plain HostedOn is not labelled.
  assert.equal(l.edges.get('web_app/database')!.label?.text, '7');
  assert.equal(l.edges.get('web_app/host')!.label, undefined);
  for (const n of l.nodes.values()) {
    assert.ok(n.x >= 0 && n.y >= 0 && n.x + n.width <= l.width && n.y + n.height <= l.height, n.id);
  }
});

test('layout: an edge whose target waits is drawn as written with its target above', () => {
  const plan = fixture('three-tier.build.json');
  const e = plan.edges.find((x) => x.id === 'web_app/host')!;
  // As an LM relationship whose target waits: web_server comes first, web_app after it... reversed.
  e.waits = 'target';
  const l = layoutPlan(plan, measure);
  const line = l.edges.get('web_app/host')!;
  const box = (id: string) => l.nodes.get(id)!;
  assert.ok(box('web_server').y < box('web_app').y, 'the waiting target above its source');
  // The line starts at the source (web_app, below) and ends at the target.
  assert.ok(line.points[0]!.y > line.points.at(-1)!.y);
});

test('layout: a cycle is laid out too, and its members are known', () => {
  const plan = fixture('three-tier.cycle.json');
  const l = layoutPlan(plan, measure);
  assert.equal(l.edges.size, 6);
  const c = cycleMembers(plan);
  assert.deepEqual([...c.nodes].sort(), ['web_app', 'web_server', 'web_vm']);
  assert.ok(c.edges.has('web_vm/dep'));
});

test('layout: a graph at the drawing cap lays out in reasonable time', () => {
  const n = Math.min(GRAPH_NODE_CAP, 200);
  const nodes = Array.from({ length: n }, (_, i) => ({
    id: `c${i}`,
    label: `c${i}`,
    role: 'component' as const,
    uri: '',
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
  }));
  const edges = nodes
    .slice(1)
    .flatMap((node, i) => [
      { ...node, id: `m${i}`, source: node.id, target: `c${Math.floor(i / 3)}`, kind: 'mapping' as const, label: 'p' },
    ]);
  const plan: PlanResult = {
    language: 'lm',
    kind: 'build',
    title: 'big',
    uri: '',
    nodes,
    edges,
    steps: [],
    cycles: [],
  };
  const t0 = performance.now();
  const l = layoutPlan(plan, measure);
  const ms = performance.now() - t0;
  assert.equal(l.nodes.size, n);
  assert.ok(ms < 20000, `${ms} ms`);
});

test('stages, operation runs, labels and paths', () => {
  const plan = fixture('three-tier.build.json');
  const stages = stagesOf([...plan.steps].reverse());
  assert.deepEqual(
    stages.map((s) => [s.stage, s.steps.map((x) => x.index)]),
    [
      [1, [1, 2]],
      [2, [3, 4]],
      [3, [5, 6]],
      [4, [7]],
    ],
  );
  assert.deepEqual(operationRuns(plan.steps[0]!.operations), [
    { iface: 'Standard', names: [{ name: 'create' }, { name: 'configure' }, { name: 'start' }], on: 'web_vm' },
  ]);
  assert.deepEqual(
    operationRuns(plan.steps[6]!.operations).map((r) => `${r.iface}:${r.names.map((n) => n.name).join('+')}@${r.on}`),
    [
      'Configure:pre_configure_source@web_app',
      'Configure:pre_configure_target@database',
      'Configure:post_configure_source+add_target@web_app',
      'Configure:add_source@database',
    ],
  );
  const edge = plan.edges[0]!;
  assert.equal(edgeText(edge, undefined), undefined);
  assert.equal(edgeText(edge, [2]), '2');
  assert.equal(edgeText({ ...edge, label: 'host (HostedOn)' }, [3]), '3 · host');
  assert.equal(shortLabel('${network.network_id}', 'mapping'), '${network.network_id}');
  assert.equal(shortLabel('tosca.relationships.ConnectsTo', 'connectsTo'), 'ConnectsTo');
  assert.equal(edgeText({ ...edge, label: 'my.relationships.MountsOn' }, [3]), '3 · MountsOn');
  assert.equal(edgePath([]), '');
  assert.equal(
    edgePath([
      { x: 0, y: 0 },
      { x: 0, y: 100 },
    ]),
    'M0,0 L0,100',
  );
  assert.match(
    edgePath([
      { x: 0, y: 0 },
      { x: 0, y: 100 },
      { x: 100, y: 100 },
    ]),
    /^M0,0 L0,90 Q0,100 10,100 L100,100$/,
  );
  assert.deepEqual(
    midpoint([
      { x: 0, y: 0 },
      { x: 0, y: 10 },
      { x: 10, y: 10 },
    ]),
    { x: 0, y: 10 },
  );
  const a = { id: 'a', x: 0, y: 0, width: 100, height: 50 };
  const b = { id: 'b', x: 200, y: 0, width: 100, height: 50 };
  assert.deepEqual(between(a, b), [
    { x: 100, y: 25 },
    { x: 200, y: 25 },
  ]);
});
