/**
 * Every TOSCA 2.0 finding that suggests a replacement offers the quick fix that writes it: one
 * fixture per kind of finding, `$0` inside the flagged text. The finding is there, its preferred
 * quick fix turns the file into the expected text, and the fixed file no longer has the finding.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup } from '../support/features.js';
import { parseFixture } from '../support/fixture.js';
import { codeActions } from '../../server/src/features/codeActions.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';
import type { Diagnostic } from '../../server/src/features/types.js';

const V2 = 'tosca_definitions_version: tosca_2_0\n';

/** A profile imported under the namespace `net` by the cases that need one. */
const PROFILE = `#- /ws/profiles/net.yaml
${V2}profile: example.net
functions:
  sqrt:
    signatures:
      - arguments: [ float ]
        result: float
node_types:
  Server:
    properties:
      port: { type: integer }
`;

const IMPORT_NET = 'imports:\n  - url: profiles/net.yaml\n    namespace: net\n';

/** A service template with a node type, an input, two node templates and a capability. */
const SERVICE = (props: string, extra = '') => `${V2}${extra}node_types:
  Database:
    properties:
      db_name: { type: string }
      port: { type: integer }
    capabilities:
      endpoint: { type: Endpoint }
capability_types:
  Endpoint:
    properties:
      port: { type: integer, required: false }
service_template:
  inputs:
    cpus: { type: integer }
  node_templates:
    db:
      type: Database
      properties:
        db_name: x
${props}`;

/** `SERVICE` with a template `web` whose `port` is `value`. */
const WEB = (value: string) => SERVICE(`    web:\n      type: Database\n      properties:\n        port: ${value}\n`);

/** A service template importing `net` with a template `web` whose `port` is `value`. */
const NET_WEB = (value: string, type = 'net:Server') =>
  `${V2}${IMPORT_NET}service_template:\n  node_templates:\n    web:\n      type: ${type}\n` +
  `      properties:\n        port: ${value}\n`;

/** A requirement definition `host` of node type `A` written as `def`. */
const REQ = (def: string) =>
  `${V2}node_types:\n  A:\n    requirements:\n      - host: ${def}\ncapability_types:\n  C: {}\n`;

/** A property `n` of data type `D` defined as `def`. */
const PROP = (def: string) => `${V2}data_types:\n  D:\n    properties:\n      n: ${def}\n`;

/** A property `p` of relationship type `R` defined as `def`. */
/** A property default read by `$get_property` whose path is a block list: `start` entries, then `p`. */
const BLOCK_PATH = (start: string) =>
  `\n        type: string\n        default:\n          $get_property:\n            ${start}\n            - p`;

const REL_PROP = (def: string) => `${V2}relationship_types:\n  R:\n    properties:\n      p: ${def}\n`;

/** A data type `Size` (a scalar of units B, KB, MB) and a node template whose `mem` is `value`. */
const SIZE = (value: string) =>
  `${V2}data_types:\n  Size:\n    derived_from: scalar\n    data_type: integer\n` +
  `    units: { B: 1, KB: 1000, MB: 1000000 }\nnode_types:\n  S:\n    properties:\n      mem: { type: Size }\n` +
  `service_template:\n  node_templates:\n    s:\n      type: S\n      properties:\n        mem: ${value}\n`;

/** A data type `D` with a property `size` and the validation clause `clause`. */
const SIZED = (clause: string) =>
  `${V2}data_types:\n  D:\n    properties:\n      size: { type: integer }\n    validation: ${clause}\n`;

/** A node type with a property `d` of data type `D` and a template that sets it to `value`. */
const DATA_VALUE = (value: string) =>
  `${V2}data_types:\n  D:\n    properties:\n      port: { type: integer, required: false }\n` +
  `node_types:\n  A:\n    properties:\n      d: { type: D }\n` +
  `service_template:\n  node_templates:\n    a:\n      type: A\n      properties:\n        d: ${value}\n`;

interface Case {
  name: string;
  code: string;
  /** Files the service imports (fixture text), before the file under test. */
  files?: string;
  /** The file under test (`/ws/service.yaml`), `$0` inside the flagged text. */
  src: string;
  /** The whole file after the quick fix. */
  fixed: string;
}

