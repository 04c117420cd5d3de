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

/** The web extension host's Worker, Blob and URL (the client's types are Node's, which lack them). */
type ServerWorker = ConstructorParameters<typeof LanguageClient>[2];
const web = globalThis as unknown as {
  Worker: new (url: string) => ServerWorker;
  Blob: new (parts: Uint8Array[], options: { type: string }) => object;
  URL: { createObjectURL(blob: object): string };
};

/**
 * The server's worker. On vscode.dev and github.dev the extension is served over https and the
 * worker loads from its URL; where the extension lives behind another scheme (an extension
 * installed on a remote server, `vscode-remote:`), the script is read through the editor and
 * started from a blob: URL.
 */
async function serverWorker(context: vscode.ExtensionContext): Promise<ServerWorker> {
  const main = vscode.Uri.joinPath(context.extensionUri, 'dist', 'web', 'server.js');
  if (main.scheme === 'http' || main.scheme === 'https') return withEvents(new web.Worker(main.toString(true)));
  const bytes = await vscode.workspace.fs.readFile(main);
  return withEvents(new web.Worker(web.URL.createObjectURL(new web.Blob([bytes], { type: 'text/javascript' }))));
}

interface HandlerWorker {
  postMessage(message: unknown): void;
  terminate(): void;
  onmessage: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

/**
 * VS Code's web extension host runs extensions in a worker whose nested workers are stand-ins
 * with `onmessage`/`onerror` but no `addEventListener`, which the language client's message
 * reader and writer use: give them one.
 */
function withEvents(worker: ServerWorker): ServerWorker {
  if (typeof (worker as { addEventListener?: unknown }).addEventListener === 'function') return worker;
  const w = worker as unknown as HandlerWorker;
  const listeners = { message: new Set<(ev: unknown) => void>(), error: new Set<(ev: unknown) => void>() };
  let onmessage: ((ev: unknown) => void) | null = null;
  w.onmessage = (ev) => {
    onmessage?.(ev);
    for (const l of listeners.message) l(ev);
  };
  w.onerror = (ev) => {
    for (const l of listeners.error) l(ev);
  };
  const adapter = {
    postMessage: (message: unknown) => w.postMessage(message),
    terminate: () => w.terminate(),
    get onmessage() {
      return onmessage;
    },
    set onmessage(fn: ((ev: unknown) => void) | null) {
      onmessage = fn;
    },
    addEventListener: (type: string, fn: (ev: unknown) => void) => {
      if (type === 'message' || type === 'error') listeners[type].add(fn);
    },
    removeEventListener: (type: string, fn: (ev: unknown) => void) => {
      if (type === 'message' || type === 'error') listeners[type].delete(fn);
    },
  };
  return adapter as unknown as ServerWorker;
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  await activateWith(context, {
    // Every scheme: in the browser workspace files are `vscode-vfs:`, `memfs:`, `file:` (a local folder)…
    documentSelector: [
      { language: 'yaml' },
      { language: 'json', pattern: '**/Behaviour/{Configurations,Templates,Tests,Runtime}/**/*.json' },
      { scheme: NORMATIVE_SCHEME, language: 'yaml' },
    ],
    initializationOptions: () => ({}),
    create: async (context, options) => {
      const client = new LanguageClient(
        'lmDescriptors',
        'LM Descriptors & TOSCA',
        await serverWorker(context),
        options,
      );
      registerFileRequests(client);
      return client;
    },
  });
}

export function deactivate(): Promise<void> {
  return deactivateClient();
}
