/**
 * When diagnostics are computed and published: the one owner of every diagnostics timer of the
 * server (Node and browser hosts alike). It knows nothing of the protocol: the server gives it the
 * work (`SchedulerWork`: check a document, publish, ask a pull client to pull again, run the
 * workspace pass once) and a clock, and tells it what happened (a document opened, changed or
 * closed, the index or the settings changed, package files changed, a pull was answered).
 *
 * - Push clients: per document, a debounce after the last edit, then one check; a check asked for
 *   while one runs happens right after it; a result whose text changed meanwhile is dropped (so
 *   out-of-order completions never publish stale diagnostics); a closed document is cleared.
 * - Pull clients: a scheduled check only brings the document's model (and so the index) up to
 *   date; the client is asked to pull again, one request per quiet period.
 * - The fast model's full syntax check completes off the typing path (`verifyDelay`), and errors
 *   it finds make the document due again.
 * - The workspace pass (push fallback: clients without pull) runs after changes settle, one run at
 *   a time, and every slice of it waits for `quiet()`: no edit for QUIET_MS and no open document
 *   waiting for its check, so checking the workspace never delays typing.
 */
import type { IndexChange } from '../index/workspace.js';
import { nextTurn } from '../util/turn.js';
import { now } from '../util/clock.js';

/** Timers and time, injected so tests drive them by hand. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Resolves on a later turn of the event loop (no timer floor). */
  turn(): Promise<void>;
}

/** A zero-delay check waiting for the next turn (see `systemClock`); cleared by setting `cleared`. */
class NextTurn {
  cleared = false;
}

/**
 * A zero delay (an open's check, a keystroke's with no debounce) waits for the next turn, not for a timer: Node
 * clamps a 0 ms timer to 1 ms, and the first open at ready idled 1-2.5 ms before its check (server profiles).
 */
export const systemClock: Clock = {
  now,
  setTimeout: (fn, ms) => {
    if (ms > 0) return setTimeout(fn, ms);
    const h = new NextTurn();
    void nextTurn().then(() => {
      if (!h.cleared) fn();
    });
    return h;
  },
  clearTimeout: (h) => {
    if (h instanceof NextTurn) h.cleared = true;
    else clearTimeout(h as ReturnType<typeof setTimeout>);
  },
  turn: nextTurn,
};

/** A cancellation flag a workspace pass polls (the protocol's CancellationToken has this shape). */
export interface CancelToken {
  readonly isCancellationRequested: boolean;
  onCancellationRequested(listener: () => void): { dispose(): void };
}

/** The diagnostics of one open document, and whether its full syntax check is still to come. */
export interface DocumentCheck<D> {
  /** The editor's version of the text checked (echoed when published). */
  version?: number;
  items: D[];
  syntaxPending: boolean;
}

/** What the scheduler times; the server implements it over the session and the connection. */
export interface SchedulerWork<D> {
  /** The change number of an open document (undefined when it is not open). */
  seq(uri: string): number | undefined;
  openUris(): string[];
  /** The URI of the open document at an index path, if one is open there. */
  openUriOf(path: string): string | undefined;
  /** Milliseconds to wait before the full syntax check of `uri` (0: next turn). */
  verifyDelay(uri: string): number;
  /** Brings the document's model (and so the index) up to date without computing diagnostics. */
  prepare(uri: string): void;
  /** Computes an open document's diagnostics; undefined when it has none to publish. */
  check(uri: string): Promise<DocumentCheck<D> | undefined>;
  /**
   * Completes the syntax check of the document's current model: true when it found new errors. It may run in slices
   * (a promise), awaiting `giveWay` between them: a later turn, once no open document waits for its check.
   */
  verify(uri: string, giveWay: () => Promise<void>): boolean | Promise<boolean>;
  /**
   * Work the first edit of an open document would do, done once its diagnostics are out while it is unedited (the
   * editor's line table of its text: lsp/documents.ts `prepareForEdits`). Optional.
   */
  prepareEdits?(uri: string): void;
  publish(uri: string, version: number | undefined, items: D[]): void | Promise<void>;
  /** Asks a pull client to pull the open documents again. */
  refreshPulls(): void;
  /** True once the workspace index is built (no workspace pass before). */
  workspaceReady(): boolean;
  /** One push run of the workspace pass: checks what is dirty and publishes what changed. */
  pushWorkspace(token: CancelToken): Promise<void>;
  logError(what: string, e: unknown): void;
}

