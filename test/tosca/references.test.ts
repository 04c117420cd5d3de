/** TOSCA find references and document highlights (server/src/features/tosca/references.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkHighlights, checkReferences } from '../support/navigation.js';
import { setup } from '../support/features.js';
import { references } from '../../server/src/features/references.js';

const V = 'tosca_definitions_version: tosca_simple_yaml_1_3';

/** A type file and a service template that imports it; `$0` goes in `types` or `service`. */
const typeFixture = (types: string, service: string) => `
#- /ws/types.yaml
${V}
${types.replace(/^\n/, '')}
#- /ws/service.yaml
${V}
imports:
  - types.yaml
${service.replace(/^\n/, '')}
`;

const APP_TYPES = `
data_types:
  acme.datatypes.Endpoint:
    derived_from: tosca.datatypes.Root
    properties:
      port:
        type: integer
capability_types:
  acme.capabilities.Api:
    derived_from: tosca.capabilities.Endpoint
    valid_source_types: [ acme.nodes.App ]
    #                     ^^^^^^^^^^^^^^ ref
node_types:
  acme.nodes.App:
# ^^^^^^^^^^^^^^ decl
    derived_from: tosca.nodes.SoftwareComponent
    properties:
      endpoint:
        type: acme.datatypes.Endpoint
      peers:
        type: list
        entry_schema: acme.datatypes.Endpoint
    capabilities:
      api: acme.capabilities.Api
    requirements:
      - peer:
          capability: acme.capabilities.Api
          node: acme.nodes.App
          #     ^^^^^^^^^^^^^^ ref
  acme.nodes.Web:
    derived_from: acme.nodes.App
    #             ^^^^^^^^^^^^^^ ref
relationship_types:
  acme.relationships.Uses:
    derived_from: tosca.relationships.ConnectsTo
    valid_target_types: [ acme.capabilities.Api, acme.nodes.App ]
    #                                            ^^^^^^^^^^^^^^ ref
group_types:
  acme.groups.Apps:
    derived_from: tosca.groups.Root
    members: [ acme.nodes.App ]
    #          ^^^^^^^^^^^^^^ ref
policy_types:
  acme.policies.Scale:
    derived_from: tosca.policies.Scaling
    targets: [ acme.nodes.App ]
    #          ^^^^^^^^^^^^^^ ref
`;

const APP_SERVICE = `
topology_template:
  substitution_mappings:
    node_type: acme.nodes.App
    #          ^^^^^^^^^^^^^^ ref
  node_templates:
    app:
      type: acme.nodes.App
      #     ^^^^^^^^^^^^^^ ref
    web:
      type: acme.nodes.Web
      requirements:
        - peer:
            node: acme.nodes.App
            #     ^^^^^^^^^^^^^^ ref
    server:
      type: tosca.nodes.Compute
  outputs:
    apps:
      value: { get_nodes_of_type: acme.nodes.App }
      #                           ^^^^^^^^^^^^^^ ref
`;

test('references of a node type: every grammar position, across files, from the declaration', async () => {
  const types = APP_TYPES.replace('  acme.nodes.App:\n', '  acme.nodes.A$0pp:\n');
  await checkReferences(typeFixture(types, APP_SERVICE));
});

test('references of a node type from a use in another file, with and without the declaration', async () => {
  const service = APP_SERVICE.replace('      type: acme.nodes.App\n', '      type: acme.nodes.$0App\n');
  await checkReferences(typeFixture(APP_TYPES, service));
  await checkReferences(typeFixture(APP_TYPES, service), { includeDeclaration: false });
});

