/** TOSCA hover, completion and go to definition (server/src/features/tosca/). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyCompletion, checkCompletion, checkDefinition, checkHover, setup } from '../support/features.js';
import { definition } from '../../server/src/features/definition.js';
import { hover } from '../../server/src/features/hover.js';
import { NormativeViews, parseNormativeUri } from '../../server/src/model/tosca/normativeView.js';
import { LineIndex } from '../../server/src/syntax/positions.js';

const normative = new NormativeViews();
const normativeSourceForUri = (uri: string) => normative.sourceForUri(uri);
const normativeTypeSource = (...args: Parameters<NormativeViews['source']>) => normative.source(...args);

const tosca = (body: string, version = 'tosca_simple_yaml_1_3') =>
  `#- /ws/service.yaml\ntosca_definitions_version: ${version}\n${body.replace(/^\n/, '')}`;

/** Definition lands in the read-only normative view `uri`, selecting `selected` there. */
async function checkNormativeDefinition(src: string, uri: string, selected: string): Promise<void> {
  const { fixture, ctx } = await setup(src);
  const links = definition(ctx, fixture.cursor!.offset);
  assert.equal(links.length, 1, JSON.stringify(links));
  const l = links[0]!;
  assert.equal(l.targetPath, uri);
  const text = normativeSourceForUri(l.targetPath);
  assert.ok(text, `no source for ${l.targetPath}`);
  const li = new LineIndex(text);
  assert.equal(
    text.slice(li.offsetAt(l.targetSelectionRange.start), li.offsetAt(l.targetSelectionRange.end)),
    selected,
  );
}

async function noHover(src: string): Promise<void> {
  const { fixture, ctx } = await setup(src);
  assert.equal(hover(ctx, fixture.cursor!.offset), undefined);
}

// ---- hover -----------------------------------------------------------------------

const WORKSPACE_TYPES = `#- /ws/types.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  acme.nodes.App:
    derived_from: tosca.nodes.SoftwareComponent
    description: The ACME application.
    properties:
      port:
        type: tosca.datatypes.network.PortDef
        default: 8080
        description: Listening port.
    capabilities:
      api:
        type: tosca.capabilities.Endpoint
    requirements:
      - database:
          capability: tosca.capabilities.Endpoint.Database
          relationship: tosca.relationships.ConnectsTo
`;

test('hover on a normative node type shorthand: kind, section, chain, description, members', async () => {
  await checkHover(
    tosca(`
topology_template:
  node_templates:
    db:
      type: Data$0base
`),
    [
      '**tosca.nodes.Database** — node type',
      'TOSCA Simple Profile 1.3 §5.9.8',
      'Also written as `Database`, `tosca:Database`',
      'derived_from: `tosca.nodes.Database` → `tosca.nodes.Root`',
      'A logical database hosted and managed by a DBMS node.',
      '| Property | Type | Required | Default | Description |',
      '| `name` | `string` | yes |',
      '| Attribute |',
      '`tosca_id` _(tosca.nodes.Root)_',
      'Capabilities:\n- `feature`: `tosca.capabilities.Node`',
      '`database_endpoint`: `tosca.capabilities.Endpoint.Database`',
      'Requirements:',
      '`host`: capability `tosca.capabilities.Compute`, node `tosca.nodes.DBMS`, relationship ' +
        '`tosca.relationships.HostedOn`',
      'Interfaces: `Standard`',
    ],
  );
});

test('hover on a normative type uses the section of the document version', async () => {
  await checkHover(
    tosca(
      `
topology_template:
  node_templates:
    db:
      type: tosca.nodes.Compute$0
`,
      'tosca_simple_yaml_1_0',
    ),
    ['TOSCA Simple Profile 1.0 §5.8.2', 'derived_from: `tosca.nodes.Compute` → `tosca.nodes.Root`'],
  );
});

test('hover on a workspace type from an import: origin file, inherited and own members', async () => {
  await checkHover(
    `${WORKSPACE_TYPES}#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - types.yaml
topology_template:
  node_templates:
    app:
      type: acme.nodes.A$0pp
`,
    [
      '**acme.nodes.App** — node type (declared in `types.yaml`)',
      'derived_from: `acme.nodes.App` → `tosca.nodes.SoftwareComponent` → `tosca.nodes.Root`',
      'The ACME application.',
      '| `port` | `tosca.datatypes.network.PortDef` | yes | `8080` | Listening port. |',
      '| `component_version` _(tosca.nodes.SoftwareComponent)_ |',
      '`api`: `tosca.capabilities.Endpoint`',
      '`database`: capability `tosca.capabilities.Endpoint.Database`, relationship `tosca.relationships.ConnectsTo`',
    ],
  );
});

