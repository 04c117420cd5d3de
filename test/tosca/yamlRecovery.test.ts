/**
 * YAML syntax errors cost one diagnostic at the damaged node and nothing elsewhere; constructs PyYAML
 * reads but YAML 1.2 forbids (continuation lines of flow collections and quoted strings at or left
 * of their key) are read as PyYAML reads them, with a warning and a re-indent fix.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTosca, messageOf } from './support.js';
import { checkFix } from '../support/features.js';
import { parseYaml } from '../../server/src/syntax/parse.js';
import { asMap, getIn, asSeq } from '../../server/src/syntax/tree.js';
import { setup } from '../support/features.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';

/** The TOSCA000 diagnostics of a fixture. */
async function syntaxOf(src: string) {
  const { ctx } = await setup(`#- /ws/service.yaml\n${src.replace(/^\n/, '')}`);
  return computeDiagnostics(ctx).filter((d) => d.code === 'TOSCA000');
}

// The shape of ETSI SOL001's etsi_nfv_sol001_vnfd_types.yaml (VnfIndicator-like valid_values).
const WRAPPED = `
tosca_definitions_version: tosca_simple_yaml_1_3
data_types:
  my.datatypes.Monitoring:
    derived_from: tosca.datatypes.Root
    properties:
      performance_metric:
        type: string
        constraints:
          - valid_values: [ v_cpu_usage_mean_vnf, v_memory_usage_peak_vnf
packet_incoming_vnf_ext_cp, packet_outgoing_vnf_ext_cp ]
      collection_period:
        type: scalar-unit.time
  my.datatypes.After:
    derived_from: tosca.datatypes.Roots
#                 ^^^^^^^^^^^^^^^^^^^^^ TOSCA033
`;

test('TOSCA000: a flow sequence wrapped at column 0 (SOL001) is read as PyYAML reads it: one warning', async () => {
  const d = await checkTosca(WRAPPED, { ignore: ['TOSCA000', 'TOSCA037'] });
  const w = (await syntaxOf(WRAPPED))[0]!;
  assert.equal((await syntaxOf(WRAPPED)).length, 1);
  assert.deepEqual(
    [w.range.start, w.range.end],
    [
      { line: 8, character: 26 },
      { line: 9, character: 56 },
    ],
  );
  assert.equal(d.length, 1);
  assert.equal(w.severity, 'warning');
  assert.match(w.message, /PyYAML/);
  assert.match(w.message, /YAML 1\.2 requires/);
  // The whole list is there, the wrapped line folded into the item before it, as PyYAML reads it.
  const root = parseYaml(WRAPPED.replace(/^#.*\n/gm, '')).root;
  const props = getIn(root, 'data_types', 'my.datatypes.Monitoring', 'properties');
  const values = asSeq(getIn(asSeq(getIn(props, 'performance_metric', 'constraints'))!.items[0]!, 'valid_values'))!;
  assert.deepEqual(
    values.items.map((i) => (i.kind === 'scalar' ? i.value : null)),
    ['v_cpu_usage_mean_vnf', 'v_memory_usage_peak_vnf packet_incoming_vnf_ext_cp', 'packet_outgoing_vnf_ext_cp'],
  );
  // The entry after the wrapped list belongs to the same properties (nothing misread after it).
  assert.ok(asMap(props)!.pairs.some((p) => p.key.text === 'collection_period'));
});

test('TOSCA000 quick fix: indent the continuation lines past the key', async () => {
  await checkFix(
    `#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
data_types:
  my.datatypes.M:
    derived_from: tosca.datatypes.Root
    properties:
      p:
        type: string
        constraints:
          - valid_values: [$0 a, b,
c, d ]
`,
    'Indent the continuation line',
    `tosca_definitions_version: tosca_simple_yaml_1_3
data_types:
  my.datatypes.M:
    derived_from: tosca.datatypes.Root
    properties:
      p:
        type: string
        constraints:
          - valid_values: [ a, b,
              c, d ]
`,
  );
});

const QUOTED = `
tosca_definitions_version: tosca_simple_yaml_1_3
description: "A description that goes on
at column zero"
node_types:
  my.nodes.N:
    derived_from: tosca.nodes.Roots
#                 ^^^^^^^^^^^^^^^^^ TOSCA033
`;

test('TOSCA000: a quoted string continued at column 0 is read as PyYAML reads it', async () => {
  const d = await checkTosca(QUOTED, { ignore: ['TOSCA000', 'TOSCA037'] });
  assert.equal(d.length, 1);
  const w = await syntaxOf(QUOTED);
  assert.equal(w.length, 1);
  assert.equal(w[0]!.severity, 'warning');
});

test('TOSCA000: a real syntax error is reported once, at the damaged node; defects after it still are', async () => {
  const d = await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.nodes.A:
    derived_from: tosca.nodes.Root
    properties:
      p:
        type: string
        constraints:
          - valid_values: [ a, b
#                         ^ TOSCA000
    attributes:
      a:
        type: string
  my.nodes.B:
    derived_from: tosca.nodes.Root
    properties:
      q:
        type: strin
#             ^^^^^ TOSCA030
topology_template:
  node_templates:
    b:
      type: my.nodes.B
      properties:
        q: x
        r: 1
#       ^ TOSCA061
`);
  assert.equal(d.find((x) => x.code === 'TOSCA000')!.severity, 'error');
  assert.match(messageOf(d, 'TOSCA000'), /not closed/);
});

test('TOSCA000: a mis-indented entry is reported once; its lines give no other findings', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    a:
      type: tosca.nodes.Compute
      properties:
        nonsense: 1
#       ^^^^^^^^ TOSCA061
     requirements:
#    ^^^^^^^^^^^^ TOSCA000
        - host: nowhere
    b:
      type: tosca.nodes.Computer
#           ^^^^^^^^^^^^^^^^^^^^ TOSCA030
`);
});

test('TOSCA000: a stray line left of a block is one finding, on it; the templates after it are checked', async () => {
  const d = await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    a:
      type: tosca.nodes.Compute
      properties:
        nonsense: 1
#       ^^^^^^^^ TOSCA061
x       more: 2
#^^^^^^^^^^^^^^ TOSCA000
        other: 3
#       ^^^^^ TOSCA061
    b:
      type: tosca.nodes.Compute
    c:
      type: tosca.nodes.Computer
#           ^^^^^^^^^^^^^^^^^^^^ TOSCA030
    d:
      type: tosca.nodes.Compute
`);
  assert.equal(d.filter((x) => x.code === 'TOSCA000').length, 1);
  assert.match(messageOf(d, 'TOSCA000'), /^YAML: Indentation: `x {7}more: 2` starts at column 1, left of the lines/);
  assert.match(messageOf(d, 'TOSCA000'), /\(column 9 and 9\).*Indent it like them, or remove it\./);
});

test('TOSCA000: a line left of the lines around it that ends a block is not taken for a stray one', async () => {
  // `b:` is at column 5 between lines at column 9, but what follows it is a new entry, not the block going on.
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    a:
      type: tosca.nodes.Compute
      properties:
        nonsense: 1
#       ^^^^^^^^ TOSCA061
    b:
      type: tosca.nodes.Computer
#           ^^^^^^^^^^^^^^^^^^^^ TOSCA030
`);
});
