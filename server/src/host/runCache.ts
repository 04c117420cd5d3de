/**
 * The checker's run cache: `lm-descriptors check` run again with the same arguments, in the same
 * folder, by the same build, over files that did not change, prints what the last such run printed
 * and exits with its status, without loading the checker (as ESLint's `--cache`, or ruff's and
 * mypy's caches, which are on by default). A pre-commit hook or an editor task that checks a large
 * workspace again after an edit elsewhere is then as fast as node's own start-up.
 *
 * What a run depends on and how the next run tells it is the same:
 * - the build (the loader's and the checker's bundles: size, mtime, ctime and inode), node's version, the
 *   platform, the current folder, the user's home folder (where the workspace-root search stops,
 *   host/roots.ts) and the arguments: the key, stored whole and compared exactly;
 * - everything read from the disk: the questions recorded by host/runProbes.ts (every stat, read,
 *   open, listing, existence check and real path, through node's `fs` module), asked again one by
 *   one; a file's answer is its size, mtime, ctime and inode, a folder listing's its entries.
 * Nothing else goes in: the checker reads no clock into its findings except its analysis budget,
 * whose findings (LM998/TOSCA998) are never stored, nor internal errors (LM999/TOSCA999), nor a run
 * that wrote anything but its output, warned, died of an uncaught exception, or exited with usage
 * errors (status 2).
 *
 * A file changed less than two seconds before the run ended keeps the run from being stored: a later
 * edit within the same timestamp tick (two seconds on FAT) with the same size would otherwise go
 * unseen. The cache files are private as the code cache's are (host/codeCache.ts): a regular file the
 * user owns, in a folder nobody else can write, never followed through a link; one file per key,
 * the newest KEEP_FILES kept (host/privateFiles.ts). `--no-cache` turns it off for a run; without `getuid`
 * (Windows) it is off.
 */
