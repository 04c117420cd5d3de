/**
 * An NFV package on disk (a folder) as the package checks read it: its files, their text, and
 * their hashes computed with node's crypto, streamed in 1 MiB chunks so a large image never sits
 * in memory. Hashes are kept per file, algorithm, size and modification time.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import * as path from 'node:path';
import type { FileSystem } from '../index/fileSystem.js';
import type { HashAlgorithm, PackageFiles } from '../model/tosca/package/files.js';
import { nodeFileSystem } from './nodeFileSystem.js';
import { hexOf, startHash } from './packageHash.js';

/** Files of a package we list at most, and text we read at most per file. */
export const MAX_PACKAGE_FILES = 20_000;
const MAX_TEXT_BYTES = 8 * 1024 * 1024;
const CHUNK = 1024 * 1024;
/** Folders never part of a package as shipped. */
const SKIP = new Set(['.git', '.hg', '.svn', 'node_modules', '__pycache__']);

/**
 * What precedes a listed name in `path.join(dir, name)` when `dir` itself came from `path.join` (so it is already
 * normalised, and a listed name holds no separator and is never `.` or `..`): the same path without `path.join`
 * normalising the whole of it again for every folder the walks below visit (the checker walks them all twice per run;
 * xOpera's 49 folders: about 3 million instructions).
 */
function childPrefix(dir: string): string {
  return dir.endsWith(path.sep) ? dir : dir + path.sep;
}

/**
 * Every file under `root`, relative, `/`-separated, sorted; at most MAX_PACKAGE_FILES. `fs` lists the
 * folders when given (the checker's, which keeps the listings for its index to reuse).
 */
export function listFolder(root: string, fs: Pick<FileSystem, 'readDirSync'> = nodeFileSystem): string[] {
  const out: string[] = [];
  // Below the root, a folder's path is its parent's, the separator and its name (see `childPrefix`).
  const walk = (dir: string, rel: string) => {
    const prefix = rel ? childPrefix(dir) : undefined;
    for (const e of fs.readDirSync(dir)) {
      if (out.length >= MAX_PACKAGE_FILES) return;
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory) {
        if (!SKIP.has(e.name)) walk(prefix === undefined ? path.join(dir, e.name) : prefix + e.name, r);
      } else if (e.isFile) out.push(r);
    }
  };
  walk(root, '');
  return out.sort();
}

/**
 * The files directly in `dir` (enough to tell a package without TOSCA-Metadata: see packageLayout). `fs` lists the
 * folder when given (the checker's, which has listed it already).
 */
export function rootFiles(dir: string, fs: Pick<FileSystem, 'readDirSync'> = nodeFileSystem): string[] {
  return fs
    .readDirSync(dir)
    .filter((e) => e.isFile)
    .map((e) => e.name)
    .sort();
}

/** Hex hash of a file on disk, read in chunks. */
export function hashFile(file: string, algorithm: HashAlgorithm): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const h = startHash(algorithm);
    const buf = new Uint8Array(CHUNK);
    let pos = 0;
    for (;;) {
      const n = readSync(fd, buf, 0, CHUNK, pos);
      if (n <= 0) break;
      h.update(buf.subarray(0, n));
      pos += n;
    }
    return hexOf(h);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

const hashes = new Map<string, string>();

/** A folder package; hashes cached by path, algorithm, size and mtime (for the editor's repeated checks). */
export function folderPackage(root: string, files = listFolder(root)): PackageFiles {
  return {
    files,
    readText(rel) {
      try {
        const p = path.join(root, rel);
        if (statSync(p).size > MAX_TEXT_BYTES) return undefined;
        return new TextDecoder().decode(readFileBytes(p));
      } catch {
        return undefined;
      }
    },
    hashOf(rel, algorithm) {
      const p = path.join(root, rel);
      let key: string;
      try {
        const st = statSync(p);
        key = `${p}\0${algorithm}\0${st.size}\0${st.mtimeMs}`;
      } catch {
        return undefined;
      }
      const known = hashes.get(key);
      if (known) return known;
      const d = hashFile(p, algorithm);
      if (d) {
        if (hashes.size > 4096) hashes.clear();
        hashes.set(key, d);
      }
      return d;
    },
  };
}

function readFileBytes(p: string): Uint8Array {
  const fd = openSync(p, 'r');
  try {
    const size = statSync(p).size;
    const buf = new Uint8Array(size);
    let n = 0;
    while (n < size) {
      const r = readSync(fd, buf, n, size - n, n);
      if (r <= 0) break;
      n += r;
    }
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

/**
 * Folders under `dir` (itself included) that hold `TOSCA-Metadata/TOSCA.meta`; bounded walk. `fs` lists the folders
 * when given (the checker's: its index and its scan for archives have listed them already).
 */
export function packageRootsUnder(
  dir: string,
  maxDirs = 5000,
  fs: Pick<FileSystem, 'readDirSync'> = nodeFileSystem,
): string[] {
  const out: string[] = [];
  let seen = 0;
  // `joined`: `d` came from `path.join` (see `childPrefix`).
  const walk = (d: string, joined: boolean) => {
    if (++seen > maxDirs) return;
    const ents = fs.readDirSync(d);
    if (ents.some((e) => e.name === 'TOSCA-Metadata' && e.isDirectory)) {
      try {
        if (statSync(path.join(d, 'TOSCA-Metadata', 'TOSCA.meta')).isFile()) {
          out.push(d);
          return;
        }
      } catch {
        // no TOSCA.meta: not a package root
      }
    }
    const prefix = joined ? childPrefix(d) : undefined;
    for (const e of ents)
      if (e.isDirectory && !SKIP.has(e.name)) walk(prefix === undefined ? path.join(d, e.name) : prefix + e.name, true);
  };
  walk(dir, false);
  return out.sort();
}
