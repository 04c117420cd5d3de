/**
 * The function rule (TOSCA070–076: features/tosca/rules/functions.ts) keeps each section entry's findings per region
 * while what its calls read elsewhere is the same (`functionInputs`): the inputs and their types, every node
 * template's type, requirements, interface operations and artifacts, the other templates' types, the type table.
 * Seeded edits aimed at those names, and anywhere, compared with a fresh session after every keystroke; edits outside
 * an entry that change its findings; and the entries an edit did not touch kept their findings (the same arrays).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { editsKeepFindings, sessionWith as sessionOn, shown } from './openSession.js';
import { FUNCTION_FINDINGS } from '../../server/src/features/tosca/rules/functions.js';
import { Rng } from '../fuzz/rng.js';

const FILE = '/ws/service.yaml';
const sessionWith = () => sessionOn(FILE);

/** Calls that name inputs, templates, hosts, operations and artifacts defined in other entries. */
function template(): string {
  return [
    'tosca_definitions_version: tosca_simple_yaml_1_3',
    'node_types:',
    '  my.App:',
    '    derived_from: tosca.nodes.SoftwareComponent',
    '    properties:',
    '      port: { type: integer }',
    '      tags: { type: list, entry_schema: { type: string }, required: false }',
    '    attributes:',
    '      url: { type: string, default: { get_property: [ SELF, port ] } }',
    '    interfaces:',
    '      Standard:',
    '        operations:',
    '          create: create.sh',
    '    artifacts:',
    '      image: { type: tosca.artifacts.Deployment.Image.VM, file: app.img }',
    'topology_template:',
    '  inputs:',
    '    port: { type: integer }',
    '    names: { type: list, entry_schema: { type: string } }',
    '    zone: { type: string, default: { get_input: port } }',
    '  node_templates:',
    '    server:',
    '      type: tosca.nodes.Compute',
    '    web:',
    '      type: tosca.nodes.WebServer',
    '      requirements:',
    '        - host: server',
    '    app:',
    '      type: my.App',
    '      properties:',
    '        port: { get_input: port }',
    '        tags: [ { get_input: [ names, 0 ] }, { get_input: [ zone, x ] } ]',
    '      requirements:',
    '        - host: web',
    '      interfaces:',
    '        Standard:',
    '          operations:',
    '            configure:',
    '              implementation: configure.sh',
    '              inputs:',
    '                cpus: { get_property: [ HOST, host, num_cpus ] }',
    '                disk: { get_property: [ server, host, disk_size ] }',
    '                out: { get_operation_output: [ other, Standard, backup, x ] }',
    '                img: { get_artifact: [ other, image ] }',
    '                url: { get_attribute: [ HOST, url ] }',
    '                data: { get_artifact: [ other, dump ] }',
    '    other:',
    '      type: my.App',
    '      properties:',
    '        port: { get_property: [ app, port ] }',
    '      requirements:',
    '        - host: server',
    '      attributes:',
    '        url: { get_attribute: [ HOST, public_address ] }',
    '      interfaces:',
    '        Standard:',
    '          operations:',
    '            backup: backup.sh',
    '      artifacts:',
    '        dump: { type: tosca.artifacts.File, file: dump.sql }',
    '  relationship_templates:',
    '    link:',
    '      type: tosca.relationships.ConnectsTo',
    '      properties:',
    '        credential: { get_property: [ SOURCE, port ] }',
    '  groups:',
    '    apps:',
    '      type: tosca.groups.Root',
    '      members: [ app, other ]',
    '  outputs:',
    '    url: { value: { get_attribute: [ app, url ] } }',
    '    size: { value: { get_property: [ apps, name ] } }',
    '    where: { value: { concat: [ { get_input: zone }, { get_property: [ link, credential ] } ] } }',
    '',
  ].join('\n');
}

