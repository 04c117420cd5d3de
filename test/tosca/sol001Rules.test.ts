/**
 * ETSI GS NFV-SOL 001 descriptor rules over real-shaped VNFDs (types from the built-in SOL001 files):
 * the flavour pattern's open requirements (TOSCA064 only for what is really unbound) and the
 * SOL001 consistency rules (TOSCA342–TOSCA346).
 */
import { test } from 'node:test';
import { checkTosca } from './support.js';

const HEAD = `#- /ws/Definitions/df_simple.yaml
tosca_definitions_version: tosca_simple_yaml_1_2
imports:
  - https://forge.etsi.org/rep/nfv/SOL001/raw/v2.6.1/etsi_nfv_sol001_common_types.yaml
  - https://forge.etsi.org/rep/nfv/SOL001/raw/v2.6.1/etsi_nfv_sol001_vnfd_types.yaml
node_types:
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

const VDU = `    VDU1:
      type: tosca.nodes.nfv.Vdu.Compute
      properties:
        name: VDU1
        description: VDU1
        vdu_profile: { min_number_of_instances: 1, max_number_of_instances: 3 }
      capabilities:
        virtual_compute:
          properties:
            virtual_memory: { virtual_mem_size: 512 MB }
            virtual_cpu: { num_virtual_cpu: 1 }
`;

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
