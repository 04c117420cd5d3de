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
 * Both flags are read by V8 at run time (the growth whenever it sets a new trigger, pretenuring at each
 * scavenge). They are part of the flag hash V8 stamps on code caches: the server's loader puts them
 * back to V8's defaults before writing one (`defaultHeapGrowth`), and the pass sets them again at its
 * next release point.
 */
import { setFlagsFromString } from 'node:v8';

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

/** The small growth of a workspace pass, without pretenuring. */
export function passHeapGrowth(): void {
  try {
    setFlagsFromString(`--heap-growing-percent=${PASS_GROWING_PERCENT}`);
    setFlagsFromString('--no-allocation-site-pretenuring');
  } catch {
    // Another engine: V8's own growth stays.
  }
}