test('hover on derived_from, on the declared type name, on capability and data types', async () => {
  await checkHover(
    tosca(`
node_types:
  my.Server:
    derived_from: tosca.nodes.Com$0pute
`),
    ['**tosca.nodes.Compute** — node type', '`host`: `tosca.capabilities.Compute`'],
  );
  await checkHover(
    tosca(`
node_types:
  my.Ser$0ver:
    derived_from: tosca.nodes.Compute
    description: Mine.
`),
    [
      '**my.Server** — node type (declared in this file)',
      'derived_from: `my.Server` → `tosca.nodes.Compute` → `tosca.nodes.Abstract.Compute` → `tosca.nodes.Root`',
      'Mine.',
    ],
  );
  await checkHover(
    tosca(`
node_types:
  my.Server:
    capabilities:
      host:
        type: tosca.capabilities.Com$0pute
`),
    ['capability type', '| `num_cpus` | `integer` | no |', '`mem_size`'],
  );
  await checkHover(
    tosca(`
data_types:
  my.Port:
    derived_from: PortD$0ef
`),
    ['**tosca.datatypes.network.PortDef** — data type', 'values are `integer`s', 'in_range'],
  );
});

test('hover on a primitive type and on tosca_definitions_version', async () => {
  await checkHover(
    tosca(`
topology_template:
  inputs:
    size:
      type: scalar-unit.si$0ze
`),
    ['**scalar-unit.size** — primitive type', 'GiB'],
  );
  await checkHover(`#- /ws/service.yaml\ntosca_definitions_version: tosca_simple_yaml_1_$02\n`, [
    'TOSCA Simple Profile 1.2',
    'tosca_simple_yaml_1_2',
  ]);
});

test('hover on intrinsic functions', async () => {
  const cases: [string, string[]][] = [
    ['{ get_in$0put: cpus }', ['**get_input** — TOSCA intrinsic function (§4.4.1)', 'topology_template.inputs']],
    ['{ get_prop$0erty: [ SELF, port ] }', ['§4.4.2', 'SELF, SOURCE, TARGET, HOST']],
    ['{ get_attr$0ibute: [ SELF, state ] }', ['§4.5.1', 'reflected as attributes']],
    ['{ get_operation_out$0put: [ SELF, Standard, create, x ] }', ['§4.6.1', '<output_variable_name>']],
    ['{ get_nodes_of_t$0ype: tosca.nodes.Compute }', ['§4.7.1', 'TARGETS']],
    ['{ get_art$0ifact: [ SELF, zip ] }', ['§4.8.1', 'LOCAL_FILE']],
    ['{ con$0cat: [ a, b ] }', ['§4.3.1']],
    ['{ jo$0in: [ [ a, b ], "," ] }', ['§4.3.2', 'delimiter']],
    ['{ tok$0en: [ a_b, "_", 1 ] }', ['§4.3.3', 'counted from 0']],
  ];
  for (const [expr, want] of cases) {
    await checkHover(
      tosca(`
topology_template:
  inputs:
    cpus: { type: integer }
  node_templates:
    server:
      type: Compute
      properties:
        x: ${expr}
`),
      want,
    );
  }
});

const HOSTED = tosca(`
node_types:
  my.App:
    derived_from: tosca.nodes.SoftwareComponent
    properties:
      port: { type: integer, default: 80 }
    attributes:
      url: { type: string }
topology_template:
  inputs:
    cpus: { type: integer, description: Number of CPUs. }
  node_templates:
    server:
      type: Compute
      capabilities:
        host:
          properties:
            num_cpus: { get_input: cpus }
    db:
      type: tosca.nodes.Database
      properties:
        name: wp
    app:
      type: my.App
      requirements:
        - host: server
        - dependency:
            node: db
      properties:
        port: { get_property: [ SELF, port ] }
      interfaces:
        Standard:
          create:
            implementation: install.sh
            inputs:
              ip: { get_attribute: [ HOST, private_address ] }
              mem: { get_property: [ server, host, mem_size ] }
              name: { get_property: [ db, name ] }
              out: { get_operation_output: [ SELF, Standard, create, result ] }
  relationship_templates:
    conn:
      type: ConnectsTo
      interfaces:
        Configure:
          pre_configure_source:
            inputs:
              t: { get_attribute: [ TARGET, tosca_id ] }
`);

