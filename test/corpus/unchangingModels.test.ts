/**
 * The TOSCA models of a session whose files do not change (the checker's `unchanging`: import resolutions,
 * importers and importer closures kept for the whole run, index/toscaModels.ts) are those of a plain session:
 * for every TOSCA file of each corpus repository, the same version, the same files in the closure and in the
 * importer context (paths and prefixes), and the same types.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Session } from '../../server/src/host/session.js';
import { toscaModelOf } from '../../server/src/features/tosca/model.js';

const ROOT = join(fileURLToPath(new URL('../../..', import.meta.url)), 'shared', 'corpus', 'tosca');

function shape(session: Session, file: string): unknown {
  const m = toscaModelOf(session.context(session.analyse(file, readFileSync(file, 'utf8'))));
  const files = (fs: readonly { path: string; prefix?: string }[]) => fs.map((f) => `${f.path} ${f.prefix ?? ''}`);
  return {
    version: m.version?.text,
    closure: files(m.closure.files),
    context: files(m.contextFiles),
    types: m.types.types().map((t) => `${t.kind} ${t.name} ${t.path ?? ''} ${t.prefix ?? ''}`),
  };
}

test(
  'TOSCA models: a session of unchanging files builds the same models as a plain one',
  {
    skip: !existsSync(ROOT),
    timeout: 600_000,
  },
  async () => {
    let files = 0;
    for (const name of readdirSync(ROOT).sort()) {
      const dir = join(ROOT, name);
      if (!statSync(dir).isDirectory()) continue;
      const plain = new Session();
      const kept = new Session(undefined, { unchanging: true });
      for (const s of [plain, kept]) {
        s.index.addRoot(dir);
        await s.index.build();
      }
      const tosca = [...plain.index.allEntries()].filter((e) => e.kind === 'tosca').map((e) => e.path);
      for (const file of tosca.sort()) {
        assert.deepEqual(shape(kept, file), shape(plain, file), file);
        files++;
      }
    }
    assert.ok(files > 1000, `${files} files`);
  },
);