const CASES: Case[] = [
  {
    name: 'misspelt keyname',
    code: 'TOSCA010',
    src: `${V2}descri$0ptoin: x\n`,
    fixed: `${V2}description: x\n`,
  },
  {
    name: 'misspelt 2.0 keyname in service_template',
    code: 'TOSCA010',
    src: `${V2}service_template:\n  node_templ$0ats: {}\n`,
    fixed: `${V2}service_template:\n  node_templates: {}\n`,
  },
  {
    name: '1.x keyname `occurrences` in a requirement definition',
    code: 'TOSCA208',
    src: REQ('{ capability: C, occur$0rences: [ 0, 1 ] }'),
    fixed: REQ('{ capability: C, count_range: [ 0, 1 ] }'),
  },
  {
    name: '1.x keyname `valid_source_types`',
    code: 'TOSCA208',
    src: `${V2}capability_types:\n  C: { valid_source_ty$0pes: [ A ] }\nnode_types:\n  A: {}\n`,
    fixed: `${V2}capability_types:\n  C: { valid_source_node_types: [ A ] }\nnode_types:\n  A: {}\n`,
  },
  {
    name: '1.x `constraints` rewritten as a validation clause',
    code: 'TOSCA208',
    src: PROP('{ type: integer, constr$0aints: [ { greater_than: 1 }, { less_than: 9 } ] }'),
    fixed: PROP(
      '{ type: integer, validation: { $and: [ { $greater_than: [ $value, 1 ] }, { $less_than: [ $value, 9 ] } ] } }',
    ),
  },
  {
    name: '1.x `file` in an import',
    code: 'TOSCA206',
    files: `#- /ws/types.yaml\n${V2}`,
    src: `${V2}imports:\n  - fi$0le: types.yaml\n`,
    fixed: `${V2}imports:\n  - url: types.yaml\n`,
  },
  {
    name: 'unknown type',
    code: 'TOSCA030',
    src: SERVICE(`    web:\n      type: Datab$0se\n`),
    fixed: SERVICE(`    web:\n      type: Database\n`),
  },
  {
    name: 'unknown type, namespaced suggestion',
    code: 'TOSCA030',
    files: PROFILE,
    src: `${V2}${IMPORT_NET}service_template:\n  node_templates:\n    web:\n      type: net:Ser$0vre\n`,
    fixed: `${V2}${IMPORT_NET}service_template:\n  node_templates:\n    web:\n      type: net:Server\n`,
  },
  {
    name: 'unknown $ function',
    code: 'TOSCA231',
    src: WEB('{ $get_in$0ptu: cpus }'),
    fixed: WEB('{ $get_input: cpus }'),
  },
  {
    name: 'unknown $ns:name function',
    code: 'TOSCA231',
    files: PROFILE,
    src: NET_WEB('{ $net:sq$0rtt: [ 4 ] }'),
    fixed: NET_WEB('{ $net:sqrt: [ 4 ] }'),
  },
  {
    name: 'bare $name declared under a namespace',
    code: 'TOSCA231',
    files: PROFILE,
    src: NET_WEB('{ $sq$0rt: [ 4 ] }'),
    fixed: NET_WEB('{ $net:sqrt: [ 4 ] }'),
  },
  {
    name: 'function definition keyname',
    code: 'TOSCA236',
    src: `${V2}functions:\n  f:\n    signatures:\n      - argum$0ens: [ float ]\n        result: float\n`,
    fixed: `${V2}functions:\n  f:\n    signatures:\n      - arguments: [ float ]\n        result: float\n`,
  },
  {
    name: 'misspelt SELF at the start of a TOSCA path',
    code: 'TOSCA242',
    src: WEB('{ $get_property: [ SL$0EF, port ] }'),
    fixed: WEB('{ $get_property: [ SELF, port ] }'),
  },
  {
    name: 'unknown template at the start of a TOSCA path',
    code: 'TOSCA242',
    src: WEB('{ $get_property: [ d$0bb, port ] }'),
    fixed: WEB('{ $get_property: [ db, port ] }'),
  },
  {
    name: '1.3 path start SOURCE',
    code: 'TOSCA241',
    src: REL_PROP('{ type: string, default: { $get_property: [ SOU$0RCE, p ] } }'),
    fixed: REL_PROP('{ type: string, default: { $get_property: [ SELF, SOURCE, p ] } }'),
  },
  {
    name: '1.3 path start TARGET in a block list',
    code: 'TOSCA241',
    src: REL_PROP(BLOCK_PATH('- TAR$0GET')),
    fixed: REL_PROP(BLOCK_PATH('- SELF\n            - TARGET')),
  },
  {
    name: 'undeclared input',
    code: 'TOSCA243',
    src: WEB('{ $get_input: cp$0uss }'),
    fixed: WEB('{ $get_input: cpus }'),
  },
  {
    name: 'unknown property in a TOSCA path',
    code: 'TOSCA245',
    src: WEB('{ $get_property: [ db, por$0tt ] }'),
    fixed: WEB('{ $get_property: [ db, port ] }'),
  },
  {
    name: 'misspelt path keyword where a member name is read',
    code: 'TOSCA245',
    src: WEB('{ $get_property: [ SELF, CAPABIL$0TY, endpoint, port ] }'),
    fixed: WEB('{ $get_property: [ SELF, CAPABILITY, endpoint, port ] }'),
  },
  {
    name: 'unknown property in `$value: [ name ]`',
    code: 'TOSCA238',
    src: SIZED('{ $greater_than: [ { $value: [ siz$0 ] }, 0 ] }'),
    fixed: SIZED('{ $greater_than: [ { $value: [ size ] }, 0 ] }'),
  },
  {
    name: 'scalar unit in the wrong case',
    code: 'TOSCA271',
    src: SIZE('10 k$0b'),
    fixed: SIZE('10 KB'),
  },
  {
    name: 'scalar unit in the wrong case, quoted',
    code: 'TOSCA271',
    src: SIZE('"10 k$0b"'),
    fixed: SIZE('"10 KB"'),
  },
  {
    name: 'scalar without a space before its unit',
    code: 'TOSCA271',
    src: SIZE('10M$0B'),
    fixed: SIZE('10 MB'),
  },
  {
    name: 'unknown $ function in a quoted key',
    code: 'TOSCA231',
    src: WEB('{ "$get_in$0ptu": cpus }'),
    fixed: WEB('{ "$get_input": cpus }'),
  },
  {
    name: 'malformed function: a $ key beside other keys, escaped',
    code: 'TOSCA230',
    src: PROP('{ type: map, default: { $x$0: 1, y: 2 } }'),
    fixed: PROP('{ type: map, default: { $$x: 1, y: 2 } }'),
  },
  {
    name: 'a $ string that is no function name, escaped',
    code: 'TOSCA232',
    src: PROP("{ type: string, default: '$5 a$0 month' }"),
    fixed: PROP("{ type: string, default: '$$5 a month' }"),
  },
  {
    name: '1.x `topology_template` in a 2.0 file',
    code: 'TOSCA010',
    src: `${V2}topology_tem$0plate:\n  node_templates: {}\n`,
    fixed: `${V2}service_template:\n  node_templates: {}\n`,
  },
  {
    name: 'misspelt field of a data type value',
    code: 'TOSCA053',
    src: DATA_VALUE('{ pr$0ot: 1 }'),
    fixed: DATA_VALUE('{ port: 1 }'),
  },
];

