/**
 * The language server over stdio (dist/server.js --stdio), driven by a real JSON-RPC client on a
 * temp copy of examples/video-streamer: capabilities, diagnostics, cross-file definition,
 * completion and hover, re-validation of dependents on edits and on watched-file events, closing,
 * and answers while the index is still being built.
 *
 * Needs `npm run build` first. Run: node --import tsx --test test/protocol/server.test.ts
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  type Diagnostic,
  DiagnosticSeverity,
  FileChange,
  LspClient,
  fileUri,
  hoverText,
  positionOf,
  uriToPath,
  withCode,
  type InitOptions,
} from '../support/protocolClient.js';
import {
  ASSEMBLY,
  BALANCER,
  STREAMER,
  countYamlFiles,
  tempWorkspace,
  writeFillers,
  type TempWorkspace,
} from '../support/protocolWorkspace.js';

const T = { timeout: 30000 };
const HOOK = { timeout: 30000 };
const OPTS: InitOptions = { disableCache: true, settings: { diagnostics: { debounceMs: 20 } } };

const errors = (ds: readonly Diagnostic[]) => ds.filter((d) => d.severity === DiagnosticSeverity.Error);
const describeDiags = (ds: readonly Diagnostic[]) =>
  JSON.stringify(
    ds.map(
      (d) =>
        `${d.code}@${d.range.start.line}:${d.range.start.character}-` +
        `${d.range.end.line}:${d.range.end.character} ${d.message}`,
    ),
    null,
    1,
  );

/** The range of `word` inside the first occurrence of `context` (which must contain it). */
function rangeIn(text: string, context: string, word: string) {
  const delta = context.indexOf(word);
  assert.ok(delta >= 0, `'${word}' is not in '${context}'`);
  const start = positionOf(text, context, delta);
  return { start, end: { line: start.line, character: start.character + word.length } };
}

