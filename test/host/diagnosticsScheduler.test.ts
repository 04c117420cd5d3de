/**
 * The diagnostics scheduler on its own, with a hand-driven clock and fake work: no timer of the
 * machine runs, so nothing here depends on how fast it is. The work records what the scheduler
 * asked for (checks, publications, syntax checks, pull refreshes, workspace passes); checks can be
 * held open to finish in any order.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { stat } from 'node:fs';
import {
  AFTER_PULL_MS,
  DiagnosticsScheduler,
  QUIET_MS,
  REQUEST_QUIET_MS,
  systemClock,
  WORKSPACE_PASS_DELAY_MS,
  type CancelToken,
  type Clock,
  type DocumentCheck,
  type SchedulerWork,
  type WorkspaceMarks,
} from '../../server/src/host/diagnosticsScheduler.js';
import type { IndexChange } from '../../server/src/index/workspace.js';
import '../../server/src/host/nodeTurn.js';

const DEBOUNCE = 150;

/** Lets promise chains started by a timer run to their end. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((r) => setImmediate(r));
}

class FakeClock implements Clock {
  private t = 0;
  private next = 0;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();
  now(): number {
    return this.t;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.next;
    this.timers.set(id, { at: this.t + ms, fn });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  turn(): Promise<void> {
    return Promise.resolve();
  }
  get pending(): number {
    return this.timers.size;
  }
  /** Moves time on by `ms`, firing due timers in order and letting their work run. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      await settle();
      let due: [number, { at: number; fn: () => void }] | undefined;
      for (const e of this.timers) if (e[1].at <= end && (!due || e[1].at < due[1].at)) due = e;
      if (!due) break;
      this.timers.delete(due[0]);
      this.t = due[1].at;
      due[1].fn();
    }
    this.t = end;
    await settle();
  }
}

interface Published {
  uri: string;
  version: number | undefined;
  items: string[];
}

/** Open documents as texts; a check reports the text it read, as one diagnostic. */
class FakeWork implements SchedulerWork<string> {
  private counter = 0;
  readonly texts = new Map<string, { seq: number; text: string }>();
  readonly published: Published[] = [];
  readonly checked: string[] = [];
  readonly prepared: string[] = [];
  readonly verified: string[] = [];
  refreshes = 0;
  passes = 0;
  passTokens: CancelToken[] = [];
  ready = true;
  /** When set, checks wait until `release()`. */
  hold = false;
  private held: (() => void)[] = [];
  syntaxPending = false;
  verifyFinds = false;
  /** The pass waits for this before it ends (it gets the scheduler to wait for quiet). */
  passBody: (token: CancelToken) => Promise<void> = async () => undefined;

  open(uri: string, text: string): void {
    this.texts.set(uri, { seq: ++this.counter, text });
  }
  close(uri: string): void {
    this.texts.delete(uri);
  }
  release(): void {
    const h = this.held;
    this.held = [];
    for (const r of h) r();
  }
  seq(uri: string): number | undefined {
    return this.texts.get(uri)?.seq;
  }
  openUris(): string[] {
    return [...this.texts.keys()];
  }
  openUriOf(path: string): string | undefined {
    return this.texts.has(`file://${path}`) ? `file://${path}` : undefined;
  }
  /** The syntax check's delay (300 ms: after an edit; 0: a document just opened). */
  verifyDelayMs = 300;
  verifyDelay(): number {
    return this.verifyDelayMs;
  }
  prepare(uri: string): void {
    this.prepared.push(uri);
  }
  async check(uri: string): Promise<DocumentCheck<string> | undefined> {
    const doc = this.texts.get(uri);
    if (!doc) return undefined;
    this.checked.push(`${uri}@${doc.text}`);
    if (this.hold) await new Promise<void>((r) => this.held.push(r));
    return { version: doc.seq, items: [doc.text], syntaxPending: this.syntaxPending };
  }
  /** When set, the syntax check runs as this (a sliced check: it may await `giveWay`). */
  verifyWith: ((uri: string, giveWay: () => Promise<void>) => Promise<boolean>) | undefined;
  verify(uri: string, giveWay: () => Promise<void>): boolean | Promise<boolean> {
    this.verified.push(uri);
    return this.verifyWith ? this.verifyWith(uri, giveWay) : this.verifyFinds;
  }
  readonly editsPrepared: string[] = [];
  prepareEdits(uri: string): void {
    this.editsPrepared.push(uri);
  }
  publish(uri: string, version: number | undefined, items: string[]): void {
    this.published.push({ uri, version, items });
  }
  refreshPulls(): void {
    this.refreshes++;
  }
  workspaceReady(): boolean {
    return this.ready;
  }
  async pushWorkspace(token: CancelToken): Promise<void> {
    this.passes++;
    this.passTokens.push(token);
    await this.passBody(token);
  }
  logError(what: string, e: unknown): void {
    throw new Error(`unexpected error logged: ${what}: ${String(e)}`);
  }
}

