/**
 * A monotonic clock in milliseconds, for time slices, budgets and the scheduler's quiet times (only the
 * difference between two readings means anything). Each host installs its cheapest one: in Node the
 * `performance` global loads perf_hooks and the modules it needs on first use (about 2 ms of CPU, which the
 * first didOpen of a session paid: docs/performance.md), while `process.hrtime` is there from the start
 * (host/nodeTurn.ts); a browser's `performance` is native. Kept behind this seam, as the way to yield
 * (util/turn.ts), so the layers below the host name no platform global.
 */

type Clock = () => number;

// One process runs one host, so its clock is process-wide state set once at start-up.
let clock: Clock = () => performance.now();

/** Milliseconds on the host's monotonic clock. */
export function now(): number {
  return clock();
}

/** Installs the host's clock (milliseconds, monotonic). */
export function setClock(next: Clock): void {
  clock = next;
}
