/** LM031: declare an unresolved `${prop}` as a top-level property. */
import { asMap, getPair } from '../../../syntax/tree.js';
import { action, defineFix } from '../../shared/fix.js';

const NAME = /^[A-Za-z0-9_-]+$/;

export const declarePropertyFix = defineFix('declare-property', (ctx, d, data) => {
  const lines = ctx.doc.lines;
  const name = data.name;
  if (!NAME.test(name) || name === 'name') return [];
  const root = asMap(ctx.doc.root);
  if (!root || root.flow) return [];
  const props = getPair(root, 'properties');
  const entry = (indent: string) => `${indent}${name}:\n${indent}  type: string\n`;
  if (props) {
    const pm = asMap(props.value);
    if (pm && pm.flow) return [];
    // Insert after the last property entry, at the same indentation as the existing ones.
    const first = pm?.pairs[0];
    const col = first ? lines.positionAt(first.key.span.start).character : 2;
    const last = pm?.pairs[pm.pairs.length - 1];
    const endOffset = last ? (last.value ?? last.key).span.end : props.key.span.end;
    let line = lines.positionAt(endOffset).line + 1;
    // Block scalars end after their line break; keep the insertion on a line start.
    if (lines.positionAt(endOffset).character === 0) line = lines.positionAt(endOffset).line;
    if (line >= lines.lineCount)
      return [
        action(ctx, d, `Declare \`${name}\` under \`properties\``, [
          {
            range: lines.rangeOf({ start: lines.text.length, end: lines.text.length }),
            newText: `${lines.text.endsWith('\n') ? '' : '\n'}${entry(' '.repeat(col))}`,
          },
        ]),
      ];
    const at = { line, character: 0 };
    return [
      action(ctx, d, `Declare \`${name}\` under \`properties\``, [
        { range: { start: at, end: at }, newText: entry(' '.repeat(col)) },
      ]),
    ];
  }
  // No properties section yet: add one after `description` (or `name`), else at the top.
  const anchor = getPair(root, 'description') ?? getPair(root, 'name');
  const line = anchor ? lines.positionAt((anchor.value ?? anchor.key).span.end).line + 1 : 0;
  const at = { line: Math.min(line, lines.lineCount), character: 0 };
  return [
    action(ctx, d, `Declare \`${name}\` in a new \`properties\` section`, [
      { range: { start: at, end: at }, newText: `properties:\n${entry('  ')}` },
    ]),
  ];
});
