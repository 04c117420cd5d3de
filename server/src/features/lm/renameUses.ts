/** Edits of the `type:` uses of renamed descriptors: literal names and `$lmctl:/` paths. */
import type { Span } from '../../syntax/positions.js';
import type { FeatureContext } from '../types.js';
import type { EditSet } from './editSet.js';
import { typesOf, workspacePath } from './occurrences.js';

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
      const t = typesOf(ctx, p);
      if (!t) return `Cannot read ${workspacePath(ctx, p)}, which uses \`${r.old}\`.`;
      for (const u of t.uses) {
        const res = ctx.index.resolveType(u.type, p);
        if (res.name !== r.old) continue;
        if (!res.isLmctl) {
          edits.add(p, t.lines, u.span, r.neu);
          continue;
        }
        if (!step) continue;
        // A type whose text is the path itself (typesOf checked it), so offsets map one to one.
        const s = lmctlSteps(u.type, u.span.start)[step.depth];
        if (!s || s.name !== step.old) return `Cannot rewrite \`${u.type}\` in ${workspacePath(ctx, p)}.`;
        edits.add(p, t.lines, s.span, step.neu);
      }
    }
  }
  return undefined;
}