class FakeMarks implements WorkspaceMarks {
  readonly changes: IndexChange[] = [];
  readonly closedPaths: string[] = [];
  readonly packageFiles: string[] = [];
  changed(change: IndexChange): void {
    this.changes.push(change);
  }
  closed(path: string): void {
    this.closedPaths.push(path);
  }
  packageReady(): void {}
  packageFilesChanged(paths: readonly string[]): void {
    this.packageFiles.push(...paths);
  }
}

function setup(pull = false) {
  const clock = new FakeClock();
  const work = new FakeWork();
  const marks = new FakeMarks();
  const scheduler = new DiagnosticsScheduler(work, marks, { debounceMs: () => DEBOUNCE, clock });
  scheduler.pull = pull;
  return { clock, work, marks, scheduler };
}

const A = 'file:///w/a.yaml';
const B = 'file:///w/b.yaml';

describe('DiagnosticsScheduler (push clients)', () => {
  test('an open is checked at once; a burst of edits once, after the debounce, on the last text', async () => {
    const { clock, work, scheduler } = setup();
    work.open(A, 'v1');
    scheduler.didOpen(A);
    await clock.advance(0);
    assert.deepEqual(work.checked, [`${A}@v1`]);
    for (const text of ['v2', 'v3', 'v4', 'v5']) {
      work.open(A, text);
      scheduler.didChange(A);
      await clock.advance(DEBOUNCE - 10);
    }
    assert.deepEqual(work.checked, [`${A}@v1`], 'no check while the edits keep coming');
    await clock.advance(10);
    assert.deepEqual(work.checked, [`${A}@v1`, `${A}@v5`]);
    assert.deepEqual(
      work.published.map((p) => p.items),
      [['v1'], ['v5']],
    );
  });

  test('a check that finishes after a newer edit never publishes its stale result', async () => {
    const { clock, work, scheduler } = setup();
    work.hold = true;
    work.open(A, 'v1');
    scheduler.didOpen(A);
    await clock.advance(0);
    // v2 arrives while v1 is still being checked, and its own check is asked for meanwhile.
    work.open(A, 'v2');
    scheduler.didChange(A);
    await clock.advance(DEBOUNCE);
    assert.deepEqual(work.checked, [`${A}@v1`], 'one check per document at a time');
    work.release();
    await clock.advance(0);
    assert.deepEqual(work.checked, [`${A}@v1`, `${A}@v2`], 'the pending check runs right after');
    work.release();
    await clock.advance(0);
    assert.deepEqual(work.published, [{ uri: A, version: work.seq(A), items: ['v2'] }]);
  });

  test('checks finishing out of order across documents publish each its own latest text', async () => {
    const { clock, work, scheduler } = setup();
    work.hold = true;
    work.open(A, 'a1');
    work.open(B, 'b1');
    scheduler.didOpen(A);
    scheduler.didOpen(B);
    await clock.advance(0);
    work.open(B, 'b2');
    scheduler.didChange(B);
    work.release();
    await clock.advance(DEBOUNCE);
    work.release();
    await clock.advance(0);
    assert.deepEqual(
      work.published.map((p) => `${p.uri}@${p.items.join()}`),
      [`${A}@a1`, `${B}@b2`],
    );
  });

  test('a closed document is cleared, and a check running at the close publishes nothing after', async () => {
    const { clock, work, marks, scheduler } = setup();
    work.hold = true;
    work.open(A, 'v1');
    scheduler.didOpen(A);
    await clock.advance(0);
    work.close(A);
    scheduler.didClose(A, '/w/a.yaml');
    work.release();
    await clock.advance(0);
    assert.deepEqual(work.published, [{ uri: A, version: undefined, items: [] }]);
    assert.deepEqual(marks.closedPaths, ['/w/a.yaml']);
    // The workspace pass reports the file from disk again (and clears what it no longer reports).
    await clock.advance(WORKSPACE_PASS_DELAY_MS);
    assert.equal(work.passes, 1);
  });

  test('a deleted file: the index change marks it and one workspace pass runs after the burst', async () => {
    const { clock, work, marks, scheduler } = setup();
    work.open(A, 'v1');
    scheduler.indexChanged({ paths: ['/w/gone.yaml'], reason: 'disk' });
    await clock.advance(DEBOUNCE / 2);
    scheduler.indexChanged({ paths: ['/w/gone2.yaml'], reason: 'disk' });
    await clock.advance(WORKSPACE_PASS_DELAY_MS);
    assert.deepEqual(
      marks.changes.map((c) => c.paths[0]),
      ['/w/gone.yaml', '/w/gone2.yaml'],
    );
    assert.equal(work.passes, 1);
    // The open document was checked again (anything can matter to it).
    assert.deepEqual(work.checked, [`${A}@v1`]);
  });

  test('an index change caused by an open document does not schedule that document again', async () => {
    const { clock, work, scheduler } = setup();
    work.open(A, 'v1');
    work.open(B, 'b1');
    scheduler.indexChanged({ paths: ['/w/a.yaml'], reason: 'open' });
    await clock.advance(DEBOUNCE);
    assert.deepEqual(work.checked, [`${B}@b1`]);
  });

  test('a start during a running workspace pass makes one more pass after it, never two at once', async () => {
    const { clock, work, scheduler } = setup();
    let finish: () => void = () => undefined;
    work.passBody = () => new Promise<void>((r) => (finish = r));
    scheduler.startWorkspacePass();
    await clock.advance(WORKSPACE_PASS_DELAY_MS);
    scheduler.startWorkspacePass();
    await clock.advance(WORKSPACE_PASS_DELAY_MS);
    assert.equal(work.passes, 1);
    finish();
    await clock.advance(WORKSPACE_PASS_DELAY_MS);
    assert.equal(work.passes, 2);
  });

  test('the workspace pass waits while the user types and runs on when typing pauses', async () => {
    const { clock, work, scheduler } = setup();
    const slices: number[] = [];
    work.passBody = async () => {
      for (let i = 0; i < 3; i++) {
        await scheduler.quiet();
        slices.push(i);
      }
    };
    work.open(A, 'v1');
    scheduler.startWorkspacePass();
    await clock.advance(WORKSPACE_PASS_DELAY_MS - 1);
    // Typing starts just before the pass would begin: each keystroke keeps it waiting.
    for (let i = 0; i < 6; i++) {
      work.open(A, `v${i + 2}`);
      scheduler.didChange(A);
      await clock.advance(QUIET_MS / 2);
      assert.deepEqual(slices, [], 'no slice of the pass while keystrokes keep coming');
    }
    // Typing paused: the document's own check comes first, then the pass.
    await clock.advance(QUIET_MS);
    assert.deepEqual(slices, [0, 1, 2]);
    assert.equal(work.checked.at(-1), `${A}@v7`);
  });

  test('a pending document check holds the pass back too', async () => {
    const { clock, work, scheduler } = setup();
    work.hold = true;
    work.open(A, 'v1');
    scheduler.didOpen(A);
    await clock.advance(0);
    let quiet = false;
    void scheduler.quiet().then(() => (quiet = true));
    await clock.advance(QUIET_MS * 3);
    assert.equal(quiet, false, 'the open document is still being checked');
    work.release();
    await clock.advance(QUIET_MS);
    assert.equal(quiet, true);
  });

  test('opens in a row are checked at once and hold background work until QUIET_MS after the last', async () => {
    const { clock, work, scheduler } = setup();
    let quiet = false;
    for (let i = 0; i < 4; i++) {
      work.open(`${A}${i}`, 'v1');
      scheduler.didOpen(`${A}${i}`);
      // No debounce for an open (the typing debounce is 150 ms here): checked on the next turn.
      await clock.advance(0);
      assert.equal(work.checked.at(-1), `${A}${i}@v1`);
      if (i === 0) void scheduler.quiet().then(() => (quiet = true));
      await clock.advance(QUIET_MS / 2);
      assert.equal(quiet, false, 'an open came in less than QUIET_MS ago');
    }
    await clock.advance(QUIET_MS / 2);
    assert.equal(quiet, true);
  });

  test('a burst of language requests holds background work until REQUEST_QUIET_MS after the last one', async () => {
    const { clock, scheduler } = setup();
    let quiet = false;
    scheduler.didRequest();
    void scheduler.quiet().then(() => (quiet = true));
    for (let i = 0; i < 5; i++) {
      await clock.advance(REQUEST_QUIET_MS / 2);
      scheduler.didRequest();
    }
    await clock.advance(REQUEST_QUIET_MS - 1);
    assert.equal(quiet, false, 'a request came in less than REQUEST_QUIET_MS ago');
    await clock.advance(1);
    assert.equal(quiet, true);
  });

  test('quietAfter: not before its delay, and not while a document opened meanwhile waits for its check', async () => {
    const { clock, work, scheduler } = setup();
    let started = false;
    void scheduler.quietAfter(500).then(() => (started = true));
    await clock.advance(100);
    work.hold = true;
    work.open(A, 'v1');
    scheduler.didOpen(A);
    await clock.advance(0);
    await clock.advance(600);
    assert.equal(started, false, 'the open document is still being checked');
    work.release();
    await clock.advance(QUIET_MS);
    assert.equal(started, true);
    let alone = false;
    void scheduler.quietAfter(500).then(() => (alone = true));
    await clock.advance(499);
    assert.equal(alone, false);
    await clock.advance(1);
    assert.equal(alone, true);
  });

  test('a syntax check still to come runs after its delay, and errors it finds make the document due', async () => {
    const { clock, work, scheduler } = setup();
    work.syntaxPending = true;
    work.verifyFinds = true;
    work.open(A, 'v1');
    scheduler.didOpen(A);
    await clock.advance(0);
    assert.deepEqual(work.verified, []);
    work.syntaxPending = false;
    await clock.advance(300);
    assert.deepEqual(work.verified, [A]);
    assert.deepEqual(work.checked, [`${A}@v1`, `${A}@v1`]);
  });

  test('settings and package files: open documents checked again, everything marked, one pass', async () => {
    const { clock, work, marks, scheduler } = setup();
    work.open(A, 'v1');
    work.open(B, 'b1');
    scheduler.settingsChanged();
    await clock.advance(0);
    assert.deepEqual(work.checked.sort(), [`${A}@v1`, `${B}@b1`], 'settings: at once, no debounce');
    assert.deepEqual(marks.changes, [{ paths: [], reason: 'build' }]);
    scheduler.packageFilesChanged(['/w/TOSCA-Metadata/TOSCA.meta']);
    await clock.advance(DEBOUNCE);
    assert.deepEqual(marks.packageFiles, ['/w/TOSCA-Metadata/TOSCA.meta']);
    assert.equal(work.checked.length, 4);
    await clock.advance(WORKSPACE_PASS_DELAY_MS);
    assert.equal(work.passes, 1, 'the two starts within the delay make one pass');
    // Hashes an open package document waited for: it is checked again at once.
    scheduler.documentsDue([A]);
    await clock.advance(0);
    assert.equal(work.checked.at(-1), `${A}@v1`);
    assert.equal(work.checked.length, 5);
  });

  test('no workspace pass before the index is built', async () => {
    const { clock, work, scheduler } = setup();
    work.ready = false;
    scheduler.indexChanged({ paths: ['/w/x.yaml'], reason: 'disk' });
    scheduler.startWorkspacePass();
    await clock.advance(WORKSPACE_PASS_DELAY_MS * 2);
    assert.equal(work.passes, 0);
  });

  test('dispose stops every timer and cancels a running pass; nothing is scheduled after', async () => {
    const { clock, work, scheduler } = setup();
    let cancelled = false;
    work.passBody = (token) =>
      new Promise<void>((r) =>
        token.onCancellationRequested(() => {
          cancelled = true;
          r();
        }),
      );
    work.open(A, 'v1');
    scheduler.startWorkspacePass();
    await clock.advance(WORKSPACE_PASS_DELAY_MS);
    scheduler.didChange(A);
    scheduler.indexChanged({ paths: ['/w/x.yaml'], reason: 'disk' });
    let quietResolved = false;
    void scheduler.quiet().then(() => (quietResolved = true));
    assert.ok(clock.pending > 0);
    scheduler.dispose();
    await clock.advance(0);
    assert.equal(clock.pending, 0, 'no timer left');
    assert.equal(cancelled, true, 'the running pass was cancelled');
    assert.equal(quietResolved, true, 'a pass waiting for quiet is let go (it sees its cancellation)');
    scheduler.didChange(A);
    scheduler.didOpen(B);
    scheduler.indexChanged({ paths: ['/w/y.yaml'], reason: 'disk' });
    scheduler.startWorkspacePass();
    assert.equal(clock.pending, 0);
    await clock.advance(10_000);
    assert.deepEqual(work.checked, []);
    assert.equal(work.passes, 1);
  });
});