/** Typed into names and values: what the calls name, and structure. */
const PIECES = ['x', 's', 'server', 'web', 'app', 'other', 'port', 'zone', 'host', ': ', ', ', '\n      ', ' '];
/** Names the calls and targets may take: templates, inputs, operations, artifacts, members. */
const NAMES = ['server', 'web', 'app', 'other', 'link', 'apps', 'port', 'names', 'zone', 'create', 'image', 'host'];

function edit(text: string, rng: Rng): string {
  if (rng.chance(0.35)) {
    // A name replaced by another that exists: an entry renamed, a target, an argument, an operation changed.
    const words = [...text.matchAll(/\b(server|web|app|other|link|apps|port|names|zone|create|image|host)\b/g)];
    const w = rng.pick(words);
    return text.slice(0, w.index) + rng.pick(NAMES) + text.slice(w.index + w[0].length);
  }
  // Mostly in a call, a key or a target; sometimes anywhere.
  const spots = [...text.matchAll(/get_\w+: |^ {4}\w+:|- host: |type: /gm)].map((m) => m.index + m[0].length);
  const at = rng.chance(0.75) ? rng.pick(spots) + rng.int(8) - 2 : rng.int(text.length + 1);
  const p = Math.max(0, Math.min(text.length, at));
  return rng.chance(0.55)
    ? text.slice(0, p) + rng.pick(PIECES) + text.slice(p)
    : text.slice(0, p) + text.slice(p + 1 + rng.int(3));
}

test('function findings kept per entry equal a fresh analysis after every edit', async () => {
  const { withFindings, kept } = await editsKeepFindings({
    file: FILE,
    original: template,
    seeds: [1, 2, 3, 4],
    edits: 45,
    edit: (text, rng) => (rng.chance(0.08) ? template() : edit(text, rng)),
    codes: /^TOSCA07[0-6] /,
    key: FUNCTION_FINDINGS,
  });
  // The edits must meet the rule's findings and the carry, or the test would hold nothing.
  assert.ok(withFindings > 120 && kept > 300, JSON.stringify({ withFindings, kept }));
});

test("an edit outside an entry that changes what the entry's calls name changes its findings", async () => {
  const original = template();
  // Each edit is outside the entries whose findings it changes.
  const edits: [string, string, string][] = [
    ['an input renamed', '    port: { type: integer }\n    names', '    ports: { type: integer }\n    names'],
    ['an input retyped', '    names: { type: list, entry_schema: { type: string } }', '    names: { type: string }'],
    ['a target template renamed', '    other:\n      type: my.App', '    others:\n      type: my.App'],
    ['a host retyped', '    server:\n      type: tosca.nodes.Compute', '    server:\n      type: tosca.nodes.Root'],
    [
      "a host's host changed",
      '    web:\n      type: tosca.nodes.WebServer\n      requirements:\n        - host: server',
      '    web:\n      type: tosca.nodes.WebServer\n      requirements:\n        - host: other',
    ],
    ['an operation renamed', '            backup: backup.sh', '            restore: backup.sh'],
    ['an artifact renamed', '      image: { type: tosca', '      picture: { type: tosca'],
    ['a template artifact renamed', '        dump: { type', '        dumps: { type'],
    ['a group retyped', '      type: tosca.groups.Root', '      type: tosca.policies.Root'],
    ['a relationship template retyped', 'type: tosca.relationships.ConnectsTo', 'type: tosca.relationships.Root'],
  ];
  for (const [what, from, to] of edits) {
    assert.ok(original.includes(from), what);
    const typing = await sessionWith();
    const before = shown(typing, typing.openDocument(FILE, original, 1, true));
    const text = original.replace(from, to);
    const got = shown(typing, typing.openDocument(FILE, text, 2, true));
    const fresh = await sessionWith();
    assert.deepEqual(got, shown(fresh, fresh.analyse(FILE, text, 1)), what);
    const calls = (xs: string[]) => xs.filter((x) => /^TOSCA07/.test(x)).map((x) => x.replace(/\{.*?\}\} /, ''));
    assert.notDeepEqual(calls(got), calls(before), `${what}: the findings should change`);
  }
});