describe('language server over stdio: features on the video-streamer example', () => {
  let ws: TempWorkspace;
  let client: LspClient;
  let init: Awaited<ReturnType<LspClient['initialize']>>;
  let assemblyText: string;
  let assemblyUri: string;

  before(async () => {
    ws = tempWorkspace('proto');
    assemblyText = ws.read(ASSEMBLY);
    assemblyUri = fileUri(ws.file(ASSEMBLY));
    client = new LspClient();
    init = await client.initialize(ws.dir, OPTS);
    await client.waitForStatus('ready', 20000);
  }, HOOK);

  after(async () => {
    await client?.shutdown();
    ws?.cleanup();
  }, HOOK);

  test('initialize returns the capabilities', T, async () => {
    const caps = init.capabilities;
    assert.ok(caps.completionProvider, 'completionProvider');
    for (const ch of ['{', '.'])
      assert.ok(
        caps.completionProvider.triggerCharacters?.includes(ch),
        `trigger character ${ch} in ${JSON.stringify(caps.completionProvider.triggerCharacters)}`,
      );
    assert.equal(caps.definitionProvider, true);
    assert.equal(caps.hoverProvider, true);
    const sync = caps.textDocumentSync;
    assert.ok(sync && typeof sync === 'object', 'textDocumentSync options');
    assert.equal(sync.openClose, true);
    assert.equal(sync.change, 2, 'incremental sync');
    assert.equal(init.serverInfo?.name, 'lm-descriptors');
    // With dynamicRegistration the server asks for a *.yml/*.yaml file watcher.
    const reg = await client.waitFor(
      () => client.serverRequests.find((r) => r.method === 'client/registerCapability'),
      5000,
      'client/registerCapability',
    );
    const regs = (
      reg.params as { registrations: { method: string; registerOptions?: { watchers?: { globPattern: unknown }[] } }[] }
    ).registrations;
    const watch = regs.find((r) => r.method === 'workspace/didChangeWatchedFiles');
    assert.ok(watch, JSON.stringify(regs));
    assert.ok(JSON.stringify(watch.registerOptions?.watchers).includes('yaml'), JSON.stringify(watch.registerOptions));
  });

  test('the ready status counts the example descriptors', T, () => {
    const ready = client.statuses.find((s) => s.state === 'ready')!;
    // balancer, streamer, network, nfs resources + root and storage assemblies.
    assert.equal(ready.descriptors, 6, JSON.stringify(ready));
    assert.equal(ready.done, ready.total);
  });

  test('didOpen of the valid root assembly publishes zero errors', T, async () => {
    const since = client.mark();
    client.open(assemblyUri, assemblyText);
    const p = await client.waitForDiagnostics(assemblyUri, () => true, 10000, since);
    assert.deepEqual(errors(p.diagnostics), [], describeDiags(p.diagnostics));
    assert.deepEqual(withCode(p.diagnostics, 'LM043'), [], 'every component type resolves in the workspace');
    assert.equal(p.version, 1);
  });

  test('a typo ${balancer.publicIP} gives LM032 exactly on `publicIP`', T, async () => {
    const typo = assemblyText.replace('${balancer.publicIp}', '${balancer.publicIP}');
    assert.notEqual(typo, assemblyText);
    const since = client.mark();
    client.change(assemblyUri, typo);
    const p = await client.waitForDiagnostics(assemblyUri, (ds) => withCode(ds, 'LM032').length > 0, 10000, since);
    const lm032 = withCode(p.diagnostics, 'LM032');
    assert.equal(lm032.length, 1, describeDiags(p.diagnostics));
    assert.deepEqual(lm032[0]!.range, rangeIn(typo, '${balancer.publicIP}', 'publicIP'));
    // An unknown member of a known descriptor is a warning (the descriptor may be newer in the catalog).
    assert.equal(lm032[0]!.severity, DiagnosticSeverity.Warning);
    assert.match(lm032[0]!.message, /publicIp/, 'suggests the right name');
    assert.equal(lm032[0]!.source, 'lm-descriptors');
    // Back to the valid text: the error goes away.
    const since2 = client.mark();
    client.change(assemblyUri, assemblyText);
    const p2 = await client.waitForDiagnostics(assemblyUri, () => true, 10000, since2);
    assert.deepEqual(withCode(p2.diagnostics, 'LM032'), []);
  });

  test('definition of ${balancer.publicIp} jumps to `publicIp` in the balancer resource', T, async () => {
    const resText = ws.read(BALANCER);
    const pos = positionOf(assemblyText, '${balancer.publicIp}', '${balancer.'.length + 3);
    const links = await client.definition(assemblyUri, pos);
    assert.equal(links.length, 1, JSON.stringify(links));
    const l = links[0]!;
    assert.equal(uriToPath(l.targetUri), ws.file(BALANCER));
    const keyPos = positionOf(resText, '\n  publicIp:', 3);
    assert.equal(keyPos.line, 36);
    assert.equal(l.targetSelectionRange.start.line, keyPos.line);
    assert.equal(l.targetSelectionRange.start.character, 2);
    assert.equal(l.targetSelectionRange.end.character, 2 + 'publicIp'.length);
    assert.ok(
      l.targetRange.start.line <= keyPos.line && l.targetRange.end.line >= keyPos.line + 3,
      `target range covers the declaration: ${JSON.stringify(l.targetRange)}`,
    );
    assert.deepEqual(l.originSelectionRange, rangeIn(assemblyText, '${balancer.publicIp}', 'publicIp'));
  });

  test('completion after `${balancer.` offers the balancer properties from the other file', T, async () => {
    const pos = positionOf(assemblyText, '${balancer.publicIp}', '${balancer.'.length);
    const items = await client.completion(assemblyUri, pos);
    const labels = items.map((i) => i.label);
    for (const l of ['publicIp', 'privateIp', 'http_port', 'backend_pool_size'])
      assert.ok(labels.includes(l), `${l} in ${labels.join(',')}`);
    // Properties of the assembly itself or of other components are not members of balancer.
    for (const l of ['numOfStreamers', 'stream_port', 'network_name'])
      assert.ok(!labels.includes(l), `${l} must not be offered: ${labels.join(',')}`);
  });

  test('hover on component types shows the descriptor description', T, async () => {
    // A literal descriptor name...
    const h1 = await client.hover(
      assemblyUri,
      positionOf(assemblyText, 'resource::streamer-streamer-cluster::1.0', 12),
    );
    assert.match(hoverText(h1), /Video streaming server/);
    assert.match(hoverText(h1), /streamer\/Definitions\/lm\/resource\.yaml/);
    // ...and an lmctl path.
    const h2 = await client.hover(
      assemblyUri,
      positionOf(assemblyText, '$lmctl:/contains:/balancer:/descriptor_name', 20),
    );
    assert.match(hoverText(h2), /HTTP load balancer for the video cluster/);
  });

  test('an edit in an open resource re-diagnoses the open assembly', T, async () => {
    const resUri = fileUri(ws.file(BALANCER));
    const resText = ws.read(BALANCER);
    client.open(resUri, resText);
    await client.waitForDiagnostics(resUri, () => true, 10000);
    await client.waitForDiagnostics(assemblyUri, (ds) => withCode(ds, 'LM032').length === 0, 10000);
    const renamed = resText.replace('\n  publicIp:', '\n  publicAddress:');
    assert.notEqual(renamed, resText);
    const since = client.mark();
    client.change(resUri, renamed);
    const p = await client.waitForDiagnostics(assemblyUri, (ds) => withCode(ds, 'LM032').length > 0, 10000, since);
    const lm032 = withCode(p.diagnostics, 'LM032');
    assert.equal(lm032.length, 1, describeDiags(p.diagnostics));
    assert.deepEqual(lm032[0]!.range, rangeIn(assemblyText, '${balancer.publicIp}', 'publicIp'));
    assert.match(lm032[0]!.message, /`publicIp` is not a property of balancer/);
    // Changing it back clears the error in the assembly.
    const since2 = client.mark();
    client.change(resUri, resText);
    const p2 = await client.waitForDiagnostics(assemblyUri, (ds) => withCode(ds, 'LM032').length === 0, 10000, since2);
    assert.deepEqual(errors(p2.diagnostics), [], describeDiags(p2.diagnostics));
    const sinceClose = client.mark();
    client.close(resUri);
    await client.waitForDiagnostics(resUri, (ds) => ds.length === 0, 10000, sinceClose);
    // Closing re-reads the file from disk and then re-checks the dependents: wait for that, so the
    // next test starts from a settled index.
    await client.waitForDiagnostics(assemblyUri, () => true, 10000, sinceClose);
  });

  test(
    'closing and at once re-opening an edited resource keeps the editor text in the index',
    { timeout: 30000 },
    async () => {
      // VS Code does close+open when the language mode of a document changes (yaml <-> lm-descriptor).
      const resUri = fileUri(ws.file(BALANCER));
      const renamed = ws.read(BALANCER).replace('\n  publicIp:', '\n  publicAddress:');
      client.open(resUri, renamed);
      await client.waitForDiagnostics(assemblyUri, (ds) => withCode(ds, 'LM032').length > 0, 10000);
      try {
        const since = client.mark();
        client.close(resUri);
        client.open(resUri, renamed);
        await client.waitForDiagnostics(resUri, () => true, 10000, since);
        const p = await client.waitForDiagnostics(assemblyUri, () => true, 10000, since);
        // The editor text has no `publicIp`, whatever the disk says.
        assert.equal(withCode(p.diagnostics, 'LM032').length, 1, describeDiags(p.diagnostics));
        const links = await client.definition(assemblyUri, positionOf(assemblyText, '${balancer.publicIp}', 13));
        assert.deepEqual(
          links,
          [],
          `no definition for a member the open resource does not declare: ${JSON.stringify(links)}`,
        );
      } finally {
        const since = client.mark();
        client.close(resUri);
        await client.waitForDiagnostics(resUri, (ds) => ds.length === 0, 10000, since);
        await client.waitForDiagnostics(assemblyUri, (ds) => withCode(ds, 'LM032').length === 0, 10000, since);
      }
    },
  );

  test('closing a document clears its diagnostics', T, async () => {
    const typo = assemblyText.replace('${deploymentLocation}', '${deploymentLocaton}');
    const since = client.mark();
    client.change(assemblyUri, typo);
    await client.waitForDiagnostics(assemblyUri, (ds) => withCode(ds, 'LM031').length > 0, 10000, since);
    const since2 = client.mark();
    client.close(assemblyUri);
    const p = await client.waitForDiagnostics(assemblyUri, () => true, 10000, since2);
    assert.deepEqual(p.diagnostics, []);
    // And nothing re-publishes the stale errors afterwards (the debounce timer was cancelled):
    // a round trip through the server orders any late publication before this answer.
    await client.request('textDocument/hover', {
      textDocument: { uri: assemblyUri },
      position: { line: 0, character: 0 },
    });
    assert.deepEqual(client.latestDiagnostics(assemblyUri)!.diagnostics, []);
  });

  test('the server is still alive and logged no uncaught errors', T, () => {
    assert.ok(client.alive);
    const bad = client.logs.filter((l) => /uncaught|unhandled rejection|failed/i.test(l));
    assert.deepEqual(bad, []);
  });
});