test('hover on SELF, HOST and TARGET: what they mean and what they are here', async () => {
  await checkHover(HOSTED.replace('[ SELF, port ]', '[ SE$0LF, port ]'), [
    '**SELF** — reserved entity keyword (§4.1)',
    'Here: node template `app` of type `my.App`',
  ]);
  await checkHover(HOSTED.replace('[ HOST, private_address ]', '[ HO$0ST, private_address ]'), [
    '**HOST**',
    'HostedOn chain',
    'Here: `server` (`tosca.nodes.Compute`)',
  ]);
  await checkHover(HOSTED.replace('[ TARGET, tosca_id ]', '[ TAR$0GET, tosca_id ]'), [
    '**TARGET**',
    "relationship templates, a requirement's relationship, relationship types",
  ]);
});

test('hover on function arguments: inputs, properties through HOST and capabilities', async () => {
  await checkHover(HOSTED.replace('{ get_input: cpus }', '{ get_input: cp$0us }'), [
    '**cpus** — input of this topology template',
    'type `integer`',
    'Number of CPUs.',
  ]);
  await checkHover(HOSTED.replace('[ HOST, private_address ]', '[ HOST, private_add$0ress ]'), [
    '**private_address** — attribute of `tosca.nodes.Compute`',
  ]);
  await checkHover(HOSTED.replace('[ server, host, mem_size ]', '[ server, host, mem_si$0ze ]'), [
    '**mem_size** — property of capability `host` (`tosca.capabilities.Compute`)',
    'scalar-unit.size',
  ]);
  await checkHover(HOSTED.replace('[ SELF, Standard, create, result ]', '[ SELF, Standard, cre$0ate, result ]'), [
    '**create** — operation of interface type `tosca.interfaces.node.lifecycle.Standard`',
  ]);
});

test('hover on keynames, constraint operators and template member keys', async () => {
  await checkHover(
    tosca(`
node_types:
  my.T:
    derived_fr$0om: tosca.nodes.Root
`),
    ['**derived_from** — keyname of a node type', 'parent type'],
  );
  await checkHover(
    tosca(`
topology_template:
  node_templates:
    s:
      type: Compute
      requirem$0ents: []
`),
    ['**requirements** — keyname of a node template', 'Requirement assignments'],
  );
  await checkHover(
    tosca(`
data_types:
  my.D:
    derived_from: string
    constraints:
      - min_len$0gth: 2
`),
    ['**min_length** — constraint operator'],
  );
  await checkHover(HOSTED.replace('        name: wp', '        na$0me: wp'), [
    '**name** — property of `tosca.nodes.Database`',
    'required',
  ]);
  await checkHover(HOSTED.replace('        - dependency:', '        - depend$0ency:'), [
    '**dependency** — requirement of `my.App`, defined by `tosca.nodes.Root`',
  ]);
});

test('no hover on plain values and unknown names', async () => {
  await noHover(HOSTED.replace('implementation: install.sh', 'implementation: inst$0all.sh'));
  await noHover(
    tosca(`
topology_template:
  node_templates:
    s:
      type: no.such.Ty$0pe
`),
  );
});

// ---- completion ----------------------------------------------------------------------

test('completion: node template keynames, never one already present', async () => {
  await checkCompletion(
    tosca(`
topology_template:
  node_templates:
    s:
      type: Compute
      $0
      properties: {}
`),
    ['requirements', 'capabilities', 'interfaces', 'artifacts', 'description', 'directives'],
    ['type', 'properties', 'tosca_definitions_version', 'derived_from'],
  );
});

test('completion: keynames follow the version (1.3-only keys are not offered in 1.0)', async () => {
  const body = `
node_types:
  my.T:
    properties:
      p:
        type: string
        $0
`;
  await checkCompletion(tosca(body), ['key_schema', 'default', 'constraints', 'required'], ['type']);
  await checkCompletion(tosca(body, 'tosca_simple_yaml_1_0'), ['default', 'constraints'], ['key_schema', 'type']);
});

test('completion: top-level keynames of a service template', async () => {
  await checkCompletion(
    tosca(`
description: x
$0
`),
    ['node_types', 'topology_template', 'imports', 'data_types'],
    ['tosca_definitions_version', 'description'],
  );
});

