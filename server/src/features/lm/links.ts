/**
 * Document links to other files: a component's `type` (a descriptor name or an `$lmctl:/` path)
 * opens the descriptor file it designates, and so does any other `$lmctl:/` path of the file. Only
 * types the workspace holds get a link (the others may live in the orchestrator's catalog).
 */
import { unquotedSpan } from '../../syntax/scalars.js';
import type { Span } from '../../syntax/positions.js';
import { walkScalars } from '../../syntax/tree.js';
import type { DocumentLink, FeatureContext } from '../types.js';
import { descriptorOf } from './context.js';

export function links(ctx: FeatureContext): DocumentLink[] {
  const summary = descriptorOf(ctx);
  if (!summary) return [];
  const out: DocumentLink[] = [];
  const seen = new Set<number>();
  const add = (typeText: string, span: Span) => {
    if (seen.has(span.start)) return;
    seen.add(span.start);
    const r = ctx.index.resolveType(typeText, ctx.doc.path);
    // Several descriptors with one name (a copy in another folder): the first by path, as definition lists them.
    const target = [...r.targets].sort((a, b) => a.path.localeCompare(b.path))[0];
    if (!target) return;
    const link: DocumentLink = {
      range: ctx.doc.lines.rangeOf(unquotedSpan(ctx.doc.text, span)),
      targetPath: target.path,
    };
    if (r.name) link.tooltip = `Open ${r.name}`;
    out.push(link);
  };
  for (const c of summary.components) if (c.type && c.typeSpan) add(c.type, c.typeSpan);
  walkScalars(ctx.doc.root, (s, _path, isKey) => {
    if (!isKey && s.value !== null && s.text.startsWith('$lmctl:/')) add(s.text, s.span);
  });
  return out.sort(
    (a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
  );
}
