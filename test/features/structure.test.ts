/**
 * Folding and selection ranges, from the YAML tree of LM and TOSCA files: entries and items fold
 * from their key to their last content line, comment runs fold as comments, broken YAML folds
 * whatever tree exists and by indentation when there is none; selection grows from the word (or the
 * `${…}` segment) to the document.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup } from '../support/features.js';
import { checkStructureEverywhere, foldLines, selectionTexts } from '../support/structure.js';

const A = '#- /ws/Descriptor/assembly.yml\n';
const T = '#- /ws/service.yaml\n';

const ASSEMBLY = `# Video streamer
# (an example)
name: assembly::vs::1.0
description: |
  Streams video.
  # not a comment: block scalar content
properties:
  deploymentLocation:
    type: string

  # a trailing comment is not folded into the entry above

composition:
  balancer:
    type: resource::lb::1.0
    properties:
      deploymentLocation:
        value: \${deploymentLocation}
  streamer:
    type: resource::vs::1.0
operations:
  Scale:
    source-operation: [
      streamer.Scale ]
relationships: {}
`;

test('LM: entries, block scalars, flow collections and comment runs fold to their last content line', async () => {
  assert.deepEqual(await foldLines(A + ASSEMBLY), [
    '0-1 comment # Video streamer',
    '3-5 description: |',
    '6-8 properties:',
    '7-8 deploymentLocation:',
    '12-19 composition:',
    '13-17 balancer:',
    '15-17 properties:',
    '16-17 deploymentLocation:',
    '18-19 streamer:',
    '20-23 operations:',
    '21-23 Scale:',
    '22-23 source-operation: [',
  ]);
});

test('TOSCA: sequence items fold from their dash, nested lists of maps too', async () => {
  const src = `tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    web:
      type: tosca.nodes.WebServer
      requirements:
        - host:
            node: server
            relationship: tosca.relationships.HostedOn
        -
          dependency: db
        - simple
  outputs:
    url:
      value: { concat: [ 'http://',
        { get_attribute: [ web, url ] } ] }
`;
  assert.deepEqual(await foldLines(T + src), [
    '1-15 topology_template:',
    '2-11 node_templates:',
    '3-11 web:',
    '5-11 requirements:',
    '6-8 - host:',
    '9-10 -',
    '12-15 outputs:',
    '13-15 url:',
    "14-15 value: { concat: [ 'http://',",
  ]);
});

test('CRLF line breaks fold and select like LF ones', async () => {
  const lf = A + ASSEMBLY;
  assert.deepEqual(await foldLines(lf.replace(/\n/g, '\r\n')), await foldLines(lf));
  const withCursor = ASSEMBLY.replace('${deploymentLocation}', '${deploy$0mentLocation}');
  const crlf = await selectionTexts(A + withCursor.replace(/\n/g, '\r\n'));
  assert.deepEqual(
    crlf.map((t) => t.replace(/\r\n/g, '\n')),
    await selectionTexts(A + withCursor),
  );
});

test('half-broken YAML folds whatever tree the parser built', async () => {
  const src = `name: assembly::vs::1.0
properties:
  a:
    type: string
  b:
    type: "unclosed
composition:
  c:
    type: resource::lb::1.0
    properties: {}
`;
  // The unclosed quote runs on to the end of the file, so `b` folds over the rest.
  assert.deepEqual(await foldLines(A + src), ['1-9 properties:', '2-3 a:', '4-9 b:', '5-9 type: "unclosed']);
});

test('without a tree (nesting too deep to parse), indentation folds the file', async () => {
  const deep = `${'['.repeat(200)}${']'.repeat(200)}`;
  const src = `# one
# two
name: assembly::vs::1.0
properties:
  a:
    type: string

  # after a
composition:
- c
- d
deep: ${deep}
`;
  assert.equal((await setup(A + src)).ctx.doc.root, null, 'the parser gives up on this file');
  assert.deepEqual(await foldLines(A + src), ['0-1 comment # one', '3-5 properties:', '4-5 a:', '8-10 composition:']);
});

test('huge files: at most 5,000 ranges, the outermost ones first', async () => {
  const entries = Array.from({ length: 3000 }, (_, i) => `p${i}:\n  type: string\n  x:\n    y: 1\n`).join('');
  const lines = await foldLines(`${A}name: assembly::vs::1.0\nproperties:\n${entries.replace(/^/gm, '  ')}`);
  assert.equal(lines.length, 5000);
  // The breadth-first walk keeps every property entry before any entry nested in one.
  assert.equal(lines.filter((l) => / p\d+:$/.test(l)).length, 3000);
  assert.equal(lines.filter((l) => / x:$/.test(l)).length, 5000 - 3000 - 1);
});

test('selection: ${…} segment, reference, scalar, quotes, entry, mapping, up to the document', async () => {
  const src = `name: assembly::vs::1.0
composition:
  balancer:
    properties:
      ip:
        value: "x \${balancer.pub$0licIp} y"
      port: 80
`;
  const got = await selectionTexts(A + src);
  assert.deepEqual(got.slice(0, 8), [
    'publicIp',
    '${balancer.publicIp}',
    'x ${balancer.publicIp} y',
    '"x ${balancer.publicIp} y"',
    'value: "x ${balancer.publicIp} y"',
    'ip:\n        value: "x ${balancer.publicIp} y"',
    'ip:\n        value: "x ${balancer.publicIp} y"\n      port: 80',
    'properties:\n      ip:\n        value: "x ${balancer.publicIp} y"\n      port: 80',
  ]);
  assert.equal(got[got.length - 1], src.replace('$0', ''));
});

test('selection: a word of a key, a sequence item with its dash, a block scalar without its header', async () => {
  const tosca = `tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    web:
      requirements:
        - host:
            node: ser$0ver
`;
  assert.deepEqual((await selectionTexts(T + tosca)).slice(0, 6), [
    'server',
    'node: server',
    'host:\n            node: server',
    '- host:\n            node: server',
    'requirements:\n        - host:\n            node: server',
    'web:\n      requirements:\n        - host:\n            node: server',
  ]);
  const key = `tosca_definitions_version: tosca_simple_yaml_1_3
descr$0iption: >
  A long
  text
`;
  assert.deepEqual(await selectionTexts(T + key), [
    'description',
    'description: >\n  A long\n  text',
    key.replace('$0', '').trimEnd(),
    key.replace('$0', ''),
  ]);
  const block = `tosca_definitions_version: tosca_simple_yaml_1_3
description: >
  A lo$0ng
  text
`;
  assert.deepEqual((await selectionTexts(T + block)).slice(0, 4), [
    'long',
    'A long\n  text',
    '>\n  A long\n  text',
    'description: >\n  A long\n  text',
  ]);
});

test('selection in blank space, comments and broken YAML still ends at the document', async () => {
  const src = `name: assembly::vs::1.0
properties:
  a:
    type: [unclosed
  # a comm$0ent
`;
  const got = await selectionTexts(A + src);
  assert.ok(got.length >= 1);
  const blank = await selectionTexts(`${A}name: x\n\n$0\nother: y\n`);
  assert.equal(blank[blank.length - 1], 'name: x\n\n\nother: y\n');
});

test('broken and truncated files: every offset gets a valid chain, folds stay valid', async () => {
  const tosca = `tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    web:
      type: tosca.nodes.WebServer
      properties:
        url: { concat: [ 'http://', { get_attribute: [ HOST, ip ] } ] }
      requirements:
        - host: server
  outputs:
    x: { value: "a \\"b\\"
      c" }
`;
  const samples = [A + ASSEMBLY, T + tosca];
  const mutants: string[] = [];
  for (const s of samples) {
    const body = s.slice(s.indexOf('\n') + 1);
    const head = s.slice(0, s.indexOf('\n') + 1);
    for (let cut = 17; cut < body.length; cut += 41) {
      mutants.push(head + body.slice(0, cut));
      mutants.push(head + body.slice(0, cut) + '"' + body.slice(cut));
      mutants.push(head + body.slice(0, cut) + '\n\t[ {' + body.slice(cut));
      mutants.push(head + body.slice(0, cut) + body.slice(cut + 9));
    }
  }
  let seen = 0;
  for (const m of mutants) seen += await checkStructureEverywhere(m.replace(/\$0/g, ''));
  assert.ok(seen > mutants.length * 50, `ranges checked: ${seen}`);
});
