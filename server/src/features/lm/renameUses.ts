/** Edits of the `type:` uses of renamed descriptors: literal names and `$lmctl:/` paths. */
import type { Span } from '../../syntax/positions.js';
import type { FeatureContext } from '../types.js';
import type { EditSet } from './editSet.js';
import { openDescriptor, workspacePath } from './occurrences.js';
import { nameSpan } from './symbol.js';

/** `$lmctl:/contains:/a:/contains:/b:/descriptor_name` -> the subproject steps with their offsets in `text`. */
export function lmctlSteps(text: string, start: number): { name: string; span: Span }[] {
  const out: { name: string; span: Span }[] = [];
  const head = '$lmctl:/';
  if (!text.startsWith(head)) return out;
  const parts = text.slice(head.length).split(':/');
  let pos = head.length;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    if (p === 'contains' && i + 1 < parts.length) {
      const at = pos + p.length + 2;
      const name = parts[i + 1]!;
      out.push({ name, span: { start: start + at, end: start + at + name.length } });
      pos = at + name.length + 2;
      i++;
    } else pos += p.length + 2;
  }
  return out;
}

/**
 * Edits the `type:` uses of each renamed descriptor: literal names become the new name; `$lmctl:/`
 * paths change only where they step through the renamed subproject (`step`). Returns why not, if a
 * file cannot be read or a path cannot be edited.
 */
export function editUses(
  ctx: FeatureContext,
  renamed: readonly { old: string; neu: string }[],
  edits: EditSet,
  step: { depth: number; old: string; neu: string } | undefined,
): string | undefined {
  for (const r of renamed) {
    for (const p of ctx.index.dependentsOfName(r.old).sort()) {
      const o = openDescriptor(ctx, p);
      if (!o) return `Cannot read ${workspacePath(ctx, p)}, which uses \`${r.old}\`.`;
      const m = o.model;
      for (const c of o.summary.components) {
        if (!c.type || !c.typeSpan) continue;
        const res = ctx.index.resolveType(c.type, p);
        if (res.name !== r.old) continue;
        const span = nameSpan(m.text, c.typeSpan, c.type.trim());
        if (!res.isLmctl) {
          edits.add(p, m.lines, span, r.neu);
          continue;
        }
        if (!step) continue;
        const s = lmctlSteps(m.text.slice(span.start, span.end), span.start)[step.depth];
        if (!s || s.name !== step.old) return `Cannot rewrite \`${c.type.trim()}\` in ${workspacePath(ctx, p)}.`;
        edits.add(p, m.lines, s.span, step.neu);
      }
    }
  }
  return undefined;
}
