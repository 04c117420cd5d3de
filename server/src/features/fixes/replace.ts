/**
 * Replace the flagged text with the rule's suggestion (`data.replaceWith`): misspelt keys,
 * attributes and types (LM006, LM021, LM022, LM025), did-you-mean references and names (LM031,
 * LM032, LM047, LM050, LM06x, LM069, LM070), wrongly cased enum values and transitions (LM063,
 * LM065, LM081, LM085, LM086), fused `key:value` (LM024), invalid property names (LM020).
 */
import { action, replacementOf, type Fix } from './fix.js';

export const replaceFix: Fix = {
  codes: [
    'LM006',
    'LM020',
    'LM021',
    'LM022',
    'LM024',
    'LM025',
    'LM027',
    'LM031',
    'LM032',
    'LM047',
    'LM050',
    'LM060',
    'LM061',
    'LM063',
    'LM064',
    'LM065',
    'LM066',
    'LM067',
    'LM069',
    'LM070',
    'LM081',
    'LM085',
    'LM086',
  ],
  build(ctx, d) {
    const r = replacementOf(d);
    if (r === undefined) return [];
    const current = ctx.doc.text.slice(ctx.doc.lines.offsetAt(d.range.start), ctx.doc.lines.offsetAt(d.range.end));
    return [action(ctx, d, `Change \`${current}\` to \`${r}\``, [{ range: d.range, newText: r }], true)];
  },
};
