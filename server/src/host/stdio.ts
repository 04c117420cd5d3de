/**
 * Writing to standard output (1) or error (2) through the descriptor, all at once: the checker never
 * creates node's stream objects for them (for a pipe they load the socket and stream modules, a cost
 * to every short run). A reader that stops early (`lm-descriptors check | head`) ends the process
 * quietly, as other command-line tools do. Shared by the checker's output and its run cache's replay.
 */
import { writeSync } from 'node:fs';

export function writeBytes(fd: 1 | 2, buf: Uint8Array): void {
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
