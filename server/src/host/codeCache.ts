/**
 * Loading a bundle through V8's code cache, shared by the two Node entry points: `dist/cli.js`
 * (cli/bin.ts, the checker) and `dist/server.js` (serverBin.ts, the language server). Each is a small
 * loader for its main bundle (`dist/cli-main.js`, `dist/server-main.js`); with the cache, a start does
 * not parse and compile again the functions an earlier run compiled.
 *
 * One file per bundle build and node version (`<name>-<node>-<arch>-<size>-<mtime>.v8`) in the user's
 * private cache folder (`$XDG_CACHE_HOME/lm-descriptors`, else `~/.cache/lm-descriptors`, created
 * 0700). Compiled code is code, so a file is read only when it is a regular file (links are not
 * followed) that the user owns and nobody else can write, in a folder nobody else can write; V8 itself
 * refuses data that does not match the source or the node build. A file is written to a fresh name
 * and renamed into place, and replaces the older builds' files of the same bundle. Any failure (an
 * unusable folder included) only means no cache; `LM_DESCRIPTORS_NO_COMPILE_CACHE=1` turns it off,
 * and without `getuid` (Windows) it is off.
 *
 * Node 22.1's `module.enableCompileCache()` would do most of this, but the package supports Node 20,
 * hence `vm.Script` with `cachedData`. This module is loaded only by the two loaders (never by the
 * browser build).
 */
import { readdirSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { isAscii } from 'node:buffer';
import Module, { createRequire } from 'node:module';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { cacheFolder, readPrivate, writePrivate } from './privateFiles.js';

/** Larger files at the cache path are not ours. */
const MAX_CACHE_BYTES = 32 * 1024 * 1024;
/**
 * First word of a cache file's first line (the caller's note follows it); the V8 data comes after the line,
 * at the first offset that is a multiple of DATA_ALIGNMENT (newlines fill the gap).
 */
const MAGIC = 'lm-descriptors-code-cache-3';
/**
 * V8 reads a cache in place only when its bytes start at a multiple of the pointer size; anywhere else it first
 * copies them (`AlignedCachedData`): for the checker's 1.16 MB cache, 283 pages touched and a copy at every
 * start. The file's buffer starts aligned (Node allocates it alone), so the data's offset in the file decides.
 */
const DATA_ALIGNMENT = 8;
/** Longest first line accepted. */
const MAX_HEADER = 1024;

type ModuleFunction = (
  exports: unknown,
  require: NodeJS.Require,
  module: { exports: unknown },
  filename: string,
  dirname: string,
) => void;

/** A bundle compiled (with the cache when there was a usable one) and not yet run. */
export interface CachedBundle<E> {
  /** The note stored with the cache V8 accepted; undefined when none was given to it or V8 refused it. */
  readonly accepted: string | undefined;
  /** Runs the bundle as a CommonJS module (once) and returns its exports. */
  run(): E;
  /** The bundle's exports as they are now (also while it runs); undefined before `run`. */
  exports(): E | undefined;
  /**
   * Writes the cache of every function of the bundle compiled so far, with a one-line `note` the next
   * `accepted` returns. Synchronous (safe in an `exit` handler); never throws.
   */
  write(note: string): void;
}

function readCache(file: string, uid: number): { data: Buffer; note: string } | undefined {
  const buf = readPrivate(file, uid, MAX_CACHE_BYTES);
  const nl = buf ? buf.indexOf(10) : -1;
  if (!buf || nl < 0 || nl > MAX_HEADER) return undefined;
  const line = buf.toString('latin1', 0, nl);
  if (line !== MAGIC && !line.startsWith(`${MAGIC} `)) return undefined;
  return { data: buf.subarray(dataOffset(nl)), note: line.slice(MAGIC.length + 1) };
}

/** Where the V8 data starts in a cache file whose first line ends (its newline) at `nl`. */
function dataOffset(nl: number): number {
  return Math.ceil((nl + 1) / DATA_ALIGNMENT) * DATA_ALIGNMENT;
}

function writeCache(file: string, prefix: string, note: string, data: Buffer, uid: number): void {
  const line = `${MAGIC} ${note.replace(/[\r\n]/g, ' ')}`;
  if (!writePrivate(file, uid, [Buffer.from(line.padEnd(dataOffset(line.length), '\n'), 'latin1'), data])) return;
  try {
    // The files of other builds of this bundle are of no further use (other bundles' are left alone).
    const dir = path.dirname(file);
    for (const f of readdirSync(dir))
      if (f.startsWith(prefix) && f.endsWith('.v8') && f !== path.basename(file)) unlinkSync(path.join(dir, f));
  } catch {
    // Left for the next write.
  }
}

/**
 * The bundle's text. The build writes it in ASCII (esbuild.mjs), and ASCII read as Latin-1 is the same
 * text: Node copies it outside V8's heap (an external string, for texts over about 1 MB) instead of
 * decoding UTF-8 into a 2 MB string on the heap, which took twice as long (2.5 against 5.2 ms for the
 * checker's bundle) and touched a thousand more pages per run. Text that is not ASCII is read as UTF-8.
 */
function readSource(file: string): string {
  const bytes = readFileSync(file);
  return bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
}

/**
 * The first line of a bundle the build already wrote as the function Node wraps a CommonJS module in
 * (`dist/cli-main.js`, see esbuild.mjs): compiled as it is. Wrapping it here would join two strings,
 * which V8 flattens into a third copy of the bundle on its heap before compiling (a 2 MB young
 * object the first scavenge promotes, 500 more pages touched per run). Such a bundle is no module
 * for `require`: it is always compiled here, with the cache or without.
 */
export const WRAPPED_BUNDLE_HEAD = '(function (exports, require, module, __filename, __dirname) {';

/**
 * Compiles the CommonJS bundle `main` with the cache file of `name` (`cli`, `server`) when there is
 * a usable one. Nothing is run until `run`.
 */
export function compileCached<E>(main: string, name: string): CachedBundle<E> {
  const uid = process.getuid?.();
  const off = process.env['LM_DESCRIPTORS_NO_COMPILE_CACHE'] === '1' || uid === undefined;
  const source = readSource(main);
  const wrapped = source.startsWith(WRAPPED_BUNDLE_HEAD);
  if (off && !wrapped) {
    let loaded: E | undefined;
    return {
      accepted: undefined,
      run: () => (loaded = createRequire(main)(main) as E),
      exports: () => loaded,
      write: () => undefined,
    };
  }
  const st = statSync(main);
  const prefix = `${name}-`;
  const file = path.join(
    cacheFolder(),
    `${prefix}${process.version}-${process.arch}-${st.size}-${Math.trunc(st.mtimeMs)}.v8`.replace(/[^\w.-]/g, '_'),
  );
  const cached = off ? undefined : readCache(file, uid);
  const script = new vm.Script(wrapped ? source : Module.wrap(source), {
    filename: main,
    ...(cached ? { cachedData: cached.data } : {}),
  });
  // esbuild's CommonJS output replaces `module.exports`: read it from the module object.
  let ran: { exports: E } | undefined;
  return {
    accepted: cached && !script.cachedDataRejected ? cached.note : undefined,
    run(): E {
      if (ran) return ran.exports;
      const module = { exports: {} as E };
      ran = module;
      const fn = script.runInThisContext() as ModuleFunction;
      fn.call(module.exports, module.exports, createRequire(main), module, main, path.dirname(main));
      return module.exports;
    },
    exports: () => ran?.exports,
    write(note: string): void {
      if (off) return;
      try {
        writeCache(file, prefix, note, script.createCachedData(), uid!);
      } catch {
        // No cache this time.
      }
    },
  };
}