/** The workspace pass's record of what is due (lsp/workspaceDiagnostics.ts). */
export interface WorkspaceMarks {
  changed(change: IndexChange): void;
  closed(path: string): void;
  packageReady(root: string): void;
  packageFilesChanged(paths: readonly string[]): void;
}

export interface SchedulerOptions {
  /** The debounce after an edit, read at each edit (a setting). */
  debounceMs(): number;
  clock?: Clock;
}

/** Typing pause the workspace pass waits for. */
export const QUIET_MS = 300;
/**
 * How long background work waits after a language request (hover, completion, references, symbols...): requests
 * come in bursts, and the workspace pass checks a file at a time on the main thread (a request arriving meanwhile
 * waits for that file's check), so it steps aside while the user is asking things.
 */
export const REQUEST_QUIET_MS = 100;
/** Delay of the workspace pass after a change (changes in a burst make one pass). */
export const WORKSPACE_PASS_DELAY_MS = 300;
/**
 * How long after a pull's answer its follow-up work waits (the full syntax check, `prepareEdits`). vscode-jsonrpc
 * writes a response on a later turn (its writer queues behind `setImmediate`), so work queued for the next turn ran
 * before the answer went out: the first pull of the bench's 2,000-line assembly waited 30-50 ms for its syntax check.
 */
export const AFTER_PULL_MS = 15;
/** The shortest coalescing period of pull refresh requests. */
const MIN_REFRESH_MS = 50;
/** How often a waiting workspace pass looks again while a document check is pending. */
const BUSY_POLL_MS = 20;
/** How often a sliced syntax check looks again while a document check is pending (`giveWay`). */
const GIVE_WAY_POLL_MS = 4;

export class DiagnosticsScheduler<D> {
  private readonly clock: Clock;
  private readonly timers = new Map<string, unknown>();
  private readonly verifyTimers = new Map<string, unknown>();
  private readonly running = new Set<string>();
  private readonly again = new Set<string>();
  private readonly quietWaits = new Map<unknown, () => void>();
  private refreshTimer: unknown;
  private passTimer: unknown;
  private passRun: Promise<void> | undefined;
  private passCancel: { cancelled: boolean; listeners: (() => void)[] } | undefined;
  private lastEditAt = -Infinity;
  private lastOpenAt = -Infinity;
  private lastRequestAt = -Infinity;
  private pullMode = false;
  private disposed = false;

  constructor(
    private readonly work: SchedulerWork<D>,
    private readonly workspace: WorkspaceMarks,
    private readonly options: SchedulerOptions,
  ) {
    this.clock = options.clock ?? systemClock;
  }

  /** The client pulls diagnostics (LSP pull model); set at `initialize`. */
  set pull(on: boolean) {
    this.pullMode = on;
  }

  get pull(): boolean {
    return this.pullMode;
  }

  /** True while an open document waits for or undergoes its check (background work defers to it). */
  get busy(): boolean {
    return this.timers.size > 0 || this.running.size > 0;
  }

  // --- what happened ---

  /** An open: checked at once, and background work waits `QUIET_MS` after it (see `quiet`). */
  didOpen(uri: string): void {
    this.lastOpenAt = this.clock.now();
    this.schedule(uri, 0);
  }

  /** A language request: background work waits `REQUEST_QUIET_MS` after it (see `quiet`). */
  didRequest(): void {
    this.lastRequestAt = this.clock.now();
  }

