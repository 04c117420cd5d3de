/**
 * Diagnostics of the whole workspace, not just the open files.
 *
 * The server keeps the last diagnostics of every workspace file it checked (as protocol
 * diagnostics, with a result id) and a set of files whose diagnostics may have changed ("dirty").
 * An index change marks the changed file dirty and the files each language pack says it can affect
 * (`affectedBy` in features/lm/affected.ts and features/tosca/affected.ts): the assemblies that
 * reference a descriptor, a project's files when its lmproject file changed, the descriptor of the
 * package a script belongs to, the TOSCA files importing a TOSCA file.
 *
 * Clients with pull diagnostics ask for the workspace with `workspace/diagnostic`: the server checks
 * the dirty files (outline scanner first, in slices with pauses so other requests are answered,
 * cancellable), streams what changed as partial results, and answers. When nothing is dirty the
 * request is held open until something changes (or the client cancels it): no client polling loop
 * ever costs a workspace scan. Clients without pull get the same results pushed, for the files
 * they do not have open. Open documents are not part of it: their own diagnostics requests (or the
 * push scheduler) cover them. NFV package documents (TOSCA.meta, manifests) around the TOSCA files
 * are part of it too (WorkspacePackages), their hashes computed off the request path.
 */
import type { Connection, Diagnostic as LspDiagnostic, WorkspaceDocumentDiagnosticReport } from 'vscode-languageserver';
import { computeDiagnostics, type DiagnosticOptions } from '../features/diagnostics.js';
import type { Diagnostic } from '../features/types.js';
import { affectedBy, packFor, partsOf } from '../features/packs.js';
import type { AnalysisSession } from '../host/analysisSession.js';
import { analyseDocument, markOnce } from '../model/document.js';
import type { FileKind } from '../model/kinds.js';
import type { IndexChange } from '../index/workspace.js';
import type { FileStat } from '../index/fileSystem.js';
import { resultIdOf, toLspDiagnostic } from './diagnostics.js';
import { nextTurn } from '../util/turn.js';
import type { CancelToken } from '../host/diagnosticsScheduler.js';
import type { RecordingFileSystem } from '../host/recordingFileSystem.js';
import type { DiagnosticsStore, PassHeap } from '../host/serverHost.js';
import { indexKey, loadFindings, serialise, storable, type StoredFindings } from './diagnosticsCache.js';
import { now } from '../util/clock.js';

interface Result {
  resultId: string;
  items: LspDiagnostic[];
  kind: FileKind;
  /** The descriptor name the file had when checked (to find its users after a rename). */
  name?: string;
  /** Its pack's `partsOf` when checked (the files a Cloudify blueprint merges), for its next edit. */
  parts?: readonly string[];
}

/** Work done between two pauses, in milliseconds. */
const SLICE_MS = 12;
/**
 * How long after a pass the background work that follows it waits (ms): the saving of its findings, the server's
 * warm-up. Serialising the findings costs about 300 ms of the main thread on the bench's 12,006 files, and it ran
 * while the answer to `workspace/diagnostic` (2.7 MB of JSON, written by vscode-jsonrpc on a later turn) still went
 * out through the pipe, which moves only while the event loop turns, and while the client parsed it on the second
 * core: the client had its 2,002 reports 330 ms after the pass ended, against 65 ms with the save a second later.
 * Neither is waited for by anyone.
 */
export const AFTER_PASS_MS = 250;
/** A pass that checked this many files drops the parsed summaries afterwards (memory). */
const RELEASE_AFTER = 100;
/**
 * During a pass, the parsed summaries not read over the last this many files checked are dropped
 * (memory: the pass would otherwise hold every summary it parsed until it ends). A file's references
 * are mostly to descriptors of its own project, checked close to it, and the shared ones are read
 * in every period, so few are parsed twice.
 */
const RELEASE_EVERY = 1000;
/**
 * The summaries the pass gave the index (`adoptSummary`) are dropped after this many to twice this many files
 * checked, and those it parsed when not read over the last this many (`WorkspaceIndex.releaseParsedLately`): their
 * readers, a project's files, are checked together.
 * The shared existence answers start again as often (a project's files are checked together).
 */
const RELEASE_ADOPTED_EVERY = 32;
/** Reports sent per partial result. */
const BATCH = 200;

const pause = nextTurn;

