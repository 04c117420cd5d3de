/**
 * Replace the flagged text with the rule's suggestion: misspelt keys and attributes (LM006, LM021),
 * did-you-mean references (LM031, LM032), wrongly cased enum values and transitions (LM063, LM064,
 * LM065, LM081), unknown operations and components with a close match (LM066, LM067).
 */
import { action, replacementOf, type Fix } from './fix.js';

export const replaceFix: Fix = {
  codes: ['LM006', 'LM021', 'LM031', 'LM032', 'LM060', 'LM061', 'LM063', 'LM064', 'LM065', 'LM066', 'LM067', 'LM070', 'LM081', 'LM085', 'LM086'],
  build(ctx, d) {
    const r = replacementOf(d);
    if (r === undefined) return [];
    const current = ctx.doc.text.slice(ctx.doc.lines.offsetAt(d.range.start), ctx.doc.lines.offsetAt(d.range.end));
    return [action(ctx, d, `Change \`${current}\` to \`${r}\``, [{ range: d.range, newText: r }], true)];
  },
};
