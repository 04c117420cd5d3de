/**
 * TOSCA Version 2.0 data types and values: the pure readers (v2/primitives.ts, scalar.ts,
 * evaluate.ts) over parsed YAML, and the definition rule (TOSCA260–269) with range fixtures.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseYaml } from '../../server/src/syntax/parse.js';
import { asMap, get, type YNode } from '../../server/src/syntax/tree.js';
import { v2ValueProblem, timestampProblem, parseV2Version } from '../../server/src/model/tosca/v2/primitives.js';
import { readScalarDef, scalarValue, type ScalarDef } from '../../server/src/model/tosca/v2/scalar.js';
import { evaluateClause, type Comparable } from '../../server/src/model/tosca/v2/evaluate.js';
import { checkTosca, NOISE } from './support.js';

const IGNORE = [...NOISE.filter((c) => c !== 'TOSCA269'), 'TOSCA004'];

function node(yaml: string): YNode {
  return get(asMap(parseYaml(`v: ${yaml}`).root), 'v')!;
}

test('2.0 primitives: no conversions (§9.1.1)', () => {
  const bad = (t: Parameters<typeof v2ValueProblem>[0], y: string) =>
    assert.ok(v2ValueProblem(t, node(y)), `${t} ${y}`);
  const ok = (t: Parameters<typeof v2ValueProblem>[0], y: string) =>
    assert.equal(v2ValueProblem(t, node(y)), undefined, `${t} ${y}`);
  ok('string', '"0.1"');
  ok('string', '""');
  bad('string', '0.1');
  bad('string', 'null');
  ok('boolean', 'false');
  bad('boolean', 'False');
  bad('boolean', 'no');
  bad('boolean', '0');
  bad('boolean', '"true"');
  ok('integer', '0xFFFF0000');
  ok('integer', '0o755');
  ok('integer', '-1');
  bad('integer', '1.0');
  bad('integer', '"1"');
  ok('float', '10');
  ok('float', '-.inf');
  ok('float', '.NaN');
  ok('float', '1.8e+308');
  bad('float', '"1.5"');
  ok('bytes', '""');
  ok('bytes', 'UHVjY2luaQ==');
  bad('bytes', 'null');
  bad('bytes', 'not base64!');
  ok('nil', 'null');
  bad('nil', '""');
  ok('version', '2.0.1');
  ok('version', '"6.1"');
  ok('version', '1.0.0.alpha-10');
  bad('version', '6.1');
  assert.equal(v2ValueProblem('version', node('1.2.3-beta4'))?.severity, 'warning');
  ok('list', '[1, 2]');
  bad('map', '[1, 2]');
});

test('2.0 timestamps are RFC 3339 (§9.1.2.1)', () => {
  for (const t of ['2025-04-12T23:20:50.52Z', '1996-12-19T16:39:57-08:00', '1990-12-31T15:59:60-08:00', '2000-02-29'])
    assert.equal(timestampProblem(t), undefined, t);
  for (const t of ['2001-12-14 21:59:43.10', '2001-12-14T21:59:43', '2001-02-29', '2001-13-01', 'yesterday'])
    assert.ok(timestampProblem(t), t);
  assert.deepEqual(parseV2Version('3.1.0.beta'), { parts: [3, 1, 0], qualifier: 'beta' });
});

function scalarOf(yaml: string, numberKind: 'integer' | 'float' = 'float'): ReturnType<typeof readScalarDef> {
  const m = asMap(parseYaml(yaml).root)!;
  return readScalarDef('T', m, {
    numberKindOf: (n) =>
      n === 'integer' || n === 'PositiveInteger' ? 'integer' : n === 'float' ? numberKind : 'other',
    nameSpan: { start: 0, end: 0 },
  });
}

test('scalar values: number, space, unit with or without prefix (§9.1.2.2)', () => {
  const { def, problems } = scalarOf('units: { m: 1.0 }\nprefixes: { "": 1, c: 0.01, m: 0.001, k: 1000 }');
  assert.deepEqual(problems, []);
  const v = scalarValue(node('125.3 mm'), def);
  assert.ok(typeof v !== 'string' && Math.abs(v.canonical - 0.1253) < 1e-12);
  assert.ok(typeof scalarValue(node('10 m'), def) !== 'string');
  assert.match(scalarValue(node('10'), def) as string, /lacks a unit/);
  assert.match(scalarValue(node('m'), def) as string, /lacks the number/);
  assert.match(scalarValue(node('10 M'), def) as string, /not a unit/);
  assert.match(scalarValue(node('10mm'), def) as string, /space/);
});

test('scalar definitions: the rules of §9.1.2.2', () => {
  const codes = (y: string) => scalarOf(y).problems.map((p) => p.code);
  assert.deepEqual(codes('units: { bits/s: 1, bps: 1 }'), ['TOSCA263']);
  assert.deepEqual(codes('units: { bits/s: 1, bps: 1 }\ncanonical_unit: bps'), []);
  assert.deepEqual(codes('units: { Kbits/s: 1000 }'), ['TOSCA262']);
  assert.deepEqual(codes('units: { bits/s: 1, bytes/s: 8 }\nprefixes: { "": 1, k: 1000 }'), ['TOSCA262']);
  assert.deepEqual(codes('units: { bits/s: one }'), ['TOSCA261']);
  assert.deepEqual(codes('data_type: integer\nunits: { B: 1, half: 0.5 }'), ['TOSCA261']);
  assert.deepEqual(codes('data_type: string\nunits: { B: 1 }'), ['TOSCA264']);
  assert.deepEqual(codes('properties: {}\nunits: { B: 1 }'), []); // TOSCA035's
  const parent: ScalarDef = { name: 'P', units: new Map([['g', 1]]), numberKind: 'float' };
  const derived = readScalarDef('T', asMap(parseYaml('data_type: integer\ncanonical_unit: g').root)!, {
    parent,
    numberKindOf: () => 'integer',
    nameSpan: { start: 0, end: 0 },
  });
  assert.deepEqual(
    derived.problems.map((p) => p.code),
    ['TOSCA264', 'TOSCA263'],
  );
});

test('validation clauses decide for known values only (§9.10)', () => {
  const num = (n: YNode): Comparable | undefined => {
    const v = n.kind === 'scalar' && typeof n.value === 'number' ? n.value : undefined;
    return v === undefined ? undefined : { k: 'num', n: v };
  };
  const ev = (clause: string, value: string) => evaluateClause(node(clause), { value: node(value), coerce: num });
  assert.equal(ev('{ $greater_or_equal: [ $value, 1 ] }', '-1'), false);
  assert.equal(ev('{ $greater_or_equal: [ { $value: [] }, 1 ] }', '3'), true);
  assert.equal(ev('{ $and: [ { $greater_than: [ $value, 0 ] }, { $less_than: [ $value, 10 ] } ] }', '12'), false);
  assert.equal(ev('{ $or: [ { $equal: [ $value, 1 ] }, { $get_input: x } ] }', '2'), undefined);
  assert.equal(ev('{ $valid_values: [ $value, [ 1, 2, 4 ] ] }', '3'), false);
  assert.equal(ev('{ $in_range: [ $value, [ 1, 2 ] ] }', '3'), undefined);
});

test('TOSCA260-269 on 2.0 data type definitions', async () => {
  await checkTosca(
    `tosca_definitions_version: tosca_2_0
data_types:
  Mass:
    derived_from: scalar
    units: { g: 1 }
  Heavy:
    derived_from: Mass
    data_type: integer
#              ^^^^^^^ TOSCA264
  Rate:
    derived_from: scalar
    units:
#   ^^^^^ TOSCA263
      bits/s: 1
      bps: 1
  NotScalar:
    derived_from: string
    units: { x: 1 }
#   ^^^^^ TOSCA265
  Empty:
# ^^^^^ TOSCA267
    description: nothing
  Names:
    derived_from: map
    key_schema: integer
#               ^^^^^^^ TOSCA268
    entry_schema: string
node_types:
  Box:
    properties:
      weight:
        type: scalar
#             ^^^^^^ TOSCA266
      ports:
        type: list
#       ^^^^ TOSCA269
      name:
        type: string
        entry_schema: string
#       ^^^^^^^^^^^^ TOSCA268
`,
    { ignore: IGNORE },
  );
});

test('TOSCA270-272 on 2.0 values: built-in types, scalars, validation clauses', async () => {
  await checkTosca(
    `tosca_definitions_version: tosca_2_0
data_types:
  PositiveInteger:
    derived_from: integer
    validation: { $greater_or_equal: [ $value, 1 ] }
  Bitrate:
    derived_from: scalar
    data_type: PositiveInteger
    units: { bits/s: 1, kbits/s: 1000 }
  Length:
    derived_from: scalar
    units: { m: 1 }
    prefixes: { "": 1, c: 0.01, m: 0.001 }
node_types:
  Box:
    properties:
      flag: { type: boolean, required: false }
      label: { type: string, required: false }
      blob: { type: bytes, required: false }
      when: { type: timestamp, required: false }
      release: { type: version, required: false }
      rate: { type: Bitrate, required: false }
      width:
        type: Length
        required: false
        validation: { $less_than: [ $value, 15 cm ] }
      ports:
        type: list
        required: false
        entry_schema:
          type: integer
          validation: { $less_or_equal: [ $value, 128 ] }
service_template:
  inputs:
    port: { type: integer }
  node_templates:
    ok:
      type: Box
      properties:
        flag: true
        label: "0.1"
        blob: UHVjY2luaQ==
        when: "2024-01-31T12:00:00Z"
        release: 1.0.0.alpha-10
        rate: 10 kbits/s
        width: 125.3 mm
        ports: [ 80, 128, { $get_input: port } ]
    bad:
      type: Box
      properties:
        flag: False
#             ^^^^^ TOSCA270
        label: 0.1
#              ^^^ TOSCA270
        blob: null
#             ^^^^ TOSCA270
        when: "2024-01-31 12:00:00"
#             ^^^^^^^^^^^^^^^^^^^^^ TOSCA270
        release: 6.1
#                ^^^ TOSCA270
        rate: 1.5 kbits/s
#             ^^^^^^^^^^^ TOSCA271
        width: 20 cm
#              ^^^^^ TOSCA272
        ports: [ 80, 8080 ]
#                    ^^^^ TOSCA272
    worse:
      type: Box
      properties:
        rate: -1 bits/s
#             ^^^^^^^^^ TOSCA272
        width: 10
#              ^^ TOSCA271
        label:
#       ^^^^^ TOSCA270
`,
    { ignore: IGNORE },
  );
});

test('TOSCA271/272: scalar types and validation clauses of an imported profile', async () => {
  await checkTosca(
    `#- /ws/profile.yaml
tosca_definitions_version: tosca_2_0
data_types:
  Positive:
    derived_from: integer
    validation: { $greater_than: [ $value, 0 ] }
  Size:
    derived_from: scalar
    data_type: integer
    units: { B: 1 }
    prefixes: { "": 1, k: 1000, Ki: 1024 }
  DiskSize:
    derived_from: Size
#- /ws/service.yaml
tosca_definitions_version: tosca_2_0
imports:
  - url: profile.yaml
node_types:
  Disk:
    properties:
      size: { type: Size }
      count: { type: Positive }
      other: { type: DiskSize, required: false }
service_template:
  node_templates:
    good:
      type: Disk
      properties: { size: 10 KiB, count: 2, other: 1 kB }
    bad:
      type: Disk
      properties: { size: 10 KB, count: 0, other: 2 GB }
#                         ^^^^^ TOSCA271
#                                       ^ TOSCA272
#                                                 ^^^^ TOSCA271
`,
    { ignore: IGNORE },
  );
});

test('TOSCA273 fixed values; TOSCA060 for an unmentioned capability; a null default is none', async () => {
  await checkTosca(
    `tosca_definitions_version: tosca_2_0
capability_types:
  Endpoint:
    properties:
      protocol: { type: string, value: tcp }
      port: { type: integer }
      name: { type: string, required: false, default: null }
node_types:
  Host:
    capabilities:
      terminal: { type: Endpoint }
service_template:
  node_templates:
    fixed:
      type: Host
      capabilities:
        terminal:
          properties:
            protocol: http
#           ^^^^^^^^ TOSCA273
            port: 80
    unmentioned:
#   ^^^^^^^^^^^ TOSCA060
      type: Host
`,
    { ignore: IGNORE },
  );
});

test('malformed 2.0 data definitions never crash a rule (no TOSCA999)', async () => {
  const d = await checkTosca(
    `tosca_definitions_version: tosca_2_0
data_types:
  A:
    derived_from: scalar
    units: [ m, 1 ]
    prefixes: { k: { x: 1 } }
    canonical_unit: { m: 1 }
    data_type: [ integer ]
  B:
    derived_from: A
    units: ~
  C:
    derived_from: C
    units: { m: 1 }
  D:
    derived_from: scalar
    units: { m: .inf, n: 1 }
    validation: [ 1, { $and: 7 } ]
node_types:
  N:
    properties:
      a: { type: A, required: false }
      d: { type: D, required: false, validation: { $less_than: [ $value ] } }
service_template:
  node_templates:
    n:
      type: N
      properties: { a: 3 m, d: 1e400 n }
`,
    {
      ignore: [
        'TOSCA000',
        'TOSCA010',
        'TOSCA012',
        'TOSCA032',
        'TOSCA237',
        'TOSCA233',
        ...IGNORE,
        'TOSCA260',
        'TOSCA261',
        'TOSCA262',
        'TOSCA263',
        'TOSCA264',
        'TOSCA265',
        'TOSCA270',
        'TOSCA271',
        'TOSCA272',
      ],
    },
  );
  assert.equal(d.filter((x) => x.code.endsWith('999')).length, 0);
});
