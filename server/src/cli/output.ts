/**
 * Writes all of `text` to standard output (1) or error (2) at once, through the descriptor: the
 * checker never creates node's stream objects for them (for a pipe they load the socket and stream
 * modules, a cost to every short run). A reader that stops early (`lm-descriptors check | head`)
 * ends the process quietly, as other command-line tools do.
 */
import { writeSync } from 'node:fs';

export function write(fd: 1 | 2, text: string): void {
  const buf = new TextEncoder().encode(text);
  let off = 0;
  while (off < buf.length) {
    try {
      off += writeSync(fd, buf, off);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') process.exit(process.exitCode ?? 0);
      if (code !== 'EAGAIN') throw e;
      // A non-blocking pipe that is full: wait a moment for the reader.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2);
    }
  }
}

/** A line (or lines) on standard output / error, ending with a line break. */
export const out = (s: string): void => write(1, s.endsWith('\n') ? s : s + '\n');
export const err = (s: string): void => write(2, s.endsWith('\n') ? s : s + '\n');
