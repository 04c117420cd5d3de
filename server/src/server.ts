/**
 * The Node host of the language server (`dist/server-main.js`, which `dist/server.js`, serverBin.ts,
 * loads through V8's code cache). The transport comes from the command line, as vscode-languageserver
 * reads it: `--stdio` for any editor, `--node-ipc` for the VS Code client. lsp/ itself uses only the
 * platform-neutral part of vscode-languageserver.
 */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { idleYoungCollector, type IdleCollector } from './host/idleCollector.js';
import { nodeHost } from './host/nodeHost.js';
import { lowerHelperThreads } from './host/threadPriority.js';
import { protocolGuard } from './lsp/guards.js';
import { startServer } from './lsp/server.js';
import { STATUS_NOTIFICATION, type StatusParams } from './protocol.js';
import { descriptorGrammarKeys } from './model/lm/grammar.js';
import { v2Constructs } from './model/tosca/v2/index.js';
import { yamlLibrary } from './syntax/yamlLibrary.js';

// Two tables and the YAML library made or loaded on first use, for the checker (a check of 1.x TOSCA files needs
// none of them when the outline scanner reads every file): the server makes them at start, as when they were made
// while their modules loaded, so a document opened at ready does not wait for them.
descriptorGrammarKeys();
v2Constructs();
yamlLibrary();

// Malformed client messages are stopped at the edge (lsp/guards.ts) before any handler sees them. Until the first
// didOpen, a request other than `initialize`, or anything the client sends after a warm start's `ready`, ends the
// loader's hold of the optimising compiler (`holdForFirstOpen`): the hold is for that open, not for other work.
// The first edit or open after `ready` lowers V8's helper threads below the main thread (host/threadPriority.ts):
// not before, as the helpers' concurrent marking keeps a cold build's and its save's peak down (+8 to +20 MB in a
// user's first session with them lowered from the start). From the first open, not the first edit: the opens right
// after it met the optimising compiler's work on the rules the first open ran (opens 2 and 3 of the big assembly
// 18-29 ms, 11-27 ms with the helpers lowered, 5 alternated sessions).
const guard = protocolGuard();
let beforeFirstOpen = true;
let warmReadySent = false;
let typing = false;
let hold: FirstOpenHold | undefined;
const connection = createConnection(ProposedFeatures.all, {
  messageStrategy: {
    handleMessage(message, next) {
      const method = (message as { method?: unknown }).method;
      if (!typing && readySent && (method === 'textDocument/didChange' || method === 'textDocument/didOpen')) {
        typing = true;
        lowerHelperThreads();
      }
      if (beforeFirstOpen && typeof method === 'string') {
        if (method === 'textDocument/didOpen') beforeFirstOpen = false;
        else if (warmReadySent || ('id' in message && method !== 'initialize')) hold?.release();
      }
      return guard.strategy.handleMessage(message, next);
    },
  },
});
guard.attach(connection);
process.on('uncaughtException', (e) => connection.console.error(`[lm-descriptors] uncaught: ${e.stack ?? e.message}`));
process.on('unhandledRejection', (e) => connection.console.error(`[lm-descriptors] unhandled rejection: ${String(e)}`));

// The loader makes its code cache once the session is warm: after the first check of a document for the
// editor, pushed or pulled, the parser, the analysis and that language pack's rules have been compiled. The
// packs checked so far are told to it each time one is added (`ServerHost.checked`), so lsp/ knows nothing
// of the cache.
let onWarm: ((packs: readonly string[]) => void) | undefined;
const warmPacks = new Set<string>();
function checked(pack: string): void {
  if (warmPacks.has(pack)) return;
  warmPacks.add(pack);
  onWarm?.([...warmPacks].sort());
}
// After the diagnostics of an open document's check, the young generation may be collected at idle
// (host/idleCollector.ts); off until the loader says no code cache will be written.
let collector: IdleCollector | undefined;
const send = connection.sendDiagnostics.bind(connection);
connection.sendDiagnostics = async (params) => {
  await send(params);
  if (params.version !== undefined) collector?.afterCheck();
};
const pulls = connection.languages.diagnostics;
const onPull = pulls.on.bind(pulls);
pulls.on = (handler) =>
  onPull(async (...args) => {
    const report = await handler(...args);
    collector?.afterCheck();
    return report;
  });

// A warm start is ready from its cache: its first `ready` status, while the files are checked against the disk.
// The loader holds the optimising compiler from its start when its code cache was accepted (serverBin.ts).
const notify = connection.sendNotification.bind(connection) as (method: string, params?: unknown) => Promise<void>;
let readySent = false;
(connection as { sendNotification: typeof notify }).sendNotification = (method, params) => {
  const status = method === STATUS_NOTIFICATION ? (params as StatusParams | undefined) : undefined;
  if (status && !warmReadySent) {
    if (status.state === 'ready' && status.verifying === true) {
      warmReadySent = true;
      // From here at most 400 ms more, for an open sent before `ready` too (its check comes after the load).
      hold?.hold();
    }
    // A build that reports progress is not a warm start (that one is ready from its cache at once): it reads every
    // file, and its hot code should not wait for the first check.
    if (status.state === 'indexing') hold?.release();
  }
  const sent = notify(method, params);
  if (status?.state === 'ready' && !readySent) {
    readySent = true;
    // What the index's build or load left in the young generation is collected once `ready` is written, not in
    // the first open's check (host/idleCollector.ts `atReady`); not when a didOpen came first: its check starts now.
    void sent.then(
      () => beforeFirstOpen && collector?.atReady(),
      () => undefined,
    );
  }
  return sent;
};

/** The loader's hold of V8's optimising compiler for the first open after a warm start (serverBin.ts). */
export interface FirstOpenHold {
  /** A warm start is ready from its cache: held for at most 400 ms more (until the first check). */
  hold(): void;
  /** The client asked for something else before its first didOpen. */
  release(): void;
}

/** Called by the loader (serverBin.ts) with its hold (see `FirstOpenHold`). */
export function holdForFirstOpen(h: FirstOpenHold): void {
  hold = h;
}

/** Called by the loader (serverBin.ts) with what to do each time a language pack is checked for the first time. */
export function whenWarm(cb: (packs: readonly string[]) => void): void {
  onWarm = cb;
  if (warmPacks.size) cb([...warmPacks].sort());
}

/**
 * Called by the loader once this session writes no code cache (one was accepted, or it was written):
 * turning the collector on changes V8's flags, which a code cache written later would carry.
 */
export function enableIdleCollection(): void {
  collector ??= idleYoungCollector();
}

startServer(connection, { ...nodeHost, checked });
