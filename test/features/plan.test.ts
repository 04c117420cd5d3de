/**
 * Deployment plans (features/plan.ts and the packs' plan.ts): build order by relationship kind, the
 * operations of each step, parallel stages, termination, scale-out regions, loops (plan empty,
 * loops listed, diagnostics on each edge), the plan lenses, and broken input.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deploymentPlan, planLensTitle } from '../../server/src/features/plan.js';
import { codeLenses } from '../../server/src/features/links.js';
import { LM_RULES } from '../../server/src/features/lm/rules/index.js';
import type { PlanRequest } from '../../server/src/features/shared/pack.js';
import type { PlanResult } from '../../server/src/protocol.js';
import { checkDiagnostics, setup } from '../support/features.js';

async function planOf(src: string, request: PlanRequest = { kind: 'build' }): Promise<PlanResult> {
  const { ctx } = await setup(src);
  return deploymentPlan(ctx, request);
}

/** Steps as `stage: label` lines, in plan order (indexes are checked to run 1..n). */
function stepLines(plan: PlanResult): string[] {
  assert.equal(plan.problem, undefined, plan.problem);
  plan.steps.forEach((s, i) => assert.equal(s.index, i + 1));
  return plan.steps.map((s) => `${s.stage}: ${s.label}`);
}

/** Operations of the step with `label`: `name@on` (in parentheses when nothing implements it). */
function opsOf(plan: PlanResult, label: string): string[] {
  const step = plan.steps.find((s) => s.label === label);
  assert.ok(step, `no step "${label}" in ${plan.steps.map((s) => s.label).join(' | ')}`);
  return step.operations.map((o) => (o.implemented === false ? `(${o.name}@${o.on})` : `${o.name}@${o.on}`));
}

const TOSCA = '#- /ws/service.yaml\ntosca_definitions_version: tosca_simple_yaml_1_3\n';

/** The example of the OpenTOSCA Container documentation (Plan Builder): a DBMS on a VM, an app connected to the DB. */
const DBMS_ON_VM = `${TOSCA}topology_template:
  node_templates:
    app:
      type: tosca.nodes.WebApplication
      requirements:
        - host: web
        - database: { node: db, relationship: tosca.relationships.ConnectsTo }
    web:
      type: tosca.nodes.WebServer
      requirements:
        - host: app_vm
    app_vm:
      type: tosca.nodes.Compute
    db:
      type: tosca.nodes.Database
      properties: { name: shop }
      requirements:
        - host: dbms
    dbms:
      type: tosca.nodes.DBMS
      requirements:
        - host: db_vm
      interfaces:
        Standard:
          create: install_dbms.sh
          start: start_dbms.sh
    db_vm:
      type: tosca.nodes.Compute
`;

test('TOSCA build plan: hosts first (HostedOn), the connection once both ends are started (ConnectsTo)', async () => {
  const plan = await planOf(DBMS_ON_VM);
  assert.deepEqual(stepLines(plan), [
    '1: provision app_vm',
    '1: provision db_vm',
    '2: host web on app_vm',
    '2: host dbms on db_vm',
    '3: provision web',
    '3: provision dbms',
    '4: host app on web',
    '4: host db on dbms',
    '5: provision app',
    '5: provision db',
    '6: connect app to db',
  ]);
  // Every node runs the Standard lifecycle in order; the DBMS implements two of them.
  assert.deepEqual(opsOf(plan, 'provision dbms'), [
    'Standard.create@dbms',
    '(Standard.configure@dbms)',
    'Standard.start@dbms',
  ]);
  // HostedOn implements no Configure operation: none listed (TOSCA 1.2 §7.2).
  assert.deepEqual(opsOf(plan, 'host dbms on db_vm'), []);
  // The connection lists the Configure operations in the order of §5.8.5, on source or target.
  assert.deepEqual(opsOf(plan, 'connect app to db'), [
    '(Configure.pre_configure_source@app)',
    '(Configure.pre_configure_target@db)',
    '(Configure.post_configure_source@app)',
    '(Configure.post_configure_target@db)',
    '(Configure.add_target@app)',
    '(Configure.add_source@db)',
  ]);
  assert.deepEqual(
    plan.edges.map((e) => `${e.id} ${e.kind} ${e.waits} "${e.label}"`),
    [
      'app->web:host hostedOn source "host (HostedOn)"',
      'app->db:database connectsTo neither "database (ConnectsTo)"',
      'web->app_vm:host hostedOn source "host (HostedOn)"',
      'db->dbms:host hostedOn source "host (HostedOn)"',
      'dbms->db_vm:host hostedOn source "host (HostedOn)"',
    ],
  );
  // Steps name their subjects: nodes by name, relationships by edge id.
  assert.equal(plan.steps.find((s) => s.label === 'connect app to db')!.subject, 'app->db:database');
  assert.deepEqual(
    plan.nodes.map((n) => `${n.id} ${n.type} ${n.range.start.line}`),
    [
      'app tosca.nodes.WebApplication 3',
      'web tosca.nodes.WebServer 8',
      'app_vm tosca.nodes.Compute 12',
      'db tosca.nodes.Database 14',
      'dbms tosca.nodes.DBMS 19',
      'db_vm tosca.nodes.Compute 27',
    ],
  );
});

