/** Malformed TOSCA never crashes a rule (no TOSCA999) and alias bombs stay cheap. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup } from '../support/features.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';

const HEADER = 'tosca_definitions_version: tosca_simple_yaml_1_3\n';

const CASES: string[] = [
  '',
  '# lm-descriptors: tosca\n- a\n- b\n',
  '# lm-descriptors: tosca\njust a scalar\n',
  `${HEADER}node_types:\n`,
  `${HEADER}node_types: [a, b]\n`,
  `${HEADER}node_types:\n  A:\n  B: 3\n  C: [1]\n  D:\n    derived_from: [x]\n    properties: [a]\n    ` +
    `requirements: {a: b}\n    capabilities: [x]\n    interfaces: 7\n`,
  `${HEADER}topology_template: 3\n`,
  `${HEADER}topology_template:\n  node_templates:\n    a:\n    b: 1\n    c: [x]\n    d:\n      type: [x]\n      ` +
    `properties: [1]\n      requirements: {a: 1}\n      capabilities: 3\n      interfaces: {S: 3, T: [1]}\n`,
  `${HEADER}topology_template:\n  inputs: {a: 1, b: {type: [x]}, c: {type: integer, default: {get_input: a}}}\n  ` +
    (`outputs: {o: {value: {get_attribute: []}}, p: {value: {get_property: [[1], {x: 1}]}}, q: {value: {get_input: ` +
      `{a: 1}}}}\n`),
  `${HEADER}topology_template:\n  node_templates:\n    a:\n      type: tosca.nodes.Compute\n      properties:\n    ` +
    (`    x: {concat: {a: 1}}\n        y: {token: 3}\n        z: {join: {}}\n        w: {get_operation_output: 3}\n ` +
      (`       v: {get_nodes_of_type: [a]}\n        u: {get_artifact: 1}\n  outputs:\n    h: {value: ` +
        `{get_attribute: [HOST, [a]]}}\n`)),
  `${HEADER}imports: [1, {file: [x]}, {a: {b: c}}, null, "", "../../../../../../etc/passwd", ` +
    `"http://x"]\nrepositories: {r: [1], s: {url: {a: 1}}}\n`,
  `${HEADER}data_types:\n  A: {derived_from: B}\n  B: {derived_from: A, properties: {x: {type: ` +
    `A}}}\ntopology_template:\n  inputs:\n    i: {type: A, default: {x: {x: {x: 1}}}}\n`,
  `${HEADER}node_types:\n  N:\n    derived_from: tosca.nodes.Root\n    properties:\n      p:\n        type: ` +
    (`integer\n        constraints: [1, {in_range: x}, {pattern: [a]}, {valid_values: {a: 1}}, {}, {equal: [1, 2], ` +
      `extra: 1}]\n`),
  `${HEADER}dsl_definitions:\n  a: &a [*a]\n`,
  `${HEADER}x: &a [1, 2]\ny: &b [*a, *a, *a, *a, *a, *a, *a, *a]\nz: &c [*b, *b, *b, *b, *b, *b, *b, *b]\nw: &d ` +
    (`[*c, *c, *c, *c, *c, *c, *c, *c]\ntopology_template:\n  node_templates:\n    n:\n      type: ` +
      `tosca.nodes.Compute\n      properties: {p: [*d, *d, *d, *d, *d, *d, *d, *d]}\n`),
  'tosca_definitions_version: tosca_2_0\nnode_types: {A: {derived_from: [1]}}\n',
];

test('malformed TOSCA never crashes a rule', async () => {
  for (const c of CASES) {
    const { ctx } = await setup(`#- /ws/service.yaml\n${c}`);
    const t0 = performance.now();
    const d = computeDiagnostics(ctx);
    const ms = performance.now() - t0;
    const internal = d.filter((x) => x.code.endsWith('999'));
    assert.deepEqual(
      internal.map((x) => x.message),
      [],
      `case:\n${c}`,
    );
    // A hang guard (an expansion or a loop), far above a busy machine's time; speed is `npm run bench`'s.
    assert.ok(ms < 10000, `case took ${ms.toFixed(0)} ms:\n${c}`);
  }
});
