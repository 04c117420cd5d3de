/**
 * Eclipse Winery / RADON `.tosca` files: read by content, checked like any TOSCA file, with the
 * types of the other files of the Winery repository visible (Winery resolves names across its
 * repository without imports). Small fixtures in the RADON particles' layout. Needs `npm run build`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { tempDir } from '../support/protocolWorkspace.js';
import { runCli } from '../support/cli.js';
import type { Row } from '../../server/src/cli/report.js';

const T = { timeout: 30000 };

const FILES: Record<string, string> = {
  'nodetypes/radon.nodes.abstract/Function/NodeType.tosca': `tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  radon.nodes.abstract.Function:
    derived_from: tosca.nodes.Root
    properties:
      memory:
        type: integer
        default: 128
      trigger:
        type: radon.datatypes.Trigger
        required: false
`,
  'datatypes/radon.datatypes/Trigger/DataType.tosca': `tosca_definitions_version: tosca_simple_yaml_1_3
data_types:
  radon.datatypes.Trigger:
    derived_from: tosca.datatypes.Root
    properties:
      event: { type: string }
`,
  'nodetypes/radon.nodes.aws/AwsLambdaFunction/NodeType.tosca': `tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  radon.nodes.aws.AwsLambdaFunction:
    derived_from: radon.nodes.abstract.Function
    properties:
      handler: { type: string }
`,
  'servicetemplates/radon.blueprints/Example/ServiceTemplate.tosca': `tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    fn:
      type: radon.nodes.aws.AwsLambdaFunction
      properties:
        handler: index.handler
        memory: 256
        trigger: { event: put }
`,
  // A copy of a normative type (with a slip: another type's definition) does not replace the catalog's.
  'relationshiptypes/tosca.relationships/AttachesTo/RelationshipType.tosca': `tosca_definitions_version: \
tosca_simple_yaml_1_3
relationship_types:
  tosca.relationships.DependsOn:
    derived_from: tosca.relationships.Root
    properties:
      location: { type: string }
`,
  'servicetemplates/radon.blueprints/Example/templates/extra.tosca': `tosca_definitions_version: \
tosca_simple_yaml_1_3
topology_template:
  node_templates:
    a:
      type: radon.nodes.aws.AwsLambdaFunction
      properties: { handler: x }
      requirements:
        - dependency: { node: b, relationship: dep }
    b:
      type: tosca.nodes.Root
  relationship_templates:
    dep:
      type: tosca.relationships.DependsOn
`,
  'notes/readme.tosca': 'title: not TOSCA at all\n',
};

function workspace(): string {
  const root = tempDir('winery');
  for (const [rel, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

test('.tosca files of a Winery repository are checked, with the repository types known', T, async () => {
  const root = workspace();
  try {
    const r = await runCli(['check', '.', '--format', 'json'], { cwd: root });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.deepEqual(JSON.parse(r.stdout) as Row[], []);
    assert.match(r.stderr, /Checked 6 TOSCA files/);
    const one = await runCli(['check', 'notes/readme.tosca'], { cwd: root });
    assert.equal(one.code, 2, one.stderr);
    assert.match(one.stderr, /is not an LM descriptor, lmproject file or TOSCA file/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('seeded defects in .tosca and .tosca.yaml files are found', T, async () => {
  const root = workspace();
  try {
    const tpl = 'servicetemplates/radon.blueprints/Example/ServiceTemplate.tosca';
    writeFileSync(path.join(root, tpl), FILES[tpl]!.replace('memory: 256', 'memroy: 256'));
    writeFileSync(
      path.join(root, 'extra.tosca.yaml'),
      'tosca_definitions_version: tosca_simple_yaml_1_3\nnode_types:\n  x.Y:\n    derived_from: radon.nodes.Nope\n',
    );
    const r = await runCli(['check', '.', '--format', 'json'], { cwd: root });
    assert.equal(r.code, 1, r.stderr);
    const rows = (JSON.parse(r.stdout) as Row[]).map((x) => `${x.file}:${x.line} ${x.code}`);
    assert.deepEqual(rows, [`extra.tosca.yaml:4 TOSCA033`, `${tpl}:8 TOSCA061`]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
