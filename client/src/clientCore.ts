/**
 * What the two clients share (the desktop one, extension.ts, starting dist/server.js over IPC;
 * the web one, webExtension.ts, starting dist/web/server.js in a worker): the status bar showing
 * indexing progress, "Restart server", "Show output", "Show references", "Show deployment plan"
 * (planPanel.ts, a webview drawing what the server computes) and the read-only views of TOSCA
 * normative types. All language smarts live in the server.
 */
import * as vscode from 'vscode';
import type {
  BaseLanguageClient,
  DocumentSelector,
  LanguageClientOptions,
  Location as ProtocolLocation,
} from 'vscode-languageclient';

import {
  COMMANDS,
  NORMATIVE_SCHEME,
  NORMATIVE_SOURCE_REQUEST,
  PLAN_REQUEST,
  STATUS_NOTIFICATION,
  type NormativeSourceParams,
  type NormativeSourceResult,
  type PlanResult,
  type StatusParams,
} from '../../server/src/protocol.js';
import { registerPlanView } from './planPanel.js';
import { statusView } from './status.js';

/** How a client starts its server: the desktop one as a Node process, the web one as a worker. */
export interface ServerStarter {
  /** The documents the server sees, by URI scheme. */
  documentSelector: DocumentSelector;
  /** Extra initialization options (the desktop client's cache folder). */
  initializationOptions(context: vscode.ExtensionContext): Record<string, unknown>;
  /** A client for the options, not started yet. */
  create(
    context: vscode.ExtensionContext,
    options: LanguageClientOptions,
  ): BaseLanguageClient | Promise<BaseLanguageClient>;
}

let client: BaseLanguageClient | undefined;
let output: vscode.LogOutputChannel | undefined;
let status: vscode.StatusBarItem | undefined;

async function startClient(context: vscode.ExtensionContext, starter: ServerStarter): Promise<void> {
  const clientOptions: LanguageClientOptions = {
    // The server decides per file (path, content, modeline) whether it is a descriptor, so it
    // sees every YAML document; non-descriptors get no diagnostics and no completions.
    documentSelector: starter.documentSelector,
    // One file watcher: the server registers its own (workspace/didChangeWatchedFiles, dynamic
    // registration), so the client adds none; two watchers made every change event arrive twice.
    synchronize: { configurationSection: 'lmDescriptors' },
    initializationOptions: {
      ...starter.initializationOptions(context),
      // As JSON: a worker's postMessage clones, and the configuration object carries functions.
      settings: JSON.parse(JSON.stringify(vscode.workspace.getConfiguration('lmDescriptors'))) as unknown,
      // After `type: ` and other keys with value lists, the server asks to re-open completion with this.
      triggerSuggestCommand: 'editor.action.triggerSuggest',
    },
    outputChannel: output,
  };
  client = await starter.create(context, clientOptions);
  client.onNotification(STATUS_NOTIFICATION, (s: StatusParams) => {
    if (!status) return;
    const view = statusView(s);
    status.text = view.text;
    status.tooltip = view.tooltip;
    status.show();
  });
  await client.start();
}

export async function activateWith(context: vscode.ExtensionContext, starter: ServerStarter): Promise<void> {
  output = vscode.window.createOutputChannel('LM Descriptors', { log: true });
  status = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 10);
  status.command = COMMANDS.showOutput;
  status.text = '$(sync~spin) LM: starting';
  status.show();
  context.subscriptions.push(output, status);
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(NORMATIVE_SCHEME, {
      provideTextDocumentContent: async (uri) => {
        const text = client
          ? await client.sendRequest<NormativeSourceResult>(NORMATIVE_SOURCE_REQUEST, {
              uri: uri.toString(),
            } satisfies NormativeSourceParams)
          : null;
        return text ?? `# ${uri.path}: not a TOSCA normative type known to this version of the extension\n`;
      },
    }),
    vscode.commands.registerCommand(COMMANDS.restartServer, async () => {
      if (client) {
        await client.stop().catch((e: unknown) => output?.appendLine(`stop failed: ${String(e)}`));
        client = undefined;
      }
      await startClient(context, starter);
    }),
    vscode.commands.registerCommand(COMMANDS.showOutput, () => output?.show(true)),
    // Code lenses ("used by 3 assemblies") carry protocol locations: convert them and open the
    // editor's references view.
    vscode.commands.registerCommand(
      COMMANDS.showReferences,
      async (uri: string, position: { line: number; character: number }, locations: ProtocolLocation[]) => {
        if (!client) return;
        const c2p = client.protocol2CodeConverter;
        await vscode.commands.executeCommand(
          'editor.action.showReferences',
          vscode.Uri.parse(uri),
          c2p.asPosition(position),
          locations.map((l) => c2p.asLocation(l)),
        );
      },
    ),
  );
  registerPlanView(context, {
    request: (params) => client?.sendRequest<PlanResult | null>(PLAN_REQUEST, params),
    log: output,
  });
  try {
    await startClient(context, starter);
  } catch (e) {
    output.appendLine(
      `Failed to start the LM Descriptors server: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
    );
    void vscode.window.showErrorMessage(
      'LM Descriptors: the language server failed to start. See the output for details.',
    );
  }
}

export async function deactivateClient(): Promise<void> {
  if (client) await client.stop();
}