  /** An edit: the check waits for the debounce (fast typing costs one check per pause). */
  didChange(uri: string): void {
    this.lastEditAt = this.clock.now();
    this.schedule(uri);
  }

  /** Nothing pending for the document, its diagnostics are cleared, and the workspace pass reports it from disk. */
  didClose(uri: string, path: string): void {
    this.cancel(uri);
    void this.publish(uri, undefined, []);
    this.workspace.closed(path);
    this.startWorkspacePass();
  }

  /**
   * The index changed. Any file can matter to the open documents (references, names, imports,
   * package layout): they are few and the check is debounced, so all are scheduled. A document
   * whose own analysis changed the index is skipped (its edit scheduled it; re-scheduling it from
   * here would loop).
   */
  indexChanged(change: IndexChange): void {
    if (this.disposed) return;
    this.workspace.changed(change);
    if (this.pullMode) return this.refreshPulls();
    const skip = new Set<string>();
    if (change.reason === 'open') for (const p of change.paths) skip.add(this.work.openUriOf(p) ?? '');
    this.scheduleAll(skip);
    this.startWorkspacePass();
  }

  /** Settings changed every file's findings (severities, the size cap, the scope). */
  settingsChanged(): void {
    if (this.disposed) return;
    this.scheduleAll(new Set(), 0);
    this.workspace.changed({ paths: [], reason: 'build' });
    if (this.pullMode) this.refreshPulls();
    else this.startWorkspacePass();
  }

  /** NFV package documents changed on disk (watched-file events): their findings are due again. */
  packageFilesChanged(paths: readonly string[]): void {
    if (this.disposed) return;
    this.workspace.packageFilesChanged(paths);
    if (this.pullMode) return this.refreshPulls();
    this.scheduleAll();
    this.startWorkspacePass();
  }

  /** Hashes open package documents waited for are ready: they are checked again. */
  documentsDue(uris: readonly string[]): void {
    for (const u of uris) this.schedule(u, 0);
    if (this.pullMode) this.refreshPulls();
  }

  /** Hashes a package waited for are ready: the workspace pass reports its documents again. */
  packageReady(root: string): void {
    if (this.disposed) return;
    this.workspace.packageReady(root);
    this.startWorkspacePass();
  }

  /**
   * A pull of one document was answered. When its syntax check is still to come, it runs off the
   * typing path, and errors it finds make the client pull again.
   */
  pulled(uri: string, syntaxPending: boolean): void {
    const seq = this.work.seq(uri);
    this.prepareLater(uri, seq, AFTER_PULL_MS);
    if (!syntaxPending) return;
    this.verifyLater(uri, seq, () => this.refreshPulls(), AFTER_PULL_MS);
  }

  // --- the workspace pass ---

  /**
   * Push fallback of workspace diagnostics (clients without pull): after changes settle, one run
   * at a time (a start during a run makes one more run after it). It runs with the `openFiles`
   * scope too: the pass then clears what was published before.
   */
  startWorkspacePass(): void {
    if (this.disposed || this.pullMode || !this.work.workspaceReady()) return;
    this.clear(this.passTimer);
    this.passTimer = this.clock.setTimeout(() => {
      this.passTimer = undefined;
      if (this.passRun) {
        void this.passRun.then(() => this.startWorkspacePass());
        return;
      }
      const cancel = { cancelled: false, listeners: [] as (() => void)[] };
      this.passCancel = cancel;
      const token: CancelToken = {
        get isCancellationRequested() {
          return cancel.cancelled;
        },
        onCancellationRequested: (listener) => {
          cancel.listeners.push(listener);
          return { dispose: () => cancel.listeners.splice(cancel.listeners.indexOf(listener) >>> 0, 1) };
        },
      };
      this.passRun = this.work
        .pushWorkspace(token)
        .catch((e: unknown) => this.work.logError('workspace diagnostics', e))
        .finally(() => {
          this.passRun = undefined;
          this.passCancel = undefined;
        });
    }, WORKSPACE_PASS_DELAY_MS);
  }