import { readdirSync, statSync, unlinkSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { hash64 } from '../util/hash.js';
import { cacheFolder, readPrivate, writePrivate } from './privateFiles.js';
import { answer, changedAt, RunRecorder, type Probe, type ProbeKind } from './runProbes.js';
import { writeBytes } from './stdio.js';

/** First line of a cache file; bumped when what it holds or what the key covers changes. */
const FORMAT = 'lm-descriptors-run-cache-3';
/** Larger output is not stored (nor read back). */
const MAX_FILE_BYTES = 16 * 1024 * 1024;
/** Cache files kept (one per folder and arguments); the oldest go first. */
const KEEP_FILES = 64;
/** A temporary file this old is the leftover of an interrupted write (see `prune`). */
const ABANDONED_MS = 3_600_000;
/** How long before the end of a run the files it read must have last changed for it to be stored. */
const SETTLED_MS = 2000;

interface Stored {
  key: string;
  probes: Probe[];
  /** Standard output and error as written, in order, base64. */
  output: [1 | 2, string][];
  code: number;
}

export interface RunCache {
  /** Writes the stored run's output and sets its exit status when every answer is still the same. */
  replay(): boolean;
  /**
   * Records this run from now until it exits, and stores it then when it can be: not when `unstable`
   * says at exit that the checker found something that depends on time or a fault (LM998/LM999,
   * TOSCA998/TOSCA999), shown or not (--quiet hides them; SARIF lists every code among its rules).
   */
  record(unstable?: () => boolean): void;
}

/**
 * The run cache of `lm-descriptors <args>` for the build made of `builds` (the bundles that decide
 * what a run prints), or undefined when it is off.
 */
export function runCache(args: readonly string[], builds: readonly string[]): RunCache | undefined {
  const uid = process.getuid?.();
  const end = args.indexOf('--');
  if (uid === undefined || (end < 0 ? args : args.slice(0, end)).includes('--no-cache')) return undefined;
  // A bundle's answer as a read file's (size, mtime, ctime, inode): npm installs every file with one
  // mtime (1985-10-26), so a new version of the same size would otherwise be the same build.
  const stamps = builds.map((f) => answer('s', f));
  if (stamps.some((a) => !a.startsWith('f'))) return undefined;
  let key: string;
  try {
    // Both throw when there is nothing to read (a current folder removed, no home folder): the checker
    // then runs, and fails or not, as it does with --no-cache.
    key = JSON.stringify([
      FORMAT,
      process.version,
      process.arch,
      process.platform,
      process.cwd(),
      os.homedir(),
      args,
      stamps,
    ]);
  } catch {
    return undefined;
  }
  const file = path.join(cacheFolder(), `check-${hash64(key)}.json`);
  const debug = process.env['LM_DESCRIPTORS_RUN_CACHE_DEBUG'] === '1';
  const say = (what: string) => {
    if (debug) writeBytes(2, new TextEncoder().encode(`lm-descriptors: run cache: ${what}\n`));
  };
  return {
    replay: () => replay(file, key, uid, say),
    record: (unstable) => record(file, key, uid, say, unstable),
  };
}

function replay(file: string, key: string, uid: number, say: (what: string) => void): boolean {
  const stored = readStored(file, uid);
  if (!stored || stored.key !== key) {
    say('miss (no run stored)');
    return false;
  }
  for (const [kind, p, was] of stored.probes) {
    if (answer(kind, p) !== was) {
      say(`miss (${kind} ${p} changed)`);
      return false;
    }
  }
  say('hit');
  for (const [fd, text] of stored.output) {
    const b = Buffer.from(text, 'base64');
    writeBytes(fd, new Uint8Array(b.buffer, b.byteOffset, b.length));
  }
  process.exitCode = stored.code;
  return true;
}

function record(
  file: string,
  key: string,
  uid: number,
  say: (what: string) => void,
  unstable: (() => boolean) | undefined,
): void {
  const recorder = new RunRecorder();
  recorder.start();
  // Node prints an uncaught exception itself (not through `fs`) and exits with status 1: the output
  // recorded would lack the error.
  process.once('uncaughtExceptionMonitor', () => (recorder.unsafe ??= 'an uncaught exception'));
  // Registered before the loader's own exit handler (the code cache's write), which runs unrecorded.
  process.once('exit', (code) => {
    recorder.stop();
    const why = unstable?.() ? 'a finding that depends on time or a fault' : unstorable(recorder, code);
    if (why) {
      say(`not stored (${why})`);
      return;
    }
    const stored: Stored = {
      key,
      probes: recorder.probes,
      output: recorder.output.map(([fd, bytes]) => [fd, Buffer.from(bytes).toString('base64')]),
      code,
    };
    say(writeStored(file, stored, uid) ? 'stored' : 'not stored (the cache folder cannot be written)');
  });
}

/** Why a finished run cannot be stored; undefined when it can. */
function unstorable(recorder: RunRecorder, code: number): string | undefined {
  if (recorder.unsafe) return recorder.unsafe;
  if (code !== 0 && code !== 1) return `exit status ${code}`;
  let bytes = 0;
  for (const [, b] of recorder.output) bytes += b.length;
  if (bytes > MAX_FILE_BYTES / 2) return 'output too large';
  const settled = Date.now() - SETTLED_MS;
  for (const [, p, a] of recorder.probes) if (changedAt(a) > settled) return `${p} changed just now`;
  return undefined;
}

const PROBE_KINDS = new Set<string>(['s', 'l', 'e', 'd', 'r', 'k']);

function readStored(file: string, uid: number): Stored | undefined {
  const text = readPrivate(file, uid, MAX_FILE_BYTES)?.toString('utf8');
  const nl = text ? text.indexOf('\n') : -1;
  if (!text || text.slice(0, nl) !== FORMAT) return undefined;
  try {
    const s = JSON.parse(text.slice(nl + 1)) as Stored;
    const ok =
      typeof s.key === 'string' &&
      Number.isInteger(s.code) &&
      Array.isArray(s.probes) &&
      s.probes.every(
        (p) =>
          Array.isArray(p) &&
          PROBE_KINDS.has(p[0] as ProbeKind) &&
          typeof p[1] === 'string' &&
          typeof p[2] === 'string',
      ) &&
      Array.isArray(s.output) &&
      s.output.every((o) => Array.isArray(o) && (o[0] === 1 || o[0] === 2) && typeof o[1] === 'string');
    return ok ? s : undefined;
  } catch {
    return undefined;
  }
}

function writeStored(file: string, stored: Stored, uid: number): boolean {
  if (!writePrivate(file, uid, [Buffer.from(`${FORMAT}\n${JSON.stringify(stored)}`, 'utf8')])) return false;
  try {
    prune(path.dirname(file));
  } catch {
    // Left for the next write.
  }
  return true;
}

/**
 * Keeps the newest KEEP_FILES run files, and removes the temporary files of writes that were interrupted (the
 * process killed between its write and its rename) once they are an hour old: a young one may be another run's write.
 */
function prune(dir: string): void {
  const names = readdirSync(dir);
  const abandoned = Date.now() - ABANDONED_MS;
  for (const f of names) {
    if (!/^check-[\w-]+\.json\.\d+\.tmp$/.test(f)) continue;
    const p = path.join(dir, f);
    if (statSync(p).mtimeMs < abandoned) unlinkSync(p);
  }
  const runs = names.filter((f) => f.startsWith('check-') && f.endsWith('.json'));
  if (runs.length <= KEEP_FILES) return;
  const dated = runs.map((f) => ({ f, t: statSync(path.join(dir, f)).mtimeMs })).sort((a, b) => b.t - a.t);
  for (const { f } of dated.slice(KEEP_FILES)) unlinkSync(path.join(dir, f));
}