test(
  'completion: node types under a node template type (normative full names, shorthands, workspace ' + 'types)',
  async () => {
    await checkCompletion(
      `${WORKSPACE_TYPES}#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - types.yaml
topology_template:
  node_templates:
    app:
      type: $0
`,
      ['acme.nodes.App', 'tosca.nodes.Compute', 'Compute', 'tosca.nodes.Database', 'WebServer'],
      ['tosca.capabilities.Compute', 'tosca.relationships.HostedOn', 'string', 'tosca.datatypes.Credential'],
    );
  },
);

test('completion: the kind the position expects', async () => {
  // capability types in a capability definition
  await checkCompletion(
    tosca(`
node_types:
  my.T:
    capabilities:
      c:
        type: $0
`),
    ['tosca.capabilities.Endpoint', 'Endpoint', 'tosca.capabilities.Compute'],
    ['tosca.nodes.Compute', 'tosca.relationships.HostedOn'],
  );
  // data types and primitives for property types
  await checkCompletion(
    tosca(`
node_types:
  my.T:
    properties:
      p:
        type: $0
`),
    ['string', 'integer', 'scalar-unit.size', 'tosca.datatypes.Credential', 'Credential'],
    ['tosca.nodes.Compute', 'Compute'],
  );
  // relationship types in a requirement definition
  await checkCompletion(
    tosca(`
node_types:
  my.T:
    requirements:
      - r:
          capability: tosca.capabilities.Node
          relationship: $0
`),
    ['tosca.relationships.HostedOn', 'ConnectsTo'],
    ['tosca.nodes.Compute', 'tosca.capabilities.Node'],
  );
  // capability types for the short form of a requirement definition
  await checkCompletion(
    tosca(`
node_types:
  my.T:
    requirements:
      - r: $0
`),
    ['tosca.capabilities.Node', 'Attachment'],
    ['tosca.nodes.Compute'],
  );
  // derived_from: same kind, not the type itself
  await checkCompletion(
    tosca(`
relationship_types:
  my.Rel:
    derived_from: $0
`),
    ['tosca.relationships.ConnectsTo', 'HostedOn'],
    ['my.Rel', 'tosca.nodes.Root'],
  );
  // interface types
  await checkCompletion(
    tosca(`
node_types:
  my.T:
    interfaces:
      Standard:
        type: $0
`),
    ['tosca.interfaces.node.lifecycle.Standard', 'Configure'],
    ['tosca.nodes.Root'],
  );
  // valid_source_types: node types, as a flow list
  await checkCompletion(
    tosca(`
capability_types:
  my.Cap:
    valid_source_types: [ tosca.nodes.Compute, $0 ]
`),
    ['tosca.nodes.Database', 'Compute'],
    ['tosca.capabilities.Node'],
  );
});

test('completion in flow lists and flow maps: the key the value belongs to comes from the tree', async () => {
  const nodes = ['tosca.nodes.Database', 'tosca.nodes.Compute', 'DBMS'];
  const caps = ['tosca.capabilities.Node', 'tosca.capabilities.Endpoint', 'Endpoint.Admin'];
  const cap = (def: string) =>
    tosca(`
node_types:
  my.T:
    capabilities:
${def}
`);
  // valid_source_types right after `[`, after `, `, over several lines, and inside a flow map
  await checkCompletion(cap('      c:\n        type: Endpoint\n        valid_source_types: [$0]'), nodes, caps);
  await checkCompletion(
    cap('      c:\n        type: Endpoint\n        valid_source_types: [\n          $0\n        ]'),
    nodes,
    caps,
  );
  await checkCompletion(
    cap('      c:\n        type: Endpoint\n        valid_source_types: [ tosca.nodes.Compute,\n          $0 ]'),
    nodes,
    caps,
  );
  await checkCompletion(cap('      c: { type: Endpoint, valid_source_types: [ $0 ] }'), nodes, caps);
  await checkCompletion(cap('      c: { type: Endpoint, valid_source_types: [ Compute, Data$0 ] }'), nodes, caps);
  assert.equal(
    await applyCompletion(
      cap('      c: { type: Endpoint, valid_source_types: [ Compute, Data$0 ] }'),
      'tosca.nodes.Database',
    ),
    '      c: { type: Endpoint, valid_source_types: [ Compute, tosca.nodes.Database ] }',
  );
  // valid_target_types of a relationship type over several lines: capability types (as in the block form)
  await checkCompletion(
    tosca(`
relationship_types:
  my.R:
    valid_target_types: [ tosca.capabilities.Node,
      $0 ]
`),
    caps,
  );
  // a requirement definition written as a flow map: `node` takes node types, `capability` capability types
  const req = (body: string) =>
    tosca(`
node_types:
  my.T:
    requirements:
      - r: { ${body} }
`);
  await checkCompletion(req('capability: Endpoint, node: $0'), nodes, caps);
  await checkCompletion(req('capability: $0, node: Compute'), caps, nodes);
  // relationship template types (back in the block form)
  await checkCompletion(
    tosca(`
topology_template:
  relationship_templates:
    r:
      type: Con$0
`),
    ['ConnectsTo', 'tosca.relationships.ConnectsTo'],
    ['Compute'],
  );
});