describe('DiagnosticsScheduler (pull clients)', () => {
  test('a scheduled check only brings the model up to date; the client is asked to pull, once per burst', async () => {
    const { clock, work, scheduler } = setup(true);
    work.open(A, 'v1');
    scheduler.didOpen(A);
    scheduler.indexChanged({ paths: ['/w/b.yaml'], reason: 'disk' });
    scheduler.indexChanged({ paths: ['/w/c.yaml'], reason: 'disk' });
    scheduler.packageFilesChanged(['/w/TOSCA-Metadata/TOSCA.meta']);
    await clock.advance(DEBOUNCE);
    assert.deepEqual(work.prepared, [A]);
    assert.deepEqual(work.checked, []);
    assert.deepEqual(work.published, []);
    assert.equal(work.refreshes, 1);
    // No workspace push: the client pulls the workspace itself.
    await clock.advance(WORKSPACE_PASS_DELAY_MS);
    assert.equal(work.passes, 0);
  });

  test('after a pull whose syntax check is still to come, errors it finds make the client pull again', async () => {
    const { clock, work, scheduler } = setup(true);
    work.open(A, 'v1');
    work.verifyFinds = true;
    scheduler.pulled(A, true);
    await clock.advance(300);
    assert.deepEqual(work.verified, [A]);
    await clock.advance(DEBOUNCE);
    assert.equal(work.refreshes, 1);
    // A newer edit makes a pending syntax check moot.
    scheduler.pulled(A, true);
    work.open(A, 'v2');
    await clock.advance(300);
    assert.deepEqual(work.verified, [A]);
  });
});

