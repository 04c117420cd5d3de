/**
 * ETSI GS NFV-SOL 001 descriptor rules over real-shaped VNFDs (types from the built-in SOL001 files):
 * the flavour pattern's open requirements (TOSCA064 only for what is really unbound) and the
 * SOL001 consistency rules (TOSCA342–TOSCA347).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTosca } from './support.js';
import { SOL001_261, VDU } from './sol001Fixtures.js';

const HEAD = `#- /ws/Definitions/df_simple.yaml
${SOL001_261}node_types:
  company.VNF:
    derived_from: tosca.nodes.nfv.VNF
    requirements:
      - virtual_link_external:
          capability: tosca.capabilities.nfv.VirtualLinkable
      - virtual_link_internal:
          capability: tosca.capabilities.nfv.VirtualLinkable
`;

const INPUTS = [
  'descriptor_id',
  'descriptor_version',
  'provider',
  'product_name',
  'software_version',
  'vnfm_info',
  'flavour_id',
  'flavour_description',
]
  .map((n) => `    ${n}:\n      type: ${n === 'vnfm_info' ? 'list\n      entry_schema: { type: string }' : 'string'}\n`)
  .join('');

test('TOSCA064, SOL001 flavours: the VNF node and exposed CPs are bound outside, a lone CP is not', async () => {
  await checkTosca(
    `${HEAD}topology_template:
  inputs:
${INPUTS}  substitution_mappings:
    node_type: company.VNF
    requirements:
      virtual_link_external: [ CP1, virtual_link ]
  node_templates:
    VNF:
      type: company.VNF
      properties:
        descriptor_id: x
        descriptor_version: '1.0'
        provider: acme
        product_name: p
        software_version: '1.0'
        product_info_name: p
        vnfm_info: [ 'etsivnfm:v2.6.1' ]
        flavour_id: simple
        flavour_description: simple
${VDU}    CP1:
      type: tosca.nodes.nfv.VduCp
      properties: { layer_protocols: [ ipv4 ], order: 0 }
      requirements:
        - virtual_binding: VDU1
    CP2:
#   ^^^ TOSCA064
      type: tosca.nodes.nfv.VduCp
      properties: { layer_protocols: [ ipv4 ], order: 1 }
      requirements:
        - virtual_binding: VDU1
`,
    { ignore: ['TOSCA037', 'TOSCA103'] },
  );
});

/** A flavour file with one VDU and the given policies (SOL001 list form). */
function flavour(policies: string, vdu = VDU): string {
  return `${HEAD}topology_template:
  node_templates:
${vdu}  policies:
${policies}`;
}

const LEVELS = `    - instantiation_levels:
        type: tosca.policies.nfv.InstantiationLevels
        properties:
          levels:
            small:
              description: small
              scale_info:
                VDU1_scale:
                  scale_level: 0
            large:
              description: large
              scale_info:
                VDU1_scale:
                  scale_level: 2
`;

const ASPECTS = `    - scaling_aspects:
        type: tosca.policies.nfv.ScalingAspects
        properties:
          aspects:
            VDU1_scale:
              name: VDU1_scale
              description: VDU1 scaling
              max_scale_level: 2
              step_deltas: [ delta_1 ]
`;

test('TOSCA342: default_level among the levels (error), and named when there are several (warning)', async () => {
  const diags = await checkTosca(
    flavour(`${ASPECTS}${LEVELS}          default_level: medium
#                        ^^^^^^ TOSCA342
`),
  );
  assert.match(diags[0]!.message, /levels: small, large/);
  const warn = await checkTosca(
    flavour(
      ASPECTS +
        LEVELS.replace(
          '    - instantiation_levels:',
          '    - instantiation_levels:\n#     ^^^^^^^^^^^^^^^^^^^^ TOSCA342',
        ),
    ),
  );
  assert.equal(warn[0]!.severity, 'warning');
  await checkTosca(flavour(`${ASPECTS}${LEVELS}          default_level: small\n`));
});

test('TOSCA343: the levels of VduInstantiationLevels are defined by InstantiationLevels', async () => {
  await checkTosca(
    flavour(`${ASPECTS}${LEVELS}          default_level: small
    - vdu1_levels:
        type: tosca.policies.nfv.VduInstantiationLevels
        properties:
          levels:
            small: { number_of_instances: 1 }
            huge: { number_of_instances: 3 }
#           ^^^^ TOSCA343
        targets: [ VDU1 ]
`),
  );
});