test('ConnectsTo pair: both ends in parallel, then connectTo on the target then the source (OpenTOSCA)', async () => {
  const plan = await planOf(`${TOSCA}node_types:
  my.Client:
    derived_from: tosca.nodes.Root
    requirements:
      - server: { capability: tosca.capabilities.Endpoint, relationship: tosca.relationships.ConnectsTo }
    interfaces:
      http://opentosca.org/interfaces/connections/nonInterruptive:
        connectTo: reconnect.sh
      Standard:
        stop: stop.sh
        start: start.sh
  my.Server:
    derived_from: tosca.nodes.Root
    capabilities:
      api: tosca.capabilities.Endpoint
    interfaces:
      Ops:
        connectTo: accept.sh
topology_template:
  node_templates:
    client:
      type: my.Client
      requirements:
        - server:
            node: server
            relationship:
              type: tosca.relationships.ConnectsTo
              interfaces:
                Configure:
                  add_target: register.sh
    server:
      type: my.Server
`);
  assert.deepEqual(stepLines(plan), ['1: provision client', '1: provision server', '2: connect client to server']);
  assert.deepEqual(opsOf(plan, 'connect client to server'), [
    '(Configure.pre_configure_source@client)',
    '(Configure.pre_configure_target@server)',
    '(Configure.post_configure_source@client)',
    '(Configure.post_configure_target@server)',
    'Configure.add_target@client',
    '(Configure.add_source@server)',
    'Ops.connectTo@server',
    // Under the non-interruptive interface the node is stopped and started around it.
    'Standard.stop@client',
    'http://opentosca.org/interfaces/connections/nonInterruptive.connectTo@client',
    'Standard.start@client',
  ]);
  assert.deepEqual(opsOf(plan, 'provision client'), [
    '(Standard.create@client)',
    '(Standard.configure@client)',
    'Standard.start@client',
  ]);
});

const THREE_TIER = `${TOSCA}topology_template:
  node_templates:
    web:
      type: tosca.nodes.WebServer
      requirements:
        - host: web_server
        - dependency: app
    app:
      type: tosca.nodes.SoftwareComponent
      requirements:
        - host: app_server
        - dependency: { node: db, relationship: tosca.relationships.ConnectsTo }
    db:
      type: tosca.nodes.DBMS
      requirements:
        - host: db_server
    web_server:
      type: tosca.nodes.Compute
    app_server:
      type: tosca.nodes.Compute
    db_server:
      type: tosca.nodes.Compute
`;

test('three-tier app: independent branches share stages; DependsOn waits, ConnectsTo does not', async () => {
  const plan = await planOf(THREE_TIER);
  assert.deepEqual(stepLines(plan), [
    '1: provision web_server',
    '1: provision app_server',
    '1: provision db_server',
    '2: host web on web_server',
    '2: host app on app_server',
    '2: host db on db_server',
    '3: provision app',
    '3: provision db',
    '4: web depends on app',
    '4: connect app to db',
    '5: provision web',
  ]);
});

