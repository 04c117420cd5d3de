/**
 * "Show deployment plan": one webview panel beside the editor that draws the plan the server
 * computes (PLAN_REQUEST) for a TOSCA topology template or an LM assembly. The panel follows the
 * file as it is edited (and when its diagnostics refresh, which is when files it depends on changed)
 * and follows the active editor to other descriptors. The webview is untrusted: it gets a strict
 * content security policy, may load only the extension's dist/ and workspace files, and asks for
 * reveals by id, which are looked up in the plan the extension sent.
 */
import * as vscode from 'vscode';

import {
  COMMANDS,
  type PlanKind,
  type PlanParams,
  type PlanRange,
  type PlanResult,
} from '../../server/src/protocol.js';
import { isPlanKind, parseFromWebview, type FromWebview, type ToWebview } from './planMessages.js';
import { resolveIcons } from './planIcons.js';

/** What the panel needs from the language client. */
export interface PlanHost {
  /** Sends PLAN_REQUEST; undefined while no server runs. */
  request(params: PlanParams): Promise<PlanResult | null> | undefined;
  log: vscode.LogOutputChannel;
}

/** Web Crypto: the same in the desktop and the web extension host (the pinned Node types lack the global). */
const webCrypto = () =>
  (globalThis as unknown as { crypto: { getRandomValues<T extends Uint8Array>(array: T): T } }).crypto;

const VIEW_TYPE = 'lmDescriptors.plan';
/** Edits and diagnostics refreshes within this delay make one request. */
const FOLLOW_DEBOUNCE_MS = 300;

interface Target {
  uri: vscode.Uri;
  kind: PlanKind;
  node?: string;
}

export function registerPlanView(context: vscode.ExtensionContext, host: PlanHost): void {
  const view = new PlanView(context.extensionUri, host);
  context.subscriptions.push(
    view,
    vscode.commands.registerCommand(COMMANDS.showPlan, (uri?: unknown, kind?: unknown, node?: unknown) =>
      view.show(uri, kind, node),
    ),
  );
}