test('references of data and capability types', async () => {
  await checkReferences(`
#- /ws/types.yaml
${V}
data_types:
  acme.Port:
# ^^^^^^^^^ decl
    derived_from: integer
  acme.Ports:
    derived_from: list
    entry_schema: { type: acme.Port }
    #                     ^^^^^^^^^ ref
node_types:
  acme.App:
    derived_from: tosca.nodes.Root
    properties:
      port:
        type: acme.P$0ort
        #     ^^^^^^^^^ ref
      ports:
        type: map
        entry_schema:
          type: acme.Port
          #     ^^^^^^^^^ ref
    attributes:
      seen:
        type: acme.Port
        #     ^^^^^^^^^ ref
    interfaces:
      Standard:
        type: tosca.interfaces.node.lifecycle.Standard
        inputs:
          listen:
            type: acme.Port
            #     ^^^^^^^^^ ref
#- /ws/service.yaml
${V}
imports: [ types.yaml ]
topology_template:
  inputs:
    port:
      type: acme.Port
      #     ^^^^^^^^^ ref
  outputs:
    port:
      type: acme.Port
      #     ^^^^^^^^^ ref
      value: 80
`);
  await checkReferences(`
#- /ws/service.yaml
${V}
capability_types:
  acme.Api:
# ^^^^^^^^ decl
    derived_from: tosca.capabilities.Root
relationship_types:
  acme.Uses:
    derived_from: tosca.relationships.ConnectsTo
    valid_target_types: [ acme.Api ]
    #                     ^^^^^^^^ ref
interface_types:
  acme.Ops:
    derived_from: tosca.interfaces.Root
artifact_types:
  acme.Script:
    derived_from: tosca.artifacts.Implementation
node_types:
  acme.App:
    derived_from: tosca.nodes.Root
    capabilities:
      api:
        type: acme.Api
        #     ^^^^^^^^ ref
    requirements:
      - uses:
          capability: acme.A$0pi
          #           ^^^^^^^^ ref
          relationship: acme.Uses
    interfaces:
      Ops:
        type: acme.Ops
    artifacts:
      run:
        type: acme.Script
        file: run.sh
topology_template:
  node_templates:
    a:
      type: acme.App
    b:
      type: acme.App
      requirements:
        - uses:
            node: a
            capability: acme.Api
            #           ^^^^^^^^ ref
            relationship: acme.Uses
`);
});

test('references of interface and artifact types, in definitions and templates', async () => {
  const src = (cursor: 'iface' | 'artifact') => `
#- /ws/service.yaml
${V}
interface_types:
  acme.${cursor === 'iface' ? 'O$0ps' : 'Ops'}:
# ^^^^^^^^ ${cursor === 'iface' ? 'decl' : ''}
    derived_from: tosca.interfaces.Root
    run:
      description: Runs.
artifact_types:
  acme.${cursor === 'artifact' ? 'Scr$0ipt' : 'Script'}:
# ^^^^^^^^^^^ ${cursor === 'artifact' ? 'decl' : ''}
    derived_from: tosca.artifacts.Implementation
node_types:
  acme.App:
    derived_from: tosca.nodes.Root
    interfaces:
      Ops:
        type: acme.Ops
        #     ^^^^^^^^ ${cursor === 'iface' ? 'ref' : ''}
    artifacts:
      run:
        type: acme.Script
        #     ^^^^^^^^^^^ ${cursor === 'artifact' ? 'ref' : ''}
        file: run.sh
topology_template:
  node_templates:
    a:
      type: acme.App
      interfaces:
        Ops:
          type: acme.Ops
          #     ^^^^^^^^ ${cursor === 'iface' ? 'ref' : ''}
      artifacts:
        more:
          type: acme.Script
          #     ^^^^^^^^^^^ ${cursor === 'artifact' ? 'ref' : ''}
          file: more.sh
`;
  await checkReferences(src('iface'));
  await checkReferences(src('artifact'));
});

test('a capability name in a requirement assignment is not the capability type of the same name', async () => {
  await checkReferences(`
#- /ws/service.yaml
${V}
capability_types:
  api:
# ^^^ decl
    derived_from: tosca.capabilities.Root
node_types:
  acme.App:
    derived_from: tosca.nodes.Root
    capabilities:
      api:
        type: a$0pi
        #     ^^^ ref
    requirements:
      - uses:
          capability: api
          #           ^^^ ref
topology_template:
  node_templates:
    a:
      type: acme.App
    b:
      type: acme.App
      requirements:
        - uses:
            node: a
            capability: api
`);
});