test('termination: the build plan backwards, with stop and delete, remove_target and remove_source', async () => {
  const plan = await planOf(DBMS_ON_VM, { kind: 'termination' });
  assert.deepEqual(stepLines(plan), [
    '1: remove: connect app to db',
    '2: terminate app',
    '2: terminate db',
    '3: remove: host app on web',
    '3: remove: host db on dbms',
    '4: terminate web',
    '4: terminate dbms',
    '5: remove: host web on app_vm',
    '5: remove: host dbms on db_vm',
    '6: terminate app_vm',
    '6: terminate db_vm',
  ]);
  assert.deepEqual(opsOf(plan, 'terminate dbms'), ['(Standard.stop@dbms)', '(Standard.delete@dbms)']);
  assert.deepEqual(opsOf(plan, 'remove: connect app to db'), [
    '(Configure.remove_target@app)',
    '(Configure.remove_source@db)',
  ]);
  assert.ok(plan.steps.every((s) => s.activity === 'terminate' || s.activity === 'disconnect'));
});

test('scale-out: the node and what it hosts, its other ends selected first, then their hosts found', async () => {
  const plan = await planOf(DBMS_ON_VM, { kind: 'scaleOut', node: 'dbms' });
  assert.deepEqual(plan.scaleOut, {
    node: 'dbms',
    region: ['db', 'dbms'],
    selected: ['app', 'web', 'app_vm', 'db_vm'],
  });
  assert.deepEqual(stepLines(plan), [
    '1: select an instance of app',
    '1: select an instance of db_vm',
    '2: find the web instance app is hosted on',
    '2: host dbms on db_vm',
    '3: find the app_vm instance web is hosted on',
    '3: provision dbms',
    '4: host db on dbms',
    '5: provision db',
    '6: connect app to db',
  ]);
  const vm = await planOf(DBMS_ON_VM, { kind: 'scaleOut', node: 'db_vm' });
  assert.deepEqual(vm.scaleOut, {
    node: 'db_vm',
    region: ['db', 'dbms', 'db_vm'],
    selected: ['app', 'web', 'app_vm'],
  });
  const unknown = await planOf(DBMS_ON_VM, { kind: 'scaleOut', node: 'dbsm' });
  assert.equal(unknown.problem, 'No node template `dbsm` in this topology (did you mean `dbms`?).');
  assert.deepEqual(unknown.steps, []);
});

test('relationship kinds come from the derived_from chain; relationship templates and custom types', async () => {
  const plan = await planOf(`${TOSCA}relationship_types:
  my.InstalledOn:
    derived_from: tosca.relationships.HostedOn
    interfaces:
      Configure:
        post_configure_source: announce.sh
  my.Route:
    derived_from: tosca.relationships.RoutesTo
topology_template:
  node_templates:
    lb:
      type: tosca.nodes.LoadBalancer
      requirements:
        - application: { node: site, relationship: my.Route }
        - dependency: { node: disk, relationship: attach }
    site:
      type: tosca.nodes.SoftwareComponent
      requirements:
        - host: { node: server, relationship: my.InstalledOn }
    server:
      type: tosca.nodes.Compute
    disk:
      type: tosca.nodes.Storage.BlockStorage
  relationship_templates:
    attach:
      type: tosca.relationships.AttachesTo
      properties: { location: /data }
`);
  assert.deepEqual(
    plan.edges.map((e) => `${e.source}->${e.target} ${e.kind} ${e.waits}`),
    ['lb->site connectsTo neither', 'lb->disk relationship neither', 'site->server hostedOn source'],
  );
  assert.deepEqual(stepLines(plan), [
    '1: provision lb',
    '1: provision server',
    '1: provision disk',
    '2: relate lb to disk (AttachesTo)',
    '2: host site on server',
    '3: provision site',
    '4: connect lb to site',
  ]);
  // A HostedOn type that implements a Configure operation lists it.
  assert.deepEqual(opsOf(plan, 'host site on server'), ['Configure.post_configure_source@site']);
  assert.equal(plan.edges[1]!.label, 'dependency (attach)');
});

