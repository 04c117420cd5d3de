/**
 * The language server: capabilities, handlers, document sync, settings, progress and the
 * diagnostics scheduler. Every feature is a pure function in features/; this file only wires them
 * to the protocol and converts URIs.
 */
import * as os from 'node:os';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import {
  type Connection,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  TextDocuments,
  TextDocumentSyncKind,
  type InitializeParams,
  type InitializeResult,
  type CompletionItem as LspCompletionItem,
  type Diagnostic as LspDiagnostic,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Session } from '../host/session.js';
import { computeDiagnostics, type DiagnosticOptions } from '../features/diagnostics.js';
import { complete } from '../features/completion.js';
import { definition } from '../features/definition.js';
import { hover } from '../features/hover.js';
import { codeActions } from '../features/codeActions.js';
import {
  NORMATIVE_SOURCE_REQUEST,
  STATUS_NOTIFICATION,
  type NormativeSourceParams,
  type StatusParams,
} from '../protocol.js';
import { SEVERITY_NUMBER, type Diagnostic } from '../features/types.js';
import { analyseDocument, type DocumentModel } from '../model/document.js';
import { keyOfUri, uriOfKey } from './convert.js';
import { DEFAULT_SETTINGS, readSettings, type Settings } from './settings.js';

function toLspDiagnostic(d: Diagnostic): LspDiagnostic {
  const out: LspDiagnostic = {
    range: d.range,
    severity: SEVERITY_NUMBER[d.severity],
    code: d.code,
    message: d.message,
    source: d.source,
  };
  if (d.data !== undefined) out.data = d.data;
  return out;
}

