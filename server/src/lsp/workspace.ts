/**
 * The workspace side of the server: the index over the workspace folders (built with progress and
 * a status notification, rebuilt when folders are added, trimmed when they are removed), watched
 * file events, and a background warm-up of the full parser after indexing.
 */
import {
  DidChangeWatchedFilesNotification,
  FileChangeType,
  type Connection,
  type DidChangeWatchedFilesParams,
  type WorkspaceFoldersChangeEvent,
} from 'vscode-languageserver';
import { computeDiagnosticsInSlices } from '../features/diagnostics.js';
import type { AnalysisSession } from '../host/analysisSession.js';
import type { ServerHost } from '../host/serverHost.js';
import { STATUS_NOTIFICATION, type StatusParams } from '../protocol.js';
import { keyOfUri } from './convert.js';
import { sizeText } from '../util/size.js';
import { nextTurn } from '../util/turn.js';

/** Descriptors up to this size are picked for the warm-up; the warm-up stops after WARM_UP_MS. */
const WARM_UP_BYTES = 256 * 1024;
const WARM_UP_MS = 1500;
/** The warm-up's rules run in slices this long (ms); an open document stops it at the end of one. */
const WARM_UP_SLICE_MS = 4;
const WARM_UP_STOPPED = new Error('warm-up stopped: a document is open');

/** The server's watched-file globs (one registration). */
export const WATCHED_FILE_GLOBS = [
  '**/*.{yml,yaml,tosca}',
  '**/Behaviour/**/*.json',
  '**/.lm-descriptors.json',
  '**/TOSCA-Metadata/TOSCA.meta',
  '**/*.mf',
] as const;

export class WorkspaceSync {
  private progressSupport = false;
  /** Called when a warm start's background check against the disk is done (the workspace pass waits for it). */
  onChecked: (() => void) | undefined;
  private building: Promise<void> | undefined;
  private again: Promise<void> | undefined;

  constructor(
    private readonly connection: Connection,
    private readonly session: () => AnalysisSession,
    private readonly log: (msg: string) => void,
    private readonly logError: (what: string, e: unknown) => void,
    /** The host's prefetch of the workspace files (the browser host), run before each build. */
    private readonly prefetch?: ServerHost['prefetch'],
  ) {}

  /** What the index's background verification defers to (the scheduler's `quiet`), set by the server. */
  deferTo: (() => Promise<void>) | undefined;
  /** What the index's background verification waits for before it starts, set by the server. */
  verifyAfter: (() => Promise<void>) | undefined;
  /** What the warm-up's analyses wait for after ready (a document opened meanwhile stops them), set by the server. */
  warmUpAfter: (() => Promise<void>) | undefined;
  /** What each of the warm-up's analyses waits for (a running workspace pass), set by the server. */
  warmUpWaits: (() => Promise<void>) | undefined;

  set progress(supported: boolean) {
    this.progressSupport = supported;
  }

  /**
   * Registers the one file watcher (clients that let servers register watchers; the client
   * registers none of its own, so each event arrives once): the files the index reads, and the NFV
   * package documents (`TOSCA.meta`, manifests), whose findings follow their text on disk.
   */
  watchFiles(): void {
    void this.connection.client.register(DidChangeWatchedFilesNotification.type, {
      watchers: WATCHED_FILE_GLOBS.map((globPattern) => ({ globPattern })),
    });
  }

  status(state: StatusParams['state'], done: number, total: number, verifying?: boolean): void {
    const index = this.session().index;
    const s: StatusParams = {
      state,
      done,
      total,
      descriptors: index.descriptorCount(),
      toscaFiles: index.toscaCount(),
    };
    if (verifying !== undefined) s.verifying = verifying;
    void this.connection.sendNotification(STATUS_NOTIFICATION, s);
  }

  /**
   * Builds (or rebuilds) the index. A call during a build (a root was added meanwhile) makes one
   * more build run after it; the promise resolves when the last requested build is done.
   */
  build(): Promise<void> {
    if (this.building) {
      this.again ??= this.building.then(() => {
        this.again = undefined;
        return this.build();
      });
      return this.again;
    }
    this.building = this.doBuild().finally(() => {
      this.building = undefined;
    });
    return this.building;
  }

