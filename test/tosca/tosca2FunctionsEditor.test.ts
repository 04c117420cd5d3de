/** TOSCA 2.0 functions in the editor: completion of `$` names and path keywords, hover, semantic tokens. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyCompletion, checkCompletion, checkHover } from '../support/features.js';
import { tokenLines } from '../support/navigation.js';

const tosca2 = (body: string) =>
  `#- /ws/service.yaml\ntosca_definitions_version: tosca_2_0\n${body.replace(/^\n/, '')}`;

const SERVICE = `
functions:
  sqrt:
    description: Square root.
    signatures:
      - arguments: [ float ]
        result: float
service_template:
  inputs:
    cpus: { type: integer }
  node_templates:
    db:
      type: Database
    web:
      type: WebServer
      properties:
`;

const TYPES = `
node_types:
  Database:
    properties:
      db_name: { type: string }
    attributes:
      state: { type: string }
    capabilities:
      endpoint: { type: Endpoint }
  WebServer:
    properties:
      port: { type: integer }
    requirements:
      - database: { capability: Endpoint }
capability_types:
  Endpoint: {}
`;

test('completion of $ functions: built-ins with snippets, declared functions, braces after a key', async () => {
  const src = tosca2(`${SERVICE}        port: $get_i$0\n`);
  await checkCompletion(src, ['$get_input', '$greater_or_equal', '$available_allocation', '$sqrt', '$node_index']);
  assert.equal(await applyCompletion(src, '$get_input'), '        port: { \\$get_input: ${1:input_name} }');
  assert.equal(await applyCompletion(src, '$sqrt'), '        port: { \\$sqrt: [ ${1:float} ] }');
  const inFlow = tosca2(`${SERVICE}        port: { $conc$0 }\n`);
  assert.equal(await applyCompletion(inFlow, '$concat'), '        port: { \\$concat: [ ${1} ] }');
  const bare = tosca2(`${SERVICE}        port: { $equal: [ $val$0 ] }\n`);
  assert.equal(await applyCompletion(bare, '$value'), '        port: { $equal: [ \\$value ] }');
});

test('completion in a TOSCA path: SELF and templates first, step keywords after', async () => {
  await checkCompletion(
    tosca2(`${SERVICE}        port: { $get_property: [ $0 ] }\n`),
    ['SELF', 'db', 'web'],
    ['TARGET'],
  );
  await checkCompletion(
    tosca2(`${SERVICE}        port: { $get_property: [ SELF, RELATIONSHIP, host, $0 ] }\n`),
    ['TARGET', 'SOURCE', 'CAPABILITY', 'ALL'],
    ['SELF', 'db'],
  );
});

test('hover on built-in, declared and custom functions and on path keywords', async () => {
  await checkHover(tosca2(`${SERVICE}        port: { $get_in$0put: cpus }\n`), [
    '**$get_input** — TOSCA 2.0 function',
    'TOSCA Version 2.0 §10.2.1.1',
  ]);
  await checkHover(tosca2(`${SERVICE}        port: { $sq$0rt: [ 4.0 ] }\n`), ['declared in this file', 'Square root.']);
  await checkHover(tosca2(`${SERVICE}        port: { $rand$0om: [] }\n`), ['custom function', '§10.4']);
  await checkHover(
    tosca2(`${SERVICE}        port: { $get_property: [ SELF, RELATIONSHIP, host, TAR$0GET, port ] }\n`),
    ['TOSCA path keyword', 'the node it points to'],
  );
});

test('semantic tokens of 2.0 calls: function names, path keywords, declared inputs', async () => {
  const lines = await tokenLines(
    tosca2(`${SERVICE}        a: { $get_input: cpus }
        b: { $get_attribute: [ SELF, RELATIONSHIP, host, TARGET, ip ] }
        c: { $sqrt: [ 4.0 ] }
        d: { $equal: [ $node_index, 0 ] }
        e: "$$literal"
`),
  );
  assert.deepEqual(lines, [
    '$get_input function+defaultLibrary',
    'cpus parameter',
    '$get_attribute function+defaultLibrary',
    'SELF keyword',
    'RELATIONSHIP keyword',
    'TARGET keyword',
    '$sqrt function',
    '$equal function+defaultLibrary',
    '$node_index function+defaultLibrary',
  ]);
});

test('completion after the start of a path: properties, attributes, requirements, capabilities', async () => {
  const src = (expr: string) => tosca2(`${TYPES}${SERVICE}        port: ${expr}\n`);
  await checkCompletion(src('{ $get_property: [ SELF, $0 ] }'), ['port', 'RELATIONSHIP', 'CAPABILITY'], ['db_name']);
  await checkCompletion(src('{ $get_attribute: [ db, $0 ] }'), ['db_name', 'state']);
  await checkCompletion(src('{ $get_property: [ SELF, RELATIONSHIP, $0 ] }'), ['database'], ['port']);
  await checkCompletion(src('{ $get_property: [ db, CAPABILITY, $0 ] }'), ['endpoint'], ['db_name']);
});

const PROFILE = `#- /ws/profile/functions.yaml
tosca_definitions_version: tosca_2_0
profile: org.example.functions:1.0
functions:
  random_generator:
    description: Generate a random number.
    signatures:
      - arguments: [ { type: integer } ]
        optional_arguments: [ string ]
        result: { type: integer }
#- /ws/service.yaml
tosca_definitions_version: tosca_2_0
imports:
  - profile: org.example.functions:1.0
    namespace: fn
service_template:
  outputs:
`;

test('functions of an imported profile: completion with namespace and snippet, hover with signatures', async () => {
  const src = `${PROFILE}    a:\n      value: $fn:ran$0\n`;
  await checkCompletion(src, ['$fn:random_generator', '$get_input'], ['$random_generator']);
  assert.equal(
    await applyCompletion(src, '$fn:random_generator'),
    '      value: { \\$fn:random_generator: [ ${1:integer} ] }',
  );
  const h = await checkHover(`${PROFILE}    a: { value: { $fn:random_gen$0erator: [ 1 ] } }\n`, [
    '**$fn:random_generator** — function declared in functions.yaml',
    'Generate a random number.',
    '`$fn:random_generator: [ integer, string? ] → integer`',
    '§10.4',
  ]);
  assert.doesNotMatch(h, /not built in/);
});
