/**
 * The corpus runner the TOSCA accuracy tests share: indexes a folder of ../shared/corpus/tosca the
 * way the server does and computes every TOSCA file's diagnostics; plus the OASIS TOSCA 2.0 suite's
 * verdict list (EXPECTED_tosca_2_0.tsv). Writes nothing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Session } from '../../server/src/host/session.js';
import { analyseDocument } from '../../server/src/model/document.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';
import type { Diagnostic } from '../../server/src/features/types.js';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const CORPUS = join(REPO, '..', 'shared', 'corpus', 'tosca');
export const OASIS = join(CORPUS, 'oasis-open__tosca-community-contributions');

export interface Result {
  /** Relative to CORPUS. */
  rel: string;
  diagnostics: Diagnostic[];
}

/**
 * Checks every TOSCA file under `root` (absolute), plus `extra` files (relative to CORPUS) even when
 * the index did not take them for TOSCA. Keyed by the path relative to CORPUS.
 */
export async function runCorpus(root = CORPUS, extra: readonly string[] = []): Promise<Map<string, Result>> {
  const session = new Session();
  session.index.addRoot(root);
  await session.index.build();
  const out = new Map<string, Result>();
  const paths = new Set<string>();
  for (const e of session.index.allEntries()) if (e.kind === 'tosca') paths.add(e.path);
  for (const rel of extra) paths.add(join(CORPUS, rel));
  for (const p of [...paths].sort()) {
    if (!existsSync(p)) continue;
    const rel = p.slice(CORPUS.length + 1);
    const doc = analyseDocument(p, readFileSync(p, 'utf8'), 0);
    out.set(rel, { rel, diagnostics: computeDiagnostics(session.context(doc)) });
  }
  return out;
}

/** The OASIS TOSCA 2.0 suite's verdicts: path relative to CORPUS -> valid / invalid / helper-no-own-test / ... */
export function tosca2Expectations(): Map<string, string> {
  const out = new Map<string, string>();
  const tsv = join(OASIS, 'EXPECTED_tosca_2_0.tsv');
  if (!existsSync(tsv)) return out;
  for (const line of readFileSync(tsv, 'utf8').split('\n').slice(1)) {
    const [file, expected] = line.split('\t');
    if (file && expected) out.set(`oasis-open__tosca-community-contributions/${file}`, expected);
  }
  return out;
}