test('roles: `subtype` for derived_from, `template` for a template of the type', async () => {
  const { fixture, ctx } = await setup(`
#- /ws/service.yaml
${V}
relationship_types:
  acme.Uses:
    derived_from: tosca.relationships.ConnectsTo
  acme.UsesMore:
    derived_from: acme.U$0ses
topology_template:
  node_templates:
    a:
      type: tosca.nodes.Compute
      requirements:
        - host:
            node: b
            relationship: acme.Uses
    b:
      type: tosca.nodes.Compute
  relationship_templates:
    r1:
      type: acme.Uses
`);
  const refs = references(ctx, fixture.cursor!.offset, false);
  assert.deepEqual(
    refs.map((r) => `${r.range.start.line}:${r.role ?? '-'}`),
    ['5:subtype', '13:-', '18:template'],
  );
});

test('namespace-prefixed uses are references of the type', async () => {
  await checkReferences(`
#- /ws/types.yaml
${V}
node_types:
  App:
# ^^^ decl
    derived_from: tosca.nodes.Root
#- /ws/service.yaml
${V}
imports:
  - file: types.yaml
    namespace_prefix: acme
topology_template:
  node_templates:
    a:
      type: acme:A$0pp
      #     ^^^^^^^^ ref
    b:
      type: acme.App
      #     ^^^^^^^^ ref
    c:
      type: App
      #     ^^^ ref
`);
});

test('a type of the same name in a file that cannot see the declaration is another type', async () => {
  await checkReferences(`
#- /ws/a/types.yaml
${V}
node_types:
  acme.App:
# ^^^^^^^^ decl
    derived_from: tosca.nodes.Root
#- /ws/a/service.yaml
${V}
imports: [ types.yaml ]
topology_template:
  node_templates:
    a:
      type: acme.App
      #     ^^^^^^^^ ref
#- /ws/b/types.yaml
${V}
node_types:
  acme.App:
    derived_from: tosca.nodes.Root
#- /ws/b/service.yaml
${V}
imports: [ types.yaml ]
topology_template:
  node_templates:
    b:
      type: acme.App
#- /ws/a/other.yaml
${V}
imports: [ service.yaml ]
node_types:
  acme.Sub:
    derived_from: acme.A$0pp
    #             ^^^^^^^^ ref
`);
});

test('a type file sees the types of the file that imports it (type fragments)', async () => {
  await checkReferences(`
#- /ws/base.yaml
${V}
node_types:
  acme.Base:
# ^^^^^^^^^ decl
    derived_from: tosca.nodes.Root
#- /ws/fragment.yaml
${V}
node_types:
  acme.Sub:
    derived_from: acme.Base
    #             ^^^^^^^^^ ref
#- /ws/main.yaml
${V}
imports: [ base.yaml, fragment.yaml ]
topology_template:
  node_templates:
    a:
      type: acme.B$0ase
      #     ^^^^^^^^^ ref
`);
});

test('references of a normative type: its uses in every file, no declaration', async () => {
  await checkReferences(`
#- /ws/one.yaml
${V}
node_types:
  acme.Server:
    derived_from: tosca.nodes.Compute
    #             ^^^^^^^^^^^^^^^^^^^ ref
#- /ws/shadow.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  Compute:
    derived_from: tosca.nodes.Root
topology_template:
  node_templates:
    s:
      type: Compute
#- /ws/two.yaml
${V}
topology_template:
  node_templates:
    a:
      type: Com$0pute
      #     ^^^^^^^ ref
    b:
      type: tosca:Compute
      #     ^^^^^^^^^^^^^ ref
      requirements:
        - host:
            node: tosca.nodes.Compute
            #     ^^^^^^^^^^^^^^^^^^^ ref
`);
});

