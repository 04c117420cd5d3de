/** TOSCA document links and code lenses (server/src/features/tosca/links.ts, lenses.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup } from '../support/features.js';
import { linkLines } from '../support/navigation.js';
import { codeLenses } from '../../server/src/features/links.js';
import { toscaTargetAt } from '../../server/src/features/tosca/targets.js';

const CSAR = `#- /ws/csar/TOSCA-Metadata/TOSCA.meta
TOSCA-Meta-File-Version: 1.0
Entry-Definitions: definitions/main.yaml
#- /ws/csar/scripts/create.sh
echo create
#- /ws/csar/scripts/lib.sh
echo lib
#- /ws/csar/definitions/scripts/local.sh
echo local
#- /ws/csar/images/disk.qcow2
binary
#- /ws/csar/types/base.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.Base:
    derived_from: tosca.nodes.Root
`;

const MAIN = '/ws/csar/definitions/main.yaml';

test('imports link to the file they import, in all forms; missing and remote imports do not', async () => {
  const lines = await linkLines(`${CSAR}#- ${MAIN}
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
- ../types/base.yaml
- file: "../types/base.yaml"
- base: { file: types/base.yaml }
- missing.yaml
- https://example.org/profile.yaml
`);
  assert.deepEqual(lines, [
    `${MAIN}:2:2-20 -> /ws/csar/types/base.yaml`,
    `${MAIN}:3:9-27 -> /ws/csar/types/base.yaml`,
    // Relative to the CSAR root, as the import resolution accepts.
    `${MAIN}:4:16-31 -> /ws/csar/types/base.yaml`,
  ]);
});

test('artifact files and operation implementations link to existing files (file first, then CSAR root)', async () => {
  const lines = await linkLines(`${CSAR}#- ${MAIN}
tosca_definitions_version: tosca_simple_yaml_1_3
repositories:
  images: https://images.example.org/
node_types:
  my.Server:
    derived_from: tosca.nodes.Compute
    interfaces:
      Standard:
        type: tosca.interfaces.node.lifecycle.Standard
        create: scripts/local.sh
        configure: scripts/nowhere.sh
    artifacts:
      disk: /images/disk.qcow2
      remote:
        file: images/disk.qcow2
        repository: images
topology_template:
  node_templates:
    web:
      type: my.Server
      interfaces:
        Standard:
          operations:
            start:
              implementation:
                primary: ../scripts/create.sh
                dependencies: [ '../scripts/lib.sh', missing.sh ]
            stop: scripts/create.sh
      artifacts:
        pkg:
          file: ../scripts/lib.sh
          type: tosca.artifacts.File
      properties:
        interfaces: scripts/local.sh
`);
  assert.deepEqual(lines, [
    `${MAIN}:9:16-32 -> /ws/csar/definitions/scripts/local.sh`,
    `${MAIN}:12:12-30 -> /ws/csar/images/disk.qcow2`,
    `${MAIN}:25:25-45 -> /ws/csar/scripts/create.sh`,
    `${MAIN}:26:33-50 -> /ws/csar/scripts/lib.sh`,
    `${MAIN}:27:18-35 -> /ws/csar/scripts/create.sh`,
    `${MAIN}:30:16-33 -> /ws/csar/scripts/lib.sh`,
  ]);
});

test('1.0 interfaces (operations right under the interface) and interface types link implementations', async () => {
  const lines = await linkLines(`#- /ws/run.sh
echo
#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_0
interface_types:
  my.Ops:
    derived_from: tosca.interfaces.Root
    rotate: run.sh
topology_template:
  relationship_templates:
    link:
      type: tosca.relationships.ConnectsTo
      interfaces:
        Configure:
          pre_configure_source:
            implementation: run.sh
            inputs:
              x: run.sh
`);
  assert.deepEqual(lines, ['/ws/service.yaml:4:12-18 -> /ws/run.sh', '/ws/service.yaml:12:28-34 -> /ws/run.sh']);
});

/** Lenses as `line: format @key`, checking that `at` is on the key and what the cursor logic finds there. */
async function lensPlaces(src: string): Promise<string[]> {
  const { ctx } = await setup(src);
  return codeLenses(ctx).map((l) => {
    const word = /^[^\s:'"]*/.exec(ctx.doc.text.slice(l.at))![0];
    assert.equal(ctx.doc.lines.offsetAt(l.range.start), l.at, 'the lens sits where `at` is');
    // References start from the same "what is under the cursor" logic as definition and hover.
    if (l.format !== 'showPlan') {
      const t = toscaTargetAt(ctx, l.at);
      assert.equal(t?.kind, l.format === 'typeUsage' ? 'type' : 'template', `target at ${word}`);
    }
    return `${l.range.start.line}: ${l.format} @${word}`;
  });
}

test('lenses: "templates · subtypes" on each declared type, "references" and the build step on templates', async () => {
  assert.deepEqual(
    await lensPlaces(`#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.Server:
    derived_from: tosca.nodes.Compute
  "my.Quoted":
    derived_from: my.Server
data_types:
  my.Settings:
    derived_from: tosca.datatypes.Root
topology_template:
  node_templates:
    web:
      type: my.Server
    db:
      type: tosca.nodes.Database
  relationship_templates:
    link:
      type: tosca.relationships.ConnectsTo
`),
    [
      '2: typeUsage @my.Server',
      '4: typeUsage @my.Quoted',
      '7: typeUsage @my.Settings',
      '9: showPlan @topology_template',
      '11: references @web',
      '11: planStep @web',
      '13: references @db',
      '13: planStep @db',
    ],
  );
});

test('lenses: none in a file without types or templates', async () => {
  assert.deepEqual(
    await lensPlaces(`#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
- other.yaml
`),
    [],
  );
});
