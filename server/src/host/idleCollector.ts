/**
 * A young-generation collection in the idle time after a check, instead of inside the next one.
 *
 * A keystroke in a large descriptor allocates about a megabyte; V8 collects the young generation
 * (a scavenge, 3–10 ms with the open document's model alive) when it is full, so every tenth or so
 * keystroke pays for one on top of its own work, and those keystrokes are the latency's p95. After
 * the diagnostics of a check went out the server usually waits for the next keystroke (at least the
 * debounce, 150 ms by default), so when the next check would probably not fit in what is left of the
 * young generation the collection is made there, on the next turn. A check that fits is never
 * followed by one, so a collection comes at most a check or two earlier than V8 would make it.
 *
 * Node gives the collector to scripts only with `--expose-gc`. Setting that flag at run time changes
 * the flag hash V8 stamps on code caches, so this is turned on only once the loader (serverBin.ts)
 * will write no code cache in this session: a cache written afterwards would be refused at the next
 * start.
 */
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * V8's `gc`: without options a full collection, now. (Node 20's V8 made a young-generation one of
 * `{ type: 'major' }` without `execution: 'async'`: host/heapGrowth.ts calls it without options.)
 */
export type Gc = (options?: { type: 'minor' | 'major'; execution?: 'sync' | 'async' }) => void;

export interface IdleCollector {
  /** Called when the diagnostics of a check were handed to the client. */
  afterCheck(): void;
  /**
   * Called once the first `ready` status is written. The index's load or build leaves several megabytes in the young
   * generation (6–7 MB after a warm start of the bench's workspace), and the first open allocates about 9 MB more:
   * V8 collected in the middle of that open (a scavenge copying what the load left, 12–27 ms at load 5–7). So it is
   * collected on the next turn, twice when it holds more than `READY_MIN_BYTES`: the first collection moves what is
   * alive to the young generation's other half, the second to the old generation, which leaves it empty.
   */
  atReady(): void;
}

/** Headroom kept for the next check: this many times what the last checks allocated. */
const MARGIN = 2;
/** How fast the remembered allocation of a check forgets a large one (a full open after keystrokes). */
const DECAY = 0.5;
/**
 * V8 itself posts a scavenge as a task once the young generation is this full (`--scavenge-task-trigger`,
 * 80%); that task runs on the next turn of the event loop, which may well be in the middle of a check
 * (a check yields while it runs). So the room a check has is up to that line, not to the end.
 */
const TASK_TRIGGER = 0.8;

/** Less than this in the young generation at `ready` is left where it is. */
const READY_MIN_BYTES = 1024 * 1024;

function newSpace(): { used: number; free: number } | undefined {
  for (const s of getHeapSpaceStatistics())
    if (s.space_name === 'new_space') return { used: s.space_used_size, free: s.space_available_size };
  return undefined;
}

/** The V8 collector, or undefined where it cannot be had (another engine, a refused flag). */
export function exposeGc(): Gc | undefined {
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    // Only this module holds it: later contexts do not get a global `gc`.
    setFlagsFromString('--no-expose-gc');
    return typeof gc === 'function' ? (gc as Gc) : undefined;
  } catch {
    return undefined;
  }
}

/** What the collector reads and does; the V8 ones by default (`idleYoungCollector`), fakes in the tests. */
export interface CollectorPlatform {
  /** The young generation's use now, in bytes. */
  newSpace(): { used: number; free: number } | undefined;
  /** A young-generation collection, now. */
  collect(): void;
  /** Runs `fn` on a later turn. */
  later(fn: () => void): void;
}

/**
 * The decision alone (see the header): collect on the next turn when the next check would probably
 * not fit below V8's own trigger.
 */
export function youngCollector(p: CollectorPlatform): IdleCollector {
  let lastUsed: number | undefined;
  // What one check, and whatever ran beside it since the last one, allocated in the young generation.
  let perCheck = 0;
  let queued = false;
  const short = (now: { used: number; free: number }) =>
    TASK_TRIGGER * (now.used + now.free) - now.used < MARGIN * perCheck;
  const collectIfShort = () => {
    queued = false;
    const now = p.newSpace();
    if (!now || !short(now)) return;
    p.collect();
    lastUsed = p.newSpace()?.used;
  };
  return {
    atReady() {
      p.later(() => {
        const now = p.newSpace();
        if (!now || now.used < READY_MIN_BYTES) return;
        p.collect();
        p.collect();
        lastUsed = p.newSpace()?.used;
      });
    },
    afterCheck() {
      const now = p.newSpace();
      if (!now) return;
      // A fall in use means a collection ran since the last check: that interval says nothing. The first check of a
      // session has no interval before it (no collection at ready: an open came first, or little was left): what the
      // young generation holds then counts as its allocation. Left unmeasured, with the first open sent before ready
      // (VS Code's restored editors), the second open began with 11-12 MB of V8's 12.8 MB line used and paid a
      // scavenge of 5-7 ms in two of five sessions (docs/performance.md).
      if (lastUsed === undefined) perCheck = now.used;
      else if (now.used >= lastUsed) perCheck = Math.max(now.used - lastUsed, perCheck * DECAY);
      lastUsed = now.used;
      if (queued || !short(now)) return;
      queued = true;
      // The next turn: the diagnostics are written out first.
      p.later(collectIfShort);
    },
  };
}

/** The collector of this V8 isolate, or undefined where the collector cannot be had. */
export function idleYoungCollector(): IdleCollector | undefined {
  const gc = exposeGc();
  if (!gc || !newSpace()) return undefined;
  // Two turns: the full syntax check that follows an open's diagnostics (host/diagnosticsScheduler.ts
  // `verifyLater`, on the next turn) runs first, and what it allocated, garbage once it is done, goes in the same
  // collection instead of filling the young generation before the next open.
  const later = (fn: () => void) => setImmediate(() => setImmediate(fn));
  return youngCollector({ newSpace, collect: () => gc({ type: 'minor' }), later });
}
