/**
 * Type definitions keep their findings (TOSCA040, TOSCA041, TOSCA050–TOSCA052: features/tosca/rules/definitions.ts)
 * across keystrokes that leave them and what they read unchanged: the type table, the imports, the version and the
 * options (`modelInputs`). Seeded edits of a template with local node and data types that refine each other: some in
 * the topology (text only), some in a type (a property's type, a default, a constraint, `required`) or in a topology
 * input (its type, its default: inputs are kept per region too), some in a parent
 * type (which changes what a child's refinement is checked against), some adding a line at the top (every span
 * moves). After every edit the open document's diagnostics equal those of a fresh session.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Session } from '../../server/src/host/session.js';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';
import { Rng } from '../fuzz/rng.js';

const FILE = '/ws/service.yaml';

interface Shape {
  comments: number;
  parentType: string;
  childType: string;
  childDefault: string;
  required: string;
  min: number;
  dataMax: number;
  port: number;
  inputType: string;
  inputDefault: string;
}

function textOf(x: Shape): string {
  const o = ['tosca_definitions_version: tosca_simple_yaml_1_3'];
  for (let i = 0; i < x.comments; i++) o.push(`# note ${i}`);
  o.push(
    'data_types:',
    '  my.data.Port:',
    '    derived_from: integer',
    '    constraints:',
    `      - less_or_equal: ${x.dataMax}`,
    'node_types:',
    '  my.nodes.Base:',
    '    derived_from: tosca.nodes.Root',
    '    properties:',
    '      size:',
    `        type: ${x.parentType}`,
    '      port:',
    '        type: my.data.Port',
    '        default: 8080',
    '  my.nodes.Child:',
    '    derived_from: my.nodes.Base',
    '    properties:',
    '      size:',
    `        type: ${x.childType}`,
    `        default: ${x.childDefault}`,
    `        required: ${x.required}`,
    '        constraints:',
    `          - greater_or_equal: ${x.min}`,
    'topology_template:',
    '  inputs:',
    `    p: { type: ${x.inputType}, default: ${x.inputDefault} }`,
    '    q: { type: integer, required: maybe }',
    '  node_templates:',
    '    a:',
    '      type: my.nodes.Child',
    '      properties:',
    `        port: ${x.port}`,
    '',
  );
  return o.join('\n');
}

function edit(rng: Rng, x: Shape): Shape {
  const y = { ...x };
  switch (rng.int(9)) {
    case 0:
      y.comments = (x.comments + 1) % 3;
      break;
    case 1:
    case 2:
      y.port = rng.pick([80, 8080, 9000, 70000]);
      break;
    case 3:
      y.parentType = rng.pick(['integer', 'string', 'float']);
      break;
    case 4:
      y.childType = rng.pick(['integer', 'string', 'float', 'my.data.Port']);
      break;
    case 5:
      y.childDefault = rng.pick(['1', '-5', 'x', '2.5', '99999']);
      break;
    case 6:
      y.required = rng.pick(['true', 'false', 'maybe']);
      break;
    case 7:
      if (rng.chance(0.5)) y.inputType = rng.pick(['integer', 'string', 'my.data.Port']);
      else y.inputDefault = rng.pick(['1', 'x', '99999']);
      break;
    default:
      if (rng.chance(0.5)) y.min = rng.pick([0, 10, 100]);
      else y.dataMax = rng.pick([1000, 9000, 65535]);
  }
  return y;
}

function sessionWith(): Session {
  const s = new Session(new MemoryFileSystem({ [FILE]: '' }));
  s.index.addRoot('/ws');
  return s;
}

const show = (s: Session, text: string, version: number, fast: boolean) =>
  computeDiagnostics(s.context(fast ? s.openDocument(FILE, text, version, true) : s.analyse(FILE, text, version))).map(
    (d) => `${d.code} ${JSON.stringify(d.range)} ${d.message}`,
  );

test('type definition findings kept across edits equal a fresh analysis', async () => {
  let withFindings = 0;
  for (const seed of [1, 2, 3, 4]) {
    const rng = new Rng(seed);
    const typing = sessionWith();
    await typing.index.build();
    let shape: Shape = {
      comments: 0,
      parentType: 'integer',
      childType: 'string',
      childDefault: 'x',
      required: 'maybe',
      min: 10,
      dataMax: 9000,
      port: 70000,
      inputType: 'my.data.Port',
      inputDefault: '99999',
    };
    for (let v = 1; v <= 50; v++) {
      const text = textOf(shape);
      const got = show(typing, text, v, true);
      const fresh = sessionWith();
      await fresh.index.build();
      assert.deepEqual(got, show(fresh, text, 1, false), `seed ${seed}, version ${v}:\n${text}`);
      if (got.some((d) => /^TOSCA0(4[01]|5[0-2]) /.test(d))) withFindings++;
      shape = edit(rng, shape);
    }
  }
  assert.ok(withFindings > 100, `versions with type definition findings: ${withFindings}`);
});