/**
 * The NFV package documents of the workspace (`TOSCA-Metadata/TOSCA.meta`, manifests): they are not
 * YAML, so not in the index; their packages are found around the index's TOSCA files. Hashes come
 * from the host's cache; one not known yet is computed in the background (never on this path) and
 * `packageReady` marks the package's documents due again.
 */
export interface WorkspacePackages {
  rootsAround(files: Iterable<string>): string[];
  documentsOf(root: string): string[];
  diskDiagnostics(file: string): Diagnostic[] | undefined;
}

export interface PassFigures {
  files: number;
  checked: number;
  /** Of `checked`, the files whose stored findings were republished (lsp/diagnosticsCache.ts). */
  reused: number;
  ms: number;
}

/** Where a full pass's findings persist between sessions (lsp/diagnosticsCache.ts). */
export interface PersistedFindings {
  store: DiagnosticsStore;
  /** The session's file system, recording what was read outside the index. */
  fs: RecordingFileSystem;
  /** The settings, as text: any change makes stored findings unusable. */
  settings(): string;
}

export class WorkspaceDiagnostics {
  private readonly results = new Map<string, Result>();
  private readonly dirty = new Set<string>();
  private everything = true;
  /** The index's file-set generation when the last change was marked. */
  private fileSet = -1;
  private readonly waiters = new Set<() => void>();
  /**
   * Existence answers shared by the pass's checks (a project's files ask for the same folders;
   * host/checkExistence.ts): new every `RELEASE_ADOPTED_EVERY` files of a large pass (its paths, most of them asked
   * by one project's files, were promoted with the map when it lived for 1,000 files) and at each release point,
   * and whenever a change of the workspace is marked (a file or folder that appeared or went), so no check after a
   * change reads an answer from before it.
   */
  private existing = new Map<string, boolean>();
  /**
   * The folders holding files the index read from the disk and nobody has open, for the index's file set it was made
   * from (`fileSetGeneration`): existence answers of a large pass's checks (host/checkExistence.ts). Made when such a
   * pass first needs it, dropped at its end and at any change of the index.
   */
  private diskFolders: { generation: number; folders: Set<string> } | undefined;
  /** Figures of the last pass that checked something (for the log and the benchmark). */
  lastPass: PassFigures = { files: 0, checked: 0, reused: 0, ms: 0 };
  /** Set by the server when findings persist between sessions. */
  persist: PersistedFindings | undefined;
  /** The last save of findings (tests and the benchmark wait for it). */
  saving: Promise<void> = Promise.resolve();
  /** The passes running (settled when they end, whichever way). */
  private readonly running = new Set<Promise<void>>();
  /** Set by the server: the heap's growth during a large pass (ServerHost.passHeap). */
  heap: PassHeap | undefined;

  constructor(
    private readonly session: () => AnalysisSession,
    private readonly options: () => DiagnosticOptions,
    private readonly isOpen: (path: string) => boolean,
    private readonly logError: (what: string, e: unknown) => void,
    private readonly log: (msg: string) => void = () => undefined,
    /** False with the `openFiles` scope: no file is a workspace file, and what was reported is cleared. */
    private readonly enabled: () => boolean = () => true,
    /**
     * Resolves when the user is not typing: a pass waits for it before each slice, so checking the
     * workspace never delays the open document's diagnostics or a keystroke's requests.
     */
    private readonly quiet: () => Promise<void> = () => Promise.resolve(),
    private readonly packages?: WorkspacePackages,
  ) {}

  /** Package root -> its documents, found again when files enter or leave the index. */
  private packageDocs = new Map<string, string[]>();
  private packageDocsFileSet = -1;

  private packageDocuments(): Map<string, string[]> {
    const index = this.session().index;
    if (!this.packages || this.packageDocsFileSet === index.fileSetGeneration) return this.packageDocs;
    this.packageDocsFileSet = index.fileSetGeneration;
    const tosca: string[] = [];
    for (const e of index.allEntries()) if (e.kind === 'tosca') tosca.push(e.path);
    this.packageDocs = new Map(this.packages.rootsAround(tosca).map((r) => [r, this.packages!.documentsOf(r)]));
    return this.packageDocs;
  }

