/**
 * The workspace pass's TOSCA files that declare no type of their own share one type table per set of visible type
 * files (index/toscaModels.ts `sharedTable`). Each must get the findings it gets as an open document (which builds its
 * own table), and a change of a type file must reach the next pass's tables.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AnalysisSession } from '../../server/src/host/analysisSession.js';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';
import { toLspDiagnostic } from '../../server/src/lsp/diagnostics.js';
import { passAll, workspacePass } from '../support/workspacePass.js';

const HEAD = 'tosca_definitions_version: tosca_simple_yaml_1_3\n';
const types = (portType: string) =>
  HEAD +
  'node_types:\n  demo.App:\n    derived_from: tosca.nodes.SoftwareComponent\n    properties:\n' +
  `      port: { type: ${portType} }\n      label: { type: string, required: false }\n`;
const service = (props: string, own = '') =>
  HEAD +
  'imports:\n  - types.yaml\n' +
  own +
  'topology_template:\n  node_templates:\n    app:\n      type: demo.App\n      properties:\n' +
  props +
  '      requirements:\n        - host: host\n    host:\n      type: tosca.nodes.Compute\n';

const FILES: Record<string, string> = {
  '/ws/types.yaml': types('integer'),
  '/ws/ok.yaml': service('        port: 80\n'),
  '/ws/wrong.yaml': service('        port: eighty\n'),
  '/ws/unknown.yaml': service('        port: 80\n        colour: red\n'),
  '/ws/missing.yaml': service('        label: x\n'),
  // Declares a type of its own: never shares a table.
  '/ws/own.yaml': service(
    '        port: 81\n',
    'node_types:\n  demo.Own:\n    derived_from: demo.App\n    properties:\n      extra: { type: string }\n',
  ),
};

const key = (ds: readonly { code?: unknown; message: unknown; range: unknown }[]) =>
  ds.map((d) => JSON.stringify([d.code, d.message, d.range])).sort();

/** Each service template's findings in a pass, and as an open document: they must be the same. */
async function compare(s: AnalysisSession, fs: MemoryFileSystem): Promise<Map<string, string[]>> {
  const wd = workspacePass(s);
  await passAll(wd);
  const out = new Map<string, string[]>();
  for (const p of Object.keys(FILES)) {
    if (p === '/ws/types.yaml') continue;
    const open = computeDiagnostics(s.context(s.analyse(p, fs.readTextSync(p, 1 << 20)!, 1))).map(toLspDiagnostic);
    const inPass = key(wd.resultOf(p) ?? []);
    assert.deepEqual(inPass, key(open), p);
    out.set(p, inPass);
  }
  return out;
}

test('templates sharing a type table get their own findings, before and after the type file changes', async () => {
  const fs = new MemoryFileSystem({ ...FILES });
  const s = new AnalysisSession(fs);
  s.index.addRoot('/ws');
  await s.index.build();
  const before = await compare(s, fs);
  assert.deepEqual(before.get('/ws/ok.yaml'), []);
  for (const p of ['/ws/wrong.yaml', '/ws/unknown.yaml', '/ws/missing.yaml'])
    assert.ok(before.get(p)!.length > 0, `${p} has a finding`);
  // `port` becomes a string: `eighty` is now right, 80 is not.
  fs.write('/ws/types.yaml', types('string'));
  await s.index.refreshFromDisk('/ws/types.yaml');
  const after = await compare(s, fs);
  assert.notDeepEqual(after.get('/ws/wrong.yaml'), before.get('/ws/wrong.yaml'));
  assert.notDeepEqual(after.get('/ws/ok.yaml'), before.get('/ws/ok.yaml'));
});