test('completion: requirement targets are node templates whose type can satisfy the requirement', async () => {
  const src = tosca(`
topology_template:
  node_templates:
    server:
      type: Compute
    db:
      type: tosca.nodes.Database
    dbms:
      type: tosca.nodes.DBMS
    app:
      type: tosca.nodes.WebApplication
      requirements:
        - host: $0
`);
  // Database.host: a Compute capability on a DBMS node.
  await checkCompletion(
    src.replace('type: tosca.nodes.WebApplication', 'type: tosca.nodes.Database'),
    ['dbms', 'tosca.nodes.DBMS'],
    ['server', 'db', 'app'],
  );
  // SoftwareComponent.host: a Compute capability on a Compute node.
  await checkCompletion(
    src.replace('type: tosca.nodes.WebApplication', 'type: tosca.nodes.SoftwareComponent'),
    ['server'],
    ['dbms', 'db', 'app'],
  );
  // WebApplication.host: a Compute capability on a WebServer node; none here, so only the abstract node type.
  await checkCompletion(src, ['tosca.nodes.WebServer'], ['server', 'dbms', 'db']);
  // The long form `node:` too.
  await checkCompletion(
    src
      .replace('type: tosca.nodes.WebApplication', 'type: tosca.nodes.SoftwareComponent')
      .replace('- host: $0', '- host:\n            node: $0'),
    ['server'],
    ['db'],
  );
});

test(
  'completion: capability names of the target and relationship templates/types in a requirement ' + 'assignment',
  async () => {
    const src = tosca(`
topology_template:
  relationship_templates:
    myconn:
      type: ConnectsTo
  node_templates:
    db:
      type: tosca.nodes.Database
    app:
      type: tosca.nodes.SoftwareComponent
      requirements:
        - dependency:
            node: db
            capability: $0
`);
    await checkCompletion(
      src,
      ['database_endpoint', 'feature', 'tosca.capabilities.Endpoint.Database'],
      ['host', 'tosca.nodes.Compute'],
    );
    await checkCompletion(
      src.replace('capability: $0', 'relationship: $0'),
      ['myconn', 'tosca.relationships.DependsOn', 'HostedOn'],
      ['db', 'tosca.nodes.Compute'],
    );
  },
);

test(
  'completion: member names in template assignments (properties, capabilities, requirements, interface ' +
    'operations)',
  async () => {
    await checkCompletion(
      HOSTED.replace('        name: wp', '        name: wp\n        $0'),
      ['user', 'password', 'port'],
      ['name', 'tosca_id', 'type'],
    );
    await checkCompletion(
      HOSTED.replace('      capabilities:\n        host:', '      capabilities:\n        $0\n        host:'),
      ['os', 'scalable', 'endpoint'],
      ['host', 'dependency'],
    );
    await checkCompletion(
      HOSTED.replace('        - host: server\n', '        - host: server\n        - $0\n'),
      ['dependency', 'host'],
      ['port'],
    );
    await checkCompletion(
      HOSTED.replace(
        '          create:\n            implementation: install.sh',
        '          $0\n          create:\n            implementation: install.sh',
      ),
      ['configure', 'start', 'stop', 'delete', 'inputs'],
      ['create', 'pre_configure_source'],
    );
    await checkCompletion(
      HOSTED.replace(
        '            num_cpus: { get_input: cpus }',
        '            num_cpus: { get_input: cpus }\n            $0',
      ),
      ['mem_size', 'disk_size', 'cpu_frequency'],
      ['num_cpus', 'port'],
    );
  },
);

test('completion: get_input offers the inputs', async () => {
  await checkCompletion(HOSTED.replace('{ get_input: cpus }', '{ get_input: $0 }'), ['cpus'], ['server', 'SELF']);
  await checkCompletion(HOSTED.replace('{ get_input: cpus }', '\n              get_input: c$0'), ['cpus']);
});

