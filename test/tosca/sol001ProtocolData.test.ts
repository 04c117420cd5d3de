/**
 * TOSCA354: the protocol data of a SOL001 VnfVirtualLink / NsVirtualLink disagrees with its layer protocols
 * (warning); TOSCA356: addresses of another IP family than `ip_version`; TOSCA357: L2 data on an IP-only link.
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
              l3_protocol_data: { ip_version: ipv6, cidr: fd00::/64 }
#                                             ^^^^ TOSCA354
`);
});

test('TOSCA357: L2 data for ipv4 on a link without L2 protocol (Tacker practical_vnf_package) is a hint', async () => {
  await checkTosca(`${HEAD}            - associated_layer_protocol: ipv4
              l2_protocol_data:
#             ^^^^^^^^^^^^^^^^ TOSCA357
                network_type: vxlan
              l3_protocol_data:
                ip_version: ipv4
                cidr: '192.168.1.0/24'
`);
});

test('TOSCA357: L2 data in an ethernet entry, or on a link that carries ethernet, is clean', async () => {
  await checkTosca(`${HEAD.replace('[ ipv4 ]', '[ ethernet, ipv4 ]')}            - associated_layer_protocol: ethernet
              l2_protocol_data: { network_type: vlan, mtu: 1500 }
            - associated_layer_protocol: ipv4
              l2_protocol_data: { network_type: vlan }
              l3_protocol_data: { ip_version: ipv4, cidr: 10.0.0.0/24, gateway_ip: 10.0.0.1 }
`);
});

test('TOSCA356: a CIDR, gateway or pool address of the other IP family', async () => {
  await checkTosca(`${HEAD.replace('[ ipv4 ]', '[ ipv6 ]')}            - associated_layer_protocol: ipv6
              l3_protocol_data:
                ip_version: ipv6
                cidr: 10.0.0.0/24
#                     ^^^^^^^^^^^ TOSCA356
                gateway_ip: fd00::1
                ip_allocation_pools:
                  - start_ip_address: fd00::10
                    end_ip_address: 10.0.0.20
#                                   ^^^^^^^^^ TOSCA356
`);
});

test('TOSCA354: an NsVirtualLink (SOL001 3.5.1 NsVlProfile) is checked the same way', async () => {
  await checkTosca(`#- /ws/Definitions/nsd.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - https://forge.etsi.org/rep/nfv/SOL001/raw/v3.5.1/etsi_nfv_sol001_common_types.yaml
  - https://forge.etsi.org/rep/nfv/SOL001/raw/v3.5.1/etsi_nfv_sol001_nsd_types.yaml
topology_template:
  node_templates:
    ns_vl:
      type: tosca.nodes.nfv.NsVirtualLink
      properties:
        connectivity_type:
          layer_protocols: [ ipv4 ]
        vl_profile:
          max_bitrate_requirements: { root: 1000 }
          min_bitrate_requirements: { root: 100 }
          virtual_link_protocol_data:
            - associated_layer_protocol: ipv4
              l3_protocol_data: { ip_version: ipv6, cidr: 10.0.0.0/24 }
#                                             ^^^^ TOSCA354
#                                                         ^^^^^^^^^^^ TOSCA356
`);
});
