/**
 * The rules' resolved `${...}` references are taken over per unchanged region (features/lm/resolvedRefs.ts).
 * These pin the two ways that can go wrong: taking over when a declaration elsewhere changed what a
 * reference resolves to, and taking over declarations or spans of the previous version.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Session } from '../../server/src/host/session.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';
import { resolvedReferences } from '../../server/src/features/lm/resolvedRefs.js';
import { collectReferences, resolveOccurrence, type ResolvedRef } from '../../server/src/features/lm/resolve.js';
import type { DescriptorSummary } from '../../server/src/model/lm/summary.js';
import { ASSEMBLY, BALANCER, sessionOn } from './videoStreamer.js';

/** What the rules read of a resolution, with the declarations' own spans (to catch stale objects). */
function view(r: ResolvedRef): unknown {
  const root = r.root;
  return {
    span: r.occ.ref.span,
    scope: r.occ.scope.kind,
    root: root.kind,
    decl: root.kind === 'property' ? [root.decl.name, root.decl.type, root.decl.default, root.decl.span] : undefined,
    component:
      root.kind === 'component' || root.kind === 'item' ? [root.component.name, root.component.span] : undefined,
    member: r.member?.decl?.name ?? r.member?.builtin,
    problems: r.problems.map((p) => [p.code, p.span, p.message]),
  };
}

function summaryOf(s: Session, path: string, text: string, version: number) {
  const doc = s.openDocument(path, text, version, true);
  const ctx = s.context(doc);
  computeDiagnostics(ctx);
  return { ctx, summary: doc.summary as DescriptorSummary };
}

test('resolutions of unchanged regions are taken over, on this version’s declarations and spans', async () => {
  const s = await sessionOn();
  const text = readFileSync(ASSEMBLY, 'utf8');
  const a = summaryOf(s, ASSEMBLY, text, 1);
  const before = resolvedReferences(a.ctx, a.summary);
  // A longer description in the `properties` section moves every region after it.
  const edited = text.replace('Compute flavor used', 'The compute flavor used');
  assert.notEqual(edited, text);
  const b = summaryOf(s, ASSEMBLY, edited, 2);
  const after = resolvedReferences(b.ctx, b.summary);
  const fresh = collectReferences(b.ctx.doc, b.summary).map((o) => resolveOccurrence(b.ctx, b.summary, o));
  assert.deepEqual(after.map(view), fresh.map(view));
  // It did take over: problems of references before the edit are the same arrays.
  const kept = after.filter((r, i) => r.problems === before[i]?.problems);
  assert.ok(kept.length > 0, 'some resolutions are taken over');
  const decls = new Set(b.summary.properties);
  for (const r of after) if (r.root.kind === 'property') assert.ok(decls.has(r.root.decl), 'this version’s decl');
});

test('a declaration renamed in another region resolves the unchanged regions’ references again', async () => {
  const s = await sessionOn();
  const text = readFileSync(ASSEMBLY, 'utf8');
  const codes = (t: string, v: number) => {
    const doc = s.openDocument(ASSEMBLY, t, v, true);
    return computeDiagnostics(s.context(doc)).filter((d) => d.code === 'LM031').length;
  };
  assert.equal(codes(text, 1), 0);
  // `${resourceManager}` in the (unchanged) `balancer` component now names nothing.
  const renamed = text.replace('  resourceManager:\n    type: string', '  resourceManagr:\n    type: string');
  assert.ok(codes(renamed, 2) > 0);
  assert.equal(codes(text, 3), 0);
  // A type changed in `properties` changes what LM046 (items of a component) sees through the same resolutions.
  const typed = text.replace('  numOfStreamers:\n    type: integer', '  numOfStreamers:\n    type: list');
  const fresh = await sessionOn();
  const diag = (ses: Session, t: string, v: number) =>
    computeDiagnostics(ses.context(ses.openDocument(ASSEMBLY, t, v, true))).map((d) => `${d.code} ${d.message}`);
  assert.deepEqual(diag(s, typed, 4), diag(fresh, typed, 1));
});

/**
 * The server checks the same version of the assembly again when an open resource it uses is edited:
 * a resolution kept with that version (rather than compared against the index on each run) left the
 * assembly stale (the protocol test "an edit in an open resource re-diagnoses the open assembly").
 */
test('an edit of an open resource is seen by the same version of the assembly and by the next one', async () => {
  const s = await sessionOn();
  const text = readFileSync(ASSEMBLY, 'utf8');
  const balancer = readFileSync(BALANCER, 'utf8');
  const renamed = balancer.replace('\n  publicIp:', '\n  publicAddress:');
  assert.notEqual(renamed, balancer);
  const lm032 = (doc: ReturnType<Session['openDocument']>) =>
    computeDiagnostics(s.context(doc))
      .filter((d) => d.code === 'LM032')
      .map((d) => `${d.range.start.line}:${d.range.start.character} ${d.message}`);
  s.openDocument(BALANCER, balancer, 1, true);
  const v1 = s.openDocument(ASSEMBLY, text, 1, true);
  assert.deepEqual(lm032(v1), []);
  s.openDocument(BALANCER, renamed, 2, true);
  const stale = lm032(v1);
  assert.equal(stale.length, 1, 'the same version checked again reports the member the resource lost');
  assert.match(stale[0]!, /`publicIp` is not a property of balancer/);
  // A keystroke elsewhere in the assembly takes its regions over from v1: still reported.
  const v2 = s.openDocument(ASSEMBLY, `${text} `, 2, true);
  assert.deepEqual(lm032(v2), stale);
  // And the resource changed back clears it, on the same version and on the next.
  s.openDocument(BALANCER, balancer, 3, true);
  assert.deepEqual(lm032(v2), []);
  s.openDocument(BALANCER, renamed, 4, true);
  const v3 = s.openDocument(ASSEMBLY, `${text}  `, 3, true);
  assert.deepEqual(lm032(v3), stale);
});
