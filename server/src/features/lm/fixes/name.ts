/** LM005: remove the `name` line (lmctl derives it) or change it to the derived name. */
import { asMap, getPair } from '../../../syntax/tree.js';
import { action, defineFix } from '../../shared/fix.js';

export const projectNameFix = defineFix('project-name', (ctx, d, data) => {
  const derived = data.derivedName;
  const pair = getPair(asMap(ctx.doc.root), 'name');
  if (!pair?.value) return [];
  const lines = ctx.doc.lines;
  const line = lines.positionAt(pair.key.span.start).line;
  const removeRange = {
    start: { line, character: 0 },
    end: line + 1 < lines.lineCount ? { line: line + 1, character: 0 } : lines.positionAt(lines.lineContentEnd(line)),
  };
  const out = [
    action(ctx, d, 'Remove `name` (lmctl derives it from lmproject.yml)', [{ range: removeRange, newText: '' }], true),
  ];
  if (derived)
    out.push(
      action(ctx, d, `Change the name to \`${derived}\``, [
        { range: lines.rangeOf(pair.value.span), newText: derived },
      ]),
    );
  return out;
});
