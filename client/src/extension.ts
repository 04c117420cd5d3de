/**
 * The thin VS Code client: starts dist/server.js over IPC, shows indexing progress in the status
 * bar, and offers "Restart server", "Show output" and "Show deployment plan" (planPanel.ts, a
 * webview drawing what the server computes). All language smarts live in the server.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  LanguageClient,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
  type Location as ProtocolLocation,
} from 'vscode-languageclient/node';

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

let client: LanguageClient | undefined;
let output: vscode.LogOutputChannel | undefined;
let status: vscode.StatusBarItem | undefined;

async function startClient(context: vscode.ExtensionContext): Promise<void> {
  const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: {
      module: serverModule,
      transport: TransportKind.ipc,
      options: { execArgv: ['--nolazy', '--inspect=6011'] },
    },
  };
  const storage = context.storageUri ?? context.globalStorageUri;
  const clientOptions: LanguageClientOptions = {
    // The server decides per file (path, content, modeline) whether it is a descriptor, so it
    // sees every YAML document; non-descriptors get no diagnostics and no completions.
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
    synchronize: {
      configurationSection: 'lmDescriptors',
      fileEvents: vscode.workspace.createFileSystemWatcher(
        '**/{*.yml,*.yaml,*.tosca,Behaviour/**/*.json,.lm-descriptors.json}',
      ),
    },
    initializationOptions: {
      cacheDir: storage ? path.join(storage.fsPath, 'index-cache') : undefined,
      settings: vscode.workspace.getConfiguration('lmDescriptors'),
      // After `type: ` and other keys with value lists, the server asks to re-open completion with this.
      triggerSuggestCommand: 'editor.action.triggerSuggest',
    },
    outputChannel: output,
  };
  client = new LanguageClient('lmDescriptors', 'LM Descriptors & TOSCA', serverOptions, clientOptions);
  client.onNotification(STATUS_NOTIFICATION, (s: StatusParams) => {
    if (!status) return;
    const view = statusView(s);
    status.text = view.text;
    status.tooltip = view.tooltip;
    status.show();
  });
  await client.start();
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
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
      await startClient(context);
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
    await startClient(context);
  } catch (e) {
    output.appendLine(
      `Failed to start the LM Descriptors server: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
    );
    void vscode.window.showErrorMessage(
      'LM Descriptors: the language server failed to start. See the output for details.',
    );
  }
}

export async function deactivate(): Promise<void> {
  if (client) await client.stop();
}
