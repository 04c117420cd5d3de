/**
 * Entry point of `dist/server.js`: a small loader that runs the language server
 * (`dist/server-main.js`, built from server.ts) through V8's code cache (host/codeCache.ts, the
 * helper the checker's loader uses too). Without it every session compiles the index loader, the YAML
 * parser and the rules again, and the first didOpen pays for most of that; with it that code comes
 * compiled.
 *
 * The cache is written once the session is warm: a moment after the first diagnostics of an open
 * document (pushed or pulled), so it holds the parser, the analysis and the rules that first open
 * compiled. Its note names the language packs checked by then (`warm lm`, `warm lm tosca`; TOSCA 2.0 is
 * `tosca2`, see lsp/languagePack.ts). A session that checks a pack its cache did not cover writes it again, a
 * moment after that check (the bench's
 * TOSCA servers started with a cache an LM session wrote, and compiled the TOSCA model and rules in their
 * first open: about 40% of its CPU, docs/performance.md). A session that ends before any check, with no
 * usable cache, writes what it compiled at exit (noted `start`; the next session that gets warm replaces
 * it).
 */
import * as path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { compileCached } from './host/codeCache.js';
import { defaultHeapGrowth } from './host/heapGrowth.js';

/**
 * V8 runs a function in its interpreter until it has been called often enough, then compiles it to baseline
 * code (Sparkplug) and later optimises it. The first open after a start runs the outline scanner, the summaries
 * and the rules once over a large file: mostly in the interpreter. With `--always-sparkplug` a function gets
 * baseline code at its first call, which costs little (a straight translation of its bytecode): that first open
 * took about two thirds of the CPU time (docs/performance.md). Set before anything is compiled: V8 accepts a
 * code cache only under the flags it was made with.
 */
const V8_FLAGS = '--always-sparkplug';

/**
 * V8 optimises a function on background threads (TurboFan) once it has run enough. The first open after a warm
 * start runs the outline scanner, the summaries' decoding and the rules over a large file for the first time: about
 * twenty of them got hot within it, and compiling them took more CPU than the open itself (40–100 ms on the
 * compiler's threads against 30 on the main thread, from the didOpen to its diagnostics), on two cores shared with
 * the client, while none of that code served the open: it was done first (docs/performance.md). So under a code
 * cache that was accepted, the optimising compiler waits (`--no-turbofan`) from the server's start until the first
 * check is done: an editor sends the didOpen of its restored editors right after `initialized`, before `ready`, and
 * that open's diagnostics come after the index's load, which the hold covers too (it did not make `ready` later).
 * At most `START_HOLD_MS` from the start, and `HOLD_MS` from a warm start's `ready` (a file no pack checks, or no
 * file opened); functions then go on to it at their next tick. Any request but `initialize` before the first
 * didOpen, anything but a didOpen after `ready` before it, or a cold build's first progress ends the hold at once
 * (server.ts): a workspace pass, symbols or a cold build keep TurboFan. The flag is back to its default before any
 * code cache is written (V8 stamps its flags on a cache, and this one was accepted under the default).
 */
const HOLD_MS = 400;

/**
 * The hold's limit from the server's start, until `ready` (then `HOLD_MS`): a warm start's `ready` took 0.3–1.8 s on
 * the shared bench machine. Only a start whose `ready` never comes waits that long.
 */
const START_HOLD_MS = 3000;

/**
 * Holds V8's optimising compiler back (see `HOLD_MS`) for at most `ms` from the last `hold`; `release` ends it for
 * the session and is safe to call at any time.
 */
function optimiserHold(): { hold(ms?: number): void; release(): void } {
  let held = false;
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const release = () => {
    done = true;
    if (timer) clearTimeout(timer);
    if (!held) return;
    held = false;
    setFlagsFromString('--turbofan');
  };
  return {
    hold(ms = HOLD_MS) {
      if (done) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(release, ms).unref();
      if (held) return;
      held = true;
      setFlagsFromString('--no-turbofan');
    },
    release,
  };
}

/** Quiet time after the first diagnostics before the cache is made (the rules' follow-up work included). */
const WRITE_DELAY_MS = 1500;

interface ServerMain {
  whenWarm?: (cb: (packs: readonly string[]) => void) => void;
  holdForFirstOpen?: (hold: { hold(): void; release(): void }) => void;
  enableIdleCollection?: () => void;
}

/** The packs a cache's note says it covers: `warm lm tosca` → lm, tosca; none for any other note. */
function packsOf(note: string | undefined): Set<string> {
  const words = note?.split(' ') ?? [];
  return new Set(words[0] === 'warm' ? words.slice(1) : []);
}

function load(): void {
  setFlagsFromString(V8_FLAGS);
  const bundle = compileCached<ServerMain>(path.join(__dirname, 'server-main.js'), 'server');
  const covered = packsOf(bundle.accepted);
  let written = false;
  const optimiser = optimiserHold();
  const write = (note: string) => {
    written = true;
    optimiser.release();
    // V8 stamps its flags on the cache: a workspace pass's heap growth (host/heapGrowth.ts) is not one of
    // the flags the next start compiles under.
    defaultHeapGrowth();
    bundle.write(note);
  };
  process.once('exit', () => {
    if (bundle.accepted === undefined && !written) write('start');
  });
  const main = bundle.run();
  // A warm cache was accepted: the idle collector's flag change (set and cleared at once, so V8's flag hash is
  // the same after it) does not reach a cache written later for another pack.
  if (covered.size) main.enableIdleCollection?.();
  // Only under a cache that was accepted: a session that writes its first cache compiles as it always did.
  if (bundle.accepted !== undefined) {
    optimiser.hold(START_HOLD_MS);
    main.holdForFirstOpen?.(optimiser);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  main.whenWarm?.((packs) => {
    optimiser.release();
    if (packs.every((p) => covered.has(p))) return;
    for (const p of packs) covered.add(p);
    if (timer) clearTimeout(timer);
    // unref: a server asked to exit does not wait for its cache.
    timer = setTimeout(() => {
      write(`warm ${[...covered].sort().join(' ')}`);
      // The cache is written: the collector's flag change can no longer reach it.
      main.enableIdleCollection?.();
    }, WRITE_DELAY_MS).unref();
  });
}

load();
