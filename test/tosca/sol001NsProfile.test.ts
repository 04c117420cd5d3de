/**
 * TOSCA355: `vnf_profile` / `ns_profile` with more minimum than maximum instances in an NSD (error).
 */
import { test } from 'node:test';
import { checkTosca } from './support.js';
import { SOL001_261 } from './sol001Fixtures.js';

const HEAD = `#- /ws/Definitions/nsd.yaml
${SOL001_261}  - https://forge.etsi.org/rep/nfv/SOL001/raw/v2.6.1/etsi_nfv_sol001_nsd_types.yaml
topology_template:
  node_templates:
    vnf1:
      type: tosca.nodes.nfv.VNF
      properties:
        descriptor_id: b1bb0ce7-ebca-4fa7-95ed-4840d70a1177
        descriptor_version: '1.0'
        provider: Company
        product_name: Sample VNF
        software_version: '1.0'
        vnfm_info: [ 'etsivnfm:v2.6.1' ]
        flavour_id: simple
        flavour_description: A flavour
        vnf_profile:
          instantiation_level: level1
`;

test('TOSCA355: a vnf_profile within its bounds is clean', async () => {
  await checkTosca(`${HEAD}          min_number_of_instances: 1
          max_number_of_instances: 3
`);
});

test('TOSCA355: a vnf_profile whose minimum is above its maximum is an error', async () => {
  await checkTosca(`${HEAD}          min_number_of_instances: 4
#                                  ^ TOSCA355
          max_number_of_instances: 3
`);
});