  /** Hashes a package waited for are ready: its documents are due again. */
  packageReady(root: string): void {
    const docs = this.packageDocs.get(root);
    if (!docs) return;
    for (const d of docs) this.dirty.add(d);
    this.wake();
  }

  /** Marks what an index change may have affected. */
  changed(change: IndexChange): void {
    this.existing = new Map();
    this.diskFolders = undefined;
    const index = this.session().index;
    if (change.reason === 'build' || change.reason === 'roots') this.everything = true;
    // Everything is due anyway (the first pass, a rebuild): marking files one by one would cost a
    // walk of the index per changed lmproject file, quadratic during the warm start.
    if (this.everything) {
      this.fileSet = index.fileSetGeneration;
      this.wake();
      return;
    }
    // Files entered or left the index (not just edits): imports may now resolve differently.
    const fileSetChanged = index.fileSetGeneration !== this.fileSet;
    this.fileSet = index.fileSetGeneration;
    for (const p of change.paths) {
      this.dirty.add(p);
      const entry = index.get(p);
      const kind = entry?.kind ?? this.results.get(p)?.kind;
      // Each language pack says what an edit of one of its files (or of a file its packages hold) affects.
      const previousName = this.results.get(p)?.name;
      const previousParts = this.results.get(p)?.parts;
      for (const q of affectedBy({ path: p, kind, previousName, fileSetChanged, index, previousParts }))
        this.dirty.add(q);
      // Any file of an NFV package can change what its TOSCA.meta and manifest report.
      for (const [root, docs] of this.packageDocs)
        if (p.startsWith(root + '/')) for (const d of docs) this.dirty.add(d);
    }
    this.wake();
  }

  /**
   * Package documents (TOSCA.meta, manifests) changed, appeared or went on disk: they are not in the
   * index, so the packages are found again, and the changed documents and every document of the
   * packages they belong to are due (a deleted one is then reported empty).
   */
  packageFilesChanged(paths: readonly string[]): void {
    this.existing = new Map();
    this.packageDocsFileSet = -1;
    const packages = this.packageDocuments();
    for (const p of paths) {
      this.dirty.add(p);
      for (const [root, docs] of packages) if (p.startsWith(root + '/')) for (const d of docs) this.dirty.add(d);
    }
    this.wake();
  }

  /** A document closed: its workspace diagnostics (from disk) are due again, reported afresh. */
  closed(path: string): void {
    this.results.delete(path);
    this.dirty.add(path);
    this.wake();
  }

  /** True when some workspace file may need checking. */
  get pending(): boolean {
    return this.everything || this.dirty.size > 0;
  }

  private wake(): void {
    for (const w of [...this.waiters]) w();
    this.waiters.clear();
  }

