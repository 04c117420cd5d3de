/** LM outline (document symbols) and workspace symbols (server/src/features/lm/symbols.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup } from '../support/features.js';
import { checkSymbols, workspaceSymbolLines } from '../support/navigation.js';
import { fileURLToPath } from 'node:url';
import { documentSymbols, workspaceSymbols } from '../../server/src/features/symbols.js';
import { PACKS } from '../../server/src/features/packs.js';
import { Session } from '../../server/src/host/session.js';
import { fuzzyScore } from '../../server/src/util/fuzzy.js';
import type { DocumentSymbol } from '../../server/src/features/types.js';
import { MAX_SYMBOLS } from '../../server/src/features/shared/outline.js';
import { ASSEMBLY_HEADER, PROJECT } from './workspace.js';

const asm = (body: string) => `${PROJECT}${ASSEMBLY_HEADER}\n${body}`;

const ASSEMBLY = `name: assembly::cluster::1.0
description: The cluster
properties:
  deploymentLocation:
    type: string
    required: true

  vip:
    read-only: true
    value: \${balancer.publicIp}
composition:
  balancer:
    type: $lmctl:/contains:/lb:/descriptor_name
    properties:
      deploymentLocation:
        value: \${deploymentLocation}
  streamer:
    type: resource::vs-cluster::1.0
references:
  network:
    type: resource::net::1.0
relationships:
  balance:
    source-capabilities:
    - streamer.Stream
    target-requirements:
    - balancer.Backend
operations:
  AddServer:
    source-operation: balancer.AddBackend
metrics:
  balancer_load:
    source-metric: balancer.load
policies:
  scale:
    type: policy::scale
    metric: balancer.load
    properties:
      smoothing: 3
designerLayout: {}
`;

/** The text of a symbol's range and of its selection range, found by its names from the root. */
function texts(text: string, symbols: DocumentSymbol[], ...names: string[]): { range: string; selection: string } {
  let list = symbols;
  let s: DocumentSymbol | undefined;
  for (const n of names) {
    s = list.find((x) => x.name === n);
    assert.ok(s, `no symbol ${names.join(' > ')}`);
    list = s.children ?? [];
  }
  const lines = text.split('\n');
  const slice = (r: DocumentSymbol['range']) => {
    if (r.start.line === r.end.line) return lines[r.start.line]!.slice(r.start.character, r.end.character);
    return [
      lines[r.start.line]!.slice(r.start.character),
      ...lines.slice(r.start.line + 1, r.end.line),
      lines[r.end.line]!.slice(0, r.end.character),
    ].join('\n');
  };
  return { range: slice(s!.range), selection: slice(s!.selectionRange) };
}

test('assembly outline: sections, properties with types, components with their type, nested mappings', async () => {
  await checkSymbols(
    asm(ASSEMBLY),
    `
name [14] assembly::cluster::1.0
properties [3]
  deploymentLocation [7] string · required
  vip [7] \${balancer.publicIp} · read-only
composition [3]
  balancer [19] $lmctl:/contains:/lb:/descriptor_name
    deploymentLocation [7] \${deploymentLocation}
  streamer [19] resource::vs-cluster::1.0
references [3]
  network [19] resource::net::1.0
relationships [3]
  balance [11] streamer → balancer
operations [3]
  AddServer [6] balancer.AddBackend
metrics [3]
  balancer_load [13] balancer.load
policies [3]
  scale [24] policy::scale
    smoothing [7] 3
designerLayout [20]
`,
  );
});

test('ranges cover the whole entry (no trailing blank lines), selections the key', async () => {
  const { ctx } = await setup(asm(ASSEMBLY));
  const symbols = documentSymbols(ctx);
  const t = (...names: string[]) => texts(ctx.doc.text, symbols, ...names);
  assert.deepEqual(t('properties', 'deploymentLocation'), {
    range: 'deploymentLocation:\n    type: string\n    required: true',
    selection: 'deploymentLocation',
  });
  assert.deepEqual(t('composition', 'streamer'), {
    range: 'streamer:\n    type: resource::vs-cluster::1.0',
    selection: 'streamer',
  });
  assert.equal(t('properties').range.split('\n').length, 8);
  assert.equal(t('properties').selection, 'properties');
  assert.deepEqual(t('name'), { range: 'name: assembly::cluster::1.0', selection: 'name' });
  // Every selection range lies inside its range, at every level.
  const inside = (s: DocumentSymbol) => {
    const before = (a: DocumentSymbol['range']['start'], b: DocumentSymbol['range']['start']) =>
      a.line < b.line || (a.line === b.line && a.character <= b.character);
    assert.ok(before(s.range.start, s.selectionRange.start) && before(s.selectionRange.end, s.range.end), s.name);
    s.children?.forEach(inside);
  };
  symbols.forEach(inside);
});

