/**
 * Entry point of `dist/cli.js` (the `lm-descriptors` command): it loads the checker
 * (`dist/cli-main.js`, built from entry.ts) through V8's code cache, so a run does not parse and
 * compile again the functions the previous run compiled (about a fifth of a short run's time).
 *
 * The cache is one file per checker build and node version in the user's private cache folder
 * (`$XDG_CACHE_HOME/lm-descriptors`, else `~/.cache/lm-descriptors`, created 0700). Compiled code
 * is code, so a cache file is used only when it is a regular file (links are not followed) that the
 * user owns and nobody else can write, in a folder nobody else can write; V8 itself rejects data
 * that does not match the source or the node build. It is written after a run that had none (to
 * a fresh file renamed into place) and replaces older builds' files. Any failure just means no
 * cache; `LM_DESCRIPTORS_NO_COMPILE_CACHE=1` turns it off, and without `getuid` (Windows) it is off.
 *
 * The cache holds the functions the runs that wrote it compiled: a cache written by a check of one
 * TOSCA file would leave a later check of a folder of LM descriptors compiling most of its code.
 * A header records what the writing runs covered (files checked, their kinds); a run that checks
 * kinds the cache has not seen, or more than twice its files, writes it again (the new cache keeps
 * what the old one held, so this happens a few times at most per build).
 */
import {
  closeSync,
  constants,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import Module, { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import * as vm from 'node:vm';

const MAIN = path.join(__dirname, 'cli-main.js');
/** Larger files at the cache path are not ours. */
const MAX_CACHE_BYTES = 32 * 1024 * 1024;

type ModuleFunction = (
  exports: unknown,
  require: NodeJS.Require,
  module: { exports: unknown },
  filename: string,
  dirname: string,
) => void;

function cacheDir(): string {
  return path.join(process.env['XDG_CACHE_HOME'] || path.join(os.homedir(), '.cache'), 'lm-descriptors');
}

/** True for a file or folder this user owns that nobody else may write. */
function isPrivate(st: { uid: number; mode: number }, uid: number): boolean {
  return st.uid === uid && (st.mode & 0o022) === 0;
}

/** What the runs that wrote a cache checked (the checker reports it as `coverage`, see entry.ts). */
interface Coverage {
  files: number;
  kinds: string[];
}

/** First line of a cache file: `MAGIC files kind,kind,...`; the V8 data follows. */
const MAGIC = 'lm-descriptors-code-cache-1';

function readCache(file: string, uid: number): { data: Buffer; coverage: Coverage } | undefined {
  let fd: number | undefined;
  try {
    if (!isPrivate(statSync(path.dirname(file)), uid)) return undefined;
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const st = fstatSync(fd);
    if (!st.isFile() || !isPrivate(st, uid) || st.size > MAX_CACHE_BYTES) return undefined;
    const buf = readFileSync(fd);
    const nl = buf.indexOf(10);
    const m = nl > 0 && nl < 1024 ? /^(\S+) (\d+) ([\w,-]*)$/.exec(buf.toString('latin1', 0, nl)) : null;
    if (!m || m[1] !== MAGIC) return undefined;
    return { data: buf.subarray(nl + 1), coverage: { files: Number(m[2]), kinds: m[3] ? m[3].split(',') : [] } };
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function writeCache(file: string, data: Buffer, coverage: Coverage, uid: number): void {
  try {
    const dir = path.dirname(file);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!isPrivate(statSync(dir), uid)) return;
    const tmp = `${file}.${process.pid}.tmp`;
    const header = `${MAGIC} ${coverage.files} ${coverage.kinds.join(',')}\n`;
    const fd = openSync(tmp, 'wx', 0o600);
    try {
      writeSync(fd, header, null, 'latin1');
      writeSync(fd, new Uint8Array(data));
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
    // Files of other builds are of no further use.
    for (const f of readdirSync(dir))
      if (/^cli-.*\.v8$/.test(f) && f !== path.basename(file)) unlinkSync(path.join(dir, f));
  } catch {
    // No cache this time.
  }
}

/**
 * V8 optimises a function after a short warm-up, on a background thread. A check of a few dozen
 * files is over before most optimised code would pay back its compilation (on a machine with two
 * cores that compilation competes with the check itself): a larger budget lets short runs finish
 * in the interpreter and baseline code, while hot loops of long runs still reach it within
 * milliseconds. Set before anything is compiled, so the code cache below is made and used under
 * the same flags.
 */
const INTERRUPT_BUDGET = 2_000_000;

function load(): void {
  setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
  const uid = process.getuid?.();
  if (process.env['LM_DESCRIPTORS_NO_COMPILE_CACHE'] === '1' || uid === undefined) {
    createRequire(MAIN)(MAIN);
    return;
  }
  const source = readFileSync(MAIN, 'utf8');
  const st = statSync(MAIN);
  const file = path.join(
    cacheDir(),
    `cli-${process.version}-${process.arch}-${st.size}-${Math.trunc(st.mtimeMs)}.v8`.replace(/[^\w.-]/g, '_'),
  );
  const cached = readCache(file, uid);
  const script = new vm.Script(Module.wrap(source), {
    filename: MAIN,
    ...(cached ? { cachedData: cached.data } : {}),
  });
  const had = cached && !script.cachedDataRejected ? cached.coverage : undefined;
  const module: { exports: { coverage?: Coverage } } = { exports: {} };
  process.once('exit', () => {
    const done = module.exports.coverage ?? { files: 0, kinds: [] };
    if (had && done.files <= 2 * had.files && done.kinds.every((k) => had.kinds.includes(k))) return;
    // At exit the cache holds every function the run compiled (those it was given included).
    const union = had
      ? { files: Math.max(had.files, done.files), kinds: [...new Set([...had.kinds, ...done.kinds])].sort() }
      : done;
    writeCache(file, script.createCachedData(), union, uid);
  });
  const fn = script.runInThisContext() as ModuleFunction;
  fn.call(module.exports, module.exports, createRequire(MAIN), module, MAIN, path.dirname(MAIN));
}

load();