class PlanView implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private target: Target | undefined;
  /** The column of the editor the plan belongs to: reveals go there, not into the panel's column. */
  private sourceColumn: vscode.ViewColumn | undefined;
  private plan: PlanResult | undefined;
  private lastMessage: ToWebview | undefined;
  private seq = 0;
  private requestMs = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When the command created the panel, until its first drawing is logged. */
  private openedAt: number | undefined;
  /** A refresh was due while the panel was hidden. */
  private stale = false;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly host: PlanHost,
  ) {
    this.disposables.push(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length > 0 && this.isTarget(e.document.uri)) this.schedule();
      }),
      vscode.languages.onDidChangeDiagnostics((e) => {
        if (e.uris.some((u) => this.isTarget(u))) this.schedule();
      }),
      vscode.window.onDidChangeActiveTextEditor((editor) => void this.follow(editor)),
      vscode.workspace.onDidChangeWorkspaceFolders(() => {
        if (this.panel) this.panel.webview.options = this.webviewOptions();
      }),
    );
  }

  /** The command: arguments `[uri?, kind?, node?]`; the uri may be a protocol string (code lenses) or a Uri. */
  async show(uriArg: unknown, kindArg: unknown, nodeArg: unknown): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    let uri: vscode.Uri | undefined;
    if (typeof uriArg === 'string' && uriArg.length > 0) uri = vscode.Uri.parse(uriArg, true);
    else if (uriArg instanceof vscode.Uri) uri = uriArg;
    else uri = editor?.document.uri;
    if (!uri) {
      void vscode.window.showInformationMessage(
        'Show deployment plan: open a TOSCA service template or an LM assembly descriptor first.',
      );
      return;
    }
    const kind = isPlanKind(kindArg) ? kindArg : 'build';
    this.target = { uri, kind, ...(typeof nodeArg === 'string' ? { node: nodeArg } : {}) };
    this.sourceColumn = this.columnOf(uri) ?? editor?.viewColumn ?? vscode.ViewColumn.One;
    if (this.panel) {
      this.panel.reveal(undefined, true);
    } else {
      this.openedAt = performance.now();
      this.panel = vscode.window.createWebviewPanel(
        VIEW_TYPE,
        'Deployment plan',
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        this.webviewOptions(),
      );
      this.panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'images', 'icon.png');
      this.panel.webview.html = this.html(this.panel.webview);
      this.panel.webview.onDidReceiveMessage((m: unknown) => void this.onMessage(m));
      this.panel.onDidChangeViewState(() => {
        if (this.panel?.visible && this.stale) this.schedule(0);
      });
      this.panel.onDidDispose(() => {
        this.panel = undefined;
        this.plan = undefined;
        this.lastMessage = undefined;
        clearTimeout(this.timer);
      });
    }
    await this.refresh(true);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.panel?.dispose();
    for (const d of this.disposables) d.dispose();
  }

  private webviewOptions(): vscode.WebviewOptions & vscode.WebviewPanelOptions {
    return {
      enableScripts: true,
      enableCommandUris: false,
      // The bundle and its stylesheet, and workspace files for template icons; nothing else.
      localResourceRoots: [
        vscode.Uri.joinPath(this.extensionUri, 'dist'),
        ...(vscode.workspace.workspaceFolders ?? []).map((f) => f.uri),
      ],
      retainContextWhenHidden: false,
    };
  }

  private html(webview: vscode.Webview): string {
    const bytes = webCrypto().getRandomValues(new Uint8Array(16));
    const nonce = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    const asset = (name: string) => webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'dist', name));
    const csp = [
      "default-src 'none'",
      `img-src ${webview.cspSource} data:`,
      `style-src ${webview.cspSource}`,
      `font-src ${webview.cspSource}`,
      `script-src 'nonce-${nonce}'`,
      // The layout worker, started from a blob: URL the page script makes of its own bundled code.
      'worker-src blob:',
    ].join('; ');
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${asset('plan.css').toString()}">
<title>Deployment plan</title>
</head>
<body>
<div id="app" data-state="loading"><p class="placeholder">Computing the deployment plan…</p></div>
<script nonce="${nonce}" src="${asset('plan.js').toString()}"></script>
</body>
</html>`;
  }

  private isTarget(uri: vscode.Uri): boolean {
    return this.panel !== undefined && this.target !== undefined && uri.toString() === this.target.uri.toString();
  }

  private columnOf(uri: vscode.Uri): vscode.ViewColumn | undefined {
    return vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString())?.viewColumn;
  }

  private schedule(delay = FOLLOW_DEBOUNCE_MS): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(false), delay);
  }

  /**
   * The active editor changed: another YAML file the server has a plan for takes over the panel;
   * anything else (output, settings, a resource descriptor, an Ansible playbook) keeps the last plan.
   */
  private async follow(editor: vscode.TextEditor | undefined): Promise<void> {
    if (!this.panel || !editor || !this.target) return;
    const doc = editor.document;
    if (doc.uri.toString() === this.target.uri.toString()) {
      this.sourceColumn = editor.viewColumn ?? this.sourceColumn;
      return;
    }
    if (doc.languageId !== 'yaml') return;
    // A scale-out node belongs to one topology: another file starts with its build plan.
    const kind = this.target.kind === 'scaleOut' ? 'build' : this.target.kind;
    const candidate: Target = { uri: doc.uri, kind };
    const result = await this.fetch(candidate);
    if (!result || !result.plan || result.plan.problem !== undefined || result.plan.nodes.length === 0) return;
    if (this.target.uri.toString() === doc.uri.toString() || vscode.window.activeTextEditor?.document !== doc) return;
    this.target = candidate;
    this.sourceColumn = editor.viewColumn ?? this.sourceColumn;
    this.post(result.plan, result.ms);
  }

  private async fetch(target: Target): Promise<{ plan: PlanResult | null; ms: number } | undefined> {
    const params: PlanParams = { uri: target.uri.toString(), kind: target.kind };
    if (target.node !== undefined) params.node = target.node;
    const t0 = performance.now();
    const pending = this.host.request(params);
    if (!pending) return undefined;
    const plan = await pending;
    return { plan, ms: performance.now() - t0 };
  }

  /** Requests the plan of the current target and sends it to the webview (newest request wins). */
  private async refresh(explicit: boolean): Promise<void> {
    if (!this.panel || !this.target) return;
    if (!this.panel.visible && !explicit) {
      this.stale = true;
      return;
    }
    this.stale = false;
    const target = this.target;
    let result: Awaited<ReturnType<PlanView['fetch']>>;
    try {
      result = await this.fetch(target);
    } catch (e) {
      if (this.target !== target) return;
      this.host.log.warn(`plan request failed: ${e instanceof Error ? e.message : String(e)}`);
      this.send({ type: 'error', message: `The plan could not be computed: ${e instanceof Error ? e.message : e}` });
      return;
    }
    if (this.target !== target) return; // the panel moved on meanwhile
    if (!result) {
      this.send({ type: 'error', message: 'The language server is not running (LM Descriptors: Restart server).' });
      return;
    }
    if (!result.plan) {
      this.send({ type: 'error', message: `No deployment plan for ${target.uri.path.split('/').pop()}.` });
      return;
    }
    this.post(result.plan, result.ms);
  }

  private post(plan: PlanResult, requestMs: number): void {
    if (!this.panel) return;
    // A refresh that brings the same plan (new diagnostics of the file, a dependent re-checked when
    // another file opens) leaves the drawing, its zoom and its selection alone.
    if (this.plan && JSON.stringify(this.plan) === JSON.stringify(plan)) return;
    this.plan = plan;
    this.requestMs = requestMs;
    const webview = this.panel.webview;
    const seq = ++this.seq;
    void resolveIcons(plan, webview).then((icons) => {
      if (seq !== this.seq) return; // a newer plan was sent meanwhile
      this.send({ type: 'plan', seq, plan, icons, requestMs });
    });
  }

  private send(message: ToWebview): void {
    this.lastMessage = message;
    void this.panel?.webview.postMessage(message);
  }

  private async onMessage(raw: unknown): Promise<void> {
    const m: FromWebview | undefined = parseFromWebview(raw);
    if (!m) {
      this.host.log.warn('plan view: ignored a malformed message from the webview');
      return;
    }
    switch (m.type) {
      case 'ready':
        // The webview (re)loaded, e.g. after being hidden: it gets the last plan again.
        if (this.lastMessage) void this.panel?.webview.postMessage(this.lastMessage);
        return;
      case 'reveal':
        return this.reveal(m.id);
      case 'kind':
        if (!this.target) return;
        if (m.node !== undefined && !this.plan?.nodes.some((n) => n.id === m.node)) return;
        this.target = { uri: this.target.uri, kind: m.kind, ...(m.node === undefined ? {} : { node: m.node }) };
        return this.refresh(true);
      case 'drawn': {
        if (m.seq !== this.seq || !this.plan) return;
        const size = `${m.nodes} nodes, ${m.edges} edges, ${this.plan.steps.length} steps`;
        const drawn = m.capped
          ? 'graph not drawn (too large)'
          : `layout ${m.layoutMs.toFixed(1)} ms${m.worker ? ' (worker)' : ''}, render ${m.renderMs.toFixed(1)} ms`;
        const opened =
          this.openedAt === undefined
            ? ''
            : `; panel opened and drawn ${(performance.now() - this.openedAt).toFixed(0)} ms after the command`;
        this.openedAt = undefined;
        const request = `request ${this.requestMs.toFixed(1)} ms`;
        this.host.log.info(`plan ${this.plan.kind} of ${this.plan.title} (${size}): ${request}, ${drawn}${opened}`);
        return;
      }
    }
  }

  /** Shows the template of a node or edge of the plan on screen, in the editor column the plan came from. */
  private async reveal(id: string): Promise<void> {
    const plan = this.plan;
    const item = plan?.nodes.find((n) => n.id === id) ?? plan?.edges.find((e) => e.id === id);
    if (!item || !item.uri) return; // not something the extension sent: ignore
    const uri = vscode.Uri.parse(item.uri, true);
    const selection = toRange(item.range);
    const viewColumn = this.columnOf(uri) ?? this.sourceColumn ?? vscode.ViewColumn.One;
    const editor = await vscode.window.showTextDocument(uri, { viewColumn, selection, preserveFocus: false });
    editor.revealRange(selection, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }
}

function toRange(r: PlanRange): vscode.Range {
  return new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
}
