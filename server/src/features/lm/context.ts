/** Helpers every LM feature uses: the descriptor summary of the current document, property markdown. */
import type { DescriptorSummary, PropertyDecl } from '../../model/lm/summary.js';
import type { FeatureContext } from '../types.js';

/** The descriptor summary of the document, or undefined for lmproject files and other kinds. */
export function descriptorOf(ctx: FeatureContext): DescriptorSummary | undefined {
  const s = ctx.doc.summary;
  return 'components' in s ? s : undefined;
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
