/**
 * The desktop VS Code client: starts dist/server.js over IPC (the Node host, the disk, the cache
 * in the extension's storage folder). What both clients share is in clientCore.ts.
 */
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { LanguageClient, TransportKind, type ServerOptions } from 'vscode-languageclient/node';
import { NORMATIVE_SCHEME } from '../../server/src/protocol.js';
import { activateWith, deactivateClient } from './clientCore.js';

/**
 * Node flags for the server. A warm start loads the whole index at once, and V8's heap heuristics then shrink the
 * old generation's first limit to what survived the load, so a full collection (20-70 ms) falls due just as the
 * first document opens. Sizing the old generation up front moves it out of that open: about 50 ms less server CPU
 * for the first open after a warm start, and no higher peak RSS over a session (docs/performance.md).
 */
const SERVER_NODE_FLAGS = ['--initial-old-space-size=128'];

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  await activateWith(context, {
    documentSelector: [
      { scheme: 'file', language: 'yaml' },
      { scheme: 'untitled', language: 'yaml' },
      // lmctl behaviour files: assembly configurations and scenarios the project pushes with its descriptors.
      { scheme: 'file', language: 'json', pattern: '**/Behaviour/{Configurations,Templates,Tests,Runtime}/**/*.json' },
      // Read-only views of TOSCA normative types: hover and definition work inside them too.
      { scheme: NORMATIVE_SCHEME, language: 'yaml' },
      // NFV packages (ETSI GS NFV-SOL 004): TOSCA.meta and the manifest.
      { scheme: 'file', language: 'tosca-meta' },
      { scheme: 'file', language: 'nfv-manifest' },
    ],
    initializationOptions: (context) => {
      const storage = context.storageUri ?? context.globalStorageUri;
      return { cacheDir: storage ? path.join(storage.fsPath, 'index-cache') : undefined };
    },
    create: (context, options) => {
      const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
      const serverOptions: ServerOptions = {
        run: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: SERVER_NODE_FLAGS } },
        debug: {
          module: serverModule,
          transport: TransportKind.ipc,
          options: { execArgv: [...SERVER_NODE_FLAGS, '--nolazy', '--inspect=6011'] },
        },
      };
      return new LanguageClient('lmDescriptors', 'LM Descriptors & TOSCA', serverOptions, options);
    },
  });
}

export function deactivate(): Promise<void> {
  return deactivateClient();
}