const PATH = '/ws/service.yaml';

async function diagnosticsOf(c: Case, text: string) {
  const { fixture, ctx } = await setup(`${c.files ?? ''}#- ${PATH}\n${text}`);
  return { fixture, ctx, diags: computeDiagnostics(ctx, {}) };
}

function contains(d: Diagnostic, line: number, character: number): boolean {
  const { start, end } = d.range;
  const after = line > start.line || (line === start.line && character >= start.character);
  const before = line < end.line || (line === end.line && character <= end.character);
  return after && before;
}

for (const c of CASES) {
  test(`TOSCA 2.0 quick fix: ${c.name} (${c.code})`, async () => {
    const { fixture, ctx, diags } = await diagnosticsOf(c, c.src);
    assert.equal(fixture.cursor?.path, PATH, 'the fixture marks the flagged text with $0');
    const at = ctx.doc.lines.positionAt(fixture.cursor.offset);
    const d = diags.find((x) => x.code === c.code && contains(x, at.line, at.character));
    assert.ok(d, `no ${c.code} at $0:\n${diags.map((x) => `  ${x.code} ${x.message}`).join('\n')}`);
    const actions = codeActions(ctx, d.range).filter(
      (a) => a.kind === 'quickfix' && a.diagnostics.some((x) => x.code === d.code && x.message === d.message),
    );
    const fix = actions.find((a) => a.isPreferred);
    assert.ok(fix, `${c.code} "${d.message}" offers no preferred quick fix`);
    const edits = [...(fix.edit.changes[ctx.doc.path] ?? [])].sort(
      (a, b) => ctx.doc.lines.offsetAt(b.range.start) - ctx.doc.lines.offsetAt(a.range.start),
    );
    let text = ctx.doc.text;
    for (const e of edits) {
      const [s, t] = [ctx.doc.lines.offsetAt(e.range.start), ctx.doc.lines.offsetAt(e.range.end)];
      text = text.slice(0, s) + e.newText + text.slice(t);
    }
    const expected = parseFixture(`#- ${PATH}\n${c.fixed}`).files[0]!.text;
    assert.equal(text, expected);
    // A "did you mean" fix writes exactly the suggestion, at the finding's range.
    const hint = /did you mean `([^`]+)`/.exec(d.message)?.[1];
    if (hint) assert.deepEqual(edits, [{ range: d.range, newText: hint }]);
    const after = await diagnosticsOf(c, text);
    const left = after.diags.filter((x) => x.code === c.code && x.range.start.line === d.range.start.line);
    assert.deepEqual(
      left.map((x) => x.message),
      [],
      `${c.code} is still reported after the fix`,
    );
  });
}

/** A 2.0 service template with slips of every kind the 1.x rules also check in 2.0 files. */
const SWEEP = `${V2}${IMPORT_NET}interface_types:
  Standard:
    operations:
      create: {}
node_types:
  A:
    properties:
      size: { type: integr }
    interfaces:
      Standard: { type: Standard }
    requirements:
      - dep: { capability: C, node: AA, count_range: [ 0, 1 ] }
    capabilities:
      c: { type: C }
capability_types:
  C: {}
group_types:
  G: {}
policy_types:
  P: {}
service_template:
  inputs:
    n: { type: integer }
  node_templates:
    a:
      type: A
      descripton: x
      properties:
        size: { $get_input: nn }
      requirements:
        - dpe: bb
      interfaces:
        Standad:
          operations:
            create: https://example.com/x.sh
    b:
      type: A
      properties:
        size: { $get_inptu: n }
      interfaces:
        Standard:
          operations:
            craete: https://example.com/x.sh
    c:
      type: net:Servre
      properties:
        port: { $net:sqrtt: [ { $get_property: [ SLEF, CAPABILTY, c, x ] } ] }
  groups:
    g: { type: G, members: [ aa ] }
  policies:
    - p: { type: P, targets: [ gg ] }
  workflows:
    w:
      steps:
        s:
          target: aa
`;

test('every "did you mean" in a TOSCA 2.0 file offers the fix that writes it at the finding', async () => {
  const { ctx } = await setup(`${PROFILE}#- ${PATH}\n${SWEEP}`);
  const suggesting = computeDiagnostics(ctx, {}).filter((d) => /did you mean `/.test(d.message));
  for (const d of suggesting) {
    const hint = /did you mean `([^`]+)`/.exec(d.message)![1]!;
    const fix = codeActions(ctx, d.range).find(
      (a) => a.isPreferred && a.diagnostics.some((x) => x.code === d.code && x.message === d.message),
    );
    assert.ok(fix, `${d.code} "${d.message}" offers no quick fix`);
    assert.deepEqual(fix.edit.changes[ctx.doc.path], [{ range: d.range, newText: hint }], d.message);
  }
  const codes = [...new Set(suggesting.map((d) => d.code))].sort();
  assert.deepEqual(codes, [
    'TOSCA010',
    'TOSCA030',
    'TOSCA062',
    'TOSCA063',
    'TOSCA065',
    'TOSCA080',
    'TOSCA081',
    'TOSCA100',
    'TOSCA231',
    'TOSCA242',
    'TOSCA243',
  ]);
});
