/**
 * Replace the flagged text with the rule's suggestion: misspelt keys, attributes, types and names,
 * did-you-mean references, wrongly cased values. Used by both packs.
 */
import { action, defineFix } from './fix.js';

export const replaceFix = defineFix('replace', (ctx, d, data) => {
  const lines = ctx.doc.lines;
  const current = ctx.doc.text.slice(lines.offsetAt(d.range.start), lines.offsetAt(d.range.end));
  return [
    action(
      ctx,
      d,
      `Change \`${current}\` to \`${data.replaceWith}\``,
      [{ range: d.range, newText: data.replaceWith }],
      true,
    ),
  ];
});