test('TOSCA344: deltas name a defined aspect and define its step deltas; scale_info within bounds', async () => {
  await checkTosca(
    flavour(`${ASPECTS}    - vdu1_deltas:
        type: tosca.policies.nfv.VduScalingAspectDeltas
        properties:
          aspect: VDU2_scale
#                 ^^^^^^^^^^ TOSCA344
          deltas:
            delta_1: { number_of_instances: 1 }
        targets: [ VDU1 ]
    - vdu1_deltas_2:
        type: tosca.policies.nfv.VduScalingAspectDeltas
        properties:
          aspect: VDU1_scale
#                 ^^^^^^^^^^ TOSCA344
          deltas:
            delta_2: { number_of_instances: 1 }
        targets: [ VDU1 ]
${LEVELS.replace('scale_level: 2', `scale_level: 3\n#${' '.repeat(30)}^ TOSCA344`)}          default_level: small
`),
  );
});

test('TOSCA345: vdu_profile min above max (error); levels and initial deltas outside it (warning)', async () => {
  const bad = VDU.replace(
    '        vdu_profile: { min_number_of_instances: 1, max_number_of_instances: 3 }\n',
    '        vdu_profile: { min_number_of_instances: 4, max_number_of_instances: 3 }\n' +
      '#                                               ^ TOSCA345\n',
  );
  await checkTosca(flavour('', bad).replace(/ {2}policies:\n$/, ''));
  const diags = await checkTosca(
    flavour(`    - vdu1_initial:
        type: tosca.policies.nfv.VduInitialDelta
        properties:
          initial_delta: { number_of_instances: 5 }
#                                               ^ TOSCA345
        targets: [ VDU1 ]
`),
  );
  assert.equal(diags[0]!.severity, 'warning');
});

test('TOSCA346: a flavour file names its flavour literally, as its substitution mapping does', async () => {
  const file = (id: string, mapped: string) => `${HEAD}topology_template:
  inputs:
${INPUTS}  substitution_mappings:
    node_type: company.VNF
    properties:
      flavour_id: ${mapped}
  node_templates:
    VNF:
      type: company.VNF
      properties:
        descriptor_id: x
        descriptor_version: '1.0'
        provider: acme
        product_name: p
        software_version: '1.0'
        product_info_name: p
        vnfm_info: [ 'etsivnfm:v2.6.1' ]
        flavour_description: simple
        flavour_id: ${id}
`;
  await checkTosca(`${file('complex', 'simple')}#                   ^^^^^^^ TOSCA346\n`, {
    ignore: ['TOSCA037', 'TOSCA064', 'TOSCA066'],
  });
  await checkTosca(
    `${file('{ get_input: flavour_id }', 'simple')}#                   ^^^^^^^^^^^^^^^^^^^^^^^^^ TOSCA346\n`,
    {
      ignore: ['TOSCA037', 'TOSCA064', 'TOSCA066'],
    },
  );
  await checkTosca(file('simple', 'simple'), { ignore: ['TOSCA037', 'TOSCA064', 'TOSCA066'] });
});

test('TOSCA343: instance counts per level in a flavour without InstantiationLevels', async () => {
  await checkTosca(
    flavour(`    - vdu1_levels:
#     ^^^^^^^^^^^ TOSCA343
        type: tosca.policies.nfv.VduInstantiationLevels
        properties:
          levels:
            small: { number_of_instances: 1 }
        targets: [ VDU1 ]
`),
  );
});

test('TOSCA346: a flavour file that names no flavour', async () => {
  await checkTosca(
    `${HEAD}topology_template:
  substitution_mappings:
    node_type: company.VNF
#              ^^^^^^^^^^^ TOSCA346
    requirements:
      virtual_link_external: [ CP1, virtual_link ]
  node_templates:
${VDU}    CP1:
      type: tosca.nodes.nfv.VduCp
      properties: { layer_protocols: [ ipv4 ], order: 0 }
      requirements:
        - virtual_binding: VDU1
`,
    { ignore: ['TOSCA037', 'TOSCA066'] },
  );
});

test('TOSCA347: one software image per VDU, described by sw_image_data in SOL001 2.x', async () => {
  const images = `      artifacts:
        image:
#       ^^^^^ TOSCA347
          type: tosca.artifacts.nfv.SwImage
          file: images/cirros.img
        image2:
#       ^^^^^^ TOSCA347
          type: tosca.artifacts.nfv.SwImage
          file: images/other.img
`;
  await checkTosca(flavour('', VDU + images).replace(/ {2}policies:\n$/, ''), { ignore: ['TOSCA037', 'TOSCA103'] });
  const one = `      artifacts:
        image:
#       ^^^^^ TOSCA347
          type: tosca.artifacts.nfv.SwImage
          file: images/cirros.img
`;
  await checkTosca(flavour('', VDU + one).replace(/ {2}policies:\n$/, ''), { ignore: ['TOSCA037', 'TOSCA103'] });
});
