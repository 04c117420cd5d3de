/**
 * Web-worker entry point of `dist/web/server.js` (vscode.dev, github.dev): the LSP connection over
 * the worker's messages and the browser host, which reads workspace files by asking the client
 * (host/browserHost.ts). Bundled as a classic worker script with no Node module and no Node global.
 */
import {
  BrowserMessageReader,
  BrowserMessageWriter,
  createConnection,
  ProposedFeatures,
} from 'vscode-languageserver/browser';
import { browserHost } from './host/browserHost.js';
import { protocolGuard } from './lsp/guards.js';
import { startServer } from './lsp/server.js';

// The worker's global scope, as the message reader and writer take it.
const scope = globalThis as unknown as ConstructorParameters<typeof BrowserMessageReader>[0];

const guard = protocolGuard();
const connection = createConnection(
  ProposedFeatures.all,
  new BrowserMessageReader(scope),
  new BrowserMessageWriter(scope),
  { messageStrategy: guard.strategy },
);
guard.attach(connection);
const host = browserHost(connection, {}, (msg) => connection.console.log(`[lm-descriptors] ${msg}`));
startServer(connection, host);
