/**
 * Entry point of `dist/server.js`: a small loader that runs the language server
 * (`dist/server-main.js`, built from server.ts) through V8's code cache (host/codeCache.ts, the
 * helper the checker's loader uses too). Without it every session compiles the index loader, the YAML
 * parser and the rules again, and the first didOpen pays for most of that; with it that code comes
 * compiled.
 *
 * The cache is written once the session is warm: a moment after the first diagnostics of an open
 * document (pushed or pulled), so it holds the parser, the analysis and the rules that first open
 * compiled. A session that ends before that, with no usable cache, writes what it compiled at exit
 * (noted `start`; the next session that gets warm replaces it). A session given a warm cache that V8
 * accepted writes nothing.
 */
import * as path from 'node:path';
import { compileCached } from './host/codeCache.js';

/** Quiet time after the first diagnostics before the cache is made (the rules' follow-up work included). */
const WRITE_DELAY_MS = 1500;

interface ServerMain {
  whenWarm?: (cb: () => void) => void;
  enableIdleCollection?: () => void;
}

function load(): void {
  const bundle = compileCached<ServerMain>(path.join(__dirname, 'server-main.js'), 'server');
  if (bundle.accepted === 'warm') {
    bundle.run().enableIdleCollection?.();
    return;
  }
  let written = false;
  const write = (note: string) => {
    if (written) return;
    written = true;
    bundle.write(note);
  };
  process.once('exit', () => {
    if (bundle.accepted === undefined) write('start');
  });
  const main = bundle.run();
  // unref: a server asked to exit does not wait for its cache.
  main.whenWarm?.(() =>
    setTimeout(() => {
      write('warm');
      // The cache is written: the collector's flag change can no longer reach it.
      main.enableIdleCollection?.();
    }, WRITE_DELAY_MS).unref(),
  );
}

load();
