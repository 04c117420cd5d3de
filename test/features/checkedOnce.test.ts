/**
 * A model checked once (the workspace pass: `markOnce`, existence answers shared between files) gets the same
 * findings, in the same order, as a model whose rules keep their per-region stores and scan caches for a next
 * version, over the LM corpus and the diagnostics fixtures.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Session } from '../../server/src/host/session.js';
import { analyseDocument, markOnce } from '../../server/src/model/document.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';

const roots = [
  join(fileURLToPath(new URL('../../..', import.meta.url)), 'shared', 'corpus', 'lm'),
  fileURLToPath(new URL('../fixtures/diagnostics', import.meta.url)),
  fileURLToPath(new URL('../fixtures/realworld', import.meta.url)),
];

for (const root of roots) {
  test(`checked once, same findings: ${root}`, { skip: !existsSync(root) }, async () => {
    const session = new Session();
    session.index.addRoot(root);
    await session.index.build();
    const known = new Map<string, boolean>();
    let files = 0;
    for (const e of [...session.index.allEntries()].sort((a, b) => a.path.localeCompare(b.path))) {
      const text = readFileSync(e.path, 'utf8');
      for (const outlineFirst of [true, false]) {
        const opts = { maxFullParseBytes: session.index.maxFileBytes, outlineFirst };
        const kept = analyseDocument(e.path, text, 0, opts);
        const once = analyseDocument(e.path, text, 0, opts);
        markOnce(once);
        assert.deepStrictEqual(
          computeDiagnostics(session.context(once, known), {}),
          computeDiagnostics(session.context(kept), {}),
          e.path,
        );
      }
      files++;
    }
    assert.ok(files > 0);
  });
}
