/**
 * ETSI GS NFV-SOL 001 topology rules (TOSCA348–TOSCA353) over real-shaped VNFD flavour files, with the
 * types of the built-in SOL001 files: the VNF node of a flavour, policy targets, VduCp bindings.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTosca } from './support.js';
import { SOL001_261, VDU } from './sol001Fixtures.js';

const IGNORE = ['TOSCA037', 'TOSCA064', 'TOSCA066', 'TOSCA103'];

const HEAD = `#- /ws/Definitions/df_simple.yaml
${SOL001_261}node_types:
  company.VNF:
    derived_from: tosca.nodes.nfv.VNF
  company.OtherVNF:
    derived_from: tosca.nodes.nfv.VNF
  company.Box:
    derived_from: tosca.nodes.Root
`;

/** A VNF node template named `name` of type `type`. */
function vnf(name: string, type = 'company.VNF', mark = ''): string {
  return `    ${name}:
      type: ${type}
${mark}      properties:
        descriptor_id: x
        descriptor_version: '1.0'
        provider: acme
        product_name: p
        software_version: '1.0'
        product_info_name: p
        vnfm_info: [ 'etsivnfm:v2.6.1' ]
        flavour_id: simple
        flavour_description: simple
`;
}

/** A flavour file substituting `mapped`, with the given node templates (and optional policies). */
function flavour(mapped: string, nodes: string, tail = ''): string {
  return `${HEAD}topology_template:
  substitution_mappings:
    node_type: ${mapped}
    properties:
      flavour_id: simple
  node_templates:
${nodes}${tail}`;
}

test('TOSCA348/349: one VNF node per flavour, of the substituted VNF type', async () => {
  await checkTosca(flavour('company.VNF', vnf('VNF') + VDU), { ignore: IGNORE });
  const two = await checkTosca(
    flavour('company.VNF', vnf('VNF') + vnf('VNF2').replace('    VNF2:', '    VNF2:\n#   ^^^^ TOSCA348') + VDU),
    { ignore: IGNORE },
  );
  assert.equal(two[0]!.severity, 'error');
  const other = await checkTosca(
    flavour('company.VNF', vnf('VNF', 'company.OtherVNF', '#           ^^^^^^^^^^^^^^^^ TOSCA349\n')),
    { ignore: IGNORE },
  );
  assert.equal(other[0]!.severity, 'warning');
  await checkTosca(flavour('company.Box\n#              ^^^^^^^^^^^ TOSCA349', vnf('VNF')), { ignore: IGNORE });
});

/** A top-level VNFD importing two flavour files, the second (checked) one last. */
function pkg(id2: string, mark = ''): string {
  const file = (path: string, id: string, m: string) =>
    flavour('company.VNF', vnf('VNF') + VDU)
      .replace('#- /ws/Definitions/df_simple.yaml', `#- /ws/Definitions/${path}`)
      .replaceAll('flavour_id: simple', `flavour_id: ${id}`)
      .replace(`    properties:\n      flavour_id: ${id}\n`, `    properties:\n      flavour_id: ${id}\n${m}`);
  return `#- /ws/Definitions/vnfd_top.yaml
${SOL001_261}  - df_simple.yaml
  - df_complex.yaml
${file('df_simple.yaml', 'simple', '')}${file('df_complex.yaml', id2, mark)}`;
}

test('TOSCA350: two flavour files of one VNFD with the same flavour_id', async () => {
  await checkTosca(pkg('complex'), { ignore: IGNORE });
  const diags = await checkTosca(pkg('simple', '#                 ^^^^^^ TOSCA350\n'), { ignore: IGNORE });
  assert.equal(diags[0]!.severity, 'warning');
  assert.match(diags[0]!.message, /df_simple\.yaml.*vnfd_top\.yaml/);
});

