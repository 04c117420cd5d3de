/**
 * The workspace pass checks each TOSCA file once, and its model lives with that check's document instead of in the
 * models the index keeps for edited files (index/toscaModels.ts `modelOf`). Its findings must be those of the same
 * files checked as open documents, whose models are kept: over real TOSCA repositories of the corpus.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { AnalysisSession } from '../../server/src/host/analysisSession.js';
import { nodeFileSystem } from '../../server/src/host/nodeFileSystem.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';
import { toLspDiagnostic } from '../../server/src/lsp/diagnostics.js';
import { passAll, workspacePass } from '../support/workspacePass.js';

const CORPUS = path.resolve('../shared/corpus/tosca');
const REPOS = ['xlab-si__xopera-opera', 'oasis-open__tosca-community-contributions', 'tliron__puccini'];

for (const repo of REPOS) {
  const root = path.join(CORPUS, repo);
  test(`${repo}: the pass's findings are the open documents' findings`, { skip: !existsSync(root) }, async () => {
    const s = new AnalysisSession(nodeFileSystem);
    s.index.addRoot(root);
    await s.index.build();
    const wd = workspacePass(s);
    await passAll(wd);
    let compared = 0;
    let withFindings = 0;
    for (const e of [...s.index.allEntries()]) {
      if (e.kind !== 'tosca') continue;
      const inPass = wd.resultOf(e.path);
      if (!inPass) continue;
      const text = readFileSync(e.path, 'utf8');
      const open = computeDiagnostics(s.context(s.analyse(e.path, text, 1))).map(toLspDiagnostic);
      const key = (ds: readonly { code?: unknown; message: unknown; range: unknown }[]) =>
        ds.map((d) => JSON.stringify([d.code, d.message, d.range])).sort();
      assert.deepEqual(key(inPass), key(open), e.path);
      compared++;
      if (inPass.length) withFindings++;
    }
    assert.ok(compared >= 10, `${compared} TOSCA files compared`);
    assert.ok(withFindings >= 1, 'some with findings');
  });
}