test('completion: get_property / get_attribute entities by context', async () => {
  // In a node template: SELF and HOST, no SOURCE/TARGET; templates.
  await checkCompletion(
    HOSTED.replace('[ SELF, port ]', '[ $0 ]'),
    ['SELF', 'HOST', 'server', 'db', 'app', 'conn'],
    ['SOURCE', 'TARGET', 'cpus'],
  );
  // In a relationship template: SELF, SOURCE, TARGET, no HOST.
  await checkCompletion(
    HOSTED.replace('[ TARGET, tosca_id ]', '[ $0, tosca_id ]'),
    ['SELF', 'SOURCE', 'TARGET', 'server'],
    ['HOST'],
  );
  // In outputs: templates only.
  await checkCompletion(
    HOSTED + `  outputs:\n    o:\n      value: { get_attribute: [ $0 ] }\n`,
    ['server', 'app'],
    ['SELF', 'HOST'],
  );
});

test('completion: get_property / get_attribute members of the chosen entity', async () => {
  await checkCompletion(
    HOSTED.replace('[ SELF, port ]', '[ SELF, $0 ]'),
    ['port', 'component_version', 'host', 'dependency'],
    ['url', 'tosca_id', 'private_address'],
  );
  await checkCompletion(
    HOSTED.replace('[ HOST, private_address ]', '[ HOST, $0 ]'),
    ['private_address', 'public_address', 'tosca_id', 'host', 'os'],
    ['port', 'url'],
  );
  await checkCompletion(
    HOSTED.replace('[ db, name ]', '[ db, $0 ]'),
    ['name', 'user', 'password', 'database_endpoint'],
    ['num_cpus', 'url'],
  );
  // after a capability name: the capability's properties
  await checkCompletion(
    HOSTED.replace('[ server, host, mem_size ]', '[ server, host, $0 ]'),
    ['mem_size', 'num_cpus', 'disk_size'],
    ['private_address', 'port'],
  );
  // the block list form
  await checkCompletion(
    HOSTED.replace(
      '{ get_property: [ db, name ] }',
      '\n                get_property:\n                  - db\n                  - $0',
    ),
    ['name', 'user'],
    ['num_cpus'],
  );
});

test('completion: get_operation_output interfaces and operations', async () => {
  await checkCompletion(HOSTED.replace('[ SELF, Standard, create, result ]', '[ SELF, $0 ]'), ['Standard'], ['create']);
  await checkCompletion(
    HOSTED.replace('[ SELF, Standard, create, result ]', '[ SELF, Standard, $0 ]'),
    ['create', 'configure', 'start', 'stop', 'delete'],
    ['Standard'],
  );
});

test('completion: get_nodes_of_type offers node types, function names in assignment values', async () => {
  await checkCompletion(
    HOSTED.replace('{ get_input: cpus }', '{ get_nodes_of_type: $0 }'),
    ['tosca.nodes.Compute', 'my.App'],
    ['tosca.capabilities.Compute'],
  );
  await checkCompletion(
    HOSTED.replace('        name: wp', '        name: $0'),
    ['get_input', 'get_property', 'concat', 'token'],
    [],
  );
  assert.equal(
    (await applyCompletion(HOSTED.replace('        name: wp', '        name: $0'), 'get_input')).trim(),
    'name: { get_input: $1 }',
  );
});

test('completion: constraint operators and tosca_definitions_version values', async () => {
  await checkCompletion(
    tosca(`
node_types:
  my.T:
    properties:
      p:
        type: integer
        constraints:
          - $0
`),
    ['greater_or_equal', 'in_range', 'valid_values', 'pattern', 'schema'],
    ['type', 'get_input'],
  );
  await checkCompletion(
    tosca(
      `
node_types:
  my.T:
    properties:
      p:
        type: integer
        constraints:
          - $0
`,
      'tosca_simple_yaml_1_0',
    ),
    ['in_range'],
    ['schema'],
  );
  await checkCompletion(
    `#- /ws/service.yaml\ntosca_definitions_version: $0\n`,
    ['tosca_simple_yaml_1_3', 'tosca_simple_yaml_1_0', 'tosca_2_0'],
    ['node_types'],
  );
});

test('completion: import files of the workspace', async () => {
  await checkCompletion(
    `${WORKSPACE_TYPES}#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - $0
`,
    ['types.yaml'],
    ['service.yaml'],
  );
});

// ---- definition ------------------------------------------------------------------------

