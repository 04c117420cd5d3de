/** A session over an in-memory workspace holding one file, and an open model's diagnostics as comparable lines. */
import { Session } from '../../server/src/host/session.js';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';
import type { RegionKey, RegionStore } from '../../server/src/features/shared/regions.js';
import assert from 'node:assert/strict';
import { Rng } from '../fuzz/rng.js';

export async function sessionWith(file: string): Promise<Session> {
  const s = new Session(new MemoryFileSystem({ [file]: '' }));
  s.index.addRoot('/ws');
  await s.index.build();
  return s;
}

/** Code, range and message of every diagnostic of `model`, in order. */
export const shown = (s: Session, model: ReturnType<Session['openDocument']>): string[] =>
  computeDiagnostics(s.context(model)).map((d) => `${d.code} ${JSON.stringify(d.range)} ${d.message}`);

/**
 * Seeded edits of `file`, each opened as the next version in one session: after every edit the diagnostics equal a
 * fresh session's. Counts the versions with a finding that `codes` matches, and the regions whose findings under `key`
 * were kept from the version before (the same arrays): a carry test holds nothing unless both happen.
 */
export async function editsKeepFindings(opts: {
  file: string;
  original: () => string;
  seeds: number[];
  edits: number;
  edit: (text: string, rng: Rng) => string;
  codes: RegExp;
  key: RegionKey;
}): Promise<{ withFindings: number; kept: number }> {
  const { file } = opts;
  const storeOf = (model: ReturnType<Session['openDocument']>) =>
    (model.derived.get(opts.key) as RegionStore | undefined)?.now;
  let withFindings = 0;
  let kept = 0;
  for (const seed of opts.seeds) {
    const rng = new Rng(seed);
    const typing = await sessionWith(file);
    let text = opts.original();
    let version = 1;
    let before = typing.openDocument(file, text, version, true);
    shown(typing, before);
    for (let i = 0; i < opts.edits; i++) {
      text = opts.edit(text, rng);
      const model = typing.openDocument(file, text, ++version, true);
      const got = shown(typing, model);
      const fresh = await sessionWith(file);
      assert.deepEqual(got, shown(fresh, fresh.analyse(file, text, 1)), `seed ${seed}, edit ${i}:\n${text}`);
      if (got.some((g) => opts.codes.test(g))) withFindings++;
      const now = storeOf(model);
      const old = storeOf(before);
      if (now && old) for (const [start, r] of now) if (old.get(start)?.findings === r.findings) kept++;
      before = model;
    }
  }
  return { withFindings, kept };
}
