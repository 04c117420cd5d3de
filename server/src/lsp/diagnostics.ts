/**
 * Diagnostics on the protocol: the conversion of the features' diagnostics, result ids, and the
 * work the scheduler (host/diagnosticsScheduler.ts) times, over the open documents, the session
 * and the connection: a push check runs the rules in slices with pauses in between (so requests
 * about other files are answered while a large file is checked) and is published with the version
 * of the text it belongs to.
 */
import type { Connection, Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { computeDiagnosticsInSlices, type DiagnosticOptions } from '../features/diagnostics.js';
import { SEVERITY_NUMBER, type Diagnostic } from '../features/types.js';
import type { AnalysisSession } from '../host/analysisSession.js';
import { packsCheckedBy } from './languagePack.js';
import type { SchedulerWork } from '../host/diagnosticsScheduler.js';
import type { OpenDocuments } from './documents.js';
import { hash64 } from '../util/hash.js';
import { nextTurn } from '../util/turn.js';

export function toLspDiagnostic(d: Diagnostic): LspDiagnostic {
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

/** Yields to the event loop, so pending requests are answered between slices of work. */
export const pauseTurn = nextTurn;

/** A result id for a list of diagnostics: the same list always gets the same id. */
export function resultIdOf(items: readonly LspDiagnostic[]): string {
  // Most workspace files have no findings: their id is always the same.
  return items.length === 0 ? EMPTY_RESULT_ID : hash64(JSON.stringify(items));
}

const EMPTY_RESULT_ID = hash64('[]');

export interface DiagnosticsWorkDeps {
  connection: Connection;
  docs: OpenDocuments;
  session(): AnalysisSession;
  options(): DiagnosticOptions;
  /** The findings of a package document (TOSCA.meta, a manifest); undefined for other documents. */
  packageDiagnostics(uri: string): LspDiagnostic[] | undefined;
  /** One push run of the workspace pass. */
  pushWorkspace: SchedulerWork<LspDiagnostic>['pushWorkspace'];
  logError(what: string, e: unknown): void;
  /** Told the language pack of each open document checked (`ServerHost.checked`). */
  checked?(pack: string): void;
}

/** The scheduler's work on this server. */
export function diagnosticsWork(d: DiagnosticsWorkDeps): SchedulerWork<LspDiagnostic> {
  const { connection, docs } = d;
  return {
    seq: (uri) => docs.seq(uri),
    openUris: () => docs.allUris(),
    openUriOf: (path) => docs.uriOfKey(path),
    verifyDelay: (uri) => docs.verifyDelay(uri),
    prepare: (uri) => void docs.modelOf(d.session(), uri),
    async check(uri) {
      const pkg = d.packageDiagnostics(uri);
      if (pkg) return { version: docs.documents.get(uri)?.version, items: pkg, syntaxPending: false };
      const session = d.session();
      const model = docs.modelOf(session, uri);
      if (!model) return undefined;
      const diags = await computeDiagnosticsInSlices(session.context(model), d.options(), pauseTurn);
      for (const pack of packsCheckedBy(model)) d.checked?.(pack);
      return { version: model.version, items: diags.map(toLspDiagnostic), syntaxPending: !model.syntaxChecked };
    },
    verify: (uri, giveWay) => docs.verify(d.session(), uri, giveWay),
    prepareEdits: (uri) => docs.prepareForEdits(uri),
    publish: (uri, version, diagnostics) =>
      connection.sendDiagnostics({ uri, ...(version !== undefined ? { version } : {}), diagnostics }),
    refreshPulls: () => void connection.languages.diagnostics.refresh().catch(() => undefined),
    // Not while a warm start checks its entries against the disk: the pass would run beside that check (and
    // the first open of a file) and check again whatever the check finds changed.
    workspaceReady: () => d.session().index.state === 'ready' && !d.session().index.verifying,
    pushWorkspace: d.pushWorkspace,
    logError: d.logError,
  };
}