test('definition: workspace type names and derived_from jump to the declaration', async () => {
  await checkDefinition(
    `${WORKSPACE_TYPES}#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - types.yaml
node_types:
  acme.nodes.Special:
    derived_from: acme.nodes.A$0pp
`,
    { path: '/ws/types.yaml', selected: 'acme.nodes.App' },
  );
  await checkDefinition(
    `${WORKSPACE_TYPES}#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - types.yaml
topology_template:
  node_templates:
    app:
      type: acme.nodes.A$0pp
`,
    { path: '/ws/types.yaml', selected: 'acme.nodes.App' },
  );
  await checkDefinition(
    tosca(`
data_types:
  my.D:
    properties:
      x: { type: string }
node_types:
  my.T:
    properties:
      d:
        type: my$0.D
`),
    { path: '/ws/service.yaml', selected: 'my.D' },
  );
});

test('definition: normative types open a read-only generated view', async () => {
  await checkNormativeDefinition(
    tosca(`
topology_template:
  node_templates:
    s:
      type: Comp$0ute
`),
    'tosca-normative:/tosca_simple_yaml_1_3/tosca.nodes.Compute.yaml',
    'tosca.nodes.Compute',
  );
  await checkNormativeDefinition(
    tosca(
      `
node_types:
  my.T:
    derived_from: tosca.nodes.Root$0
`,
      'tosca_simple_yaml_1_1',
    ),
    'tosca-normative:/tosca_simple_yaml_1_1/tosca.nodes.Root.yaml',
    'tosca.nodes.Root',
  );
  // A property of a normative capability type: its line in the view.
  await checkNormativeDefinition(
    HOSTED.replace('num_cpus: { get_input', 'num_c$0pus: { get_input'),
    'tosca-normative:/tosca_simple_yaml_1_3/tosca.capabilities.Compute.yaml',
    'num_cpus',
  );
  await checkNormativeDefinition(
    HOSTED.replace('[ HOST, private_address ]', '[ HOST, private_add$0ress ]'),
    'tosca-normative:/tosca_simple_yaml_1_3/tosca.nodes.Compute.yaml',
    'private_address',
  );
  await checkNormativeDefinition(
    HOSTED.replace('[ SELF, Standard, create, result ]', '[ SELF, Standard, cre$0ate, result ]'),
    'tosca-normative:/tosca_simple_yaml_1_3/tosca.interfaces.node.lifecycle.Standard.yaml',
    'create',
  );
});

test('definition: requirement targets, get_input, get_property and get_attribute', async () => {
  await checkDefinition(HOSTED.replace('- host: server', '- host: ser$0ver'), {
    path: '/ws/service.yaml',
    selected: 'server',
  });
  await checkDefinition(HOSTED.replace('node: db', 'node: d$0b'), { path: '/ws/service.yaml', selected: 'db' });
  await checkDefinition(HOSTED.replace('{ get_input: cpus }', '{ get_input: cp$0us }'), {
    path: '/ws/service.yaml',
    selected: 'cpus',
  });
  await checkDefinition(HOSTED.replace('[ SELF, port ]', '[ SELF, po$0rt ]'), {
    path: '/ws/service.yaml',
    selected: 'port',
  });
  await checkDefinition(HOSTED.replace('[ db, name ]', '[ d$0b, name ]'), { path: '/ws/service.yaml', selected: 'db' });
  await checkDefinition(HOSTED.replace('        port: { get_property', '        po$0rt: { get_property'), {
    path: '/ws/service.yaml',
    selected: 'port',
  });
  await checkDefinition(
    tosca(`
node_types:
  my.App:
    derived_from: tosca.nodes.Root
    attributes:
      url: { type: string }
topology_template:
  outputs:
    u:
      value: { get_attribute: [ app, u$0rl ] }
  node_templates:
    app:
      type: my.App
`),
    { path: '/ws/service.yaml', selected: 'url' },
  );
});

test('definition: a workspace property inherited through an import', async () => {
  await checkDefinition(
    `${WORKSPACE_TYPES}#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - types.yaml
topology_template:
  node_templates:
    app:
      type: acme.nodes.App
      properties:
        port: 1
  outputs:
    p:
      value: { get_property: [ app, po$0rt ] }
`,
    { path: '/ws/types.yaml', selected: 'port' },
  );
});

test('definition: imports open the file; unknown names go nowhere', async () => {
  await checkDefinition(
    `${WORKSPACE_TYPES}#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - typ$0es.yaml
`,
    { path: '/ws/types.yaml', selected: '' },
  );
  await checkDefinition(
    `${WORKSPACE_TYPES}#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - file: typ$0es.yaml
    namespace_prefix: acme
`,
    { path: '/ws/types.yaml', selected: '' },
  );
  await checkDefinition(HOSTED.replace('[ db, name ]', '[ nob$0ody, name ]'), null);
  await checkDefinition(
    tosca(`
topology_template:
  node_templates:
    s:
      type: no.such.Ty$0pe
`),
    null,
  );
});

