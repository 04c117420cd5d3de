/**
 * Editor features on real files: completion, hover and definition at every `${` reference and
 * component type of the LM corpus and the example never throw, and resolvable references answer.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Session } from '../../server/src/host/session.js';
import { isDescriptorKind } from '../../server/src/model/kinds.js';
import { complete } from '../../server/src/features/completion.js';
import { hover } from '../../server/src/features/hover.js';
import { definition } from '../../server/src/features/definition.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const roots = [join(repo, 'examples'), join(repo, '..', 'shared', 'corpus', 'lm')].filter((r) => existsSync(r));

test('LM features answer at every reference and component type of the corpus', async (t) => {
  let positions = 0;
  let resolved = 0;
  for (const root of roots) {
    const session = new Session();
    session.index.addRoot(root);
    await session.index.build();
    for (const e of [...session.index.allEntries()]) {
      if (!isDescriptorKind(e.kind)) continue;
      const doc = session.openDocument(e.path, readFileSync(e.path, 'utf8'), 0);
      const ctx = session.context(doc);
      const offsets: number[] = [];
      for (let i = doc.text.indexOf('${'); i >= 0; i = doc.text.indexOf('${', i + 2)) offsets.push(i + 3);
      for (const m of doc.text.matchAll(/^\s+type: (\S)/gm)) offsets.push(m.index! + m[0].length);
      for (const o of offsets) {
        positions++;
        complete(ctx, o);
        const h = hover(ctx, o);
        const d = definition(ctx, o);
        if (d.length) {
          resolved++;
          assert.ok(h, `${e.path}@${o}: a definition but no hover`);
        }
      }
    }
  }
  t.diagnostic(`${positions} positions, ${resolved} with a definition`);
  assert.ok(positions > 100 && resolved > 50, `${positions} positions, ${resolved} resolved`);
});
