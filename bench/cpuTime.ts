import { readFileSync } from 'node:fs';

/** CPU time (user + system) of one synchronous call, in ms, with its result: in-process bench scripts. */
export function cpuMs(f: () => unknown): [number, unknown] {
  const t = process.cpuUsage();
  const r = f();
  const d = process.cpuUsage(t);
  return [(d.user + d.system) / 1000, r];
}

/** CPU time (user + system) of this process so far, in ms: in-process children time steps by differences. */
export function processCpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** The main thread's CPU so far in ms (utime + stime of /proc/self/task/<pid>/stat, 10 ms ticks), or undefined off
 * Linux: what the wall time of a quiet machine follows. */
export function mainThreadCpuMs(): number | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of the stat line (utime, stime), counted after the command's closing parenthesis.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}
