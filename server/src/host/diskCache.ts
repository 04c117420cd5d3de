/**
 * The warm-start cache of the Node host: the index's summaries (format and checks in
 * `index/cache.ts`) kept in one file per set of workspace roots.
 *
 * The directory is created 0700 and the file 0600 (it lists absolute paths); the cache is read
 * only if it is a regular file (never through a link, never a FIFO or device), and written to a
 * temporary file with a random name, created exclusively without following links, then renamed
 * over the cache in one step.
 */
import { constants, promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { parseCache, serialiseCache, type CachedEntry, type Checksum, type SummaryStore } from '../index/cache.js';

/** The cache file of a set of workspace roots in `dir` (one file per set, named by its hash). */
export function cacheFileFor(dir: string, roots: readonly string[]): string {
  return path.join(dir, `index-${fnv64(roots.join('\n'))}.cache`);
}

/**
 * FNV-1a, 64 bits, in hex: a name for a set of roots, not a security boundary (the cache checks each
 * line itself), and synchronous without node:crypto (see `crypto` below).
 */
function fnv64(s: string): string {
  let h = 0xcbf29ce484222325n;
  for (const b of new TextEncoder().encode(s)) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return h.toString(16).padStart(16, '0');
}

/** The cache file is never read past this size. */
const MAX_CACHE_BYTES = 1024 * 1024 * 1024;

/**
 * node:crypto, loaded when a cache is first read or written: processes without a cache (the
 * command-line checker) never pay for loading it. `process.getBuiltinModule` (node 20.16+) loads
 * it synchronously, also in the checker's code-cached bundle, where `import()` is unavailable.
 */
async function crypto(): Promise<typeof import('node:crypto')> {
  const get = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  return get ? (get('node:crypto') as typeof import('node:crypto')) : await import('node:crypto');
}

/** The line checksum. */
async function checksummer(): Promise<Checksum> {
  const { hash } = await crypto();
  return (s) => hash('sha1', s, 'base64url').slice(0, 16);
}

/** Reads a regular file without following a link or blocking on a special file; undefined otherwise. */
async function readRegular(file: string): Promise<string | undefined> {
  let fh: import('node:fs/promises').FileHandle | undefined;
  try {
    fh = await fsp.open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const st = await fh.stat();
    if (!st.isFile() || st.size > MAX_CACHE_BYTES) return undefined;
    return await fh.readFile('utf8');
  } catch {
    return undefined;
  } finally {
    await fh?.close().catch(() => undefined);
  }
}

/** The entries of the cache at `file` that pass every check; an empty map when there is none. */
export async function loadCache(file: string): Promise<Map<string, CachedEntry>> {
  const text = await readRegular(file);
  if (text === undefined) return new Map(); // no cache yet (or not a plain file): start cold
  return parseCache(text, await checksummer());
}

/** Writes the cache atomically and privately (see the module comment). Failures only cost the warm start. */
export async function saveCache(file: string, entries: Iterable<[string, CachedEntry]>): Promise<void> {
  const dir = path.dirname(file);
  const { randomBytes } = await crypto();
  const checksum = await checksummer();
  const tmp = path.join(dir, `.${path.basename(file)}.${randomBytes(8).toString('hex')}.tmp`);
  let created = false;
  try {
    await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
    const fh = await fsp.open(
      tmp,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o600,
    );
    created = true;
    try {
      // Written in chunks so the whole cache never sits in memory as one string.
      for (const chunk of serialiseCache(entries, checksum)) await fh.write(chunk);
    } finally {
      await fh.close();
    }
    // rename() replaces whatever sits at `file` (a link included) without following it.
    await fsp.rename(tmp, file);
    created = false;
  } catch {
    // A read-only or hostile cache location only costs the warm start.
  } finally {
    if (created) await fsp.rm(tmp, { force: true }).catch(() => undefined);
  }
}

/** The index's summary store kept in `file` (see `cacheFileFor`). */
export function diskSummaryStore(file: string): SummaryStore {
  return { load: () => loadCache(file), save: (entries) => saveCache(file, entries) };
}