test('HostedOn / DependsOn loops: no steps, the loops listed; ConnectsTo never makes one', async () => {
  const plan = await planOf(`${TOSCA}topology_template:
  node_templates:
    a:
      type: tosca.nodes.SoftwareComponent
      requirements:
        - host: b
    b:
      type: tosca.nodes.SoftwareComponent
      requirements:
        - host: c
    c:
      type: tosca.nodes.SoftwareComponent
      requirements:
        - dependency: a
        - dependency: { node: d, relationship: tosca.relationships.ConnectsTo }
    d:
      type: tosca.nodes.Root
      requirements:
        - dependency: { node: c, relationship: tosca.relationships.ConnectsTo }
`);
  assert.deepEqual(plan.steps, []);
  assert.equal(plan.cycles.length, 1);
  assert.deepEqual(plan.cycles[0]!.nodes, ['a', 'b', 'c', 'a']);
  assert.deepEqual(plan.cycles[0]!.edges, ['a->b:host', 'b->c:host', 'c->a:dependency']);
  assert.match(plan.cycles[0]!.message, /a → b → c → a/);
  // The graph is still there to draw.
  assert.equal(plan.nodes.length, 4);
  assert.equal(plan.edges.length, 5);
});

test('plans of files without a topology, of TOSCA 2.0 and of half-typed YAML give a reason, never throw', async () => {
  const types = await planOf(`${TOSCA}node_types:\n  my.T:\n    derived_from: tosca.nodes.Root\n`);
  assert.match(types.problem ?? '', /No `topology_template`/);
  // TOSCA 2.0: the plan of its `service_template`.
  const v2 = await planOf(
    `#- /ws/s.yaml\ntosca_definitions_version: tosca_2_0\nnode_types:\n  A: {}\nservice_template:\n` +
      `  node_templates:\n    a:\n      type: A\n`,
  );
  assert.deepEqual(
    v2.nodes.map((n) => n.id),
    ['a'],
  );
  const half = await planOf(`${TOSCA}topology_template:
  node_templates:
    a:
      type: tosca.nodes.SoftwareComponent
      requirements:
        - host: [b
    b:
      type:
`);
  assert.ok(half.problem === undefined || typeof half.problem === 'string');
  for (const kind of ['build', 'termination', 'scaleOut'] as const) {
    const p = await planOf(`${TOSCA}topology_template:\n  node_templates:\n    a:\n      requirements: x\n`, {
      kind,
      node: 'a',
    });
    assert.ok(Array.isArray(p.steps));
  }
  const other = await planOf('#- /ws/notes.txt\nhello\n');
  assert.match(other.problem ?? '', /neither a TOSCA service template nor an LM assembly/);
});

// ---- LM assemblies ------------------------------------------------------------------------------

const RESOURCES = `
#- /ws/res/net/Definitions/lm/resource.yaml
name: resource::net::1.0
properties:
  id:
    type: string
lifecycle:
  Create: {}
  Delete: {}
#- /ws/res/vm/Definitions/lm/resource.yaml
name: resource::vm::1.0
properties:
  ip:
    type: string
  peer:
    type: string
lifecycle:
  Create: {}
  Install: {}
  Start: {}
  Stop: {}
  Delete: {}
operations:
  Attach:
    description: attach
`;
const ASM = '#- /ws/asm/Descriptor/assembly.yml\nname: assembly::shop::1.0\n';

const SHOP = `${RESOURCES}${ASM}properties:
  site:
    type: string
    value: \${web.ip}
composition:
  db:
    type: resource::vm::1.0
  app:
    type: resource::vm::1.0
    properties:
      peer:
        value: \${db.ip}
  web:
    type: resource::vm::1.0
    cluster:
      initial-quantity: 2
    properties:
      peer:
        value: \${app.ip}
  net:
    type: resource::net::1.0
  logs:
    type: resource::vm::1.0
    upgrade-dependencies: [web]
references:
  dns:
    type: resource::net::1.0
relationships:
  attach:
    source-capabilities:
    - net.Network
    target-requirements:
    - db.Network
    source-state: Active
    target-state: Inactive
    lifecycle:
      Create:
      - target.Attach
  announce:
    source-capabilities:
    - dns.Dns
    target-requirements:
    - web.Dns
    source-state: Active
    target-state: Active
    target-state-modifier: post
`;

