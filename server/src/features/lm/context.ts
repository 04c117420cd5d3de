/** Shared helpers for LM features: the summary of the current doc and ranges in other files. */
import type { DescriptorSummary, PropertyDecl } from '../../model/lm/summary.js';
import { isDescriptorKind } from '../../model/kinds.js';
import type { Span } from '../../syntax/positions.js';
import type { FeatureContext, Location } from '../types.js';

export function descriptorOf(ctx: FeatureContext): DescriptorSummary | undefined {
  return isDescriptorKind(ctx.doc.kind) ? (ctx.doc.summary as DescriptorSummary) : undefined;
}

export function locationOf(ctx: FeatureContext, path: string, span: Span): Location | undefined {
  const lines = path === ctx.doc.path ? ctx.doc.lines : ctx.linesOf(path);
  if (!lines) return undefined;
  return { path, range: lines.rangeOf(span) };
}

/** Markdown summary of a property declaration. */
export function propertyMarkdown(p: PropertyDecl, where?: string): string {
  const rows: string[] = [];
  rows.push(
    `**${p.name}**${p.type ? ` \`${p.type}\`` : ''}${
      p.readOnly ? ' · ' + 'read-only' : ''
    }${p.required ? ' · required' : ''}`,
  );
  if (p.description) rows.push(p.description);
  const facts: string[] = [];
  if (p.default !== undefined) facts.push(`default: \`${p.default}\``);
  if (p.value !== undefined) facts.push(`value: \`${p.value}\``);
  if (facts.length) rows.push(facts.join(' · '));
  if (where) rows.push(`_${where}_`);
  return rows.join('\n\n');
}

export function relativePath(from: string, to: string): string {
  const a = from.split('/');
  const b = to.split('/');
  let i = 0;
  while (i < a.length - 1 && i < b.length - 1 && a[i] === b[i]) i++;
  const ups = a.length - 1 - i;
  return [...Array<string>(ups).fill('..'), ...b.slice(i)].join('/') || to;
}
