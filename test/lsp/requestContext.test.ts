/**
 * The RequestContext on its own: built once per request by one function, with the protocol's
 * errors for a client's mistakes (before `initialize`, malformed params), the open document and
 * offset a request names, and `handler` turning a fault of ours into the fallback plus a log line.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver';
import { AnalysisSession } from '../../server/src/host/analysisSession.js';
import { nodeFileSystem } from '../../server/src/host/nodeFileSystem.js';
import { OpenDocuments } from '../../server/src/lsp/documents.js';
import { PackageDocuments } from '../../server/src/lsp/packageDocuments.js';
import { handler, requestContext, type ServerState } from '../../server/src/lsp/requestContext.js';
import { DEFAULT_SETTINGS } from '../../server/src/lsp/settings.js';

const URI = 'file:///nowhere/ws/Descriptor/assembly.yml';
const TEXT = 'name: assembly::demo::1.0\ndescription: a demo\nproperties:\n  size:\n    type: string\n';

/** Open documents fed through a stand-in for the connection's text sync notifications. */
function openDocuments(): { docs: OpenDocuments; open(uri: string, text: string): void } {
  const docs = new OpenDocuments();
  let onOpen: ((e: unknown) => void) | undefined;
  const none = () => ({ dispose() {} });
  docs.documents.listen({
    onDidOpenTextDocument: (h: (e: unknown) => void) => ((onOpen = h), none()),
    onDidChangeTextDocument: none,
    onDidCloseTextDocument: none,
    onWillSaveTextDocument: none,
    onWillSaveTextDocumentWaitUntil: none,
    onDidSaveTextDocument: none,
  } as never);
  return {
    docs,
    open: (uri, text) => onOpen!({ textDocument: { uri, languageId: 'yaml', version: 1, text } }),
  };
}

function state(initialized: boolean) {
  const { docs, open } = openDocuments();
  const session = new AnalysisSession(nodeFileSystem);
  const logged: string[] = [];
  const s: ServerState = {
    docs,
    packages: new PackageDocuments(docs, () => undefined, undefined),
    client: { triggerSuggest: undefined, snippetEdits: false, symbolResolve: true },
    initialized: () => initialized,
    session: () => session,
    settings: () => DEFAULT_SETTINGS,
    diagnosticOptions: () => ({}),
    logError: (what) => logged.push(what),
  };
  return { s, open, logged, session };
}

const errorCode = (f: () => unknown): number | undefined => {
  try {
    f();
  } catch (e) {
    return e instanceof ResponseError ? e.code : -1;
  }
  return undefined;
};

test('before initialize every request is answered ServerNotInitialized', () => {
  const { s } = state(false);
  assert.equal(
    errorCode(() => requestContext(s, { textDocument: { uri: URI } })),
    ErrorCodes.ServerNotInitialized,
  );
  const h = handler(s, 'hover', null, () => 'answered');
  assert.equal(
    errorCode(() => h({})),
    ErrorCodes.ServerNotInitialized,
  );
});

test('the context names the open document and the offset of the position; malformed params are InvalidParams', () => {
  const { s, open, session } = state(true);
  open(URI, TEXT);
  const token = { isCancellationRequested: false } as CancellationToken;
  const rc = requestContext(s, { textDocument: { uri: URI }, position: { line: 1, character: 3 } }, token);
  assert.equal(rc.session, session);
  assert.equal(rc.token, token);
  assert.equal(rc.client.symbolResolve, true);
  assert.equal(rc.documentUri(), URI);
  const at = rc.at();
  assert.ok(at);
  assert.equal(at.offset, TEXT.indexOf('description') + 3);
  assert.equal(at.ctx.doc.path, '/nowhere/ws/Descriptor/assembly.yml');
  assert.equal(rc.document()?.doc, at.ctx.doc, 'one model per text');
  assert.equal(rc.uriOf('/nowhere/ws/Descriptor/assembly.yml'), URI);
  assert.equal(rc.uriOf('/nowhere/ws/other.yaml'), 'file:///nowhere/ws/other.yaml');
  // A document the editor has not opened: no context, no error.
  const other = requestContext(s, {
    textDocument: { uri: 'file:///nowhere/x.yaml' },
    position: { line: 0, character: 0 },
  });
  assert.equal(other.at(), undefined);
  // Malformed: the protocol's InvalidParams, raised where the handler asks for the part it needs.
  const bad = requestContext(s, { textDocument: { uri: URI }, position: { line: -1 } });
  assert.equal(
    errorCode(() => bad.at()),
    ErrorCodes.InvalidParams,
  );
  assert.equal(
    errorCode(() => requestContext(s, {}).document()),
    ErrorCodes.InvalidParams,
  );
});

test('handler: a fault of ours is the fallback and one log line; protocol errors go to the client', () => {
  const { s, logged } = state(true);
  const faulty = handler(s, 'references', [] as string[], () => {
    throw new TypeError('a bug');
  });
  assert.deepEqual(faulty({}), []);
  assert.deepEqual(logged, ['references']);
  const refusing = handler(s, 'rename', null, () => {
    throw new ResponseError(ErrorCodes.InvalidRequest, 'cannot rename this');
  });
  assert.equal(
    errorCode(() => refusing({})),
    ErrorCodes.InvalidRequest,
  );
  assert.deepEqual(logged, ['references'], 'a protocol error is not logged as a fault');
  // The body gets the context and the params it was called with.
  const echo = handler(s, 'echo', '', (rc, p: { q: string }) => `${rc.settings.maxFileSizeMB}:${p.q}`);
  assert.equal(echo({ q: 'x' }), '4:x');
});