  private async doBuild(): Promise<void> {
    const session = this.session();
    let reporter: { report(pct: number, msg: string): void; done(): void } | undefined;
    if (this.progressSupport) {
      try {
        const p = await this.connection.window.createWorkDoneProgress();
        p.begin('Indexing LM descriptors and TOSCA', 0, 'scanning…', false);
        reporter = { report: (pct, msg) => p.report(pct, msg), done: () => p.done() };
      } catch {
        reporter = undefined;
      }
    }
    const t0 = Date.now();
    let lastSent = 0;
    const index = session.index;
    index.deferTo = this.deferTo;
    index.verifyAfter = this.verifyAfter;
    // A warm start is ready before its entries are checked against the disk (WorkspaceIndex.build):
    // told twice, with `verifying` the first time.
    let early = false;
    const ready = (verifying: boolean) => {
      const b = index.lastBuild;
      this.log(
        `indexed ${b.files} YAML files (${index.descriptorCount()} descriptors, ` +
          `${index.toscaCount()} TOSCA files; ${b.fromCache} from cache, ${b.indexed} read` +
          `${b.skipped ? `, ${b.skipped} over the size cap of ${sizeText(index.maxFileBytes)} not read` : ''})` +
          ` in ${Date.now() - t0} ms${verifying ? ', checking them against the disk in the background' : ''}`,
      );
      this.status('ready', b.files, b.files, verifying);
      void this.warmUp();
    };
    try {
      // Files that arrive after the first phase are indexed by another build (unchanged files are skipped).
      if (this.prefetch) {
        await this.prefetch(session.index.roots, () => void this.build(), {
          isExcluded: (p) => session.index.isExcluded(p),
          maxFileBytes: () => session.index.maxFileBytes,
        });
      }
      await session.index.build(
        (done, total) => {
          const now = Date.now();
          if (now - lastSent < 100 && done < total) return;
          lastSent = now;
          reporter?.report(Math.round((done / Math.max(1, total)) * 100), `${done}/${total} files`);
          this.status('indexing', done, total);
        },
        () => {
          early = true;
          reporter?.done();
          reporter = undefined;
          ready(true);
        },
      );
    } catch (e) {
      this.logError('indexing failed', e);
    } finally {
      reporter?.done();
    }
    if (!early) return ready(false);
    const b = index.lastBuild;
    this.log(
      `checked the ${b.files} YAML files against the disk: ${b.indexed} read again` +
        ` (changed or new) in ${(b.verifiedMs ?? 0) - b.ms} ms after ready`,
    );
    this.status('ready', b.files, b.files, false);
    this.onChecked?.();
  }

  /** Workspace folders changed: forget the removed ones, index the added ones. */
  foldersChanged(ev: WorkspaceFoldersChangeEvent): void {
    const index = this.session().index;
    for (const f of ev.removed) index.removeRoot(keyOfUri(f.uri));
    for (const f of ev.added) index.addRoot(keyOfUri(f.uri));
    if (ev.added.length) void this.build();
  }

  async filesChanged(params: DidChangeWatchedFilesParams): Promise<void> {
    const index = this.session().index;
    for (const ch of params.changes ?? []) {
      if (typeof ch?.uri !== 'string') continue;
      const key = keyOfUri(ch.uri);
      try {
        // A host that prefetches keeps its own copy of the files: a deletion is read through it
        // too (the client answers null, the copy forgets the file), so a later build cannot revive it.
        if (ch.type === FileChangeType.Deleted && !this.prefetch) index.remove(key);
        else await index.refreshFromDisk(key);
      } catch (e) {
        this.logError(`watched file ${ch.uri}`, e);
      }
    }
  }

