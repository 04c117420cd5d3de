/**
 * A shared type file is checked in the context of its real importers (the files whose resolved
 * imports point at it), and gives the same findings whatever folder is the workspace root.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';
import { Session } from '../../server/src/host/session.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';

const PKG = '/ws/repo/packages/vnf-a';
const FILES: Record<string, string> = {
  [`${PKG}/TOSCA-Metadata/TOSCA.meta`]:
    'TOSCA-Meta-File-Version: 1.0\nCSAR-Version: 1.1\nCreated-By: test\nEntry-Definitions: Definitions/top.yaml\n',
  [`${PKG}/Definitions/top.yaml`]: `tosca_definitions_version: tosca_simple_yaml_1_2
imports:
  - common_types.yaml
  - vnfd_types.yaml
topology_template:
  node_templates:
    vnf:
      type: my.nodes.VNF
      properties:
        flavour: { size: 2 }
        extra: 1
`,
  // Uses a data type only its importer brings in (as ETSI SOL001's vnfd types rely on the common types).
  [`${PKG}/Definitions/vnfd_types.yaml`]: `tosca_definitions_version: tosca_simple_yaml_1_2
node_types:
  my.nodes.VNF:
    derived_from: tosca.nodes.Root
    properties:
      flavour:
        type: my.datatypes.Flavour
      bad:
        type: my.datatypes.Nowhere
        required: false
`,
  [`${PKG}/Definitions/common_types.yaml`]: `tosca_definitions_version: tosca_simple_yaml_1_2
data_types:
  my.datatypes.Flavour:
    derived_from: tosca.datatypes.Root
    properties:
      size:
        type: integer
`,
  // Another package of the same repository: a different type of the same name, and a file that is not a real
  // importer of vnf-a's types although it has the same file name in its imports.
  '/ws/repo/packages/vnf-b/Definitions/common_types.yaml': `tosca_definitions_version: tosca_simple_yaml_1_2
data_types:
  my.datatypes.Flavour:
    derived_from: tosca.datatypes.Root
    properties:
      cores:
        type: integer
        required: true
`,
  '/ws/repo/packages/vnf-b/Definitions/top.yaml': `tosca_definitions_version: tosca_simple_yaml_1_2
imports:
  - common_types.yaml
  - vnfd_types.yaml
`,
};

async function findings(root: string, file: string): Promise<string[]> {
  const session = new Session(new MemoryFileSystem(FILES));
  session.index.addRoot(root);
  await session.index.build();
  const doc = session.analyse(file, FILES[file]!);
  return computeDiagnostics(session.context(doc))
    .map((d) => `${d.range.start.line}:${d.range.start.character} ${d.severity} ${d.code} ${d.message}`)
    .sort();
}

test('importers: what the real importer provides is known; same findings under any root', async () => {
  for (const file of [`${PKG}/Definitions/vnfd_types.yaml`, `${PKG}/Definitions/top.yaml`]) {
    const roots = ['/ws', '/ws/repo', PKG, `${PKG}/Definitions`];
    const all = await Promise.all(roots.map((r) => findings(r, file)));
    for (let i = 1; i < roots.length; i++)
      assert.deepEqual(all[i], all[0], `${file}: root ${roots[i]} differs from root ${roots[0]}`);
    const codes = all[0]!.join('\n');
    // The importer's Flavour is known; the type nobody defines is not; vnf-b's Flavour is never used.
    assert.doesNotMatch(codes, /my\.datatypes\.Flavour/, codes);
    if (file.endsWith('vnfd_types.yaml')) assert.match(codes, /error TOSCA030 .*my\.datatypes\.Nowhere/, codes);
    else assert.match(codes, /error TOSCA061 .*`extra`/, codes);
  }
});

test('importers: a type file whose importer lies outside the workspace root still sees its types', async () => {
  // The root is the type file's own folder; the importer is in the folder above (inside the same CSAR).
  const files = { ...FILES };
  files[`${PKG}/Definitions/types/vnfd_types.yaml`] = files[`${PKG}/Definitions/vnfd_types.yaml`]!;
  delete files[`${PKG}/Definitions/vnfd_types.yaml`];
  files[`${PKG}/Definitions/top.yaml`] = files[`${PKG}/Definitions/top.yaml`]!.replace(
    '- vnfd_types.yaml',
    '- types/vnfd_types.yaml',
  );
  const file = `${PKG}/Definitions/types/vnfd_types.yaml`;
  const run = async (root: string) => {
    const session = new Session(new MemoryFileSystem(files));
    session.index.addRoot(root);
    await session.index.build();
    return computeDiagnostics(session.context(session.analyse(file, files[file]!)))
      .map((d) => `${d.code} ${d.message}`)
      .sort();
  };
  const narrow = await run(`${PKG}/Definitions/types`);
  assert.deepEqual(narrow, await run('/ws'));
  assert.ok(!narrow.some((l) => /Flavour/.test(l)), narrow.join('\n'));
});
