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