// ---- the read-only normative view -----------------------------------------------------------

test('normative view: URI round trip, content per version, unknown names', () => {
  assert.deepEqual(parseNormativeUri('tosca-normative:/tosca_simple_yaml_1_2/tosca.nodes.Compute.yaml'), {
    version: 'tosca_simple_yaml_1_2',
    name: 'tosca.nodes.Compute',
  });
  assert.deepEqual(parseNormativeUri('tosca-normative:///tosca_simple_yaml_1_2/tosca.nodes.Compute.yaml'), {
    version: 'tosca_simple_yaml_1_2',
    name: 'tosca.nodes.Compute',
  });
  assert.equal(parseNormativeUri('file:///x.yaml'), undefined);
  assert.equal(parseNormativeUri('tosca-normative:/tosca_9/x.yaml'), undefined);
  const v13 = normativeTypeSource('tosca.nodes.Compute', 'tosca_simple_yaml_1_3');
  assert.match(v13, /^tosca_definitions_version: tosca_simple_yaml_1_3$/m);
  assert.match(v13, /^ {4}derived_from: tosca\.nodes\.Abstract\.Compute$/m);
  assert.match(v13, /section 5\.9\.3/);
  const v10 = normativeTypeSource('tosca.nodes.Compute', 'tosca_simple_yaml_1_0');
  assert.match(v10, /^ {4}derived_from: tosca\.nodes\.Root$/m);
  // 1.3 nests interface operations under `operations:`, earlier versions do not.
  assert.match(
    normativeTypeSource('tosca.interfaces.node.lifecycle.Standard', 'tosca_simple_yaml_1_3'),
    /^ {4}operations:\n {6}create:/m,
  );
  assert.match(
    normativeTypeSource('tosca.interfaces.node.lifecycle.Standard', 'tosca_simple_yaml_1_2'),
    /^ {4}create:/m,
  );
  assert.match(
    normativeTypeSource('tosca.nodes.Nope', 'tosca_simple_yaml_1_3'),
    /^# tosca\.nodes\.Nope is not a normative type/,
  );
  assert.equal(normativeSourceForUri('tosca-normative:/tosca_simple_yaml_1_3/tosca.nodes.Nope.yaml'), undefined);
});

test(
  'normative view: every type of every version renders as clean TOSCA, and its anchors sit on their ' + 'keys',
  async () => {
    const { NORMATIVE_TYPES, CATALOG_VERSIONS } = await import('../../server/src/model/tosca/catalog/index.js');
    const { computeDiagnostics } = await import('../../server/src/features/diagnostics.js');
    const { session } = await setup('#- /ws/empty.yaml\n');
    let n = 0;
    for (const v of CATALOG_VERSIONS) {
      for (const t of NORMATIVE_TYPES) {
        if (!t.versions.includes(v)) continue;
        const view = normative.view(t.name, v)!;
        const doc = session.openDocument(view.uri, view.text, 1);
        assert.equal(doc.kind, 'tosca');
        const diags = computeDiagnostics(session.context(doc));
        assert.deepEqual(
          diags.map((d) => `${d.code} ${d.message}`),
          [],
          `${view.uri}\n${view.text}`,
        );
        for (const [anchor, span] of view.anchors) {
          const key = view.text.slice(span.start, span.end);
          assert.equal(
            anchor === 'type' ? t.name : anchor.slice(anchor.indexOf(':') + 1),
            key,
            `${view.uri} ${anchor}`,
          );
        }
        n++;
      }
    }
    assert.ok(n > 200, `${n} views`);
  },
);

test('normative view: hover and definition work inside the view itself', async () => {
  const uri = 'tosca-normative:/tosca_simple_yaml_1_3/tosca.nodes.Compute.yaml';
  const text = normativeSourceForUri(uri)!;
  const at = text.indexOf('tosca.nodes.Abstract.Compute') + 3;
  const src = `#- ${uri}\n${text.slice(0, at)}$0${text.slice(at)}`;
  await checkHover(src, ['**tosca.nodes.Abstract.Compute** — node type']);
  await checkNormativeDefinition(
    src,
    'tosca-normative:/tosca_simple_yaml_1_3/tosca.nodes.Abstract.Compute.yaml',
    'tosca.nodes.Abstract.Compute',
  );
});
