/**
 * Process entry point of `dist/server.js`. The transport comes from the command line, as
 * vscode-languageserver reads it: `--stdio` for any editor, `--node-ipc` for the VS Code client.
 */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './lsp/server.js';

const connection = createConnection(ProposedFeatures.all);
process.on('uncaughtException', (e) => connection.console.error(`[lm-descriptors] uncaught: ${e.stack ?? e.message}`));
process.on('unhandledRejection', (e) => connection.console.error(`[lm-descriptors] unhandled rejection: ${String(e)}`));
startServer(connection);
