/**
 * The diagnostics scheduler (push model): per document, a debounce after the last edit, then the
 * rules run in slices with pauses in between (so requests about other files are answered while a
 * large file is checked), and the result is published with the version of the text it belongs to.
 * A result whose text changed meanwhile is dropped; one run per document at a time, and a run
 * requested while one is going happens right after it.
 */
import type { Connection, Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { computeDiagnosticsInSlices, type DiagnosticOptions } from '../features/diagnostics.js';
import { SEVERITY_NUMBER, type Diagnostic } from '../features/types.js';
import type { AnalysisSession } from '../host/analysisSession.js';
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
  return hash64(JSON.stringify(items));
}

export class DiagnosticsPublisher {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly running = new Set<string>();
  private readonly again = new Set<string>();
  /**
   * Off when the client pulls diagnostics itself: a scheduled check then only brings the document's
   * model (and so the index) up to date, so the files that use it become due for the workspace pull
   * even if the client never pulls the document itself.
   */
  enabled = true;

  constructor(
    private readonly connection: Connection,
    private readonly docs: OpenDocuments,
    private readonly session: () => AnalysisSession,
    private readonly options: () => DiagnosticOptions,
    private readonly debounceMs: () => number,
    private readonly logError: (what: string, e: unknown) => void,
    /** The findings of a package document (TOSCA.meta, a manifest); undefined for other documents. */
    private readonly packageDiagnostics?: (uri: string) => LspDiagnostic[] | undefined,
  ) {}

  /** True while an open document waits for or undergoes its check (background work defers to it). */
  get busy(): boolean {
    return this.timers.size > 0 || this.running.size > 0;
  }

  /** Checks `uri` after `delay` ms (the debounce by default), replacing a pending check. */
  schedule(uri: string, delay = this.debounceMs()): void {
    const t = this.timers.get(uri);
    if (t) clearTimeout(t);
    this.timers.set(
      uri,
      setTimeout(() => {
        this.timers.delete(uri);
        void this.run(uri);
      }, delay),
    );
  }

  /** Checks every open document again (after the index or the settings changed). */
  scheduleAll(except: ReadonlySet<string> = new Set(), delay?: number): void {
    for (const uri of this.docs.allUris()) if (!except.has(uri)) this.schedule(uri, delay);
  }

  /** The document closed: nothing pending for it, and its diagnostics are cleared. */
  closed(uri: string): void {
    const t = this.timers.get(uri);
    if (t) clearTimeout(t);
    this.timers.delete(uri);
    this.again.delete(uri);
    void this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  private verify(uri: string, seq: number): void {
    if (this.docs.seq(uri) !== seq) return;
    try {
      if (this.docs.verify(this.session(), uri)) this.schedule(uri, 0);
    } catch (e) {
      this.logError(`syntax check of ${uri}`, e);
    }
  }

  private async run(uri: string): Promise<void> {
    if (this.running.has(uri)) {
      this.again.add(uri);
      return;
    }
    const seq = this.docs.seq(uri);
    if (seq === undefined) return;
    this.running.add(uri);
    try {
      const pkg = this.enabled ? this.packageDiagnostics?.(uri) : undefined;
      if (pkg) {
        const version = this.docs.documents.get(uri)?.version;
        if (this.docs.seq(uri) === seq) {
          await this.connection.sendDiagnostics({
            uri,
            ...(version !== undefined ? { version } : {}),
            diagnostics: pkg,
          });
        }
        return;
      }
      const session = this.session();
      const model = this.docs.modelOf(session, uri);
      if (!model || !this.enabled) return;
      const diags = await computeDiagnosticsInSlices(session.context(model), this.options(), pauseTurn);
      // The text changed (or the document closed) while the rules ran: the result is stale.
      if (this.docs.seq(uri) !== seq) return;
      await this.connection.sendDiagnostics({ uri, version: model.version, diagnostics: diags.map(toLspDiagnostic) });
      // The fast model's syntax check completes off the typing path (at once after an open, after a
      // pause in typing after an edit; a newer edit makes it moot); errors it finds are published then.
      if (!model.syntaxChecked) {
        const delay = this.docs.verifyDelay(uri);
        if (delay) setTimeout(() => this.verify(uri, seq), delay);
        else void nextTurn().then(() => this.verify(uri, seq));
      }
    } catch (e) {
      this.logError(`diagnostics failed for ${uri}`, e);
    } finally {
      this.running.delete(uri);
      if (this.again.delete(uri)) this.schedule(uri, 0);
    }
  }
}