  /**
   * Package documents (TOSCA.meta, manifests) changed: not indexed, but a host that keeps its own
   * copy of the files (the browser host) reads them again, as the analysis reads TOSCA.meta.
   */
  async packageFilesChanged(changes: readonly { uri: string }[]): Promise<void> {
    if (!this.prefetch) return;
    const session = this.session();
    for (const ch of changes) {
      try {
        await session.fs.readText(keyOfUri(ch.uri), session.index.maxFileBytes);
      } catch (e) {
        this.logError(`watched file ${ch.uri}`, e);
      }
    }
  }

  /**
   * The index only uses the outline scanner, so the first opened file would pay for compiling the
   * full YAML parser and the rules (100+ ms on a big assembly). After indexing, analyse a few real
   * descriptors of the workspace in the background (small ones, in short slices, results dropped,
   * within a time budget, stopped by the first open) so the optimising compiler has seen real input before the first
   * didOpen. Files are read through the size-capped, special-file-safe reader.
   */
  private async warmUp(): Promise<void> {
    const session = this.session();
    const picks: string[] = [];
    // Two TOSCA files too (analysed first, as they are few): the first TOSCA open paid about 140 ms of cold code.
    // A service template (node templates: its analysis runs the template rules and builds its imports' type
    // tables) and a type file; the first two files of a 2.0 workspace's index were often both profiles.
    let template: string | undefined;
    let types: string | undefined;
    for (const e of session.index.allEntries()) {
      if (e.open || (e.stat?.size ?? Infinity) > WARM_UP_BYTES) continue;
      if ((e.kind === 'assembly' || e.kind === 'resource') && picks.length < 40) picks.push(e.path);
      else if (e.kind === 'tosca') {
        if (e.symbols.some((x) => x[1] === 'template:node')) template ??= e.path;
        else types ??= e.path;
      }
      if (picks.length >= 40 && template && types) break;
    }
    picks.unshift(...[template, types].filter((p) => p !== undefined));
    await nextTurn();
    const openAtReady = session.openPaths().length > 0;
    // Not at once: a document opened at ready is analysed cold either way, and should not wait for a warm-up step.
    await this.warmUpAfter?.();
    // The map of which TOSCA files import which, and the profile names, walking every TOSCA file: in slices, open
    // documents or not (a first open finds its own importers without the walk; reference searches, the workspace
    // pass and later edits use the map).
    try {
      if (session.index.toscaCount() > 0)
        for (;;) {
          const started = Date.now();
          if (session.index.tosca.prepareSlice(() => Date.now() - started > WARM_UP_SLICE_MS)) break;
          await nextTurn();
          // Typing and opens first: a slice between a document's check slices would delay its diagnostics.
          await this.deferTo?.();
        }
    } catch {
      // Only a speed-up: the first request that needs the map builds it.
    }
    if (openAtReady) return;
    let started = Date.now();
    for (const p of picks) {
      // A workspace pass runs the same rules over every file: the warm-up's analyses beside it only lengthened it
      // (by 150-200 ms of the main thread on the bench's first pass). What they add, a full parse, comes after it,
      // and the time waited for it is not the warm-up's.
      const waitFrom = Date.now();
      await this.warmUpWaits?.();
      started += Date.now() - waitFrom;
      if (Date.now() - started > WARM_UP_MS) break;
      await nextTurn();
      // Once a document is open the warm-up is late: it would only take turns from that document's check.
      if (session.openPaths().length) break;
      try {
        const text = await session.fs.readText(p, WARM_UP_BYTES);
        // A document opened while the file was read: its check comes first.
        if (session.openPaths().length) break;
        if (text === undefined) continue;
        // In slices, so a document opened meanwhile waits for one slice, not for the file's rules.
        const stop = await computeDiagnosticsInSlices(
          session.context(session.analyse(p, text, -1)),
          {},
          async () => {
            await nextTurn();
            if (session.openPaths().length) throw WARM_UP_STOPPED;
          },
          WARM_UP_SLICE_MS,
        ).then(
          () => false,
          (e: unknown) => e === WARM_UP_STOPPED,
        );
        if (stop) break;
      } catch {
        // Only a speed-up.
      }
    }
  }
}
