/** TOSCA rename and prepareRename (server/src/features/tosca/rename.ts). */
import { test } from 'node:test';
import { checkPrepareRename, checkRename } from '../support/navigation.js';

const V = 'tosca_definitions_version: tosca_simple_yaml_1_3';

const TYPES = `${V}
node_types:
  acme.App:
    derived_from: tosca.nodes.SoftwareComponent
    properties:
      port:
        type: integer
  acme.Web:
    derived_from: acme.App
`;

const SERVICE = `${V}
imports:
  - file: types.yaml
    namespace_prefix: ns
topology_template:
  inputs:
    size:
      type: integer
  node_templates:
    app:
      type: ns:acme.App
      properties:
        port: { get_input: size }
    web:
      type: acme.App
      requirements:
        - dependency: app
  outputs:
    port:
      value: { get_property: [ app, port ] }
    apps:
      value: { get_nodes_of_type: ns.acme.App }
`;

const fixture = (types: string, service: string) => `#- /ws/types.yaml\n${types}#- /ws/service.yaml\n${service}`;

test('rename a type: declaration, subtypes and every use across files; namespace prefixes kept', async () => {
  await checkRename(fixture(TYPES.replace('  acme.App:', '  acme.A$0pp:'), SERVICE), 'acme.Application', {
    '/ws/types.yaml': TYPES.replace('  acme.App:', '  acme.Application:').replace(
      'derived_from: acme.App',
      'derived_from: acme.Application',
    ),
    '/ws/service.yaml': SERVICE.replace('ns:acme.App', 'ns:acme.Application')
      .replace('type: acme.App', 'type: acme.Application')
      .replace('ns.acme.App', 'ns.acme.Application'),
  });
});

test('rename a type from a prefixed use: the range is the name after the prefix', async () => {
  const src = fixture(TYPES, SERVICE.replace('ns:acme.App', 'ns:acme.A$0pp'));
  await checkPrepareRename(src, 'acme.App');
  await checkRename(src, 'acme.Application', {
    '/ws/types.yaml': TYPES.replace('  acme.App:', '  acme.Application:').replace(
      'derived_from: acme.App',
      'derived_from: acme.Application',
    ),
    '/ws/service.yaml': SERVICE.replace('ns:acme.App', 'ns:acme.Application')
      .replace('type: acme.App', 'type: acme.Application')
      .replace('ns.acme.App', 'ns.acme.Application'),
  });
});

test('rename a node template: requirement targets and function arguments follow', async () => {
  await checkRename(fixture(TYPES, SERVICE.replace('    app:', '    a$0pp:')), 'api', {
    '/ws/service.yaml': SERVICE.replace('    app:', '    api:')
      .replace('dependency: app', 'dependency: api')
      .replace('[ app, port ]', '[ api, port ]'),
  });
});

test('rename an input', async () => {
  await checkRename(fixture(TYPES, SERVICE.replace('get_input: size', 'get_input: si$0ze')), 'count', {
    '/ws/service.yaml': SERVICE.replace('    size:', '    count:').replace('get_input: size', 'get_input: count'),
  });
});

test('rename a property: definition, assignments and get_property arguments in other files', async () => {
  await checkRename(fixture(TYPES, SERVICE.replace('[ app, port ]', '[ app, po$0rt ]')), 'listen_port', {
    '/ws/types.yaml': TYPES.replace('      port:', '      listen_port:'),
    '/ws/service.yaml': SERVICE.replace('        port: {', '        listen_port: {').replace(
      '[ app, port ]',
      '[ app, listen_port ]',
    ),
  });
});

test('rename a quoted name edits inside the quotes', async () => {
  const service = `${V}
topology_template:
  node_templates:
    "db":
      type: tosca.nodes.Compute
    web:
      type: tosca.nodes.WebServer
      requirements:
        - host: 'db'
`;
  await checkRename(`#- /ws/service.yaml\n${service.replace("host: 'db'", "host: 'd$0b'")}`, 'server', {
    '/ws/service.yaml': service.replace('"db"', '"server"').replace("'db'", "'server'"),
  });
});

test('prepareRename: the name and its range, nothing on plain text', async () => {
  await checkPrepareRename(fixture(TYPES, SERVICE.replace('dependency: app', 'dependency: a$0pp')), 'app');
  await checkPrepareRename(fixture(TYPES.replace('      port:', '      po$0rt:'), SERVICE), 'port');
  await checkPrepareRename(`#- /ws/service.yaml\n${V}\ndescription: Some $0text\n`, null);
});

const REFUSED: [string, string, RegExp][] = [
  ['normative type', 'type: tosca.nodes.Com$0pute', /normative|TOSCA Simple Profile in YAML 1\.3 §5\.9\.3/],
  ['normative shorthand', 'type: Com$0pute', /`tosca\.nodes\.Compute` \(node type\) is defined by the TOSCA Simple/],
  [
    'function',
    '{ get_pro$0perty: [ SELF, port ] }',
    /intrinsic function \(TOSCA Simple Profile in YAML 1\.3 §4\.4\.2\)/,
  ],
  ['keyword', '{ get_property: [ SE$0LF, port ] }', /reserved entity keyword .*§4\.1/],
  ['keyname', 'proper$0ties:', /keyname of the TOSCA grammar/],
  ['requirement', '- depen$0dency: a', /Renaming requirements is not supported\. Only types, templates, inputs/],
  [
    'normative property',
    '{ get_property: [ SELF, compo$0nent_version ] }',
    /normative type `tosca\.nodes\.SoftwareComponent`/,
  ],
];

