/**
 * TOSCA354: the protocol data of a SOL001 VnfVirtualLink disagrees with its layer protocols (warning).
 */
import { test } from 'node:test';
import { checkTosca } from './support.js';
import { SOL001_261 } from './sol001Fixtures.js';

const HEAD = `#- /ws/Definitions/df.yaml
${SOL001_261}topology_template:
  node_templates:
    internalVL1:
      type: tosca.nodes.nfv.VnfVirtualLink
      properties:
        connectivity_type:
          layer_protocols: [ ipv4 ]
        vl_profile:
          max_bitrate_requirements:
            root: 1048576
            leaf: 1048576
          min_bitrate_requirements:
            root: 1048576
            leaf: 1048576
          virtual_link_protocol_data:
`;

test('TOSCA354: Tacker-style ipv4 protocol data is clean', async () => {
  await checkTosca(`${HEAD}            - associated_layer_protocol: ipv4
              l3_protocol_data:
                ip_version: ipv4
                cidr: 33.33.0.0/24
`);
});

test('TOSCA354: a protocol the link does not carry is reported', async () => {
  await checkTosca(`${HEAD}            - associated_layer_protocol: ipv6
#                                        ^^^^ TOSCA354
              l3_protocol_data:
                ip_version: ipv6
                cidr: fd00::/64
`);
});

test('TOSCA354: L3 data on a non-IP protocol, and an ip_version mismatch, are reported', async () => {
  await checkTosca(`${HEAD.replace('[ ipv4 ]', '[ ipv4, ethernet ]')}            - associated_layer_protocol: ethernet
              l3_protocol_data: { ip_version: ipv4, cidr: 10.0.0.0/24 }
#                               ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ TOSCA354
            - associated_layer_protocol: ipv4
              l3_protocol_data: { ip_version: ipv6, cidr: 10.0.0.0/24 }
#                                             ^^^^ TOSCA354
`);
});
