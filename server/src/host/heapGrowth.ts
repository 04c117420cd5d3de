/**
 * How far V8 lets the old generation grow between two full collections, kept small while a large
 * workspace pass runs; and no pretenuring while it runs.
 *
 * After each mark-compact V8 sets the next one's trigger at the live size times a factor it derives
 * from how cheap collection has been: during the first workspace pass the collector costs about 1% of
 * the time, so the factor is near its maximum and the heap grew from 84 MB live to 175 MB before the
 * next collection. What grows there is mostly garbage: parsed summaries dropped at each release point
 * (lsp/workspaceDiagnostics.ts), each file's model and findings. With the factor pinned at 1.3 while
 * the pass runs, V8 collects sooner and the process's peak is 30-40 MB lower for about the same CPU
 * time (docs/performance.md).
 *
 * V8 also decides per allocation site (an object or array literal) to allocate in the old generation
 * straight away once most of a scavenge's objects from that site survived it. In some passes (about
 * half of them through the server; which sites, and why only there, was not found) a few sites got
 * that decision; from then on their short-lived objects went to the old generation, kept their young
 * children alive until the next mark-compact, and the pass promoted about 3 MB per scavenge instead of
 * 1: 26 mark-compacts instead of 6, 4-5 s more CPU on the collector's threads and 1-2 s more on the
 * main one (docs/performance.md). The pass's objects die with their file, so it runs without it.
 *
 * V8 applies a new growth only when it sets the next trigger, at the end of a full collection: the
 * trigger set by the last one before stays. In the first session of a workspace (no index cache) the
 * last one ran in the middle of the cold build, under V8's own factor (4, the collector had been
 * cheap): the next came only at about 4 times its live size, after the build's end, the cache's save
 * and a third of the pass, and the process peaked at 320-360 MB instead of the later sessions' 225-245
 * (docs/performance.md). So the first hold of the small growth (`holdSmallGrowth`: the pass, and the
 * save of a large index cache) collects at once when the heap is large: the trigger is then set from
 * what is alive under the small factor. A small heap is left alone (the TOSCA workspaces' cold builds:
 * 35 MB at their save), where the collection would cost more than any growth could.
 *
 * Both flags are read by V8 at run time (the growth whenever it sets a new trigger, pretenuring at each
 * scavenge). They are part of the flag hash V8 stamps on code caches: the server's loader puts them
 * back to V8's defaults before writing one (`defaultHeapGrowth`), and the pass sets them again at its
 * next release point.
 */
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { exposeGc } from './idleCollector.js';

/** The factor is 1 + this / 100. */
const PASS_GROWING_PERCENT = 30;

/** V8's own growth (its dynamic factor) and its pretenuring. */
export function defaultHeapGrowth(): void {
  try {
    setFlagsFromString('--heap-growing-percent=0');
    setFlagsFromString('--allocation-site-pretenuring');
  } catch {
    // Another engine: nothing was changed.
  }
}

/** The small growth of a workspace pass (or `percent`), without pretenuring. */
export function passHeapGrowth(percent = PASS_GROWING_PERCENT): void {
  try {
    setFlagsFromString(`--heap-growing-percent=${percent}`);
    setFlagsFromString('--no-allocation-site-pretenuring');
  } catch {
    // Another engine: V8's own growth stays.
  }
}

/**
 * A heap using at least this much is collected when a hold of the small growth starts (see the header):
 * under V8's own factor it could grow to four times that before its next full collection.
 */
const LARGE_HEAP_BYTES = 64 * 1024 * 1024;

/** Holds of the small growth not released yet. */
let holds = 0;

/**
 * The small growth without pretenuring until the returned function is called (once; later calls do nothing), and at
 * once when no other hold is on and the heap is large, a full collection, so that it applies from now (see the
 * header). `onlyLarge`: nothing is held for a small heap (a save: its short burst of allocation is not worth
 * changing the growth for). `percent`: a growth other than the pass's (a save's, held for half a second).
 */
export function holdSmallGrowth(onlyLarge = false, percent = PASS_GROWING_PERCENT): () => void {
  const large = getHeapStatistics().used_heap_size >= LARGE_HEAP_BYTES;
  if (onlyLarge && !large && holds === 0) return () => undefined;
  passHeapGrowth(percent);
  if (holds++ === 0 && large) exposeGc()?.();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // Another hold on (a pass): its growth again.
    if (--holds === 0) defaultHeapGrowth();
    else if (percent !== PASS_GROWING_PERCENT) passHeapGrowth();
  };
}

/**
 * The workspace pass's hold (`ServerHost.passHeap`): `tighten` at its start holds the small growth (collecting a
 * large heap), and again at each release point sets the flags (a code cache written meanwhile put V8's defaults
 * back, serverBin.ts); `restore` releases it.
 */
export function passGrowthHold(): { tighten(): void; restore(): void } {
  let release: (() => void) | undefined;
  return {
    tighten() {
      if (release) passHeapGrowth();
      else release = holdSmallGrowth();
    },
    restore() {
      release?.();
      release = undefined;
    },
  };
}