const TOPOLOGY = `
#- /ws/service.yaml
${V}
topology_template:
  inputs:
    size:
  # ^^^^ decl
      type: integer
  substitution_mappings:
    node_type: tosca.nodes.Compute
    properties:
      size: [ size ]
      #       ^^^^ ref
    capabilities:
      host: [ db, host ]
  node_templates:
    db:
      type: tosca.nodes.Compute
      properties:
        n: 1
      capabilities:
        host:
          properties:
            num_cpus: { get_input: size }
            #                      ^^^^ ref
      artifacts:
        img:
          type: tosca.artifacts.Deployment.Image.VM
          file: disk.img
    dbcopy:
      copy: db
    web:
      type: tosca.nodes.WebServer
      requirements:
        - host: db
        - dependency:
            node: db
            relationship: conn
      interfaces:
        Standard:
          create:
            inputs:
              ip: { get_attribute: [ db, private_address ] }
              sz: { get_input: [ size ] }
              #                  ^^^^ ref
  relationship_templates:
    conn:
      type: tosca.relationships.ConnectsTo
  groups:
    g:
      type: tosca.groups.Root
      members: [ db, web ]
  policies:
    - p:
        type: tosca.policies.Scaling
        targets: [ db ]
        properties:
          min_instances: 1
          max_instances: 3
          default_instances: 1
          increment: 1
  workflows:
    deploy:
      steps:
        one:
          target: db
          activities:
            - delegate: deploy
  outputs:
    ip:
      value: { get_property: [ db, n ] }
    img:
      value: { get_artifact: [ db, img ] }
    out:
      value: { get_operation_output: [ web, Standard, create, x ] }
`;

test('references of a topology input', async () => {
  await checkReferences(TOPOLOGY.replace('    size:\n', '    si$0ze:\n'));
});

test('references of a node template: requirements, functions, copy, members, targets, workflows', async () => {
  await checkReferences(`
#- /ws/service.yaml
${V}
topology_template:
  substitution_mappings:
    node_type: tosca.nodes.Compute
    capabilities:
      host: [ db, host ]
      #       ^^ ref
  node_templates:
    d$0b:
  # ^^ decl
      type: tosca.nodes.Compute
    dbcopy:
      copy: db
      #     ^^ ref
    web:
      type: tosca.nodes.WebServer
      requirements:
        - host: db
        #       ^^ ref
        - dependency:
            node: db
            #     ^^ ref
      interfaces:
        Standard:
          create:
            inputs:
              ip: { get_attribute: [ db, private_address ] }
              #                      ^^ ref
  groups:
    g:
      type: tosca.groups.Root
      members: [ db, web ]
      #          ^^ ref
  policies:
    - p:
        type: tosca.policies.Root
        targets: [ db ]
        #          ^^ ref
  workflows:
    deploy:
      steps:
        one:
          target: db
          #       ^^ ref
          activities:
            - delegate: deploy
  outputs:
    ip:
      value: { get_property: [ db, tosca_name ] }
      #                        ^^ ref
    img:
      value: { get_artifact: [ db, img ] }
      #                        ^^ ref
    out:
      value: { get_operation_output: [ db, Standard, create, x ] }
      #                                ^^ ref
`);
});

test('references of a relationship template', async () => {
  await checkReferences(`
#- /ws/service.yaml
${V}
topology_template:
  node_templates:
    a:
      type: tosca.nodes.Compute
      requirements:
        - dependency:
            node: b
            relationship: conn
            #             ^^^^ ref
    b:
      type: tosca.nodes.Compute
  relationship_templates:
    co$0nn:
  # ^^^^ decl
      type: tosca.relationships.DependsOn
  outputs:
    x:
      value: { get_attribute: [ conn, tosca_id ] }
      #                         ^^^^ ref
`);
});

const PROPS = `
#- /ws/types.yaml
${V}
node_types:
  acme.App:
    derived_from: tosca.nodes.SoftwareComponent
    properties:
      port:
    # ^^^^ decl
        type: integer
    interfaces:
      Standard:
        create:
          inputs:
            p: { get_property: [ SELF, port ] }
            #                          ^^^^ ref
  acme.Web:
    derived_from: acme.App
    properties:
      port:
    # ^^^^ ref
        type: integer
        default: 8080
#- /ws/service.yaml
${V}
imports: [ types.yaml ]
topology_template:
  node_templates:
    app:
      type: acme.App
      properties:
        port: 80
      # ^^^^ ref
    web:
      type: acme.Web
      properties:
        port: { get_property: [ app, port ] }
      # ^^^^ ref
      #                              ^^^^ ref
  outputs:
    port:
      value: { get_attribute: [ web, port ] }
      #                              ^^^^ ref
#- /ws/other.yaml
${V}
node_types:
  acme.Unrelated:
    derived_from: tosca.nodes.Root
    properties:
      port:
        type: integer
`;

