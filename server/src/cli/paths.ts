/**
 * Paths are printed the way they were given: an absolute argument gives absolute paths, a relative
 * one paths relative to the current folder, and a link keeps the name it was given by (the index
 * itself works on real paths, so each argument remembers both).
 */
import * as path from 'node:path';

export interface Target {
  /** The argument as typed. */
  given: string;
  /** Its real path (links resolved), `/`-separated as the index keys files. */
  real: string;
  isDir: boolean;
  /** How the argument itself is printed. */
  display: string;
}

export function displayOf(given: string, cwd: string): string {
  if (path.isAbsolute(given)) return path.normalize(given).replace(/(.)\/+$/, '$1');
  return path.relative(cwd, path.resolve(cwd, given)) || '.';
}

/** How a file under `t` (by real path) is printed. */
export function displayUnder(t: Target, realFile: string): string {
  if (realFile === t.real) return t.display;
  const rest = realFile.slice(t.real.length + (t.real.endsWith('/') ? 0 : 1));
  return t.display === '.' ? path.normalize(rest) : path.join(t.display, rest);
}

/** True when `file` is `dir` or inside it (real, `/`-separated paths). */
export function isInside(file: string, dir: string): boolean {
  return file === dir || file.startsWith(dir.endsWith('/') ? dir : dir + '/');
}