test('prepareRename refuses names fixed by the specification or the grammar', async () => {
  for (const [what, at, message] of REFUSED) {
    const plain = at.replace('$0', '');
    const src = `#- /ws/service.yaml
${V}
node_types:
  acme.App:
    derived_from: tosca.nodes.SoftwareComponent
    properties:
      port:
        type: integer
    attributes:
      url:
        type: string
        default: { get_property: [ SELF, port ] }
      version:
        type: string
        default: { get_property: [ SELF, component_version ] }
topology_template:
  node_templates:
    a:
      type: tosca.nodes.Compute
    b:
      type: Compute
      requirements:
        - dependency: a
`;
    const fixed = src.replace(plain, at);
    if (fixed === src) throw new Error(`${what}: ${plain} not in the fixture`);
    await checkPrepareRename(fixed, message);
    await checkRename(fixed, 'anything', message);
  }
});

test('prepareRename refuses a data type property, a short name, an input bound by name', async () => {
  await checkPrepareRename(
    `#- /ws/service.yaml
${V}
data_types:
  acme.Endpoint:
    derived_from: tosca.datatypes.Root
    properties:
      po$0rt:
        type: integer
`,
    /data type `acme\.Endpoint`: values written for the type keep their field names/,
  );
  await checkPrepareRename(
    `#- /ws/service.yaml
${V}
node_types:
  acme.nodes.Application:
    short_name: App
    derived_from: tosca.nodes.Root
topology_template:
  node_templates:
    a:
      type: A$0pp
`,
    /`App` is the `short_name` of `acme\.nodes\.Application`/,
  );
  await checkPrepareRename(
    `#- /ws/service.yaml
${V}
node_types:
  acme.Db:
    derived_from: tosca.nodes.Root
    properties:
      size:
        type: integer
topology_template:
  inputs:
    si$0ze:
      type: integer
  substitution_mappings:
    node_type: acme.Db
  node_templates:
    a:
      type: tosca.nodes.Compute
`,
    /Input `size` receives property `size` of the substituted node type `acme\.Db` by name/,
  );
});

test('rename refuses a property a substituting topology receives in an input of the same name', async () => {
  await checkRename(
    `#- /ws/types.yaml
${V}
node_types:
  acme.Db:
    derived_from: tosca.nodes.Root
    properties:
      si$0ze:
        type: integer
#- /ws/db.yaml
${V}
imports: [ types.yaml ]
topology_template:
  inputs:
    size:
      type: integer
  substitution_mappings:
    node_type: acme.Db
  node_templates:
    a:
      type: tosca.nodes.Compute
`,
    'capacity',
    /`db\.yaml` substitutes `acme\.Db` and receives property `size` in its input of that name/,
  );
});

test('rename refuses invalid new names, with the reason', async () => {
  const typeAt = fixture(TYPES.replace('  acme.App:', '  acme.A$0pp:'), SERVICE);
  await checkRename(typeAt, 'ns:acme.Other', /contains `:`, which separates a namespace prefix/);
  await checkRename(typeAt, 'acme..App', /is not a type name: dotted parts/);
  await checkRename(typeAt, 'acme App', /contains whitespace/);
  await checkRename(typeAt, 'string', /built-in TOSCA type/);
  await checkRename(typeAt, '', /The new name is empty/);
  const templateAt = fixture(TYPES, SERVICE.replace('    app:', '    a$0pp:'));
  await checkRename(templateAt, 'SELF', /reserved entity keyword/);
  await checkRename(templateAt, 'yes', /reads as a boolean or null in YAML/);
  await checkRename(templateAt, '1app', /must start with a letter or `_`/);
  await checkRename(templateAt, 'a#b', /contains `#`, which YAML or TOSCA reads specially/);
  await checkRename(templateAt, 'a{b', /contains `\{`/);
});

test('rename refuses names that are already taken', async () => {
  await checkRename(
    fixture(TYPES.replace('  acme.App:', '  acme.A$0pp:'), SERVICE),
    'acme.Web',
    /named `acme\.Web` already exists/,
  );
  await checkRename(
    fixture(TYPES.replace('  acme.App:', '  acme.A$0pp:'), SERVICE),
    'tosca.nodes.Compute',
    /already names the normative node type `tosca\.nodes\.Compute`/,
  );
  await checkRename(
    fixture(TYPES, SERVICE.replace('    app:', '    a$0pp:')),
    'web',
    /already has a node template or group named `web`/,
  );
  await checkRename(fixture(TYPES, SERVICE.replace('    size:', '    si$0ze:')), 'size', {});
  await checkRename(
    fixture(TYPES.replace('      port:', '      po$0rt:'), SERVICE),
    'component_version',
    /Type `acme\.App` already has a property named `component_version`/,
  );
  // get_attribute reads attributes first: a property must not take an attribute's name either.
  await checkRename(
    fixture(TYPES.replace('      port:', '      po$0rt:'), SERVICE),
    'tosca_name',
    /Type `acme\.App` already has an attribute named `tosca_name`/,
  );
  await checkRename(
    fixture(TYPES.replace('  acme.App:', '  acme.A$0pp:'), SERVICE),
    'web',
    /has a node template named `web`: requirement targets would name it instead of the type/,
  );
});