test('LM build plan: references first, mappings and upgrade dependencies order, relationships by state', async () => {
  const plan = await planOf(SHOP);
  assert.equal(plan.title, 'assembly::shop::1.0');
  assert.deepEqual(stepLines(plan), [
    '1: provision net',
    '1: select dns (an existing instance)',
    '2: create relationship attach (net → db)',
    '3: provision db',
    '4: provision app',
    '5: provision web (cluster)',
    '6: provision logs',
    '6: create relationship announce (dns → web)',
  ]);
  assert.deepEqual(opsOf(plan, 'provision db'), ['Create@db', 'Install@db', '(Configure@db)', 'Start@db']);
  assert.deepEqual(opsOf(plan, 'create relationship attach (net → db)'), ['Attach@db']);
  assert.deepEqual(
    plan.edges.map((e) => `${e.id} ${e.kind} ${e.waits} "${e.label}"`),
    [
      'app->db:mapping mapping source "${db.ip}"',
      'web->app:mapping mapping source "${app.ip}"',
      'logs->web:upgrade upgrade source "upgrade-dependencies"',
      'net->db:attach relationship target "attach"',
      'dns->web:announce relationship neither "announce"',
    ],
  );
  assert.deepEqual(
    plan.nodes.map((n) => `${n.id} ${n.role}`),
    ['db component', 'app component', 'web component', 'net component', 'logs component', 'dns reference'],
  );
});

test('LM uninstall: relationships ceased first, then components after those that waited for them', async () => {
  const plan = await planOf(SHOP, { kind: 'termination' });
  // Once `attach` is ceased nothing holds `net` any more; references are not LM's to remove.
  assert.deepEqual(stepLines(plan), [
    '1: uninstall logs',
    '1: cease relationship attach (net → db)',
    '1: cease relationship announce (dns → web)',
    '2: uninstall web',
    '2: uninstall net',
    '3: uninstall app',
    '4: uninstall db',
  ]);
  assert.deepEqual(opsOf(plan, 'uninstall db'), ['Stop@db', '(Uninstall@db)', 'Delete@db']);
});

test('LM scale-out: what the component waits for or is related to is selected, then it is built', async () => {
  const plan = await planOf(SHOP, { kind: 'scaleOut', node: 'web' });
  assert.deepEqual(plan.scaleOut, { node: 'web', region: ['web'], selected: ['app', 'dns'] });
  assert.deepEqual(stepLines(plan), [
    '1: select an instance of app',
    '1: select an instance of dns',
    '2: provision web (cluster)',
    '3: create relationship announce (dns → web)',
  ]);
  const ref = await planOf(SHOP, { kind: 'scaleOut', node: 'dns' });
  assert.match(ref.problem ?? '', /is a reference/);
  const typo = await planOf(SHOP, { kind: 'scaleOut', node: 'wbe' });
  assert.match(typo.problem ?? '', /did you mean `web`/);
});

const LM_ONLY = LM_RULES.flatMap((r) => [...r.codes]);
const only = (...codes: string[]) => ({ ignore: LM_ONLY.filter((c) => !codes.includes(c)) });

test('LM loops: mutual mappings are LM036 on each edge, the plan lists the loop instead of steps', async () => {
  const src = `${RESOURCES}${ASM}composition:
  a:
    type: resource::vm::1.0
    properties:
      peer:
        value: \${b.ip}
#              ^^^^^^^ LM036
  b:
    type: resource::vm::1.0
    properties:
      peer:
        value: \${c.ip}
#              ^^^^^^^ LM036
  c:
    type: resource::vm::1.0
    properties:
      peer:
        value: \${a.ip}
#              ^^^^^^^ LM036
`;
  const diags = await checkDiagnostics(src, only('LM036', 'LM047', 'LM071'));
  for (const d of diags) assert.match(d.message, /\(a → b → c → a\)/);
  const plan = await planOf(src);
  assert.deepEqual(plan.steps, []);
  assert.deepEqual(plan.cycles.length, 1);
  assert.deepEqual(plan.cycles[0]!.nodes, ['a', 'b', 'c', 'a']);
  assert.deepEqual(plan.cycles[0]!.edges, ['a->b:mapping', 'b->c:mapping', 'c->a:mapping']);
  assert.equal(plan.cycles[0]!.message, diags[0]!.message);
});

