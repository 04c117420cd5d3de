/**
 * The protocol edge's checks (server/src/lsp/guards.ts), in process: the messages real clients
 * send (VS Code, Neovim, Vim's LSP channel, the shapes the specification allows) all pass, so no
 * well-formed message is ever dropped; and every guarded method has a malformed case it refuses.
 * The abuse suite (test/badinput/abuse.test.ts) sends the malformed ones over stdio.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NOTIFICATION_CHECKS, REQUEST_CHECKS } from '../../server/src/lsp/guards.js';

const uri = 'file:///ws/Descriptor/assembly.yml';
const td = { uri };
const pos = { line: 3, character: 7 };
const range = { start: { line: 0, character: 0 }, end: { line: 2, character: 4 } };

const VALID_NOTIFICATIONS: [string, unknown][] = [
  ['textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 0, text: '' } }],
  ['textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 42, text: 'name: x\n' } }],
  ['textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: 'name: y\n' }] }],
  ['textDocument/didChange', { textDocument: { uri, version: 3 }, contentChanges: [] }],
  [
    'textDocument/didChange',
    {
      textDocument: { uri, version: 4 },
      contentChanges: [
        { range, rangeLength: 10, text: '' },
        { range, text: 'a' },
      ],
    },
  ],
  ['textDocument/didClose', { textDocument: td }],
  ['textDocument/didSave', { textDocument: td }],
  ['textDocument/didSave', { textDocument: td, text: 'name: x\n' }],
  ['textDocument/willSave', { textDocument: td, reason: 1 }],
  ['workspace/didChangeWatchedFiles', { changes: [] }],
  [
    'workspace/didChangeWatchedFiles',
    {
      changes: [
        { uri, type: 1 },
        { uri, type: 2 },
        { uri, type: 3 },
      ],
    },
  ],
  ['workspace/didChangeConfiguration', { settings: null }],
  ['workspace/didChangeConfiguration', { settings: { lmDescriptors: { diagnostics: {} } } }],
  ['workspace/didChangeWorkspaceFolders', { event: { added: [{ uri: 'file:///ws', name: 'ws' }], removed: [] } }],
  ['$/setTrace', { value: 'verbose' }],
  ['window/workDoneProgress/cancel', { token: 'index-1' }],
  ['window/workDoneProgress/cancel', { token: 7 }],
];

const VALID_REQUESTS: [string, unknown][] = [
  ['initialize', { processId: null, rootUri: null, capabilities: {} }],
  ['initialize', { processId: 1, rootUri: 'file:///ws', capabilities: { workspace: {} }, workspaceFolders: null }],
  ['textDocument/hover', { textDocument: td, position: pos }],
  ['textDocument/hover', { textDocument: td, position: pos, workDoneToken: 'w' }],
  ['textDocument/completion', { textDocument: td, position: pos, context: { triggerKind: 2, triggerCharacter: '.' } }],
  ['textDocument/definition', { textDocument: td, position: pos, partialResultToken: 1 }],
  ['textDocument/documentHighlight', { textDocument: td, position: pos }],
  ['textDocument/prepareRename', { textDocument: td, position: pos }],
  ['textDocument/references', { textDocument: td, position: pos, context: { includeDeclaration: true } }],
  ['textDocument/rename', { textDocument: td, position: pos, newName: 'floatingIp' }],
  ['textDocument/codeAction', { textDocument: td, range, context: { diagnostics: [] } }],
  ['textDocument/documentSymbol', { textDocument: td }],
  ['textDocument/documentLink', { textDocument: td }],
  ['textDocument/codeLens', { textDocument: td }],
  ['textDocument/foldingRange', { textDocument: td }],
  ['textDocument/semanticTokens/full', { textDocument: td }],
  ['textDocument/diagnostic', { textDocument: td, previousResultId: 'x' }],
  ['textDocument/selectionRange', { textDocument: td, positions: [pos, { line: 0, character: 0 }] }],
  ['workspace/symbol', { query: '' }],
  ['workspace/diagnostic', { previousResultIds: [{ uri, value: 'r1' }] }],
  ['workspace/diagnostic', { identifier: 'lm-descriptors', previousResultIds: [] }],
  ['codeLens/resolve', { range, data: { uri, at: 5, format: 'references' } }],
  ['workspaceSymbol/resolve', { name: 'balancer', kind: 5, location: { uri } }],
];

/** One malformed case for each guarded method, beyond the null / array / absent params all refuse. */
const MALFORMED: Record<string, unknown> = {
  'textDocument/didOpen': { textDocument: { uri, languageId: 'yaml', version: 1.5, text: '' } },
  'textDocument/didChange': {
    textDocument: { uri, version: 2 },
    contentChanges: [{ range: { start: pos }, text: '' }],
  },
  'textDocument/didClose': { textDocument: {} },
  'textDocument/didSave': { textDocument: td, text: null },
  'textDocument/willSave': { textDocument: td, reason: 'manual' },
  'workspace/didChangeWatchedFiles': { changes: [{ uri, type: 4 }] },
  'workspace/didChangeConfiguration': 'lmDescriptors',
  'workspace/didChangeWorkspaceFolders': { event: { added: [{ name: 'ws' }], removed: [] } },
  '$/setTrace': { value: 'loud' },
  'window/workDoneProgress/cancel': { token: null },
  initialize: { capabilities: 'all' },
  'textDocument/hover': { textDocument: td, position: { line: 1, character: -1 } },
  'textDocument/completion': { textDocument: td, position: { line: 1 } },
  'textDocument/definition': { textDocument: { uri: null }, position: pos },
  'textDocument/documentHighlight': { position: pos },
  'textDocument/prepareRename': { textDocument: td, position: [3, 7] },
  'textDocument/references': { textDocument: td, position: { line: '3', character: 7 } },
  'textDocument/rename': { textDocument: td, position: pos },
  'textDocument/codeAction': { textDocument: td, range: { start: pos } },
  'textDocument/documentSymbol': { textDocument: uri },
  'textDocument/documentLink': {},
  'textDocument/codeLens': { textDocument: null },
  'textDocument/foldingRange': { textDocument: { uri: 1 } },
  'textDocument/semanticTokens/full': { textDocument: [] },
  'textDocument/diagnostic': { uri },
  'textDocument/selectionRange': { textDocument: td, positions: [pos, null] },
  'workspace/symbol': {},
  'workspace/diagnostic': { previousResultIds: {} },
  'codeLens/resolve': { data: {} },
  'workspaceSymbol/resolve': 'balancer',
};

test('the messages real clients send pass the protocol edge', () => {
  const refused = [
    ...VALID_NOTIFICATIONS.map(([m, p]) => [m, p, NOTIFICATION_CHECKS[m]?.(p)] as const),
    ...VALID_REQUESTS.map(([m, p]) => [m, p, REQUEST_CHECKS[m]?.(p)] as const),
  ].filter(([, , problem]) => problem !== undefined);
  assert.deepEqual(refused, []);
});

test('every guarded method refuses null, array and absent params and one malformed case of its own', () => {
  const methods = [...Object.keys(NOTIFICATION_CHECKS), ...Object.keys(REQUEST_CHECKS)];
  assert.deepEqual(methods.filter((m) => !(m in MALFORMED)).sort(), []);
  for (const m of methods) {
    const check = NOTIFICATION_CHECKS[m] ?? REQUEST_CHECKS[m]!;
    for (const p of [null, undefined, [], [{ textDocument: td }], MALFORMED[m]]) {
      const problem = check(p);
      assert.ok(problem, `${m} accepted ${JSON.stringify(p)}`);
      assert.doesNotMatch(problem, /undefined|\[object/, `${m}: ${problem}`);
    }
  }
});
