/**
 * The open documents and their analysed models. Text sync is vscode-languageserver's
 * `TextDocuments`; on top of it every open and every change takes a new number from one counter
 * for the whole server (so a document closed and opened again never reuses a number a stale run
 * could still hold), and a model is reused only for the number it was built from. Client version
 * numbers are echoed in published diagnostics but never trusted for caching: a client that
 * repeats or reorders versions still gets the analysis of the text it sent last.
 */
import { TextDocuments } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentModel } from '../model/document.js';
import type { AnalysisSession } from '../host/analysisSession.js';
import { keyOfUri } from './convert.js';

/** Pause in typing after which an edited document's full syntax check runs (see `verifyDelay`). */
export const VERIFY_AFTER_EDIT_MS = 300;

interface Cached {
  seq: number;
  generation: number;
  model: DocumentModel;
}

export class OpenDocuments {
  readonly documents = new TextDocuments(TextDocument);
  private readonly seqs = new Map<string, number>();
  private readonly models = new Map<string, Cached>();
  /** Index key -> the URI the editor uses for it. */
  private readonly uris = new Map<string, string>();
  /** Bumped when settings change what an analysis produces (e.g. the size cap). */
  private generation = 0;
  private counter = 0;
  /** Documents whose open event has fired and whose accompanying content event has not. */
  private readonly opening = new Set<string>();
  /** Documents edited since they were opened (the user is typing in them). */
  private readonly edited = new Set<string>();
  private readonly editListeners: ((uri: string) => void)[] = [];

  constructor() {
    // Registered before any other listener, so the number is current when they run. TextDocuments
    // fires a content event right after each open: it belongs to the open, not a new change.
    this.documents.onDidOpen((e) => {
      this.uris.set(keyOfUri(e.document.uri), e.document.uri);
      this.seqs.set(e.document.uri, ++this.counter);
      this.opening.add(e.document.uri);
      this.edited.delete(e.document.uri);
    });
    this.documents.onDidChangeContent((e) => {
      if (this.opening.delete(e.document.uri)) return;
      this.seqs.set(e.document.uri, ++this.counter);
      this.edited.add(e.document.uri);
      for (const l of this.editListeners) l(e.document.uri);
    });
  }

  /**
   * Calls `listener` with the URI of each edit of an open document: the content events of TextDocuments without the
   * one that comes with each open (taken for an edit, it made every open's check wait for the typing debounce, and
   * background work for the pause after typing).
   */
  onEdit(listener: (uri: string) => void): void {
    this.editListeners.push(listener);
  }

  /** The number of changes seen for `uri` (undefined when it is not open). */
  seq(uri: string): number | undefined {
    return this.documents.get(uri) ? (this.seqs.get(uri) ?? 0) : undefined;
  }

  /** The model of the text the editor holds now, analysed on first use. */
  modelOf(session: AnalysisSession, uri: string): DocumentModel | undefined {
    const doc = this.documents.get(uri);
    if (!doc) return undefined;
    const seq = this.seqs.get(uri) ?? 0;
    const cached = this.models.get(uri);
    if (cached && cached.seq === seq && cached.generation === this.generation) return cached.model;
    const model = session.openDocument(keyOfUri(uri), doc.getText(), doc.version, true);
    this.models.set(uri, { seq, generation: this.generation, model });
    return model;
  }

  /**
   * Completes the syntax check of the current model of `uri` (see Session.verifyOpenInSlices): true when
   * the full parse found errors the fast model lacked, so its diagnostics must be computed again.
   */
  async verify(session: AnalysisSession, uri: string, giveWay?: () => Promise<void>): Promise<boolean> {
    const cached = this.models.get(uri);
    if (!cached || cached.seq !== this.seqs.get(uri) || cached.model.syntaxChecked) return false;
    // In slices: a document opened or an edit made meanwhile is handled between them (syntax/cleanParse.ts).
    const full = await session.verifyOpenInSlices(cached.model, giveWay);
    if (!full || this.models.get(uri) !== cached) return false;
    this.models.set(uri, { ...cached, model: full });
    return true;
  }

  /**
   * Computes the line offsets of an open document's text while it is unedited, after its diagnostics went out
   * (host/diagnosticsScheduler.ts `prepareEdits`). TextDocuments computes them (a pass over the whole text) at the
   * first edit, not at the open: in a 2,000-line assembly that was about 2 ms of the first keystroke's 7-10 ms of
   * main thread (server profiles, docs/performance.md). Later edits keep them up to date.
   */
  prepareForEdits(uri: string): void {
    if (!this.edited.has(uri)) this.documents.get(uri)?.positionAt(0);
  }

  /** True once `uri` was edited after it was opened. */
  editedSinceOpen(uri: string): boolean {
    return this.edited.has(uri);
  }

  /**
   * When to complete the syntax check of the fast model (`verify`): at once for a document just
   * opened; after an edit, once typing paused for VERIFY_AFTER_EDIT_MS. The full parse of a large
   * file costs ten to twenty times the outline scan, and run right after each keystroke's
   * diagnostics it delayed the next keystroke's.
   */
  verifyDelay(uri: string): number {
    return this.edited.has(uri) ? VERIFY_AFTER_EDIT_MS : 0;
  }

  /** Forgets a closed document. */
  closed(uri: string): void {
    this.edited.delete(uri);
    this.seqs.delete(uri);
    this.opening.delete(uri);
    this.models.delete(uri);
    this.uris.delete(keyOfUri(uri));
  }

  /** Makes every model stale (settings that change the analysis itself changed). */
  invalidateAll(): void {
    this.generation++;
  }

  /** The URI of an open document by index key. */
  uriOfKey(key: string): string | undefined {
    return this.uris.get(key);
  }

  allUris(): string[] {
    return this.documents.keys();
  }
}
