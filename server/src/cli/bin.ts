/**
 * Entry point of `dist/cli.js` (the `lm-descriptors` command): it loads the checker
 * (`dist/cli-main.js`, built from entry.ts) through V8's code cache (host/codeCache.ts, shared with
 * the language server's loader), so a run does not parse and compile again the functions the previous
 * run compiled (about a fifth of a short run's time).
 *
 * The cache holds the functions the runs that wrote it compiled: a cache written by a check of one
 * TOSCA file would leave a later check of a folder of LM descriptors compiling most of its code.
 * The cache's note records what the writing runs covered (files checked, their kinds); a run that
 * checks kinds the cache has not seen, or more than twice its files, writes it again at exit (the new
 * cache keeps what the old one held, so this happens a few times at most per build).
 *
 * Before any of that, `check` asks its run cache (host/runCache.ts): when the last run with the same
 * arguments read files that are all still the same, its output is printed again and the checker is
 * not even loaded.
 */
import * as path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { compileCached } from '../host/codeCache.js';
import { runCache } from '../host/runCache.js';

/** What the runs that wrote a cache checked (the checker reports it as `coverage`, see entry.ts). */
interface Coverage {
  files: number;
  kinds: string[];
  /** Findings that depend on time or a fault: the run is not stored by the run cache. */
  unstable?: number;
}

/** The note is `files kind,kind,...`. */
function parseCoverage(note: string | undefined): Coverage | undefined {
  const m = note === undefined ? null : /^(\d+) ([\w,-]*)$/.exec(note);
  return m ? { files: Number(m[1]), kinds: m[2] ? m[2].split(',') : [] } : undefined;
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

/**
 * A regular expression is first compiled for V8's regexp interpreter and compiled again to machine
 * code from its second match on; code caches do not keep either, so every run compiles each
 * expression it uses. Compiled once, straight to machine code, a run does less (instructions counted
 * under valgrind, node alone 507 million): xOpera's 37 TOSCA files 952 → 944 million, the LM example
 * 705 → 692 million.
 */
const V8_FLAGS = `--interrupt-budget=${INTERRUPT_BUDGET} --no-regexp-tier-up`;

function load(): void {
  const main = path.join(__dirname, 'cli-main.js');
  const args = process.argv.slice(2);
  const run = args[0] === 'check' ? runCache(args, [__filename, main]) : undefined;
  if (run?.replay()) return;
  setFlagsFromString(V8_FLAGS);
  const bundle = compileCached<{ coverage?: Coverage }>(main, 'cli');
  // Recording starts after the bundle and its code cache are read, and ends before the cache is written.
  run?.record(() => (bundle.exports()?.coverage?.unstable ?? 0) > 0);
  const had = parseCoverage(bundle.accepted);
  // Registered before the checker runs, which may end the process itself.
  process.once('exit', () => {
    const done = bundle.exports()?.coverage ?? { files: 0, kinds: [] };
    if (had && done.files <= 2 * had.files && done.kinds.every((k) => had.kinds.includes(k))) return;
    // At exit the cache holds every function the run compiled (those it was given included).
    const union = had
      ? { files: Math.max(had.files, done.files), kinds: [...new Set([...had.kinds, ...done.kinds])].sort() }
      : done;
    bundle.write(`${union.files} ${union.kinds.join(',')}`);
  });
  bundle.run();
}

load();
