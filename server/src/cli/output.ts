/** The checker's output: text to standard output (1) or error (2), written at once (host/stdio.ts). */
import { writeBytes } from '../host/stdio.js';

export function write(fd: 1 | 2, text: string): void {
  writeBytes(fd, new TextEncoder().encode(text));
}

/** A line (or lines) on standard output / error, ending with a line break. */
export const out = (s: string): void => write(1, s.endsWith('\n') ? s : s + '\n');
export const err = (s: string): void => write(2, s.endsWith('\n') ? s : s + '\n');
