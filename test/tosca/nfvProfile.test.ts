/**
 * The OASIS TOSCA Simple Profile for NFV 1.0 and for MEC 1.0 as built-in definitions: a file of
 * `tosca_simple_profile_for_nfv_1_0_0` sees `tosca.nodes.nfv.VDU`, `VL`, `CP`, `VNFFG` ... (and
 * Tacker's legacy `tosca.nodes.nfv.VDU.Tacker` ..., which Tacker adds to every such template)
 * without an import, so legacy Tacker templates are checked against those types.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { checkHover } from '../support/features.js';
import { checkTosca, NOISE } from './support.js';

const LEGACY = new URL('../fixtures/realworld/tacker/legacy_vnfd/', import.meta.url);

test('nfv 1.0: legacy Tacker samples use known types only, and a wrong property is an error', async () => {
  for (const name of ['tosca-vnfd-hello-world.yaml', 'tosca-vnfd-scale.yaml', 'tosca-vnfd-alarm-respawn.yaml']) {
    const text = readFileSync(new URL(name, LEGACY), 'utf8');
    // No unknown type any more (they were all TOSCA030 warnings before the profile was built in), and no
    // TOSCA064 for Port's `link` / `binding`, which the NFV CP assigns as `virtualLink` / `virtualBinding`.
    await checkTosca(`#- /ws/${name}\n${text}`, { ignore: NOISE.filter((c) => c !== 'TOSCA064') });
  }
  const hello = readFileSync(new URL('tosca-vnfd-hello-world.yaml', LEGACY), 'utf8');
  const broken = hello
    .replace(
      '        availability_zone: nova\n',
      '        availability_zone: nova\n        flavour: big\n#       ^^^^^^^ TOSCA061\n',
    )
    .replace(
      '        vendor: Tacker\n',
      '        vendor: Tacker\n        bandwidth: wide\n#       ^^^^^^^^^ TOSCA061\n',
    );
  await checkTosca(`#- /ws/hello.yaml\n${broken}`);
});

test('nfv 1.0 and MEC 1.0: profile types are known without an import, with hover', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_profile_for_nfv_1_0_0
topology_template:
  node_templates:
    vdu:
      type: tosca.nodes.nfv.VDU
    vl:
#   ^^ TOSCA060
      type: tosca.nodes.nfv.VL
      properties: { cidr: 10.0.0.0/24 }
    cp:
      type: tosca.nodes.nfv.CP
      requirements:
        - virtualLink: vl
        - virtualBinding: vdu
  groups:
    fg:
      type: tosca.groups.nfv.VNFFG
      members: [ vdu ]
      properties:
        vendor: acme
        version: '1.0'
        number_of_endpoints: 1
        dependent_virtual_link: [ vl ]
        connection_point: [ cp ]
        constituent_vnfs: [ vdu ]
`);
  await checkTosca(`
tosca_definitions_version: tosca_simple_profile_for_mec_1_0_0
topology_template:
  node_templates:
    app:
      type: tosca.nodes.mec.VDU
    bad:
      type: tosca.nodes.mec.Nothing
#           ^^^^^^^^^^^^^^^^^^^^^^^ TOSCA030
`);
  await checkHover(
    `#- /ws/mec.yaml
tosca_definitions_version: tosca_simple_profile_for_mec_1_0_0
topology_template:
  node_templates:
    app:
      type: tosca.nodes.mec.V$0DU
`,
    ['tosca.nodes.mec.VDU', 'TOSCA Simple Profile for MEC 1.0'],
  );
  const h = await checkHover(
    `#- /ws/vnfd.yaml
tosca_definitions_version: tosca_simple_profile_for_nfv_1_0_0
topology_template:
  node_templates:
    vdu:
      type: tosca.nodes.nfv.VDU.Tac$0ker
`,
    ['tosca.nodes.nfv.VDU.Tacker', 'Tacker'],
  );
  assert.match(h, /tosca\.nodes\.nfv\.VDU/);
});