export function startServer(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  let session: Session;
  let settings: Settings = DEFAULT_SETTINGS;
  let configurationSupport = false;
  let progressSupport = false;
  let watchRegistration = false;
  const uriOf = new Map<string, string>();
  /** Bumped when settings that change the analysis itself (e.g. maxFileSizeMB) change. */
  let analysisGeneration = 0;
  const modelGeneration = new Map<string, number>();
  const timers = new Map<string, NodeJS.Timeout>();

  const log = (msg: string) => connection.console.log(`[lm-descriptors] ${msg}`);
  const logError = (what: string, e: unknown) =>
    connection.console.error(`[lm-descriptors] ${what}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);

  /** The analysed model of an open document, re-analysed when its version changed. */
  const modelOf = (uri: string): DocumentModel | undefined => {
    const doc = documents.get(uri);
    if (!doc) return undefined;
    const key = keyOfUri(uri);
    const cur = session.getOpen(key);
    if (cur && cur.version === doc.version && modelGeneration.get(key) === analysisGeneration) return cur;
    session.maxFullParseBytes = settings.maxFileSizeMB * 1024 * 1024;
    modelGeneration.set(key, analysisGeneration);
    return session.openDocument(key, doc.getText(), doc.version);
  };

  const diagnosticOptions = (): DiagnosticOptions => ({
    severityOverrides: settings.diagnostics.severity,
    tosca: { genericTypeNotation: settings.tosca.genericTypeNotation },
    // Until the index is built, cross-file rules would report things as missing that are merely
    // not indexed yet; they run when the build completes (it re-validates the open documents).
    localOnly: session.index.state !== 'ready',
  });

  const publish = (uri: string) => {
    try {
      const model = modelOf(uri);
      if (!model) return;
      // Files that are not descriptors get no rules, so this is empty for them.
      const diags = computeDiagnostics(session.context(model), diagnosticOptions());
      void connection.sendDiagnostics({ uri, version: model.version, diagnostics: diags.map(toLspDiagnostic) });
    } catch (e) {
      logError(`diagnostics failed for ${uri}`, e);
    }
  };

  const schedule = (uri: string, delay = settings.diagnostics.debounceMs) => {
    const t = timers.get(uri);
    if (t) clearTimeout(t);
    timers.set(
      uri,
      setTimeout(() => {
        timers.delete(uri);
        publish(uri);
      }, delay),
    );
  };

  /**
   * Re-validates open documents after the index changed. Any file can matter to them: a descriptor
   * through references and names, an lmproject through naming, a TOSCA file through imports, even a
   * script through the package-layout rules (LM105). Open documents are few and the re-check is
   * debounced, so all of them are scheduled instead of following reverse edges per kind. The
   * changed files themselves are skipped (their own edit scheduled them, and re-scheduling from
   * here would loop, since analysing an open file updates the index), except after a rebuild.
   */
  const refreshOpenDocuments = (changed: string[]) => {
    const rebuild = changed.length > 50;
    const skip = new Set(rebuild ? [] : changed);
    for (const p of session.openPaths()) {
      const u = uriOf.get(p);
      if (u && !skip.has(p)) schedule(u);
    }
  };

  const sendStatus = (s: StatusParams) => void connection.sendNotification(STATUS_NOTIFICATION, s);

  /**
   * The index only uses the outline scanner, so the first opened file would pay for compiling the
   * full YAML parser and the rules (100+ ms on a big assembly). After indexing, analyse a few real
   * descriptors of the workspace in the background (one per event-loop turn, results dropped) so
   * the optimising compiler has seen real input before the first didOpen.
   */
  const warmUp = async () => {
    const picks: string[] = [];
    for (const e of session.index.allEntries()) {
      if (e.kind === 'assembly' || e.kind === 'resource') picks.push(e.path);
      if (picks.length >= 40) break;
    }
    const budget = 1500; // ms, so a slow disk never keeps this going
    const started = Date.now();
    for (const p of picks) {
      if (Date.now() - started > budget) break;
      await new Promise<void>((r) => setImmediate(r));
      try {
        const text = await session.fs.readFile(p);
        computeDiagnostics(session.context(analyseDocument(p, text, -1)));
      } catch {
        // Only a speed-up.
      }
    }
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const init = (params.initializationOptions ?? {}) as {
      cacheDir?: string;
      settings?: unknown;
      disableCache?: boolean;
    };
    settings = readSettings(init.settings);
    configurationSupport = !!params.capabilities.workspace?.configuration;
    progressSupport = !!params.capabilities.window?.workDoneProgress;
    watchRegistration = !!params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration;
    const roots: string[] = [];
    for (const f of params.workspaceFolders ?? []) roots.push(keyOfUri(f.uri));
    if (roots.length === 0 && params.rootUri) roots.push(keyOfUri(params.rootUri));
    const cacheBase =
      init.cacheDir ?? path.join(process.env['XDG_CACHE_HOME'] ?? path.join(os.homedir(), '.cache'), 'lm-descriptors');
    const cacheFile = init.disableCache
      ? undefined
      : path.join(cacheBase, `index-${createHash('sha1').update(roots.join('\n')).digest('hex').slice(0, 16)}.json`);
    session = new Session(undefined, { excludeDirs: settings.exclude, ...(cacheFile ? { cacheFile } : {}) });
    for (const r of roots) session.index.addRoot(r);
    session.index.onDidChange((paths) => refreshOpenDocuments(paths));
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        completionProvider: { triggerCharacters: ['{', '.', ':', ' ', '/'], resolveProvider: false },
        definitionProvider: true,
        codeActionProvider: { codeActionKinds: ['quickfix'] },
        hoverProvider: true,
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'lm-descriptors', version: '0.1.0' },
    };
  });

  const loadSettings = async () => {
    if (!configurationSupport) return;
    try {
      const raw: unknown = await connection.workspace.getConfiguration('lmDescriptors');
      settings = readSettings(raw);
    } catch (e) {
      logError('reading settings', e);
    }
  };

  const buildIndex = async () => {
    let reporter: { report(pct: number, msg: string): void; done(): void } | undefined;
    if (progressSupport) {
      try {
        const p = await connection.window.createWorkDoneProgress();
        p.begin('Indexing LM descriptors', 0, 'scanning…', false);
        reporter = { report: (pct, msg) => p.report(pct, msg), done: () => p.done() };
      } catch {
        reporter = undefined;
      }
    }
    const t0 = Date.now();
    let lastSent = 0;
    try {
      await session.index.build((done, total) => {
        const now = Date.now();
        if (now - lastSent < 100 && done < total) return;
        lastSent = now;
        reporter?.report(Math.round((done / Math.max(1, total)) * 100), `${done}/${total} files`);
        sendStatus({ state: 'indexing', done, total, descriptors: session.index.descriptorCount() });
      });
    } catch (e) {
      logError('indexing failed', e);
    } finally {
      reporter?.done();
    }
    void warmUp();
    const b = session.index.lastBuild;
    log(
      `indexed ${b.files} YAML files (${session.index.descriptorCount()} descriptors; ${b.fromCache} from cache, ` +
        `${b.indexed} read) in ${Date.now() - t0} ms`,
    );
    sendStatus({ state: 'ready', done: b.files, total: b.files, descriptors: session.index.descriptorCount() });
  };

  connection.onInitialized(async () => {
    await loadSettings();
    if (watchRegistration) {
      void connection.client.register(DidChangeWatchedFilesNotification.type, {
        watchers: [{ globPattern: '**/*.{yml,yaml}' }],
      });
    }
    if (configurationSupport) {
      connection.workspace.onDidChangeWorkspaceFolders((ev) => {
        for (const f of ev.added) session.index.addRoot(keyOfUri(f.uri));
        void buildIndex();
      });
    }
    void buildIndex();
  });

  connection.onDidChangeConfiguration(async (change) => {
    if (configurationSupport) await loadSettings();
    else settings = readSettings((change.settings as Record<string, unknown> | undefined)?.['lmDescriptors']);
    analysisGeneration++;
    for (const u of uriOf.values()) schedule(u, 0);
  });

  documents.onDidOpen((e) => {
    const key = keyOfUri(e.document.uri);
    uriOf.set(key, e.document.uri);
    modelOf(e.document.uri);
    schedule(e.document.uri, 0);
  });

  documents.onDidChangeContent((e) => {
    // The model is rebuilt lazily (on the next request or when the debounce fires), so fast
    // typing costs one parse per pause, not one per keystroke.
    schedule(e.document.uri);
  });

  documents.onDidClose(async (e) => {
    const key = keyOfUri(e.document.uri);
    const t = timers.get(e.document.uri);
    if (t) clearTimeout(t);
    timers.delete(e.document.uri);
    uriOf.delete(key);
    modelGeneration.delete(key);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
    try {
      await session.closeDocument(key);
    } catch (err) {
      logError('closing document', err);
    }
  });

  connection.onDidChangeWatchedFiles(async (params) => {
    for (const ch of params.changes) {
      const key = keyOfUri(ch.uri);
      try {
        if (ch.type === FileChangeType.Deleted) session.index.remove(key);
        else await session.index.refreshFromDisk(key);
      } catch (e) {
        logError(`watched file ${ch.uri}`, e);
      }
    }
  });

  connection.onCompletion((params): LspCompletionItem[] => {
    try {
      const model = modelOf(params.textDocument.uri);
      if (!model) return [];
      return complete(session.context(model), model.lines.offsetAt(params.position)) as LspCompletionItem[];
    } catch (e) {
      logError('completion', e);
      return [];
    }
  });

  connection.onDefinition((params) => {
    try {
      const model = modelOf(params.textDocument.uri);
      if (!model) return null;
      return definition(session.context(model), model.lines.offsetAt(params.position)).map((l) => ({
        ...(l.originSelectionRange ? { originSelectionRange: l.originSelectionRange } : {}),
        targetUri: uriOf.get(l.targetPath) ?? uriOfKey(l.targetPath),
        targetRange: l.targetRange,
        targetSelectionRange: l.targetSelectionRange,
      }));
    } catch (e) {
      logError('definition', e);
      return null;
    }
  });

  connection.onCodeAction((params) => {
    try {
      const model = modelOf(params.textDocument.uri);
      if (!model) return [];
      return codeActions(session.context(model), params.range, diagnosticOptions()).map((a) => ({
        title: a.title,
        kind: a.kind,
        diagnostics: a.diagnostics.map(toLspDiagnostic),
        ...(a.isPreferred ? { isPreferred: true } : {}),
        edit: {
          changes: Object.fromEntries(
            Object.entries(a.edit.changes).map(([p, edits]) => [uriOf.get(p) ?? uriOfKey(p), edits]),
          ),
        },
      }));
    } catch (e) {
      logError('code actions', e);
      return [];
    }
  });

  // Read-only views of TOSCA normative types (targets of go to definition); the client shows them
  // through a text document content provider for the `tosca-normative:` scheme.
  connection.onRequest(NORMATIVE_SOURCE_REQUEST, (params: NormativeSourceParams) => {
    try {
      return typeof params?.uri === 'string' ? (session.index.tosca.normative.sourceForUri(params.uri) ?? null) : null;
    } catch (e) {
      logError('normative type source', e);
      return null;
    }
  });

  connection.onHover((params) => {
    try {
      const model = modelOf(params.textDocument.uri);
      if (!model) return null;
      return hover(session.context(model), model.lines.offsetAt(params.position)) ?? null;
    } catch (e) {
      logError('hover', e);
      return null;
    }
  });

  documents.listen(connection);
  connection.listen();
}