  /** Stops the workspace pass: nothing pending, and a running pass is cancelled (it stops at its next file). */
  stopWorkspacePass(): void {
    this.clear(this.passTimer);
    this.passTimer = undefined;
    const cancel = this.passCancel;
    if (cancel && !cancel.cancelled) {
      cancel.cancelled = true;
      for (const l of [...cancel.listeners]) l();
    }
  }

  /**
   * Resolves when the user is not typing: no edit or open for QUIET_MS, no language request for REQUEST_QUIET_MS and
   * no open document waiting for its check. The workspace pass waits for it before each slice.
   */
  async quiet(): Promise<void> {
    for (;;) {
      if (this.disposed) return;
      const now = this.clock.now();
      const wait = Math.max(
        this.busy ? BUSY_POLL_MS : 0,
        this.lastEditAt + QUIET_MS - now,
        // An editor opens its documents in a row (restored editors, a search result's files): their checks first.
        this.lastOpenAt + QUIET_MS - now,
        this.lastRequestAt + REQUEST_QUIET_MS - now,
      );
      if (wait <= 0) return;
      await this.wait(wait);
    }
  }

  /** Resolves `ms` from now, or at once when the scheduler is disposed (`quietWaits`). */
  private wait(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const handle = this.clock.setTimeout(() => {
        this.quietWaits.delete(handle);
        resolve();
      }, ms);
      this.quietWaits.set(handle, resolve);
    });
  }

  /**
   * Resolves `ms` from now once `quiet()` holds too: background work that should not start before
   * the first opens and requests of a session were answered (a warm start's check against the disk).
   */
  async quietAfter(ms: number): Promise<void> {
    if (this.disposed) return;
    await this.wait(ms);
    await this.quiet();
  }

  /** Stops every timer and the running pass; nothing is scheduled after this. */
  dispose(): void {
    this.disposed = true;
    for (const uri of [...this.timers.keys(), ...this.verifyTimers.keys()]) this.cancel(uri);
    this.clear(this.refreshTimer);
    this.refreshTimer = undefined;
    this.stopWorkspacePass();
    for (const [handle, resolve] of this.quietWaits) {
      this.clock.clearTimeout(handle);
      resolve();
    }
    this.quietWaits.clear();
  }

  // --- documents ---

  /** Checks `uri` after `delay` ms (the debounce by default), replacing a pending check. */
  private schedule(uri: string, delay = this.options.debounceMs()): void {
    if (this.disposed) return;
    this.clear(this.timers.get(uri));
    this.timers.set(
      uri,
      this.clock.setTimeout(() => {
        this.timers.delete(uri);
        void this.run(uri);
      }, delay),
    );
  }

  /** Checks every open document again (after the index or the settings changed). */
  private scheduleAll(except: ReadonlySet<string> = new Set(), delay?: number): void {
    for (const uri of this.work.openUris()) if (!except.has(uri)) this.schedule(uri, delay);
  }

  private cancel(uri: string): void {
    this.clear(this.timers.get(uri));
    this.timers.delete(uri);
    this.clear(this.verifyTimers.get(uri));
    this.verifyTimers.delete(uri);
    this.again.delete(uri);
  }

  private clear(handle: unknown): void {
    if (handle !== undefined) this.clock.clearTimeout(handle);
  }

  private async publish(uri: string, version: number | undefined, items: D[]): Promise<void> {
    try {
      await this.work.publish(uri, version, items);
    } catch (e) {
      this.work.logError(`publishing diagnostics of ${uri}`, e);
    }
  }

  /** Asks a pull client to pull again (coalesced: one request per quiet period). */
  private refreshPulls(): void {
    if (this.disposed) return;
    this.clear(this.refreshTimer);
    this.refreshTimer = this.clock.setTimeout(
      () => {
        this.refreshTimer = undefined;
        this.work.refreshPulls();
      },
      Math.max(MIN_REFRESH_MS, this.options.debounceMs()),
    );
  }

  /**
   * The full syntax check of the document's model, after its delay (on the turn after an open's pushed diagnostics,
   * `atLeast` ms after a pull's answer, after a pause in typing after an edit) and then `quiet()`; a newer edit makes
   * it moot. `found` runs when it found errors.
   */
  private verifyLater(uri: string, seq: number | undefined, found: () => void, atLeast = 0): void {
    if (this.disposed || seq === undefined) return;
    const current = () => !this.disposed && this.work.seq(uri) === seq;
    const verify = async () => {
      if (!current()) return;
      try {
        // Not while the user opens, types or asks: begun right after an open, the parse's slices and its garbage
        // delayed the documents opened next (the big assembly reopened 30 ms after each of its diagnostics: the
        // third open 32-54 ms, 18-41 ms before the slicing), and the check seldom finds anything (the outline
        // scanner gives up on what it cannot read).
        await this.quiet();
        if (!current()) return;
        // A sliced check lets edits in: what it found is moot once the text changed.
        if ((await this.work.verify(uri, () => this.giveWay())) && current()) found();
      } catch (e) {
        this.work.logError(`syntax check of ${uri}`, e);
      }
    };
    const delay = Math.max(atLeast, this.work.verifyDelay(uri));
    this.clear(this.verifyTimers.get(uri));
    this.verifyTimers.delete(uri);
    if (delay) {
      this.verifyTimers.set(
        uri,
        this.clock.setTimeout(() => {
          this.verifyTimers.delete(uri);
          void verify();
        }, delay),
      );
    } else void this.clock.turn().then(verify);
  }

  /**
   * A later turn, and none while an open document waits for or undergoes its check: how a sliced syntax check yields.
   * Yielding a turn was not enough: the check of a document opened meanwhile awaits its own steps, and a slice of the
   * other check ran at each of them.
   */
  private async giveWay(): Promise<void> {
    await this.clock.turn();
    while (this.busy && !this.disposed) await this.wait(GIVE_WAY_POLL_MS);
  }

  /** `SchedulerWork.prepareEdits` after `delay` ms (0: the next turn), unless the document changed or closed. */
  private prepareLater(uri: string, seq: number | undefined, delay: number): void {
    if (this.disposed || seq === undefined || !this.work.prepareEdits) return;
    const prepare = () => {
      if (this.disposed || this.work.seq(uri) !== seq) return;
      try {
        this.work.prepareEdits?.(uri);
      } catch (e) {
        this.work.logError(`preparing ${uri} for edits`, e);
      }
    };
    if (delay) this.clock.setTimeout(prepare, delay);
    else void this.clock.turn().then(prepare);
  }

  private async run(uri: string): Promise<void> {
    if (this.running.has(uri)) {
      this.again.add(uri);
      return;
    }
    const seq = this.work.seq(uri);
    if (seq === undefined || this.disposed) return;
    this.running.add(uri);
    try {
      if (this.pullMode) {
        // The client pulls; the model is brought up to date so the files using it become due.
        this.work.prepare(uri);
        return;
      }
      const result = await this.work.check(uri);
      // The text changed (or the document closed) while the rules ran: the result is stale.
      if (!result || this.disposed || this.work.seq(uri) !== seq) return;
      await this.publish(uri, result.version, result.items);
      // Both after the diagnostics were written (`publish` resolves then).
      if (result.syntaxPending) this.verifyLater(uri, seq, () => this.schedule(uri, 0));
      this.prepareLater(uri, seq, 0);
    } catch (e) {
      this.work.logError(`diagnostics failed for ${uri}`, e);
    } finally {
      this.running.delete(uri);
      if (this.again.delete(uri)) this.schedule(uri, 0);
    }
  }
}