const VL = `    VL1:
      type: tosca.nodes.nfv.VnfVirtualLink
      properties:
        connectivity_type: { layer_protocols: [ ipv4 ] }
        vl_profile:
          max_bitrate_requirements: { root: 1048576 }
          min_bitrate_requirements: { root: 1048576 }
          virtual_link_protocol_data: [ { associated_layer_protocol: ipv4 } ]
`;

test('TOSCA351: policy targets of the types the SOL001 policy type allows', async () => {
  const policies = (vduTarget: string, ruleTarget: string) => `  policies:
    - vdu1_initial:
        type: tosca.policies.nfv.VduInitialDelta
        properties:
          initial_delta: { number_of_instances: 1 }
        targets: [ ${vduTarget} ]
    - anti:
        type: tosca.policies.nfv.AntiAffinityRule
        properties: { scope: nfvi_node }
        targets: [ ${ruleTarget} ]
`;
  await checkTosca(flavour('company.VNF', vnf('VNF') + VDU + VL, policies('VDU1', 'VDU1, VL1')), { ignore: IGNORE });
  const diags = await checkTosca(
    flavour(
      'company.VNF',
      vnf('VNF') + VDU + VL,
      `${policies('VL1', 'VDU1, VNF')}#                        ^^^ TOSCA351\n`.replace(
        '        targets: [ VL1 ]\n',
        '        targets: [ VL1 ]\n#                  ^^^ TOSCA351\n',
      ),
    ),
    { ignore: IGNORE },
  );
  assert.match(diags[0]!.message, /tosca\.nodes\.nfv\.Vdu\.Compute/);
});

test('TOSCA352: a VduCp binds to its VDU (instead of the generic TOSCA064)', async () => {
  const cp = (name: string, reqs: string) => `    ${name}:
      type: tosca.nodes.nfv.VduCp
      properties: { layer_protocols: [ ipv4 ], order: 0 }
${reqs}`;
  const file = (nodes: string) =>
    flavour('company.VNF', vnf('VNF') + VDU + VL + nodes).replace(
      '      flavour_id: simple\n  node_templates:',
      '      flavour_id: simple\n    requirements:\n' +
        '      virtual_link_external: [ CP3, virtual_link ]\n  node_templates:',
    );
  const ok = cp('CP1', '      requirements:\n        - virtual_binding: VDU1\n        - virtual_link: VL1\n');
  await checkTosca(file(ok), { ignore: ['TOSCA037', 'TOSCA103', 'TOSCA066'] });
  const diags = await checkTosca(
    file(
      ok +
        cp('CP2', '      requirements:\n        - virtual_link: VL1\n').replace(
          '    CP2:\n',
          '    CP2:\n#   ^^^ TOSCA352\n',
        ) +
        cp('CP3', '      requirements:\n        - virtual_binding: VDU1\n'),
    ),
    { ignore: ['TOSCA037', 'TOSCA103', 'TOSCA066'] },
  );
  assert.match(diags[0]!.message, /VDUs here: `VDU1`/);
});

test('TOSCA353: the VNF nodes of an NSD name their VNFD and flavour literally', async () => {
  const nsd = (flavourId: string, mark = '') => `#- /ws/Definitions/nsd.yaml
${SOL001_261}  - https://forge.etsi.org/rep/nfv/SOL001/raw/v2.6.1/etsi_nfv_sol001_nsd_types.yaml
node_types:
  company.NS:
    derived_from: tosca.nodes.nfv.NS
  company.VNF:
    derived_from: tosca.nodes.nfv.VNF
topology_template:
  inputs:
    df: { type: string }
  substitution_mappings:
    node_type: company.NS
  node_templates:
${vnf('VNF1').replace('flavour_id: simple\n', `flavour_id: ${flavourId}\n${mark}`)}`;
  await checkTosca(nsd('simple'), { ignore: IGNORE });
  await checkTosca(nsd('{ get_input: df }', '#                   ^^^^^^^^^^^^^^^^^ TOSCA353\n'), { ignore: IGNORE });
});
