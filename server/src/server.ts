/**
 * Process entry point of `dist/server.js`. The transport comes from the command line, as
 * vscode-languageserver reads it: `--stdio` for any editor, `--node-ipc` for the VS Code client.
 */
import { createGuardedConnection } from './lsp/guards.js';
import { startServer } from './lsp/server.js';

// Malformed client messages are stopped at the edge (lsp/guards.ts) before any handler sees them.
const connection = createGuardedConnection();
process.on('uncaughtException', (e) => connection.console.error(`[lm-descriptors] uncaught: ${e.stack ?? e.message}`));
process.on('unhandledRejection', (e) => connection.console.error(`[lm-descriptors] unhandled rejection: ${String(e)}`));
startServer(connection);
