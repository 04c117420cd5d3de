/**
 * A TOSCA 1.x `constraints` list in a TOSCA 2.0 file (TOSCA208) rewritten as the one `validation`
 * clause 2.0 writes (TOSCA Version 2.0 §9.10): renaming the key alone would leave a list of 1.x
 * operators, which 2.0 reads as no clause at all. The rewrite is the migration's, so the quick fix
 * and `migrate --to tosca_2_0` agree; a constraint with no mechanical form gets no fix.
 */
import type { YNode, YPair } from '../../../syntax/tree.js';
import { action, defineFix } from '../../shared/fix.js';
import type { TextEdit } from '../../types.js';
import { EditSet } from '../migrate/edits.js';
import { migrateConstraints } from '../migrate/validation.js';

export const constraintsFix = defineFix('constraints-to-validation', (ctx, d) => {
  const lines = ctx.doc.lines;
  const p = pairWithKeyAt(ctx.doc.root, lines.offsetAt(d.range.start), 0);
  if (!p || p.key.text !== 'constraints') return [];
  const set = new EditSet(ctx.doc.text);
  if (migrateConstraints(set, p) !== undefined) return [];
  const edits: TextEdit[] = set.all().map((e) => ({
    range: { start: lines.positionAt(e.start), end: lines.positionAt(e.end) },
    newText: e.text,
  }));
  return [action(ctx, d, 'Rewrite `constraints` as a TOSCA 2.0 `validation` clause', edits, true)];
});

/** The pair whose key starts at `offset` (aliases are not followed: the finding is on written text). */
function pairWithKeyAt(n: YNode | null, offset: number, depth: number): YPair | undefined {
  if (!n || depth > 64 || offset < n.span.start || offset > n.span.end) return undefined;
  if (n.kind === 'map') {
    for (const p of n.pairs) {
      if (p.key.span.start === offset) return p;
      const inner = pairWithKeyAt(p.value, offset, depth + 1);
      if (inner) return inner;
    }
  } else if (n.kind === 'seq') {
    for (const it of n.items) {
      const inner = pairWithKeyAt(it, offset, depth + 1);
      if (inner) return inner;
    }
  }
  return undefined;
}
