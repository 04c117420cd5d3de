/**
 * The server's helper threads yield a core to its main thread (Linux only). Node runs V8's optimising compiler, its
 * concurrent collector and its parallel scavenges on four worker threads; on the bench's two cores, the keystrokes
 * that came while those compiled the rules just warmed up waited for a core: the main thread's own time was 2-3 ms,
 * its time runnable but not running 4-5 ms (`/proc/self/task/<pid>/schedstat`, bench/keystrokeTrace.cjs;
 * docs/performance.md). A higher nice value on those threads lets the main thread take the core first; what they do
 * still runs, in the gaps between requests. Raising a thread's nice value needs no privilege (lowering it back does),
 * so it is done once for the session; Linux applies `setpriority` to the one thread whose id it is given.
 */
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Nice value of the helper threads. Moderate, not 19: the main thread waits for the helpers of a parallel scavenge
 * it joined, so a helper must not starve behind other processes on a loaded machine.
 */
export const HELPER_NICE = 5;

/** Sets `nice` on every thread of the process but the main one; returns how many it set. */
export function lowerHelperThreads(nice = HELPER_NICE): number {
  if (process.platform !== 'linux') return 0;
  let tasks: string[];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    return 0;
  }
  let n = 0;
  for (const t of tasks) {
    const tid = Number(t);
    if (!Number.isInteger(tid) || tid === process.pid) continue;
    try {
      setPriority(tid, nice);
      n++;
    } catch {
      // A thread that ended meanwhile, or a system that refuses: the thread keeps its priority.
    }
  }
  return n;
}
