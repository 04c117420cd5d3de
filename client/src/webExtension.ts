/**
 * The web client (vscode.dev, github.dev; the package.json `browser` entry): starts
 * dist/web/server.js in a web worker and answers the server's three file requests with
 * `vscode.workspace.fs`, for the workspace's files of any scheme (`vscode-vfs:`, `memfs:`, …).
 * What both clients share is in clientCore.ts.
 */
import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/browser';
import { NORMATIVE_SCHEME } from '../../server/src/protocol.js';
import { activateWith, deactivateClient } from './clientCore.js';
import { registerFileRequests } from './fileRequests.js';

/** The web extension host's Worker (the client's types are Node's, which lack it). */
type ServerWorker = ConstructorParameters<typeof LanguageClient>[3];
const WebWorker = (globalThis as unknown as { Worker: new (url: string) => ServerWorker }).Worker;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  await activateWith(context, {
    // Every scheme: in the browser workspace files are `vscode-vfs:`, `memfs:`, `file:` (a local folder)…
    documentSelector: [
      { language: 'yaml' },
      { language: 'json', pattern: '**/Behaviour/{Configurations,Templates,Tests,Runtime}/**/*.json' },
      { scheme: NORMATIVE_SCHEME, language: 'yaml' },
    ],
    initializationOptions: () => ({}),
    create: (context, options) => {
      const serverMain = vscode.Uri.joinPath(context.extensionUri, 'dist', 'web', 'server.js');
      const worker = new WebWorker(serverMain.toString(true));
      const client = new LanguageClient('lmDescriptors', 'LM Descriptors & TOSCA', options, worker);
      registerFileRequests(client);
      return client;
    },
  });
}

export function deactivate(): Promise<void> {
  return deactivateClient();
}