describe('language server over stdio: watched file events', () => {
  let ws: TempWorkspace;
  let client: LspClient;
  let assemblyText: string;
  let assemblyUri: string;

  before(async () => {
    ws = tempWorkspace('proto-watch');
    assemblyText = ws.read(ASSEMBLY);
    assemblyUri = fileUri(ws.file(ASSEMBLY));
    client = new LspClient();
    await client.initialize(ws.dir, OPTS);
    await client.waitForStatus('ready', 20000);
    client.open(assemblyUri, assemblyText);
    await client.waitForDiagnostics(assemblyUri, () => true, 10000);
  }, HOOK);

  after(async () => {
    await client?.shutdown();
    ws?.cleanup();
  }, HOOK);

  test('a resource rewritten on disk + Changed event re-diagnoses the open assembly', T, async () => {
    assert.deepEqual(withCode(client.latestDiagnostics(assemblyUri)!.diagnostics, 'LM032'), []);
    const resText = ws.read(BALANCER);
    ws.write(BALANCER, resText.replace('\n  publicIp:', '\n  publicAddress:'));
    const since = client.mark();
    client.watchedFilesChanged([{ uri: fileUri(ws.file(BALANCER)), type: FileChange.Changed }]);
    const p = await client.waitForDiagnostics(assemblyUri, (ds) => withCode(ds, 'LM032').length > 0, 10000, since);
    assert.deepEqual(
      withCode(p.diagnostics, 'LM032')[0]!.range,
      rangeIn(assemblyText, '${balancer.publicIp}', 'publicIp'),
    );
    // Restore on disk: the error clears.
    ws.write(BALANCER, resText);
    const since2 = client.mark();
    client.watchedFilesChanged([{ uri: fileUri(ws.file(BALANCER)), type: FileChange.Changed }]);
    const p2 = await client.waitForDiagnostics(assemblyUri, (ds) => withCode(ds, 'LM032').length === 0, 10000, since2);
    assert.deepEqual(errors(p2.diagnostics), [], describeDiags(p2.diagnostics));
  });

  test(
    'a resource deleted on disk + Deleted event makes its component type "not in this workspace" (LM043)',
    T,
    async () => {
      assert.deepEqual(withCode(client.latestDiagnostics(assemblyUri)!.diagnostics, 'LM043'), []);
      const saved = ws.read(STREAMER);
      ws.remove(STREAMER);
      const since = client.mark();
      client.watchedFilesChanged([{ uri: fileUri(ws.file(STREAMER)), type: FileChange.Deleted }]);
      const p = await client.waitForDiagnostics(assemblyUri, (ds) => withCode(ds, 'LM043').length > 0, 10000, since);
      const lm043 = withCode(p.diagnostics, 'LM043');
      assert.equal(lm043.length, 1, describeDiags(p.diagnostics));
      assert.equal(lm043[0]!.severity, DiagnosticSeverity.Information);
      assert.deepEqual(
        lm043[0]!.range,
        rangeIn(assemblyText, 'resource::streamer-streamer-cluster::1.0', 'resource::streamer-streamer-cluster::1.0'),
      );
      assert.match(lm043[0]!.message, /not in this workspace/);
      // Created again: the type resolves again.
      ws.write(STREAMER, saved);
      const since2 = client.mark();
      client.watchedFilesChanged([{ uri: fileUri(ws.file(STREAMER)), type: FileChange.Created }]);
      await client.waitForDiagnostics(assemblyUri, (ds) => withCode(ds, 'LM043').length === 0, 10000, since2);
    },
  );

  test('a deleted $lmctl-typed resource leaves its members unchecked but does not break the assembly', T, async () => {
    ws.remove(BALANCER);
    const since = client.mark();
    client.watchedFilesChanged([{ uri: fileUri(ws.file(BALANCER)), type: FileChange.Deleted }]);
    const p = await client.waitForDiagnostics(assemblyUri, () => true, 10000, since);
    // `${balancer.publicIp}` can no longer be checked, so it must not be reported as a typo.
    assert.deepEqual(withCode(p.diagnostics, 'LM032'), [], describeDiags(p.diagnostics));
    const h = await client.hover(
      assemblyUri,
      positionOf(assemblyText, '$lmctl:/contains:/balancer:/descriptor_name', 20),
    );
    assert.doesNotMatch(hoverText(h), /HTTP load balancer/, 'the deleted descriptor is gone from the index');
  });
});