test('references of a property: definition, refinement, assignments, get_property / get_attribute', async () => {
  await checkReferences(PROPS.replace('        port: 80', '        po$0rt: 80'));
  await checkReferences(PROPS.replace('      port:\n    # ^^^^ decl', '      po$0rt:\n    # ^^^^ decl'), {
    includeDeclaration: false,
  });
});

test('references of an attribute', async () => {
  await checkReferences(`
#- /ws/service.yaml
${V}
node_types:
  acme.App:
    derived_from: tosca.nodes.Root
    attributes:
      url:
    # ^^^ decl
        type: string
topology_template:
  node_templates:
    a:
      type: acme.App
      attributes:
        url: http://example.com
      # ^^^ ref
  outputs:
    u:
      value: { get_attribute: [ a, u$0rl ] }
      #                            ^^^ ref
`);
});

test('highlights: the references in this file only', async () => {
  // Annotations in other files than the cursor's are not highlights.
  await checkHighlights(PROPS.replace('        port: 80', '        po$0rt: 80'));
  await checkHighlights(typeFixture(APP_TYPES, APP_SERVICE.replace('type: acme.nodes.App', 'type: acme.nodes.A$0pp')));
});

test('nothing to reference: descriptions, keynames, functions', async () => {
  for (const at of ['description: A $0note', 'prop$0erties:', 'get_prop$0erty']) {
    const src = `#- /ws/service.yaml
${V}
description: A note
node_types:
  acme.App:
    derived_from: tosca.nodes.Root
    properties:
      p:
        type: string
    attributes:
      q:
        type: string
        default: { get_property: [ SELF, p ] }
`;
    const { fixture, ctx } = await setup(src.replace(at.replace('$0', ''), at));
    assert.deepEqual(references(ctx, fixture.cursor!.offset, true), [], at);
  }
});

test('declarations and assignments are writes, function arguments and uses are reads', async () => {
  const { fixture, ctx } = await setup(PROPS.replace('        port: 80', '        po$0rt: 80'));
  const refs = references(ctx, fixture.cursor!.offset, true);
  assert.deepEqual(
    refs.map((r) => `${r.path.slice(4)}:${r.range.start.line}:${r.range.start.character} ${r.write ? 'w' : 'r'}`),
    [
      'service.yaml:7:8 w',
      'service.yaml:11:8 w',
      'service.yaml:11:37 r',
      'service.yaml:14:37 r',
      'types.yaml:5:6 w',
      'types.yaml:11:39 r',
      'types.yaml:15:6 w',
    ],
  );
  assert.deepEqual(
    refs.filter((r) => r.declaration).map((r) => `${r.path.slice(4)}:${r.range.start.line}`),
    ['types.yaml:5'],
  );
});

test('a version-less type file resolves in its importer version, for references as for diagnostics', async () => {
  // tosca.nodes.ObjectStorage is the Simple Profile 1.0 name (1.1 renamed it Storage.ObjectStorage):
  // the fragment, read as part of the 1.0 template importing it, derives from it, not from nothing.
  await checkReferences(`
#- /ws/types.yaml
node_types:
  acme.Bucket:
    derived_from: tosca.nodes.ObjectStorage
    #             ^^^^^^^^^^^^^^^^^^^^^^^^^ ref
#- /ws/main.yaml
tosca_definitions_version: tosca_simple_yaml_1_0
imports:
  - types.yaml
topology_template:
  node_templates:
    store:
      type: tosca.nodes.ObjectSto$0rage
      #     ^^^^^^^^^^^^^^^^^^^^^^^^^ ref
      properties:
        name: data
`);
});