  /** Resolves when something becomes dirty, or when the token is cancelled. */
  private waitForChange(token: CancelToken): Promise<void> {
    if (this.pending || token.isCancellationRequested) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.waiters.delete(done);
        sub.dispose();
        resolve();
      };
      const sub = token.onCancellationRequested(done);
      this.waiters.add(done);
    });
  }

  /** The workspace files that get workspace diagnostics (served by a pack, not open in the editor). */
  private candidates(): Set<string> {
    const out = new Set<string>();
    if (!this.enabled()) return out;
    for (const e of this.session().index.allEntries()) {
      if (packFor(e.kind) && !e.open && !this.isOpen(e.path)) out.add(e.path);
    }
    for (const docs of this.packageDocuments().values()) for (const d of docs) if (!this.isOpen(d)) out.add(d);
    return out;
  }

  /** True for a folder holding a file the index read from the disk (see `diskFolders`). */
  private readonly holdsFiles = (folder: string): boolean => {
    const index = this.session().index;
    let d = this.diskFolders;
    if (!d || d.generation !== index.fileSetGeneration) {
      d = this.diskFolders = { generation: index.fileSetGeneration, folders: new Set() };
      for (const e of index.allEntries()) {
        if (!e.stat || e.open) continue;
        for (let cut = e.path.lastIndexOf('/'); cut > 0; cut = e.path.lastIndexOf('/', cut - 1)) {
          const f = e.path.slice(0, cut);
          if (d.folders.has(f)) break;
          d.folders.add(f);
        }
      }
    }
    return d.folders.has(folder);
  };

  private isPackageDocument(path: string): boolean {
    for (const docs of this.packageDocs.values()) if (docs.includes(path)) return true;
    return false;
  }

  /**
   * Checks one file from disk; undefined when it cannot be read (gone, special, over the cap). `known`: existence
   * answers shared with the pass's other checks (host/checkExistence.ts).
   */
  private async check(path: string, known: Map<string, boolean>, adopt = false): Promise<Result | undefined> {
    const session = this.session();
    if (this.packages && this.isPackageDocument(path)) {
      const found = this.packages.diskDiagnostics(path);
      if (!found) return undefined;
      const items = found.map(toLspDiagnostic);
      return { resultId: resultIdOf(items), items, kind: 'other' };
    }
    const read = await this.read(path);
    if (read === undefined) return undefined;
    const { text, stat } = read;
    const model = analyseDocument(path, text, 0, { maxFullParseBytes: session.index.maxFileBytes, outlineFirst: true });
    if (!packFor(model.kind)) return undefined;
    // Checked once and dropped: the rules keep nothing for a next version of it.
    markOnce(model);
    // Only a large pass asks the index's folders: making them walks the whole index.
    const holdsFiles = adopt ? this.holdsFiles : undefined;
    const items = computeDiagnostics(session.context(model, known, holdsFiles), this.options()).map(toLspDiagnostic);
    // The summary the index holds for this version of the file, as the assembly checked after a project's resources
    // reads it (instead of the cached JSON parsed again). Only the outline path summarises as the index does
    // (`summaryTree`), and only a text the index's decoder reads alike: no byte-order mark, nothing replaced.
    if (adopt && stat && model.outlined && text.charCodeAt(0) !== 0xfeff && !text.includes('\ufffd'))
      session.index.adoptSummary(path, model.kind, stat, model.summary);
    const name = session.index.effectiveName(path);
    const parts = partsOf(model.kind, path, session.index);
    return {
      resultId: resultIdOf(items),
      items,
      kind: model.kind,
      ...(name ? { name } : {}),
      ...(parts ? { parts } : {}),
    };
  }

  /**
   * A file's text for its check; undefined when it is not a regular file within the size cap or cannot be read.
   * One synchronous open where the file system has it (the stat recorded is the open file's): the thread-pool
   * read took four round trips per file, the pass waiting idle through each.
   */
  private async read(path: string): Promise<{ text: string; stat?: FileStat } | undefined> {
    const { fs, index } = this.session();
    if (fs.readFileWithStatSync) {
      const r = fs.readFileWithStatSync(path, index.maxFileBytes);
      return r?.stat.isFile && r.stat.size <= index.maxFileBytes && r.text !== undefined
        ? { text: r.text, stat: r.stat }
        : undefined;
    }
    const stat = fs.statSync(path);
    if (!stat || !stat.isFile || stat.size > index.maxFileBytes) return undefined;
    try {
      // No stat of the text read: the file may have changed after the one above.
      return { text: await fs.readFile(path) };
    } catch {
      return undefined;
    }
  }

  /** The key of stored findings for the index as it stands (lsp/diagnosticsCache.ts). */
  private persistKey(persist: PersistedFindings): string | undefined {
    return indexKey(this.session(), persist.store.build, persist.settings() + JSON.stringify(this.options()));
  }

  /** A file's result from its stored findings. */
  private fromStored(path: string, s: StoredFindings): Result {
    const name = this.session().index.effectiveName(path);
    return { resultId: resultIdOf(s.items), items: s.items, kind: s.kind, ...(name ? { name } : {}) };
  }

  /**
   * Stores the findings of a full pass, when nothing changed while it ran (the index key is the same
   * as at its start, and no answer from outside the index changed during the session).
   */
  private save(persist: PersistedFindings, key: string, files: ReadonlySet<string>): void {
    if (this.persistKey(persist) !== key) return;
    const index = this.session().index;
    const probes = persist.fs.probes((p) => index.get(p) !== undefined);
    if (!probes) return;
    const rows: [string, StoredFindings][] = [];
    for (const p of files) {
      const r = this.results.get(p);
      if (r && !this.isPackageDocument(p) && storable(r.items)) rows.push([p, { kind: r.kind, items: r.items }]);
    }
    // What is stored is settled here; writing it waits until the client has the pass's answer (AFTER_PASS_MS).
    this.saving = new Promise<void>((resolve) => setTimeout(resolve, AFTER_PASS_MS))
      .then(() => this.quiet())
      .then(() => persist.store.save(serialise(key, probes, rows, 0)))
      .catch((e: unknown) => this.logError('saving workspace findings', e));
  }

  /**
   * Checks what is dirty and returns the reports the client does not have yet: for each file, a
   * full report when its diagnostics differ from `known` (uri -> result id the client holds);
   * files that left the workspace get an empty report. `report` receives them in batches.
   */
  async pass(
    known: ReadonlyMap<string, string>,
    token: CancelToken,
    report: (items: WorkspaceDocumentDiagnosticReport[]) => void,
    uriOf: (path: string) => string,
    progress?: (done: number, total: number) => void,
  ): Promise<void> {
    const running = this.checkPass(known, token, report, uriOf, progress);
    const settled = running.then(
      () => undefined,
      () => undefined,
    );
    this.running.add(settled);
    try {
      await running;
    } finally {
      this.running.delete(settled);
    }
  }

  /** Resolves when no pass runs (one that starts meanwhile is waited for too): true when one was waited for. */
  async idle(): Promise<boolean> {
    if (!this.running.size) return false;
    while (this.running.size) await Promise.all(this.running);
    return true;
  }

  private async checkPass(
    known: ReadonlyMap<string, string>,
    token: CancelToken,
    report: (items: WorkspaceDocumentDiagnosticReport[]) => void,
    uriOf: (path: string) => string,
    progress?: (done: number, total: number) => void,
  ): Promise<void> {
    const t0 = now();
    // Not even the list of files while a document waits for its check: the list and the stored findings' key
    // walk the whole index in one step (about 10 ms on the bench's TOSCA workspace), which a pass starting at
    // ready ran between the slices of the first didOpen's check.
    await this.quiet();
    const files = this.candidates();
    const todo: string[] = [];
    const full = this.everything;
    // A full pass (the first of a session, a rebuild, new settings) may republish stored findings.
    const persist = full ? this.persist : undefined;
    const key = persist && this.persistKey(persist);
    let stored: Map<string, StoredFindings> | undefined;
    if (persist && key) stored = await loadFindings(persist.store, key, persist.fs).catch(() => undefined);
    if (this.everything) todo.push(...files);
    else for (const p of this.dirty) if (files.has(p)) todo.push(p);
    // Files the client knows about that are no longer workspace files (deleted, now open, or the
    // scope switched to open files); after a settings change every file reported so far is a suspect.
    const suspects = new Set(this.dirty);
    if (this.everything) for (const p of this.results.keys()) suspects.add(p);
    const gone = [...suspects].filter((p) => !files.has(p) && !this.isOpen(p) && known.has(uriOf(p)));
    this.everything = false;
    this.dirty.clear();
    let batch: WorkspaceDocumentDiagnosticReport[] = gone.map((p) => {
      this.results.delete(p);
      return { kind: 'full', uri: uriOf(p), version: null, items: [] };
    });
    let sliceStart = now();
    const syncReads = this.session().fs.readFileWithStatSync !== undefined;
    let checked = 0;
    let reused = 0;
    let cancelled = false;
    // A pass that will reach a release point keeps the heap's growth small while it runs (host/heapGrowth.ts).
    const heap = todo.length - (stored?.size ?? 0) >= RELEASE_EVERY ? this.heap : undefined;
    // Only a pass that drops the parsed summaries at its end gives the index the checked files' summaries: each holds
    // its file's text (slices of it), which many small passes would otherwise leave held for the session.
    const adopting = todo.length - (stored?.size ?? 0) >= RELEASE_AFTER;
    heap?.tighten();
    // No answer from an earlier pass: the disk may have changed without an event the server sees.
    this.existing = new Map();
    const index = this.session().index;
    if (adopting) index.trackParsed(true);
    try {
      for (let i = 0; i < todo.length; i++) {
        if (token.isCancellationRequested) {
          // Unfinished files stay dirty for the next request.
          for (const p of todo.slice(i)) this.dirty.add(p);
          cancelled = true;
          break;
        }
        if (i === 0) await this.quiet();
        const p = todo[i]!;
        let r: Result | undefined;
        let read = false;
        try {
          const s = stored?.get(p);
          if (s) reused++;
          r = s ? this.fromStored(p, s) : await this.check(p, this.existing, adopting);
          read = !s;
          if (!s && adopting && (checked - reused + 1) % RELEASE_ADOPTED_EVERY === 0) {
            this.session().index.releaseParsedLately();
            this.existing = new Map();
          }
          if (!s && (checked - reused + 1) % RELEASE_EVERY === 0) {
            this.session().index.releaseUnusedSummaries();
            this.existing = new Map();
            // Again: a code cache written meanwhile put V8's default back (serverBin.ts).
            heap?.tighten();
          }
        } catch (e) {
          this.logError(`workspace diagnostics for ${p}`, e);
        }
        checked++;
        const uri = uriOf(p);
        if (!r) {
          this.results.delete(p);
          if (known.has(uri)) batch.push({ kind: 'full', uri, version: null, items: [] });
        } else {
          this.results.set(p, r);
          if (known.get(uri) !== r.resultId && (r.items.length > 0 || known.has(uri))) {
            batch.push({ kind: 'full', uri, version: null, resultId: r.resultId, items: r.items });
          }
        }
        if (batch.length >= BATCH) {
          report(batch);
          batch = [];
        }
        const sliceEnd = now() - sliceStart > SLICE_MS;
        if (sliceEnd) {
          progress?.(i + 1, todo.length);
          sliceStart = now();
        }
        // With synchronous reads, a turn after every file still: requests beside the pass (and the warm start's
        // check against the disk) move on between files, as they did while the thread-pool reads were waited for.
        if (sliceEnd || (syncReads && read)) {
          await pause();
          await this.quiet();
        }
      }
    } catch (e) {
      heap?.restore();
      throw e;
    } finally {
      if (adopting) index.trackParsed(false);
    }
    if (batch.length) report(batch);
    this.existing = new Map();
    this.diskFolders = undefined;
    // Checking many files parsed the summaries of most descriptors; nobody needs them parsed now
    // (dropped before the findings are written, so the two do not add up in memory).
    if (checked - reused >= RELEASE_AFTER || adopting) this.session().index.releaseSummaries();
    if (persist && key && !cancelled && checked > reused) this.save(persist, key, files);
    // V8's own growth again once the findings are written: serialising them is the pass's last large allocation.
    if (heap) void this.saving.finally(() => heap.restore());
    if (checked) {
      this.lastPass = { files: files.size, checked, reused, ms: now() - t0 };
      // Large passes are worth a line in the log (and the benchmark waits for it).
      if (checked >= 100) {
        this.log(
          `workspace diagnostics: checked ${checked} of ${files.size} files in ${Math.round(this.lastPass.ms)} ms` +
            (reused ? ` (${reused} from the previous session's findings)` : ''),
        );
      }
    }
  }

  /**
   * The `workspace/diagnostic` request: waits until something is dirty (held open otherwise),
   * then checks it, streaming reports as partial results when the client gave a token.
   */
  async request(
    previous: readonly { uri: string; value: string }[],
    token: CancelToken,
    partial: ((items: WorkspaceDocumentDiagnosticReport[]) => void) | undefined,
    uriOf: (path: string) => string,
    progress?: (done: number, total: number) => void,
  ): Promise<WorkspaceDocumentDiagnosticReport[]> {
    await this.waitForChange(token);
    const known = new Map(previous.map((p) => [p.uri, p.value]));
    const collected: WorkspaceDocumentDiagnosticReport[] = [];
    await this.pass(known, token, (items) => (partial ? partial(items) : collected.push(...items)), uriOf, progress);
    return collected;
  }

  /**
   * Push fallback for clients without pull diagnostics: checks what is dirty and publishes what
   * changed for files not open in the editor.
   */
  async push(connection: Connection, token: CancelToken, uriOf: (path: string) => string): Promise<void> {
    const known = new Map<string, string>();
    for (const [p, r] of this.results) known.set(uriOf(p), r.resultId);
    await this.pass(
      known,
      token,
      (items) => {
        for (const it of items) {
          if (it.kind === 'full') void connection.sendDiagnostics({ uri: it.uri, diagnostics: it.items });
        }
      },
      uriOf,
    );
  }

  /** The last diagnostics of a workspace file (for tests and the benchmark). */
  resultOf(path: string): readonly LspDiagnostic[] | undefined {
    return this.results.get(path)?.items;
  }
}