describe('language server over stdio: requests while the index is being built', () => {
  let ws: TempWorkspace;
  let client: LspClient;
  const FILLERS = 3000;

  before(() => {
    ws = tempWorkspace('proto-busy');
    writeFillers(ws, FILLERS);
  }, HOOK);

  after(async () => {
    await client?.shutdown();
    ws?.cleanup();
  }, HOOK);

  // Up to three sessions (see the mid-build hover below).
  test('hover and completion answer right after `initialized`, before `ready`', { timeout: 90000 }, async () => {
    client = new LspClient();
    await client.initialize(ws.dir, OPTS);
    const text = ws.read(ASSEMBLY);
    const uri = fileUri(ws.file(ASSEMBLY));
    client.open(uri, text);
    const t0 = Date.now();
    const h = await client.hover(uri, positionOf(text, '${deploymentLocation}', 4), 10000);
    const hoverMs = Date.now() - t0;
    const items = await client.completion(uri, positionOf(text, '${deploymentLocation}', 2), 10000);
    const bothMs = Date.now() - t0;
    const readyAtAnswer = client.statuses.some((s) => s.state === 'ready');
    assert.match(hoverText(h), /Placement target/, 'hover on a local property works without the index');
    assert.ok(
      items.some((i) => i.label === 'deploymentLocation'),
      items.map((i) => i.label).join(','),
    );
    assert.equal(
      readyAtAnswer,
      false,
      `answers (${hoverMs} / ${bothMs} ms) came before the index was ready (the workspace must be big enough)`,
    );
    // Mid-build: once a progress report says the build is under way, a request still answers
    // before the build completes. Asked only while the last report shows at most half of the files
    // indexed: a request sent in the build's last slice is answered after it by any server. On a
    // loaded machine the reports this client has read can lag far behind the server (the clean-clone
    // runs of 2026-11-28 saw `ready` first twice), so a late answer is asked again of fresh sessions,
    // and one of three must answer mid-build.
    const st = await client.waitForStatus('indexing', 20000);
    assert.equal(st.total, countYamlFiles(ws.dir), JSON.stringify(st));
    assert.ok(st.total > FILLERS);
    let midBuild = await hoverMidBuild(client, uri, text);
    // Cross-file rules are held back until the index is complete, then the document is re-checked
    // with everything resolved: no false LM043 "not in this workspace" for not-yet-indexed files.
    const ready = await client.waitForStatus('ready', 25000);
    assert.equal(ready.descriptors, FILLERS + 6);
    for (const p of client.diagnosticsFor(uri))
      assert.deepEqual(errors(p.diagnostics), [], describeDiags(p.diagnostics));
    const after = await client.waitForDiagnostics(uri, () => true, 10000, ready.seq);
    assert.deepEqual(errors(after.diagnostics), [], describeDiags(after.diagnostics));
    assert.deepEqual(withCode(after.diagnostics, 'LM043'), []);
    for (let attempt = 0; midBuild === 'late' && attempt < 2; attempt++) {
      const fresh = new LspClient();
      try {
        await fresh.initialize(ws.dir, OPTS);
        fresh.open(uri, text);
        await fresh.waitForStatus('indexing', 20000);
        midBuild = await hoverMidBuild(fresh, uri, text);
      } finally {
        await fresh.shutdown();
      }
    }
    assert.notEqual(midBuild, 'late', 'a hover asked in the first half of the build was answered after it');
  });
});

/**
 * A hover asked while the last progress report `client` read shows at most half of the files indexed:
 * `answered` before `ready`, `late` after it, `not asked` when the report showed more.
 */
async function hoverMidBuild(client: LspClient, uri: string, text: string): Promise<'answered' | 'late' | 'not asked'> {
  const last = client.statuses[client.statuses.length - 1];
  if (last?.state !== 'indexing' || last.done * 2 > last.total) return 'not asked';
  const h = await client.hover(uri, positionOf(text, '${deploymentLocation}', 4), 2000);
  assert.match(hoverText(h), /Placement target/);
  return client.statuses.some((s) => s.state === 'ready') ? 'late' : 'answered';
}
