/**
 * The component-type rule (LM040-LM043) keeps each component entry's findings per region while the component names
 * are unique and the index's resolution generation is the same. Seeded edits of the types and names compared with
 * a fresh analysis after every keystroke; a descriptor that takes another name in the editor must reach the
 * unchanged component that named it, on a keystroke elsewhere in the assembly.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Session } from '../../server/src/host/session.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';
import { Rng } from '../fuzz/rng.js';
import { ASSEMBLY, EXAMPLE, sessionOn } from './videoStreamer.js';

const CODES = ['LM040', 'LM041', 'LM042', 'LM043'];
const STREAMER = `${EXAMPLE}/Contains/streamer/Definitions/lm/resource.yaml`;

/** Text typed into the components: type names and paths, versions, names, keys. */
const PIECES = ['resource::', '::1.0', '::^1', 'assembly', '$lmctl:/contains:/', 'x', '-', '.', 'type: ', '\n  ', ': '];

function findings(s: Session, doc: Parameters<Session['context']>[0]): string[] {
  return computeDiagnostics(s.context(doc))
    .filter((d) => CODES.includes(String(d.code)))
    .map((d) => `${d.code} ${d.range.start.line}:${d.range.start.character} ${d.message}`);
}

test('the component-type findings taken over per region equal a fresh analysis after every edit', async () => {
  const typing = await sessionOn();
  const original = readFileSync(ASSEMBLY, 'utf8');
  const from = original.indexOf('\ncomposition:');
  const to = original.indexOf('\nrelationships:');
  let reported = 0;
  for (const seed of [31, 32, 33]) {
    const rng = new Rng(seed);
    const r = (n: number) => rng.int(n);
    let text = original;
    typing.openDocument(ASSEMBLY, text, 0, true);
    for (let i = 1; i <= 40; i++) {
      // Mostly in the components (their `type:` lines), sometimes anywhere.
      const typeAt = [...text.slice(from, to).matchAll(/type: /g)].map((m) => from + m.index + 6);
      const at = typeAt.length && r(4) > 0 ? typeAt[r(typeAt.length)]! + r(20) : r(text.length + 1);
      text =
        r(15) === 0
          ? original
          : r(3) > 0
            ? text.slice(0, at) + PIECES[r(PIECES.length)]! + text.slice(at)
            : text.slice(0, at) + text.slice(at + 1 + r(3));
      const got = findings(typing, typing.openDocument(ASSEMBLY, text, i, true));
      assert.deepEqual(got, findings(typing, typing.analyse(ASSEMBLY, text, i)), `seed ${seed}, edit ${i}:\n${text}`);
      if (got.length) reported++;
    }
  }
  assert.ok(reported > 30, `versions with component-type findings: ${reported}`);
});

test('a descriptor renamed in the editor reaches the unchanged component that named it', async () => {
  const typing = await sessionOn();
  const assembly = readFileSync(ASSEMBLY, 'utf8');
  const streamer = readFileSync(STREAMER, 'utf8');
  const renamed = `name: resource::elsewhere::1.0\n${streamer}`;
  assert.deepEqual(findings(typing, typing.openDocument(ASSEMBLY, assembly, 1, true)), []);
  typing.openDocument(STREAMER, renamed, 1, true);
  const after = findings(typing, typing.openDocument(ASSEMBLY, `${assembly} `, 2, true));
  const fresh = await sessionOn();
  fresh.openDocument(STREAMER, renamed, 1, true);
  assert.deepEqual(after, findings(fresh, fresh.openDocument(ASSEMBLY, `${assembly} `, 1, true)));
  assert.ok(
    after.some((f) => f.startsWith('LM043') && f.includes('streamer-streamer-cluster')),
    after.join('\n'),
  );
});

test('a component name written twice: the second entry reads the first one, so nothing is taken over', async () => {
  const assembly = readFileSync(ASSEMBLY, 'utf8');
  const lmctl = 'type: $lmctl:/contains:/balancer:/descriptor_name';
  assert.ok(assembly.includes(lmctl));
  // A second `balancer` entry: both entries report the first one's type (the first of a name is the component).
  const twice = assembly
    .replace(lmctl, 'type: resource::bad name::1.0')
    .replace('\nreferences:', '  balancer:\n    type: resource::dup::1.0\n\nreferences:');
  const fixed = twice.replace('resource::bad name::1.0', 'resource::good::1.0');
  const typing = await sessionOn();
  const fresh = await sessionOn();
  const seen = [twice, fixed].map((text, i) => {
    const got = findings(typing, typing.openDocument(ASSEMBLY, text, i + 1, true));
    assert.deepEqual(got, findings(fresh, fresh.analyse(ASSEMBLY, text, i + 1)), `version ${i + 1}`);
    return got;
  });
  assert.equal(seen[0]!.filter((f) => f.startsWith('LM041')).length, 2, seen[0]!.join('\n'));
  assert.equal(seen[1]!.filter((f) => f.startsWith('LM041')).length, 0, seen[1]!.join('\n'));
});
