/**
 * An open TOSCA template, typed in once and then left alone, is re-diagnosed through the real server when a types
 * file it imports changes: rewritten on disk (a branch switched, a save in another editor: a watched-file event), or
 * edited in another open editor. Its diagnostics must follow the new types, as a server that never saw the old ones
 * gives them (the stale findings the edit-sequence fuzzer found: test/features/importChangeRecheck.test.ts).
 * Needs `npm run build` first.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { FileChange, LspClient, fileUri, withCode, type Diagnostic } from '../support/protocolClient.js';
import { tempWorkspace, type TempWorkspace } from '../support/protocolWorkspace.js';

const T = { timeout: 30000 };
const OPTS = { disableCache: true, settings: { diagnostics: { debounceMs: 20 } } };

const types = (requirement: string, relationship: string) => `tosca_definitions_version: tosca_simple_yaml_1_3
relationship_types:
  shop.Uses:
    derived_from: ${relationship}
node_types:
  shop.App:
    derived_from: tosca.nodes.SoftwareComponent
    requirements:
      - ${requirement}:
          capability: tosca.capabilities.Node
          node: shop.App
          relationship: shop.Uses
          occurrences: [0, 1]
`;

const SERVICE = `tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - types.yaml
topology_template:
  node_templates:
    a:
      type: shop.App
      requirements:
        - peer: b
    b:
      type: shop.App
      requirements:
        - peer: a
`;

const DEPENDS = 'tosca.relationships.DependsOn';
const CONNECTS = 'tosca.relationships.ConnectsTo';

let ws: TempWorkspace;
let client: LspClient;
let uri: string;

const codes = (ds: readonly Diagnostic[]) => [...new Set(ds.map((d) => String(d.code)))].sort();

before(async () => {
  ws = tempWorkspace('tosca-imported-change', null);
  ws.write('types.yaml', types('peer', DEPENDS));
  ws.write('service.yaml', SERVICE);
  client = new LspClient();
  await client.initialize(ws.dir, OPTS);
  await client.waitForStatus('ready', 20000);
  uri = fileUri(ws.file('service.yaml'));
  client.open(uri, SERVICE);
  await client.waitForDiagnostics(uri, () => true, 10000);
  // One keystroke: the version checked from here on has one before it to keep findings from.
  const since = client.mark();
  const v = client.change(uri, `${SERVICE}# typed\n`);
  await client.waitForDiagnostics(uri, (_, p) => p.version === v, 10000, since);
}, T);

after(async () => {
  await client?.shutdown();
  ws?.cleanup();
}, T);

/** Rewrites types.yaml on disk, tells the server, and waits for the template's diagnostics to satisfy `until`. */
async function rewriteTypes(text: string, until: (ds: Diagnostic[]) => boolean): Promise<Diagnostic[]> {
  ws.write('types.yaml', text);
  const since = client.mark();
  client.watchedFilesChanged([{ uri: fileUri(ws.file('types.yaml')), type: FileChange.Changed }]);
  return (await client.waitForDiagnostics(uri, until, 10000, since)).diagnostics;
}

test('the loop and the requirements follow the imported types rewritten on disk', T, async () => {
  // DependsOn both ways: a loop (TOSCA104), and the requirement `peer` is known.
  const first = client.latestDiagnostics(uri)!.diagnostics;
  assert.equal(withCode(first, 'TOSCA104').length, 2, JSON.stringify(first));
  assert.deepEqual(withCode(first, 'TOSCA062'), []);

  // ConnectsTo: no deployment order, so no loop (the unassigned `host` of SoftwareComponent, TOSCA064, stays).
  let ds = await rewriteTypes(types('peer', CONNECTS), (d) => withCode(d, 'TOSCA104').length === 0);
  assert.deepEqual(codes(ds), ['TOSCA064'], JSON.stringify(ds));

  // The requirement renamed in the type: both templates now assign one the type does not declare.
  ds = await rewriteTypes(types('partner', CONNECTS), (d) => withCode(d, 'TOSCA062').length > 0);
  assert.equal(withCode(ds, 'TOSCA062').length, 2, JSON.stringify(ds));

  // Back to the first types: the first diagnostics again.
  ds = await rewriteTypes(types('peer', DEPENDS), (d) => withCode(d, 'TOSCA104').length > 0);
  assert.deepEqual(codes(ds), codes(first));
  assert.deepEqual(withCode(ds, 'TOSCA062'), []);
});

test('the requirements follow the imported types edited in another open editor', T, async () => {
  const typesUri = fileUri(ws.file('types.yaml'));
  const text = types('peer', DEPENDS);
  client.open(typesUri, text);
  await client.waitForDiagnostics(typesUri, () => true, 10000);
  const since = client.mark();
  client.change(typesUri, types('partner', DEPENDS));
  const ds = (await client.waitForDiagnostics(uri, (d) => withCode(d, 'TOSCA062').length > 0, 10000, since))
    .diagnostics;
  assert.equal(withCode(ds, 'TOSCA062').length, 2, JSON.stringify(ds));
  const since2 = client.mark();
  client.change(typesUri, text);
  const back = (await client.waitForDiagnostics(uri, (d) => withCode(d, 'TOSCA062').length === 0, 10000, since2))
    .diagnostics;
  assert.equal(withCode(back, 'TOSCA104').length, 2, JSON.stringify(back));
});
