/**
 * How far V8 lets the old generation grow between two full collections, kept small while a large
 * workspace pass runs.
 *
 * After each mark-compact V8 sets the next one's trigger at the live size times a factor it derives
 * from how cheap collection has been: during the first workspace pass the collector costs about 1% of
 * the time, so the factor is near its maximum and the heap grew from 84 MB live to 175 MB before the
 * next collection. What grows there is mostly garbage: parsed summaries dropped at each release point
 * (lsp/workspaceDiagnostics.ts), each file's model and findings. With the factor pinned at 1.3 while
 * the pass runs, V8 collects sooner and the process's peak is 30-40 MB lower for about the same CPU
 * time (docs/performance.md).
 *
 * `--heap-growing-percent` is read by V8 whenever it sets a new trigger, so it takes effect at run
 * time. It is part of the flag hash V8 stamps on code caches: the server's loader puts it back to
 * V8's default before writing one (`defaultHeapGrowth`), and the pass sets it again at its next
 * release point.
 */
import { setFlagsFromString } from 'node:v8';

/** The factor is 1 + this / 100. */
const PASS_GROWING_PERCENT = 30;

/** V8's own growth (its dynamic factor). */
export function defaultHeapGrowth(): void {
  try {
    setFlagsFromString('--heap-growing-percent=0');
  } catch {
    // Another engine: nothing was changed.
  }
}

/** The small growth of a workspace pass. */
export function passHeapGrowth(): void {
  try {
    setFlagsFromString(`--heap-growing-percent=${PASS_GROWING_PERCENT}`);
  } catch {
    // Another engine: V8's own growth stays.
  }
}