test('resource outline: properties, infrastructure, lifecycle, drivers, operations, capabilities...', async () => {
  await checkSymbols(
    `#- /ws/Contains/lb/Definitions/lm/resource.yaml
description: Load balancer
properties:
  publicIp:
    type: string
    read-only: true
private-properties:
  ssh_key:
    type: key
infrastructure:
  Openstack: {}
lifecycle:
  Create:
    drivers:
      openstack:
        selector:
          infrastructure-type: [Openstack]
  Install: {}
default-driver:
  ansible:
    selector:
      infrastructure-type: ['*']
operations:
  AddBackend:
    properties:
      ip:
        value: \${privateIp}
capabilities:
  Balancer:
    type: http
requirements:
  Backend:
    type: http
metrics:
  h:
    type: metric::integrity
policies:
  heal:
    type: policy::heal
    metric: h
data-types:
  Endpoint:
    properties:
      host:
        type: string
`,
    `
properties [3]
  publicIp [7] string · read-only
private-properties [3]
  ssh_key [7] key
infrastructure [3]
  Openstack [22]
lifecycle [3]
  Create [12] openstack
  Install [12]
default-driver [3]
  ansible [14] *
operations [3]
  AddBackend [6]
    ip [7] \${privateIp}
capabilities [3]
  Balancer [11] http
requirements [3]
  Backend [11] http
metrics [3]
  h [13] metric::integrity
policies [3]
  heal [24] policy::heal
data-types [3]
  Endpoint [23]
    host [7] string
`,
  );
});

test('a legacy list lifecycle lists its transitions', async () => {
  await checkSymbols(
    `#- /ws/Contains/lb/Definitions/lm/resource.yaml
lifecycle:
- Install
- Start
`,
    `
lifecycle [3]
  Install [12]
  Start [12]
`,
  );
});

test('lmproject outline: the project and its subprojects, nested', async () => {
  const symbols = await checkSymbols(
    `#- /ws/lmproject.yml
schema: '2.0'
name: cluster
version: '1.0'
contains:
- name: lb
  type: Resource
  resource-manager: brent
- name: store
  type: Assembly
  contains:
  - name: disk
    type: Resource
- type: Resource
`,
    `
cluster [4] 1.0 · Assembly
  lb [4] Resource · brent
  store [4] Assembly
    disk [4] Resource
  (unnamed subproject) [4] Resource
`,
  );
  const root = symbols[0]!;
  assert.equal(root.range.start.line, 0);
  assert.deepEqual(root.selectionRange, { start: { line: 1, character: 6 }, end: { line: 1, character: 13 } });
  const store = root.children![1]!;
  assert.deepEqual([store.range.start.line, store.range.end.line], [7, 11]);
});

test('assembly-template outline', async () => {
  await checkSymbols(
    `#- /ws/Descriptor/assembly-template.yml
name: assembly-template::edge::1.0
properties:
  size:
    type: string
template: |
  name: assembly::x::1.0
`,
    `
name [14] assembly-template::edge::1.0
properties [3]
  size [7] string
template [20]
`,
  );
});

test('half-written YAML keeps the symbols the tree has', async () => {
  await checkSymbols(
    asm(`properties:
  a:
    type: string
  b:
composition:
  c:
    type: [resource::x::1.0
  d:
policies:
constructor: 1
`),
    `
properties [3]
  a [7] string
  b [7]
composition [3]
  c [19]
  d [19]
policies [3]
constructor [20]
`,
  );
});

test('the outline stops at the cap on huge files', async () => {
  const props = Array.from({ length: MAX_SYMBOLS + 500 }, (_, i) => `  p${i}:\n    type: string`).join('\n');
  const { ctx } = await setup(`#- /ws/Contains/lb/Definitions/lm/resource.yaml\nproperties:\n${props}\n`);
  const symbols = documentSymbols(ctx);
  const count = (xs: DocumentSymbol[]): number => xs.reduce((n, s) => n + 1 + count(s.children ?? []), 0);
  assert.ok(count(symbols) <= MAX_SYMBOLS + 1, String(count(symbols)));
  assert.ok(count(symbols) >= MAX_SYMBOLS);
});

