/**
 * TOSCA370: the VNF node of a top-level SOL001 VNFD that sets no properties of its own. Valid TOSCA (the
 * type's defaults apply), refused by Tacker ("VNF properties are mandatory"; its package test
 * `csar_without_vnfd_info` has this shape), so a warning.
 */
import { test } from 'node:test';
import { checkTosca } from './support.js';
import { SOL001_261 } from './sol001Fixtures.js';

const TYPES = `${SOL001_261}node_types:
  company.VNF:
    derived_from: tosca.nodes.nfv.VNF
    properties:
      descriptor_id: { type: string, default: b1bb0ce7-ebca-4fa7-95ed-4840d70a1177 }
      descriptor_version: { type: string, default: '1.0' }
      provider: { type: string, default: Company }
      product_name: { type: string, default: Sample VNF }
      software_version: { type: string, default: '1.0' }
      vnfm_info: { type: list, entry_schema: { type: string }, default: [ Tacker ] }
      flavour_id: { type: string, default: simple }
      flavour_description: { type: string, default: A flavour }
`;

test('TOSCA370: a top-level VNF node with empty properties is a warning naming Tacker', async () => {
  await checkTosca(`#- /ws/Definitions/vnfd.yaml
${TYPES}topology_template:
  node_templates:
    VNF:
      type: company.VNF
      properties: {}
#                 ^^ TOSCA370
`);
});

test('TOSCA370: a VNF node without a properties key is reported on its name', async () => {
  await checkTosca(`#- /ws/Definitions/vnfd.yaml
${TYPES}topology_template:
  node_templates:
    VNF:
#   ^^^ TOSCA370
      type: company.VNF
`);
});

test('TOSCA370: properties on the node, or a flavour file, are clean', async () => {
  await checkTosca(`#- /ws/Definitions/vnfd.yaml
${TYPES}topology_template:
  node_templates:
    VNF:
      type: company.VNF
      properties:
        flavour_id: simple
`);
  await checkTosca(`#- /ws/Definitions/df.yaml
${TYPES}topology_template:
  substitution_mappings:
    node_type: company.VNF
    properties:
      flavour_id: simple
  node_templates:
    VNF:
      type: company.VNF
`);
});

test('TOSCA370: a VNF type known only through an imported file opens the SOL001 gate (sol001Gate.ts)', async () => {
  await checkTosca(`#- /ws/Definitions/types.yaml
${TYPES}
#- /ws/Definitions/vnfd.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - types.yaml
topology_template:
  node_templates:
    VNF:
      type: company.VNF
      properties: {}
#                 ^^ TOSCA370
`);
});
