/**
 * The warm-up of the incremental path (host/warmEdit.ts): the edited copy types into a value, and
 * analysing it installs nothing (no open document, the index unchanged, the open document's
 * diagnostics afterwards those of a session that never warmed).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Session } from '../../server/src/host/session.js';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';
import { editedCopy, warmEdit, warmEditPick } from '../../server/src/host/warmEdit.js';

const VM = `name: resource::vm::1.0
properties:
  ip:
    type: string
lifecycle:
  Create: {}
  Install: {}
`;
const ASSEMBLY = `name: assembly::app::1.0
properties:
  size:
    type: integer
    default: 1
composition:
  vm:
    type: resource::vm::1.0
    quantity: 2
    properties:
      ip: \${size}
`;
const SMALL = `name: assembly::small::1.0\n`;

async function session(): Promise<Session> {
  const s = new Session(
    new MemoryFileSystem({
      '/ws/vm/Definitions/lm/resource.yaml': VM,
      '/ws/app/Descriptor/assembly.yml': ASSEMBLY,
      '/ws/small/Descriptor/assembly.yml': SMALL,
    }),
  );
  s.index.addRoot('/ws');
  await s.index.build();
  return s;
}

test('the edited copy types one letter after the first value past the middle', () => {
  const edited = editedCopy(ASSEMBLY)!;
  assert.equal(edited.length, ASSEMBLY.length + 1);
  const at = [...edited].findIndex((c, i) => c !== ASSEMBLY[i]);
  assert.ok(at > ASSEMBLY.length / 2, `typed at ${at}`);
  assert.equal(edited[at], 'x');
  assert.equal(edited.slice(at - 3, at), ': r');
  assert.equal(editedCopy('no values here\n'), undefined);
});

test('warming an edit installs nothing: the index, open documents and later diagnostics are untouched', async () => {
  const warmed = await session();
  const path = warmEditPick(warmed, 256 * 1024);
  assert.equal(path, '/ws/app/Descriptor/assembly.yml');
  const generation = warmed.index.generation;
  let pauses = 0;
  await warmEdit(warmed, path, ASSEMBLY, async () => void pauses++, 0);
  assert.ok(pauses > 0);
  assert.equal(warmed.index.generation, generation);
  assert.deepEqual(warmed.openPaths(), []);
  const fresh = await session();
  const text = ASSEMBLY.replace('quantity: 2', 'quantity: 3');
  const diagnose = (s: Session) => computeDiagnostics(s.context(s.openDocument(path, text, 1, true)));
  assert.deepEqual(diagnose(warmed), diagnose(fresh));
});

test('a pause that throws stops the warm-up', async () => {
  const s = await session();
  const stop = new Error('stop');
  await assert.rejects(
    warmEdit(s, '/ws/app/Descriptor/assembly.yml', ASSEMBLY, () => Promise.reject(stop), 0),
    (e) => e === stop,
  );
});
