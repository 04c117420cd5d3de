/**
 * TOSCA321–TOSCA324: the VNFs of an NSD against the VNFDs of the workspace, the VNFD being Tacker's
 * helloworld3 sample package (its types file, top-level VNFD and `simple` flavour file, unmodified:
 * test/fixtures/nfv/SOURCES.md), found through the index.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkTosca, messageOf, severityOf } from './support.js';
import { setup } from '../support/features.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';

const DIR = fileURLToPath(new URL('../fixtures/nfv/tacker-vnfd/Definitions/', import.meta.url));
const VNFD = ['helloworld3_types.yaml', 'helloworld3_top.vnfd.yaml', 'helloworld3_df_simple.yaml']
  .map((f) => `#- /ws/vnf/Definitions/${f}\n${readFileSync(DIR + f, 'utf8')}`)
  .join('');

const NSD = `#- /ws/nsd/Definitions/nsd.yaml
tosca_definitions_version: tosca_simple_yaml_1_2
imports:
  - https://forge.etsi.org/rep/nfv/SOL001/raw/v2.6.1/etsi_nfv_sol001_common_types.yaml
  - https://forge.etsi.org/rep/nfv/SOL001/raw/v2.6.1/etsi_nfv_sol001_vnfd_types.yaml
  - https://forge.etsi.org/rep/nfv/SOL001/raw/v2.6.1/etsi_nfv_sol001_nsd_types.yaml
topology_template:
  node_templates:
    ns:
      type: tosca.nodes.nfv.NS
      properties:
        descriptor_id: 6f2b5d0e-9d8c-4bb5-8c61-1c1b1f5e0a01
        designer: Company
        version: '1.0'
        name: Sample NS
        invariant_id: 6f2b5d0e-9d8c-4bb5-8c61-1c1b1f5e0a01
        flavour_id: df1
    vnf1:
      type: tosca.nodes.nfv.VNF
      properties:
        descriptor_version: '1.0'
        software_version: '1.0'
        product_info_name: Sample VNF
        vnfm_info: [ 'etsivnfm:v2.6.1' ]
        flavour_description: A flavour
`;

function nsd(props: string): string {
  return `${VNFD}${NSD}${props}`;
}

test('TOSCA321–324: a VNF naming the workspace VNFD, its flavour and level, is clean', async () => {
  await checkTosca(
    nsd(`        descriptor_id: b1bb0ce7-ebca-4fa7-95ed-4840d70a1177
        provider: Company
        product_name: Sample VNF
        flavour_id: simple
        vnf_profile:
          instantiation_level: instantiation_level_2
          min_number_of_instances: 1
          max_number_of_instances: 2
`),
  );
});

test('TOSCA322: a flavour the VNFD does not have', async () => {
  const diags = await checkTosca(
    nsd(`        descriptor_id: b1bb0ce7-ebca-4fa7-95ed-4840d70a1177
        provider: Company
        product_name: Sample VNF
        flavour_id: simpel
#                   ^^^^^^ TOSCA322
`),
  );
  assert.match(messageOf(diags, 'TOSCA322'), /helloworld3_top\.vnfd\.yaml.*did you mean `simple`\?/);
});

test('TOSCA321: an id no workspace VNFD has, one edit away from one: a warning with the id', async () => {
  const diags = await checkTosca(
    nsd(`        descriptor_id: b1bb0ce7-ebca-4fa7-95ed-4840d70a1178
#                      ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ TOSCA321
        provider: Company
        product_name: Sample VNF
        flavour_id: simple
`),
  );
  assert.equal(severityOf(diags, 'TOSCA321'), 'warning');
  assert.match(messageOf(diags, 'TOSCA321'), /did you mean `b1bb0ce7-ebca-4fa7-95ed-4840d70a1177`/);
});

test('TOSCA321: an id far from every workspace VNFD is information (the NFVO may have it)', async () => {
  const diags = await checkTosca(
    nsd(`        descriptor_id: 0155ca44-e826-11ee-a698-c8f750509d3b
#                      ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ TOSCA321
        provider: Other
        product_name: Other VNF
        flavour_id: small
`),
  );
  assert.equal(severityOf(diags, 'TOSCA321'), 'information');
});

test('TOSCA323 and TOSCA324: identity and instantiation level against the VNFD', async () => {
  await checkTosca(
    nsd(`        descriptor_id: b1bb0ce7-ebca-4fa7-95ed-4840d70a1177
        provider: Company Inc
#                 ^^^^^^^^^^^ TOSCA323
        product_name: Sample VNF
        flavour_id: simple
        vnf_profile:
          instantiation_level: instantiation_level_3
#                              ^^^^^^^^^^^^^^^^^^^^^ TOSCA324
          min_number_of_instances: 1
          max_number_of_instances: 2
`),
  );
});

test('TOSCA321: silent in a workspace without VNFDs (an NSD package does not carry its VNFDs)', async () => {
  await checkTosca(`${NSD}        descriptor_id: 0155ca44-e826-11ee-a698-c8f750509d3b
        provider: Other
        product_name: Other VNF
        flavour_id: small
`);
});

const NSD_351 = `#- /ws/nsd/Definitions/nsd.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - https://forge.etsi.org/rep/nfv/SOL001/raw/v3.5.1/etsi_nfv_sol001_common_types.yaml
  - https://forge.etsi.org/rep/nfv/SOL001/raw/v3.5.1/etsi_nfv_sol001_vnfd_types.yaml
  - https://forge.etsi.org/rep/nfv/SOL001/raw/v3.5.1/etsi_nfv_sol001_nsd_types.yaml
topology_template:
  node_templates:
    ns:
      type: tosca.nodes.nfv.NS
      properties:
        descriptor_id: 6f2b5d0e-9d8c-4bb5-8c61-1c1b1f5e0a01
        designer: Company
        version: '1.0'
        name: Sample NS
        invariant_id: 6f2b5d0e-9d8c-4bb5-8c61-1c1b1f5e0a01
        flavour_id: df1
    vnf1:
      type: tosca.nodes.nfv.VNF
      properties:
        descriptor_id: 0155ca44-e826-11ee-a698-c8f750509d3b
        descriptor_version: '1.0'
        provider: Company
        product_name: Sample VNF
        software_version: '1.0'
        vnfm_info: [ 'etsivnfm:v3.5.1' ]
        flavour_id: simple
        flavour_description: A flavour
        vnf_profile: { min_number_of_instances: 1, max_number_of_instances: 3 }
    vl1:
      type: tosca.nodes.nfv.NsVirtualLink
      properties:
        connectivity_type: { layer_protocols: [ ipv4 ] }
        vl_profile:
          max_bitrate_requirements: { root: 1000, leaf: 100 }
          min_bitrate_requirements: { root: 2000, leaf: 100 }
#                                           ^^^^ TOSCA328
  policies:
    - ns_levels:
        type: tosca.policies.nfv.NsInstantiationLevels
        properties:
          ns_levels:
            small: { description: Small }
            large: { description: Large }
          default_level: medium
#                        ^^^^^^ TOSCA325
    - vnf1_levels:
        type: tosca.policies.nfv.VnfToInstantiationLevelMapping
        properties:
          number_of_instances:
            small: 1
            large: 4
#                  ^ TOSCA327
            huge: 2
#           ^^^^ TOSCA326
        targets: [ vnf1 ]
`;

test('TOSCA325–328: NS levels, instance counts against the vnf_profile, virtual link bitrates', async () => {
  await checkTosca(NSD_351);
});

test('TOSCA322 follows the VNFD as it is edited (the index table is rebuilt, not stale)', async () => {
  const src = nsd(`        descriptor_id: b1bb0ce7-ebca-4fa7-95ed-4840d70a1177
        provider: Company
        product_name: Sample VNF
        flavour_id: complex
`);
  const { session, ctx } = await setup(src);
  const codes = () =>
    computeDiagnostics(session.context(session.getOpen(ctx.doc.path)!))
      .map((d) => d.code)
      .filter((c) => c === 'TOSCA322');
  assert.deepEqual(codes(), ['TOSCA322']);
  // The types file gains the flavour `complex` (as a second flavour file would declare it).
  const types = readFileSync(DIR + 'helloworld3_types.yaml', 'utf8').replace(
    'valid_values: [ simple ]',
    'valid_values: [ simple, complex ]',
  );
  assert.ok(types.includes('[ simple, complex ]'));
  session.openDocument('/ws/vnf/Definitions/helloworld3_types.yaml', types, 2);
  assert.deepEqual(codes(), []);
});
