/**
 * The language server's wiring: capabilities, lifecycle, and who handles what. Features are pure
 * functions in features/; documents.ts keeps the open texts and their models; the diagnostics
 * scheduler (host/diagnosticsScheduler.ts) decides when diagnostics are computed and published,
 * diagnostics.ts is the work it times; workspace.ts keeps the index in step with the workspace;
 * request handlers (languageRequests.ts, diagnosticRequests.ts, navigation.ts, plan.ts) each get
 * one RequestContext (requestContext.ts), which answers a client's mistake with a protocol error
 * and turns a fault of ours into an empty answer plus a log line.
 */
import {
  CodeLensRefreshRequest,
  TextDocumentSyncKind,
  type Connection,
  type Diagnostic as LspDiagnostic,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver';
import type { DiagnosticOptions } from '../features/diagnostics.js';
import { packageDocKind } from '../features/tosca/package/editor.js';
import { AnalysisSession } from '../host/analysisSession.js';
import { DiagnosticsScheduler } from '../host/diagnosticsScheduler.js';
import type { ServerHost } from '../host/serverHost.js';
import { findWorkspaceRoot } from '../host/workspaceRoot.js';
import { FOLDER_CONFIG_FILE } from '../index/folderConfig.js';
import type { IndexChange } from '../index/workspace.js';
import { keyOfUri, uriOfKey, useUriPaths } from './convert.js';
import { diagnosticsWork } from './diagnostics.js';
import { registerDiagnosticRequests } from './diagnosticRequests.js';
import { OpenDocuments } from './documents.js';
import { registerLanguageRequests } from './languageRequests.js';
import { registerNavigation, SEMANTIC_TOKENS_LEGEND } from './navigation.js';
import { PackageDocuments } from './packageDocuments.js';
import { registerPlan } from './plan.js';
import type { ClientFeatures, ServerState } from './requestContext.js';
import { DEFAULT_SETTINGS, importMapEntries, readSettings, type Settings } from './settings.js';
import { WorkspaceSync } from './workspace.js';
import { AFTER_PASS_MS, WorkspaceDiagnostics } from './workspaceDiagnostics.js';
import { RecordingFileSystem } from '../host/recordingFileSystem.js';

interface InitOptions {
  cacheDir?: unknown;
  settings?: unknown;
  disableCache?: unknown;
  /**
   * A client command that opens completion (VS Code: `editor.action.triggerSuggest`); items whose
   * value has its own completion list (`type: `) carry it, so the list opens after the insertion.
   */
  triggerSuggestCommand?: unknown;
}

/** How long after ready a warm start's check of its entries against the disk waits (then for `quiet()`). */
const VERIFY_START_MS = 500;
/**
 * How long after ready the warm-up's analyses wait (then for `quiet()`): an editor opens its documents right at
 * ready, and a document opened then waited for the warm-up's first step, one unsliced full parse of a file by the
 * still cold parser (in server profiles it was inside every first open at ready; docs/performance.md).
 */
const WARM_UP_START_MS = 300;

export function startServer(connection: Connection, host: ServerHost): void {
  useUriPaths(host.uriPaths);
  let session: AnalysisSession | undefined;
  let settings: Settings = DEFAULT_SETTINGS;
  let initialized = false;
  let configurationSupport = false;
  let watchRegistration = false;
  const client: ClientFeatures = { triggerSuggest: undefined, snippetEdits: false, symbolResolve: false };
  /** The client asks for diagnostics (LSP pull model); otherwise the server publishes them. */
  let pullSupport = false;
  /** The client re-asks for code lenses on `workspace/codeLens/refresh`. */
  let codeLensRefresh = false;

  const log = (msg: string) => connection.console.log(`[lm-descriptors] ${msg}`);
  const logError = (what: string, e: unknown) =>
    connection.console.error(`[lm-descriptors] ${what}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  const currentSession = (): AnalysisSession => {
    if (!session) throw new Error('no session before initialize');
    return session;
  };

  const docs = new OpenDocuments();
  const diagnosticOptions = (): DiagnosticOptions => ({
    severityOverrides: settings.diagnostics.severity,
    tosca: { dialect: settings.tosca.dialect, genericTypeNotation: settings.tosca.genericTypeNotation },
    budgetMs: settings.analysisBudgetMs,
    // Until the index is built, cross-file rules would report things as missing that are merely
    // not indexed yet; they run when the build completes (it re-validates the open documents).
    localOnly: currentSession().index.state !== 'ready',
  });
  // TOSCA.meta and manifests: package checks (ETSI GS NFV-SOL 004); hashes computed in the background.
  const packageDocs = new PackageDocuments(
    docs,
    (uris) => scheduler.documentsDue(uris),
    host.packageService?.bind(host),
  );
  const workspace = new WorkspaceSync(connection, currentSession, log, logError, host.prefetch?.bind(host));
  const uriOfPath = (p: string) => docs.uriOfKey(p) ?? uriOfKey(p);
  const workspaceDiagnostics = new WorkspaceDiagnostics(
    currentSession,
    diagnosticOptions,
    (p) => docs.uriOfKey(p) !== undefined,
    logError,
    log,
    () => settings.diagnostics.scope === 'workspace',
    (): Promise<void> => scheduler.quiet(),
    packageDocs.hostService,
  );
  workspaceDiagnostics.heap = host.passHeap;
  // Every diagnostics timer: debounce, pull refreshes, syntax checks, the workspace pass.
  const scheduler: DiagnosticsScheduler<LspDiagnostic> = new DiagnosticsScheduler(
    diagnosticsWork({
      connection,
      docs,
      session: currentSession,
      options: diagnosticOptions,
      packageDiagnostics: (uri) => (packageDocs.isPackage(uri) ? packageDocs.diagnostics(uri) : undefined),
      pushWorkspace: (token): Promise<void> => workspaceDiagnostics.push(connection, token, uriOfPath),
      logError,
      checked: (pack) => host.checked?.(pack),
    }),
    workspaceDiagnostics,
    { debounceMs: () => settings.diagnostics.debounceMs },
  );
  // A warm start's check of the files against the disk steps aside for open documents, as the pass does.
  workspace.deferTo = () => scheduler.quiet();
  // It starts a moment after ready: an editor opens its documents and asks its first requests right then, and
  // the check's first steps (the folder listings, a stat of every folder) are not sliced finely enough for them.
  workspace.verifyAfter = () => scheduler.quietAfter(VERIFY_START_MS);
  workspace.warmUpAfter = () => scheduler.quietAfter(WARM_UP_START_MS);
  workspace.warmUpWaits = async () => {
    if (await workspaceDiagnostics.idle()) await scheduler.quietAfter(AFTER_PASS_MS);
  };
  workspace.onChecked = () => scheduler.startWorkspacePass();
  packageDocs.hostService?.onReady((root) => scheduler.packageReady(root));

  const indexChanged = (change: IndexChange) => {
    scheduler.indexChanged(change);
    // Lenses counted while the index was still being built ("0 references") are out of date once it is.
    if (change.reason === 'build' && codeLensRefresh)
      connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
  };

  /**
   * A file opened outside every workspace folder (or with no folder at all) brings in its own
   * workspace root (host/roots.ts) when it sits in a repository or an lmctl project / CSAR, so its
   * references resolve against its siblings; a loose file elsewhere is checked on its own.
   */
  const addRootFor = (uri: string) => {
    const s = currentSession();
    const key = keyOfUri(uri);
    if (!key.startsWith('/') || s.index.covers(key)) return;
    const found = findWorkspaceRoot(s.fs, key, false, host.homeDir);
    if (found.by === 'folder') return;
    log(`adding workspace root ${found.root} (for ${key}, by its ${found.by === 'vcs' ? 'repository' : 'project'})`);
    s.index.addRoot(found.root);
    void workspace.build();
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const init: InitOptions =
      typeof params.initializationOptions === 'object' && params.initializationOptions !== null
        ? (params.initializationOptions as InitOptions)
        : {};
    settings = readSettings(init.settings);
    client.triggerSuggest = typeof init.triggerSuggestCommand === 'string' ? init.triggerSuggestCommand : undefined;
    const editCaps = params.capabilities?.workspace?.workspaceEdit;
    client.snippetEdits = !!editCaps?.snippetEditSupport && !!editCaps.documentChanges;
    configurationSupport = !!params.capabilities?.workspace?.configuration;
    watchRegistration = !!params.capabilities?.workspace?.didChangeWatchedFiles?.dynamicRegistration;
    client.symbolResolve =
      !!params.capabilities?.workspace?.symbol?.resolveSupport?.properties?.includes('location.range');
    pullSupport = !!params.capabilities?.textDocument?.diagnostic;
    codeLensRefresh = !!params.capabilities?.workspace?.codeLens?.refreshSupport;
    scheduler.pull = pullSupport;
    workspace.progress = !!params.capabilities?.window?.workDoneProgress;
    const roots: string[] = [];
    for (const f of params.workspaceFolders ?? []) if (typeof f?.uri === 'string') roots.push(keyOfUri(f.uri));
    if (roots.length === 0 && typeof params.rootUri === 'string') roots.push(keyOfUri(params.rootUri));
    const summaryStore =
      init.disableCache === true
        ? undefined
        : host.summaryStore(roots, typeof init.cacheDir === 'string' ? init.cacheDir : undefined);
    // The workspace pass's findings persist beside the warm-start cache; what they depend on outside
    // the index is recorded by the session's file system (lsp/diagnosticsCache.ts).
    const cacheDir = typeof init.cacheDir === 'string' ? init.cacheDir : undefined;
    const diagnosticsStore = init.disableCache === true ? undefined : host.diagnosticsStore?.(roots, cacheDir);
    const recorder = diagnosticsStore ? new RecordingFileSystem(host.fs) : undefined;
    if (diagnosticsStore && recorder)
      workspaceDiagnostics.persist = {
        store: diagnosticsStore,
        fs: recorder,
        settings: () => JSON.stringify(settings),
      };
    session = new AnalysisSession(recorder ?? host.fs, {
      exclude: settings.exclude,
      maxFileBytes: settings.maxFileSizeMB * 1024 * 1024,
      importMap: importMapEntries(settings),
      ...(summaryStore ? { summaryStore } : {}),
    });
    for (const r of roots) session.index.addRoot(r);
    session.index.toscaDialect = settings.tosca.dialect;
    session.index.onDidChange(indexChanged);
    initialized = true;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        completionProvider: { triggerCharacters: ['{', '.', ':', ' ', '/'], resolveProvider: false },
        definitionProvider: true,
        codeActionProvider: { codeActionKinds: ['quickfix', 'refactor.rewrite'] },
        hoverProvider: true,
        referencesProvider: true,
        documentHighlightProvider: true,
        renameProvider: { prepareProvider: true },
        documentSymbolProvider: { label: 'LM descriptors & TOSCA' },
        workspaceSymbolProvider: { resolveProvider: true },
        documentLinkProvider: { resolveProvider: false },
        codeLensProvider: { resolveProvider: true },
        foldingRangeProvider: true,
        selectionRangeProvider: true,
        semanticTokensProvider: { legend: SEMANTIC_TOKENS_LEGEND, full: true },
        ...(pullSupport
          ? {
              diagnosticProvider: {
                identifier: 'lm-descriptors',
                interFileDependencies: true,
                workspaceDiagnostics: true,
              },
            }
          : {}),
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'lm-descriptors', version: '0.1.0' },
    };
  });

  const applySettings = (next: Settings) => {
    const before = settings;
    settings = next;
    const s = currentSession();
    if (next.maxFileSizeMB !== before.maxFileSizeMB) s.index.maxFileBytes = next.maxFileSizeMB * 1024 * 1024;
    const walkChanged =
      next.maxFileSizeMB !== before.maxFileSizeMB || JSON.stringify(next.exclude) !== JSON.stringify(before.exclude);
    if (walkChanged) s.index.exclude = next.exclude;
    s.index.toscaDialect = next.tosca.dialect;
    if (JSON.stringify(next.tosca.importMap ?? {}) !== JSON.stringify(before.tosca.importMap ?? {}))
      s.index.importMap = importMapEntries(next);
    docs.invalidateAll();
    scheduler.settingsChanged();
    // A file now excluded leaves the index, one now under the cap or no longer excluded enters it.
    if (walkChanged && s.index.state === 'ready') void workspace.build();
  };

  const loadSettings = async () => {
    if (!configurationSupport) return;
    try {
      const raw: unknown = await connection.workspace.getConfiguration('lmDescriptors');
      applySettings(readSettings(raw));
    } catch (e) {
      logError('reading settings', e);
    }
  };

  connection.onInitialized(async () => {
    await loadSettings();
    if (watchRegistration) workspace.watchFiles();
    try {
      // Clients that announced folder support send changes; others never call this.
      connection.workspace.onDidChangeWorkspaceFolders((ev) => workspace.foldersChanged(ev));
    } catch {
      // The client did not announce workspace folder support.
    }
    void workspace.build();
  });

  connection.onDidChangeConfiguration(async (change) => {
    if (!initialized) return;
    if (configurationSupport) await loadSettings();
    else {
      const raw = (change?.settings as Record<string, unknown> | undefined)?.['lmDescriptors'];
      applySettings(readSettings(raw));
    }
  });

  docs.documents.onDidOpen((e) => {
    if (!session) return;
    addRootFor(e.document.uri);
    // Analysed at once: the index must know the editor's text before anything reads the disk
    // version again (a close and re-open in a row races with the close's refresh from disk).
    try {
      docs.modelOf(currentSession(), e.document.uri);
    } catch (err) {
      logError('opening document', err);
    }
    scheduler.didOpen(e.document.uri);
  });

  docs.onEdit((uri) => {
    // The model is rebuilt lazily (on the next request or when the debounce fires), so fast
    // typing costs one parse per pause, not one per keystroke.
    if (session) scheduler.didChange(uri);
  });

  docs.documents.onDidClose(async (e) => {
    const uri = e.document.uri;
    docs.closed(uri);
    scheduler.didClose(uri, keyOfUri(uri));
    try {
      await session?.closeDocument(keyOfUri(uri));
    } catch (err) {
      logError('closing document', err);
    }
  });

  connection.onDidChangeWatchedFiles(async (params) => {
    if (!session) return;
    // A folder config file (the TOSCA dialect of a folder) changes how every file under it reads.
    const configs = (params.changes ?? []).filter((c) => c?.uri?.endsWith(`/${FOLDER_CONFIG_FILE}`));
    // NFV package documents are not YAML: not in the index; their findings are due again.
    const packageFiles = (params.changes ?? []).filter((c) => packageDocKind(keyOfUri(c.uri)) !== undefined);
    const files = (params.changes ?? []).filter((c) => !configs.includes(c) && !packageFiles.includes(c));
    if (files.length) await workspace.filesChanged({ changes: files });
    if (packageFiles.length) {
      await workspace.packageFilesChanged(packageFiles);
      scheduler.packageFilesChanged(packageFiles.map((c) => keyOfUri(c.uri)));
    }
    if (configs.length) {
      session.index.tosca.forgetFolderConfigs();
      applySettings(settings);
    }
  });

  const state: ServerState = {
    docs,
    packages: packageDocs,
    client,
    initialized: () => initialized,
    session: currentSession,
    settings: () => settings,
    diagnosticOptions,
    logError,
    requested: () => scheduler.didRequest(),
  };
  registerLanguageRequests(connection, state);
  registerDiagnosticRequests(connection, state, {
    scheduler,
    workspaceDiagnostics,
    indexBuilt: () => workspace.build(),
    checked: (pack) => host.checked?.(pack),
  });
  registerNavigation(connection, state);
  registerPlan(connection, state);

  connection.onShutdown(() => scheduler.dispose());

  docs.documents.listen(connection);
  connection.listen();
}