describe('work left for after the diagnostics are out', () => {
  test('push: edits prepared on the turn after the publication, the syntax check once quiet', async () => {
    const { clock, work, scheduler } = setup();
    work.open(A, 'v1');
    work.syntaxPending = true;
    work.verifyDelayMs = 0;
    scheduler.didOpen(A);
    await clock.advance(0);
    assert.equal(work.published.length, 1);
    assert.deepEqual(work.editsPrepared, [A]);
    assert.deepEqual(work.verified, [], 'not while documents may still be opened');
    await clock.advance(QUIET_MS - 1);
    assert.deepEqual(work.verified, []);
    await clock.advance(1);
    assert.deepEqual(work.verified, [A]);
  });

  test('a sliced syntax check gives way while a document waits for its check; an edit makes it moot', async () => {
    const { clock, work, scheduler } = setup();
    work.open(A, 'v1');
    work.syntaxPending = true;
    work.verifyDelayMs = 0;
    let giveWay: (() => Promise<void>) | undefined;
    let resume: (() => void) | undefined;
    work.verifyWith = (_uri, gw) => {
      giveWay = gw;
      return new Promise<boolean>((r) => (resume = () => r(true)));
    };
    scheduler.didOpen(A);
    await clock.advance(QUIET_MS);
    assert.ok(giveWay, 'the check of A started after its diagnostics, once quiet');
    work.syntaxPending = false;
    // B opened, its check held: a slice of A's check waits until B's is done.
    work.hold = true;
    work.open(B, 'b1');
    scheduler.didOpen(B);
    let went = false;
    void giveWay!().then(() => (went = true));
    await clock.advance(20);
    assert.equal(went, false, 'no slice while B waits for its check');
    work.hold = false;
    work.release();
    await clock.advance(4);
    assert.equal(went, true);
    // A edited while its check runs: the errors that check found are moot; A is checked for the edit only.
    work.open(A, 'v2');
    scheduler.didChange(A);
    resume!();
    await clock.advance(1);
    assert.deepEqual(
      work.checked.filter((c) => c.startsWith(A)),
      [`${A}@v1`],
      'not checked at once for what it found',
    );
    await clock.advance(DEBOUNCE);
    assert.deepEqual(
      work.checked.filter((c) => c.startsWith(A)),
      [`${A}@v1`, `${A}@v2`],
    );
  });

  test('pull: both wait AFTER_PULL_MS (the answer is written first); a change meanwhile makes them moot', async () => {
    const { clock, work, scheduler } = setup(true);
    work.open(A, 'v1');
    work.verifyDelayMs = 0;
    scheduler.pulled(A, true);
    await clock.advance(0);
    assert.deepEqual(work.verified, [], 'not on the next turn: the answer to the pull is written then');
    assert.deepEqual(work.editsPrepared, []);
    await clock.advance(AFTER_PULL_MS);
    assert.deepEqual(work.verified, [A]);
    assert.deepEqual(work.editsPrepared, [A]);
    scheduler.pulled(A, true);
    work.open(A, 'v2');
    await clock.advance(AFTER_PULL_MS);
    assert.deepEqual(work.verified, [A]);
    assert.deepEqual(work.editsPrepared, [A]);
  });
});

describe('the system clock', () => {
  test('a zero delay runs on the next turn, before a 1 ms timer, unless cleared', async () => {
    const order: string[] = [];
    // Scheduled from an I/O callback, as a didOpen is: the next turn comes before any timer.
    const timer = await new Promise<Promise<unknown>>((resolve) =>
      stat('.', () => {
        const t = new Promise<void>((r) => setTimeout(r, 1)).then(() => order.push('timer'));
        systemClock.setTimeout(() => order.push('zero'), 0);
        const cleared = systemClock.setTimeout(() => order.push('cleared'), 0);
        systemClock.clearTimeout(cleared);
        order.push('sync');
        resolve(t);
      }),
    );
    await timer;
    assert.deepEqual(order, ['sync', 'zero', 'timer']);
    // A positive delay is still a timer, cleared as one.
    const later = systemClock.setTimeout(() => order.push('later'), 2);
    systemClock.clearTimeout(later);
    await new Promise<void>((r) => setTimeout(r, 10));
    assert.deepEqual(order, ['sync', 'zero', 'timer']);
  });
});
