/** TOSCA outline (document symbols) and workspace symbols (server/src/features/tosca/symbols.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup } from '../support/features.js';
import { checkSymbols, workspaceSymbolLines } from '../support/navigation.js';
import { documentSymbols } from '../../server/src/features/symbols.js';

const SERVICE = `#- /ws/types.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.Base:
    derived_from: tosca.nodes.Root
#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
description: A web service
imports:
- types.yaml
- file: other.yaml
  namespace_prefix: o
- legacy: {file: types.yaml}
repositories:
  docker_hub: https://registry.hub.docker.com/
node_types:
  my.WebServer:
    derived_from: my.Base
    properties:
      port:
        type: integer
    attributes:
      url:
        type: string
    capabilities:
      host: tosca.capabilities.Container
    requirements:
    - database:
        capability: tosca.capabilities.Endpoint.Database
    interfaces:
      Standard:
        type: tosca.interfaces.node.lifecycle.Standard
        create: scripts/create.sh
    artifacts:
      image: images/web.qcow2
data_types:
  my.Settings:
    derived_from: tosca.datatypes.Root
    properties:
      level:
        type: string
interface_types:
  my.Ops:
    derived_from: tosca.interfaces.Root
    operations:
      rotate:
        description: Rotates the keys
    drain:
      description: 1.2 style
relationship_types:
  my.Uses:
    derived_from: tosca.relationships.ConnectsTo
topology_template:
  inputs:
    port:
      type: integer
  node_templates:
    web:
      type: my.WebServer
      properties:
        port: { get_input: port }
      requirements:
      - database: db
      interfaces:
        Standard:
          create:
            implementation: scripts/create.sh
    db:
      type: tosca.nodes.Database
  relationship_templates:
    uses:
      type: my.Uses
  groups:
    tier:
      type: tosca.groups.Root
      members: [web, db]
  policies:
  - placement:
      type: tosca.policies.Placement
      targets: [tier]
  outputs:
    url:
      value: { get_attribute: [web, url] }
  workflows:
    deploy:
      steps: {}
  substitution_mappings:
    node_type: my.WebServer
    capabilities:
      host: [web, host]
`;

test('TOSCA outline: imports, repositories, types by kind with members, the topology', async () => {
  await checkSymbols(
    SERVICE,
    `
imports [3]
  types.yaml [1]
  other.yaml [1] prefix o
  legacy [1] types.yaml
repositories [3]
  docker_hub [4] https://registry.hub.docker.com/
node_types [3]
  my.WebServer [5] my.Base
    properties [3]
      port [7] integer
    attributes [3]
      url [8] string
    capabilities [3]
      host [11] tosca.capabilities.Container
    requirements [3]
      database [11] tosca.capabilities.Endpoint.Database
    interfaces [3]
      Standard [11] tosca.interfaces.node.lifecycle.Standard
        create [6] scripts/create.sh
    artifacts [3]
      image [1] images/web.qcow2
data_types [3]
  my.Settings [23] tosca.datatypes.Root
    properties [3]
      level [7] string
interface_types [3]
  my.Ops [11] tosca.interfaces.Root
    rotate [6]
    drain [6]
relationship_types [3]
  my.Uses [25] tosca.relationships.ConnectsTo
topology_template [2]
  inputs [3]
    port [13] integer
  node_templates [3]
    web [19] my.WebServer
      properties [3]
        port [7]
      requirements [3]
        database [11] db
      interfaces [3]
        Standard [11]
          create [6] scripts/create.sh
    db [19] tosca.nodes.Database
  relationship_templates [3]
    uses [19] my.Uses
  groups [3]
    tier [4] tosca.groups.Root
  policies [3]
    placement [24] tosca.policies.Placement
  outputs [3]
    url [14]
  workflows [3]
    deploy [12]
  substitution_mappings [11] my.WebServer
    capabilities [3]
      host [8] web.host
`,
  );
});

test('TOSCA ranges: whole entries, keys selected; imports select the file they name', async () => {
  const { ctx } = await setup(SERVICE);
  const symbols = documentSymbols(ctx);
  const text = (r: { start: { line: number; character: number }; end: { line: number; character: number } }) =>
    ctx.doc.text.slice(ctx.doc.lines.offsetAt(r.start), ctx.doc.lines.offsetAt(r.end));
  const find = (...names: string[]) => {
    let list = symbols;
    let s;
    for (const n of names) {
      s = list.find((x) => x.name === n);
      assert.ok(s, names.join(' > '));
      list = s.children ?? [];
    }
    return s!;
  };
  const db = find('topology_template', 'node_templates', 'db');
  assert.equal(text(db.range), 'db:\n      type: tosca.nodes.Database');
  assert.equal(text(db.selectionRange), 'db');
  const other = find('imports', 'other.yaml');
  assert.equal(text(other.range), 'file: other.yaml\n  namespace_prefix: o');
  assert.equal(text(other.selectionRange), 'other.yaml');
  const placement = find('topology_template', 'policies', 'placement');
  assert.equal(text(placement.selectionRange), 'placement');
  assert.match(text(placement.range), /^placement:\n\s+type: tosca.policies.Placement\n\s+targets: \[tier\]$/);
});

test('a TOSCA 1.0 template with half-written sections', async () => {
  await checkSymbols(
    `#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_0
node_types:
  my.A:
    derived_from: [oops
  my.B:
topology_template:
  node_templates:
    a:
      type:
    b: ~
  outputs:
`,
    `
node_types [3]
  my.A [5]
  my.B [5]
topology_template [2]
  node_templates [3]
    a [19]
    b [19]
  outputs [3]
`,
  );
});

test('workspace symbols: TOSCA types and templates of every file, with their section as container', async () => {
  const src = `${SERVICE}#- /ws/more.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
capability_types:
  my.WebEndpoint:
    derived_from: tosca.capabilities.Endpoint
`;
  assert.deepEqual(await workspaceSymbolLines(src, 'web'), [
    'web [19] /ws/service.yaml',
    'my.WebServer [5] /ws/service.yaml',
    'my.WebEndpoint [11] /ws/more.yaml',
  ]);
  assert.deepEqual(await workspaceSymbolLines(src, 'my.base'), ['my.Base [5] /ws/types.yaml']);
  assert.deepEqual(await workspaceSymbolLines(src, 'tier'), ['tier [4] /ws/service.yaml']);
  assert.deepEqual(await workspaceSymbolLines(src, 'placement'), ['placement [24] /ws/service.yaml']);

  const { session } = await setup(src);
  const { workspaceSymbols } = await import('../../server/src/features/symbols.js');
  const containers = workspaceSymbols(session.workspace(), 'my.')
    .map((s) => `${s.name} ${s.containerName}`)
    .sort();
  assert.deepEqual(containers, [
    'my.Base node_types',
    'my.Ops interface_types',
    'my.Settings data_types',
    'my.Uses relationship_types',
    'my.WebEndpoint capability_types',
    'my.WebServer node_types',
  ]);
});
