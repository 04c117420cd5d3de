/**
 * The TOSCA model API hover/completion/definition build on: summaries with spans, the type table
 * (shorthands, derived_from chains, inherited members), imports, CSAR meta, primitives; and a typical
 * template checked clean, the same on every re-analysis (its speed is measured by `npm run bench`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyseDocument } from '../../server/src/model/document.js';
import { summariseTosca, isToscaSummary } from '../../server/src/model/tosca/summary.js';
import { parseYaml } from '../../server/src/syntax/parse.js';
import { buildToscaModel } from '../../server/src/model/tosca/model.js';
import type { ToscaFileSource } from '../../server/src/model/tosca/imports.js';
import { parseToscaMeta } from '../../server/src/model/tosca/csar.js';
import { parseScalarUnit, parseVersion, parseRange, checkConstraint } from '../../server/src/model/tosca/primitives.js';
import { parseGeneric } from '../../server/src/model/tosca/typeTable.js';
import { toscaModelOf } from '../../server/src/features/tosca/model.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';
import { setup } from '../support/features.js';

const SERVICE = `tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - file: types.yaml
    namespace_prefix: t
node_types:
  my.App:
    derived_from: SoftwareComponent
    properties:
      port:
        type: integer
        default: 80
    requirements:
      - db:
          capability: tosca.capabilities.Endpoint.Database
topology_template:
  inputs:
    port: { type: integer }
  node_templates:
    app:
      type: my.App
      properties:
        port: { get_input: port }
      requirements:
        - host: server
    server:
      type: Compute
`;

test('summary: every type, template, property, requirement, input and import has a span', () => {
  const s = summariseTosca(parseYaml(SERVICE).root);
  assert.ok(isToscaSummary(s));
  const at = (span: { start: number; end: number }) => SERVICE.slice(span.start, span.end);
  assert.equal(s.version?.text, 'tosca_simple_yaml_1_3');
  assert.equal(at(s.imports[0]!.file!.span), 'types.yaml');
  assert.equal(s.imports[0]!.namespacePrefix?.name, 't');
  const app = s.types[0]!;
  assert.equal(at(app.keySpan), 'my.App');
  assert.equal(at(app.derivedFrom!.span), 'SoftwareComponent');
  assert.equal(at(app.properties[0]!.keySpan), 'port');
  assert.equal(app.properties[0]!.default, 80);
  assert.equal(at(app.requirements[0]!.keySpan), 'db');
  assert.equal(at(s.topology!.inputs[0]!.keySpan), 'port');
  const tpl = s.topology!.nodeTemplates[0]!;
  assert.equal(at(tpl.type!.span), 'my.App');
  assert.equal(tpl.properties[0]!.func, 'get_input');
  assert.equal(at(tpl.requirements[0]!.node!.span), 'server');
  // Plain JSON: survives persistence.
  assert.deepEqual(JSON.parse(JSON.stringify(s)), s);
});

test('analyseDocument gives TOSCA files a TOSCA summary (the index stores it)', () => {
  const doc = analyseDocument('/ws/service.yaml', SERVICE);
  assert.equal(doc.kind, 'tosca');
  assert.ok(isToscaSummary(doc.summary));
});

test('type table: shorthands per kind, prefixes, chains, inherited and refined members', () => {
  const files: Record<string, string> = {
    '/ws/service.yaml': SERVICE,
    '/ws/types.yaml': `tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  lib.Thing:
    derived_from: tosca.nodes.Root
`,
  };
  const source: ToscaFileSource = {
    load: (p) => (files[p] ? { path: p, summary: summariseTosca(parseYaml(files[p]!).root) } : undefined),
  };
  const model = buildToscaModel('/ws/service.yaml', summariseTosca(parseYaml(SERVICE).root), source);
  const types = model.types;
  assert.equal(types.resolve('Compute', 'node')?.name, 'tosca.nodes.Compute');
  assert.equal(types.resolve('Compute', 'capability')?.name, 'tosca.capabilities.Compute');
  assert.equal(types.resolve('tosca:Compute', 'node')?.name, 'tosca.nodes.Compute');
  assert.equal(types.resolve('t:lib.Thing', 'node')?.path, '/ws/types.yaml');
  const app = types.resolve('my.App', 'node')!;
  assert.deepEqual(
    types.ancestors(app).map((t) => t.name),
    ['tosca.nodes.SoftwareComponent', 'tosca.nodes.Root'],
  );
  assert.ok(types.isA(app, 'tosca.nodes.Root'));
  assert.ok(types.properties(app).has('component_version'));
  assert.equal(types.properties(app).get('port')?.default, 80);
  assert.deepEqual([...types.requirements(app).keys()], ['dependency', 'host', 'db']);
  assert.ok(types.interfaces(app).has('Standard'));
  assert.ok(types.operations(types.resolve('Standard', 'interface')!).has('configure'));
  assert.equal(types.dataType('tosca.datatypes.network.PortDef')?.primitive, 'integer');
  assert.equal(model.nodeTemplates.get('app')?.type?.name, 'my.App');
  assert.equal(model.inputs.get('port')?.type?.name, 'integer');
  assert.equal(model.closure.rootImports[0]!.status.kind, 'ok');
});

test('feature context: toscaModelOf reads imports through the index and is memoised', async () => {
  const { ctx } = await setup(`#- /ws/types.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  lib.Thing:
    derived_from: tosca.nodes.Root
#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports: [types.yaml]
topology_template:
  node_templates:
    t:
      type: lib.Thing
`);
  const m1 = toscaModelOf(ctx);
  assert.equal(m1.types.resolve('lib.Thing', 'node')?.path, '/ws/types.yaml');
  assert.equal(toscaModelOf(ctx), m1);
});

test('primitives and CSAR meta', () => {
  assert.deepEqual(parseScalarUnit('scalar-unit.size', '1 GiB'), { number: 1, unit: 'GiB', normalised: 1073741824 });
  assert.equal(typeof parseScalarUnit('scalar-unit.size', 10), 'string');
  assert.equal(typeof parseScalarUnit('scalar-unit.time', '1 parsec'), 'string');
  for (const ok of ['18.0.3.beta-1', '18', '18.0', '18.0.3']) assert.equal(typeof parseVersion(ok), 'object', ok);
  for (const bad of ['x', '18.x', '18.x.y', '18-2', '18.0.a', '18.0.1-xyz', '0.0.0.abc', '18.0.1.abc-x', '0.0.0.abc-x'])
    assert.equal(typeof parseVersion(bad), 'string', bad);
  assert.equal(typeof parseRange([0, -1]), 'string');
  assert.deepEqual(parseRange([1, 'UNBOUNDED']), { min: 1, max: Infinity });
  assert.equal(checkConstraint('greater_or_equal', '0.1 GHz', '0.05 GHz', 'scalar-unit.frequency') !== undefined, true);
  assert.equal(checkConstraint('in_range', [1, 65535], 80, 'integer'), undefined);
  assert.deepEqual(parseGeneric('map<string,boolean>'), { container: 'map', key: 'string', entry: 'boolean' });
  const meta = parseToscaMeta(
    'TOSCA-Meta-File-Version: 1.0\nCSAR-Version: 1.1\nEntry-Definitions: Definitions/main.yaml\n',
  );
  assert.equal(meta.entryDefinitions, 'Definitions/main.yaml');
});

test('a typical template (40 node templates, imported types) is clean, and stays clean when re-analysed', async () => {
  const types = ['tosca_definitions_version: tosca_simple_yaml_1_3', 'node_types:'];
  for (let i = 0; i < 20; i++) {
    types.push(
      `  lib.App${i}:`,
      `    derived_from: tosca.nodes.SoftwareComponent`,
      `    properties:`,
      `      port:`,
      `        type: integer`,
      `        constraints: [ { in_range: [1, 65535] } ]`,
      `      name:`,
      `        type: string`,
      `        required: false`,
    );
  }
  const svc = [
    'tosca_definitions_version: tosca_simple_yaml_1_3',
    'imports: [lib.yaml]',
    'topology_template:',
    '  inputs:',
    '    port: { type: integer, default: 80 }',
    '  node_templates:',
  ];
  for (let i = 0; i < 20; i++) {
    svc.push(
      `    server${i}:`,
      `      type: tosca.nodes.Compute`,
      `      capabilities:`,
      `        host:`,
      `          properties: { num_cpus: 2, mem_size: 4 GB, disk_size: 10 GB }`,
    );
    svc.push(
      `    app${i}:`,
      `      type: lib.App${i % 20}`,
      `      properties:`,
      `        port: { get_input: port }`,
      `        name: app${i}`,
      `      requirements:`,
      `        - host: server${i}`,
      `      interfaces:`,
      `        Standard:`,
      `          create:`,
      `            implementation: create.sh`,
      `            inputs:`,
      `              ip: { get_attribute: [ HOST, private_address ] }`,
    );
  }
  svc.push('  outputs:', '    ip:', '      value: { get_attribute: [ server0, public_address ] }');
  const { ctx } = await setup(`#- /ws/lib.yaml\n${types.join('\n')}\n#- /ws/service.yaml\n${svc.join('\n')}\n`);
  const first = computeDiagnostics(ctx).filter((d) => d.severity === 'error');
  assert.deepEqual(
    first.map((d) => d.message),
    [],
  );
  // A re-analysis of the same text (a new version) gives the same findings: nothing is carried over wrongly.
  const all = computeDiagnostics(ctx).map((d) => `${d.code} ${d.message}`);
  for (let i = 0; i < 3; i++) {
    const doc = analyseDocument(ctx.doc.path, ctx.doc.text, i + 2);
    assert.deepEqual(
      computeDiagnostics({ ...ctx, doc }).map((d) => `${d.code} ${d.message}`),
      all,
    );
  }
});

test('grammar: constructAt maps a key path to the construct (for key completion and hover)', async () => {
  const { constructAt, keynamesOf } = await import('../../server/src/model/tosca/grammar.js');
  assert.equal(constructAt([]), 'service_template');
  assert.equal(constructAt(['topology_template']), 'topology_template');
  assert.equal(constructAt(['topology_template', 'node_templates', 'web']), 'node_template');
  assert.equal(
    constructAt(['topology_template', 'node_templates', 'web', 'requirements', 0, 'host']),
    'requirement_assignment',
  );
  assert.equal(constructAt(['node_types', 'A', 'requirements', 0, 'host']), 'requirement_definition');
  assert.equal(constructAt(['node_types', 'A', 'properties', 'p']), 'property_definition');
  assert.equal(constructAt(['node_types', 'A', 'interfaces', 'Standard', 'create']), 'operation_definition');
  assert.equal(constructAt(['imports', 0]), 'import');
  assert.equal(constructAt(['topology_template', 'policies', 0, 'p']), 'policy');
  assert.equal(constructAt(['topology_template', 'node_templates', 'web', 'properties', 'x']), undefined);
  assert.ok(keynamesOf('node_template').includes('requirements'));
});
