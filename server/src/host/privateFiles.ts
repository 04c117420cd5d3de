/**
 * Files in the user's private cache folder (`$XDG_CACHE_HOME/lm-descriptors`, else `~/.cache/lm-descriptors`,
 * created 0700), shared by the loaders' V8 code cache (host/codeCache.ts) and the checker's run cache
 * (host/runCache.ts). One holds compiled code and the other output to print, so a file is read only when it is a
 * regular file (a link is never followed) that the user owns and nobody else can write, in a folder nobody else can
 * write. A file is written to a fresh name and renamed into place, so a reader never sees half of one. Any failure
 * only means no cache.
 */
import {
  closeSync,
  constants,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  writeSync,
} from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** The user's private cache folder of this program. */
export function cacheFolder(): string {
  return path.join(process.env['XDG_CACHE_HOME'] || path.join(os.homedir(), '.cache'), 'lm-descriptors');
}

/** True for a file or folder this user owns that nobody else may write. */
export function isPrivate(st: { uid: number; mode: number }, uid: number): boolean {
  return st.uid === uid && (st.mode & 0o022) === 0;
}

/** The bytes of `file`, when it and its folder are private (see above) and it holds at most `maxBytes`. */
export function readPrivate(file: string, uid: number, maxBytes: number): Buffer | undefined {
  let fd: number | undefined;
  try {
    if (!isPrivate(statSync(path.dirname(file)), uid)) return undefined;
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const st = fstatSync(fd);
    if (!st.isFile() || !isPrivate(st, uid) || st.size > maxBytes) return undefined;
    return readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Writes `pieces` one after the other as `file` (0600, its folder created 0700); false when it could not. */
export function writePrivate(file: string, uid: number, pieces: readonly (Buffer | Uint8Array)[]): boolean {
  try {
    const dir = path.dirname(file);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!isPrivate(statSync(dir), uid)) return false;
    const tmp = `${file}.${process.pid}.tmp`;
    const fd = openSync(tmp, 'wx', 0o600);
    try {
      // A Buffer's view as a plain Uint8Array (no copy): the type Node's `writeSync` is declared with here.
      for (const p of pieces) writeSync(fd, new Uint8Array(p.buffer, p.byteOffset, p.byteLength));
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
    return true;
  } catch {
    return false;
  }
}
