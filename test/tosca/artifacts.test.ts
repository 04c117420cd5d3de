/** TOSCA103: artifact and implementation files that do not exist. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTosca, messageOf } from './support.js';

test('TOSCA103: missing artifact and implementation files, relative to the file; what is not checked', async () => {
  const d = await checkTosca(
    `
#- /ws/scripts/create.sh
echo create
#- /ws/images/disk.qcow2
binary
#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
artifact_types:
  my.Image.Container.Docker:
    derived_from: tosca.artifacts.Deployment.Image
node_types:
  my.App:
    derived_from: tosca.nodes.SoftwareComponent
    artifacts:
      installer:
        type: tosca.artifacts.File
        file: files/setup.tgz
#             ^^^^^^^^^^^^^^^ TOSCA103
    interfaces:
      Standard:
        operations:
          create: scripts/create.sh
          configure: scripts/configure.sh
#                    ^^^^^^^^^^^^^^^^^^^^ TOSCA103
          start: installer
topology_template:
  inputs:
    image: { type: string }
  node_templates:
    server:
      type: tosca.nodes.Compute
      artifacts:
        disk: images/disk.qcow2
        docker:
          type: my.Image.Container.Docker
          file: library/nginx
        remote:
          type: tosca.artifacts.File
          file: https://example.com/x.tgz
        from_repo:
          file: y.tgz
          repository: repo
        from_input:
          type: tosca.artifacts.File
          file: { get_input: image }
#         ^^^^ TOSCA105
    app:
      type: my.App
      requirements:
        - host: server
      interfaces:
        Standard:
          create:
            implementation:
              primary: scripts/create.sh
              dependencies:
                - scripts/lib.sh
#                 ^^^^^^^^^^^^^^ TOSCA103
                - /opt/tools/helper.sh
                - classpath://scripts/echo.sh
          stop:
            implementation:
              primary:
                file: scripts/stop.py
#                     ^^^^^^^^^^^^^^^ TOSCA103
                type: tosca.artifacts.Implementation.Python
          delete: installer
          configure: a_named_artifact
repositories:
  repo: https://example.com/repo
`,
    { ignore: ['TOSCA037', 'TOSCA064'] },
  );
  assert.ok(d.every((x) => x.severity === (x.code === 'TOSCA105' ? 'hint' : 'warning')));
  assert.match(messageOf(d, 'TOSCA103'), /looked for `\/ws\/files\/setup.tgz`/);
});

test('TOSCA103: inside a CSAR, paths also resolve against the archive root', async () => {
  await checkTosca(
    `
#- /ws/csar/TOSCA-Metadata/TOSCA.meta
TOSCA-Meta-File-Version: 1.0
CSAR-Version: 1.1
Created-By: me
Entry-Definitions: Definitions/main.yaml
#- /ws/csar/Scripts/install.sh
echo
#- /ws/csar/Definitions/main.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    sw:
      type: tosca.nodes.SoftwareComponent
      interfaces:
        Standard:
          create: Scripts/install.sh
          start: Scripts/start.sh
#                ^^^^^^^^^^^^^^^^ TOSCA103
`,
    { ignore: ['TOSCA037', 'TOSCA064'] },
  );
});

test("TOSCA103: a type file's paths also resolve against the folder of the template importing it", async () => {
  const d = await checkTosca(
    `
#- /ws/app/scripts/create.sh
echo
#- /ws/app/main.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports: [ types/app.yaml ]
#- /ws/app/types/app.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.App:
    derived_from: tosca.nodes.SoftwareComponent
    interfaces:
      Standard:
        create: scripts/create.sh
        start: scripts/start.sh
#              ^^^^^^^^^^^^^^^^ TOSCA103
`,
    { ignore: ['TOSCA037', 'TOSCA064'] },
  );
  assert.match(messageOf(d, 'TOSCA103'), /`\/ws\/app\/scripts\/start.sh`.*or the folder of a file importing it/);
});
