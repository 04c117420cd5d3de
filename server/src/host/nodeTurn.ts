/**
 * Node's ways to yield and to read the clock, installed for the layers below the host (util/turn.ts,
 * util/clock.ts). Imported for its effect by the Node file system, so everything that reads the disk
 * uses them.
 *
 * Node yields with `setImmediate`: the next turn after pending I/O, without the 1 ms floor of a
 * zero-delay timer (the index build and the diagnostics slices yield thousands of times). Its clock is
 * `process.hrtime`, which needs no module: the `performance` global loads perf_hooks on first use.
 */
import { setClock } from '../util/clock.js';
import { setTurnYielder } from '../util/turn.js';

setTurnYielder(() => new Promise<void>((resolve) => setImmediate(resolve)));
setClock(() => {
  const [s, ns] = process.hrtime();
  return s * 1e3 + ns / 1e6;
});
