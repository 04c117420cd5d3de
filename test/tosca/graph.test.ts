/** The topology dependency graph (model/tosca/graph.ts) and TOSCA104 (HostedOn / DependsOn loops). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTopologyGraph, loopsOf } from '../../server/src/model/tosca/graph.js';
import { toscaModelOf } from '../../server/src/features/tosca/model.js';
import { setup } from '../support/features.js';
import { checkTosca, messageOf, severityOf } from './support.js';

const graphOf = async (src: string) => {
  const { ctx } = await setup(`#- /ws/service.yaml\n${src.replace(/^\n/, '')}`);
  return buildTopologyGraph(toscaModelOf(ctx));
};

const TYPES = `
tosca_definitions_version: tosca_simple_yaml_1_3
relationship_types:
  my.Hosting:
    derived_from: tosca.relationships.HostedOn
  my.Needs:
    derived_from: tosca.relationships.DependsOn
  my.Link:
    derived_from: tosca.relationships.ConnectsTo
`;

test('graph: requirement assignments resolved to templates, with the relationship kind and spans', async () => {
  const g = await graphOf(`${TYPES}
topology_template:
  relationship_templates:
    link:
      type: my.Link
  node_templates:
    server:
      type: tosca.nodes.Compute
    db:
      type: tosca.nodes.DBMS
      requirements:
        - host: server
    app:
      type: tosca.nodes.WebApplication
      requirements:
        - host:
            node: web
            relationship: my.Hosting
        - dependency: db
        - dependency:
            node: db
            relationship: link
        - dependency: tosca.nodes.Compute
    web:
      type: tosca.nodes.WebServer
      requirements:
        - host: server
`);
  assert.deepEqual(g.nodes, ['server', 'db', 'app', 'web']);
  assert.deepEqual(
    g.edges.map((e) => `${e.source}.${e.requirement}#${e.index} -> ${e.target} ${e.kind} ${e.relationshipType ?? '?'}`),
    [
      'db.host#0 -> server HostedOn tosca.relationships.HostedOn',
      'app.host#0 -> web HostedOn my.Hosting',
      'app.dependency#1 -> db DependsOn tosca.relationships.DependsOn',
      'app.dependency#2 -> db ConnectsTo my.Link',
      'web.host#0 -> server HostedOn tosca.relationships.HostedOn',
    ],
  );
  assert.equal(g.edges[3]!.relationshipTemplate, 'link');
  assert.deepEqual(
    g.incoming('server').map((e) => e.source),
    ['db', 'web'],
  );
  assert.deepEqual(
    g.outgoing('app').map((e) => e.target),
    ['web', 'db', 'db'],
  );
  // An abstract requirement (a node type) is no edge.
  assert.equal(g.outgoing('app').length, 3);
  const ordering = (e: { kind: string }) => e.kind === 'HostedOn' || e.kind === 'DependsOn';
  assert.deepEqual(loopsOf(g, ordering), []);
});

test('graph: loops, each edge with one loop through it, spelled from the first node in file order', async () => {
  const g = await graphOf(`${TYPES}
topology_template:
  node_templates:
    web:
      type: tosca.nodes.Root
      requirements:
        - dependency: app
    app:
      type: tosca.nodes.Root
      requirements:
        - dependency: db
    db:
      type: tosca.nodes.Root
      requirements:
        - dependency: web
        - dependency: solo
    solo:
      type: tosca.nodes.Root
      requirements:
        - dependency: solo
`);
  const loops = loopsOf(g, () => true).map(
    ({ edge, loop }) => `${edge.source}->${edge.target}: ${loop.map((e) => e.source).join(' ')}`,
  );
  assert.deepEqual(loops, ['web->app: web app db', 'app->db: web app db', 'db->web: web app db', 'solo->solo: solo']);
});

test('TOSCA104: a HostedOn loop is an error on each of its requirements, the loop spelled out', async () => {
  const d = await checkTosca(
    `${TYPES}
topology_template:
  node_templates:
    web:
      type: tosca.nodes.WebServer
      requirements:
        - host: app
#         ^^^^ TOSCA104
    app:
      type: tosca.nodes.Compute
      requirements:
        - dependency:
#         ^^^^^^^^^^ TOSCA104
            node: db
            relationship: my.Needs
    db:
      type: tosca.nodes.WebServer
      requirements:
        - host:
#         ^^^^ TOSCA104
            node: web
            relationship: my.Hosting
    other:
      type: tosca.nodes.Root
      requirements:
        - dependency: web
`,
    // `db` hosted on a web server breaks its type's host requirement too; not the point here.
    { ignore: ['TOSCA063', 'TOSCA037', 'TOSCA064'] },
  );
  for (const x of d) {
    assert.equal(x.severity, 'error');
    assert.match(x.message, /`web` → `app` → `db` → `web`/);
  }
  assert.match(d.find((x) => x.range.start.line === 24)!.message, /`my.Hosting` derives from HostedOn/);
});

test('TOSCA104: a node hosted on itself through another', async () => {
  const d = await checkTosca(
    `${TYPES}
node_types:
  my.Box:
    derived_from: tosca.nodes.Root
    capabilities:
      host: tosca.capabilities.Compute
    requirements:
      - host:
          capability: tosca.capabilities.Compute
          relationship: tosca.relationships.HostedOn
topology_template:
  node_templates:
    outer:
      type: my.Box
      requirements:
        - host: inner
#         ^^^^ TOSCA104
    inner:
      type: my.Box
      requirements:
        - host: outer
#         ^^^^ TOSCA104
`,
  );
  assert.match(messageOf(d, 'TOSCA104'), /`outer` → `inner` → `outer`. A node template hosted on itself/);
});

test('TOSCA104: a DependsOn-only loop is a warning, not reported under amp; ConnectsTo makes none', async () => {
  const src = `${TYPES}
topology_template:
  node_templates:
    a:
      type: tosca.nodes.Root
      requirements:
        - dependency: b
#         ^^^^^^^^^^ TOSCA104
        - dependency:
            node: c
            relationship: my.Link
    b:
      type: tosca.nodes.Root
      requirements:
        - dependency: a
#         ^^^^^^^^^^ TOSCA104
    c:
      type: tosca.nodes.Root
      requirements:
        - dependency:
            node: a
            relationship: my.Link
`;
  const d = await checkTosca(src);
  assert.equal(severityOf(d, 'TOSCA104'), 'warning');
  assert.match(messageOf(d, 'TOSCA104'), /`a` → `b` → `a`/);
  // (AMP also warns, TOSCA106, about the requirement assigned twice.)
  await checkTosca(src.replace(/\n#.*TOSCA104/g, ''), {
    options: { tosca: { dialect: 'amp' } },
    ignore: ['TOSCA037', 'TOSCA064', 'TOSCA106'],
  });
});

test('TOSCA104 on the corpus: Cloudnet’s cyclic-dependencies.yaml gets a warning on both requirements', (t) => {
  const f = join(
    fileURLToPath(new URL('../..', import.meta.url)),
    '..',
    'shared/corpus/tosca/Orange-OpenSource__Cloudnet-TOSCA-toolbox/examples/OASIS_TOSCA_1.2/cyclic-dependencies.yaml',
  );
  if (!existsSync(f)) {
    t.skip('corpus not found');
    return;
  }
  const text = readFileSync(f, 'utf8');
  return setup(`#- /ws/cyclic.yaml\n${text}`).then(async ({ ctx }) => {
    const { computeDiagnostics } = await import('../../server/src/features/diagnostics.js');
    const d = computeDiagnostics(ctx).filter((x) => x.code === 'TOSCA104');
    assert.deepEqual(
      d.map((x) => `${x.range.start.line + 1} ${x.severity}`),
      ['27 warning', '32 warning'],
    );
  });
});