test('workspace symbols: descriptors by their effective name (explicit or derived), components', async () => {
  const src = asm(ASSEMBLY.replace('name: assembly::cluster::1.0\n', ''));
  assert.deepEqual(await workspaceSymbolLines(src, 'cluster'), [
    'assembly::cluster::1.0 [2] /ws/Descriptor/assembly.yml',
    'resource::lb-cluster::1.0 [5] /ws/Contains/lb/Definitions/lm/resource.yaml',
    'resource::vs-cluster::1.0 [5] /ws/Contains/vs/Definitions/lm/resource.yaml',
    'assembly::store-cluster::1.0 [2] /ws/Contains/store/Descriptor/assembly.yml',
  ]);
  assert.deepEqual(await workspaceSymbolLines(src, 'balancer'), ['balancer [19] /ws/Descriptor/assembly.yml']);
  // References are components too; the query `nfs` finds the storage assembly's component.
  assert.deepEqual(await workspaceSymbolLines(src, 'network'), ['network [19] /ws/Descriptor/assembly.yml']);
  assert.deepEqual(await workspaceSymbolLines(src, 'nfs'), ['nfs [19] /ws/Contains/store/Descriptor/assembly.yml']);
  assert.deepEqual(await workspaceSymbolLines(src, 'zzz'), []);
});

test('workspace symbols: an explicit name wins, and word-start matches rank first', async () => {
  const src = asm(ASSEMBLY.replace('assembly::cluster::1.0', 'assembly::video-cluster::1.0'));
  // Both `v…c` names match at word starts; the shorter ranks first on a tie, a longer query decides.
  assert.deepEqual(await workspaceSymbolLines(src, 'vc'), [
    'resource::vs-cluster::1.0 [5] /ws/Contains/vs/Definitions/lm/resource.yaml',
    'assembly::video-cluster::1.0 [2] /ws/Descriptor/assembly.yml',
  ]);
  const lines = await workspaceSymbolLines(src, 'vidclu');
  assert.deepEqual(lines, ['assembly::video-cluster::1.0 [2] /ws/Descriptor/assembly.yml']);
});

test('workspace symbols carry the span of the name and the descriptor as container', async () => {
  const { session, ctx } = await setup(asm(ASSEMBLY));
  const { workspaceSymbols } = await import('../../server/src/features/symbols.js');
  const ws = session.workspace();
  const [desc] = workspaceSymbols(ws, 'assembly::cluster::1.0');
  assert.equal(ctx.doc.text.slice(desc!.span.start, desc!.span.end), 'assembly::cluster::1.0');
  const comp = workspaceSymbols(ws, 'streamer').find((s) => s.path === ctx.doc.path)!;
  assert.equal(ctx.doc.text.slice(comp.span.start, comp.span.end), 'streamer');
  assert.equal(comp.containerName, 'assembly::cluster::1.0');
  // A derived name: the symbol sits at the top of the file.
  const lb = workspaceSymbols(ws, 'resource::lb-cluster::1.0')[0]!;
  assert.deepEqual(lb.span, { start: 0, end: 0 });
});

test('aliases are not expanded: their entries belong to the anchor', async () => {
  await checkSymbols(
    asm(`properties: &props
  a:
    type: string
private-properties: *props
`),
    `
properties [3]
  a [7] string
private-properties [3]
`,
  );
});

test('workspace symbols: the best `limit` of a full sort (score, shorter name, code units, packs order)', async () => {
  const s = new Session();
  s.index.addRoot(fileURLToPath(new URL('../../examples/video-streamer', import.meta.url)));
  await s.index.build();
  // Names that tie at every score and length, and names equal to each other, around the cut.
  for (let i = 0; i < 40; i++)
    s.openDocument(`/bench/p${i}/Definitions/lm/resource.yaml`, `name: resource::n${i % 7}b${i % 3}::1.0\n`, 1);
  const ws = s.workspace();
  const naive = (query: string, limit: number) => {
    const scored: { name: string; s: unknown; score: number }[] = [];
    for (const pack of PACKS)
      for (const sym of pack.workspaceSymbols(ws)) {
        const score = fuzzyScore(query, sym.name);
        if (score > 0) scored.push({ name: sym.name, s: sym, score });
      }
    const ord = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    scored.sort((a, b) => b.score - a.score || a.name.length - b.name.length || ord(a.name, b.name));
    return scored.slice(0, limit).map((x) => x.s);
  };
  for (const q of ['', 'a', 'r', 'n1', 'res', 'st', 'b2', 'zzz'])
    for (const limit of [0, 1, 3, 7, 20, 500])
      assert.deepEqual(workspaceSymbols(ws, q, limit), naive(q, limit), `${q} ${limit}`);
});