test('LM relationships that wait on each other: LM071 only when the states deadlock', async () => {
  const rel = (name: string, s: string, t: string, ss: string, ts: string, mark = '') => `  ${name}:
${mark}    source-capabilities:
    - ${s}.Cap
    target-requirements:
    - ${t}.Req
    source-state: ${ss}
    target-state: ${ts}
`;
  const deadlock = `${RESOURCES}${ASM}composition:
  a:
    type: resource::vm::1.0
  b:
    type: resource::vm::1.0
relationships:
${rel('ab', 'a', 'b', 'Active', 'Active', '# ^^ LM071\n')}${rel('ba', 'b', 'a', 'Active', 'Active', '# ^^ LM071\n')}`;
  const diags = await checkDiagnostics(deadlock, only('LM036', 'LM047', 'LM071'));
  assert.match(diags[0]!.message, /\(a → b → a\)/);
  assert.match(diags[0]!.message, /waits before Active for `b` to be Active/);
  const plan = await planOf(deadlock);
  assert.deepEqual(plan.steps, []);
  assert.deepEqual(plan.cycles[0]!.nodes, ['a', 'b', 'a']);
  // b releases a once Installed, before it waits for a (before Active): no deadlock, the plan interleaves them.
  const fine = `${RESOURCES}${ASM}composition:
  a:
    type: resource::vm::1.0
  b:
    type: resource::vm::1.0
relationships:
${rel('ab', 'a', 'b', 'Active', 'Active')}${rel('ba', 'b', 'a', 'Installed', 'Active')}`;
  await checkDiagnostics(fine, only('LM036', 'LM047', 'LM071'));
  const ok = await planOf(fine);
  assert.deepEqual(ok.cycles, []);
  assert.deepEqual(stepLines(ok), [
    '1: provision a',
    '1: provision b',
    '2: create relationship ab (a → b)',
    '2: create relationship ba (b → a)',
  ]);
  assert.deepEqual(
    ok.edges.map((e) => `${e.id} ${e.waits}`),
    ['a->b:ab neither', 'b->a:ba neither'],
  );
});

test('resources and lmproject files have no plan; an empty assembly says so', async () => {
  const res = await planOf(`${RESOURCES}`);
  assert.match(res.problem ?? '', /Only assemblies/);
  const empty = await planOf(`${ASM}description: nothing yet\n`);
  assert.equal(empty.problem, 'The assembly has no components.');
});

// ---- lenses -------------------------------------------------------------------------------------

async function planLenses(src: string): Promise<string[]> {
  const { ctx } = await setup(src);
  return codeLenses(ctx)
    .filter((l) => l.format === 'planStep' || l.format === 'showPlan')
    .map((l) => `${l.range.start.line}: ${planLensTitle(ctx, l.at, l.format as 'planStep' | 'showPlan')}`);
}

test('plan lenses: "build step k of n" on templates and components, "Show deployment plan" above them', async () => {
  assert.deepEqual(await planLenses(DBMS_ON_VM), [
    '1: Show deployment plan',
    '3: build step 9 of 11',
    '8: build step 5 of 11',
    '12: build step 1 of 11',
    '14: build step 10 of 11',
    '19: build step 6 of 11',
    '27: build step 2 of 11',
  ]);
  assert.deepEqual(await planLenses(SHOP), [
    '5: Show deployment plan',
    '6: build step 4 of 8',
    '8: build step 5 of 8',
    '13: build step 6 of 8',
    '20: build step 1 of 8',
    '22: build step 7 of 8',
    '26: build step 2 of 8',
  ]);
  assert.deepEqual(
    await planLenses(`${TOSCA}topology_template:
  node_templates:
    a:
      type: tosca.nodes.SoftwareComponent
      requirements:
        - host: b
    b:
      type: tosca.nodes.SoftwareComponent
      requirements:
        - host: a
`),
    [
      '1: Show deployment plan (no build plan: cycle a → b → a)',
      '3: no build plan: cycle a → b → a',
      '7: no build plan: cycle a → b → a',
    ],
  );
});
