/**
 * Process entry point of `dist/server.js`: the Node host. The transport comes from the command
 * line, as vscode-languageserver reads it: `--stdio` for any editor, `--node-ipc` for the VS Code
 * client. lsp/ itself uses only the platform-neutral part of vscode-languageserver.
 */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { nodeHost } from './host/nodeHost.js';
import { protocolGuard } from './lsp/guards.js';
import { startServer } from './lsp/server.js';

// Malformed client messages are stopped at the edge (lsp/guards.ts) before any handler sees them.
const guard = protocolGuard();
const connection = createConnection(ProposedFeatures.all, { messageStrategy: guard.strategy });
guard.attach(connection);
process.on('uncaughtException', (e) => connection.console.error(`[lm-descriptors] uncaught: ${e.stack ?? e.message}`));
process.on('unhandledRejection', (e) => connection.console.error(`[lm-descriptors] unhandled rejection: ${String(e)}`));
startServer(connection, nodeHost);
