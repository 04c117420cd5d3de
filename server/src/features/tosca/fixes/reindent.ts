/**
 * Indent the continuation lines of a flow collection or quoted string past its key, so that strict
 * YAML 1.2 parsers read the file as PyYAML does (TOSCA000 warning from syntax/lenient.ts). Only the
 * leading spaces change, so the value stays the same.
 */
import { action, defineFix } from '../../shared/fix.js';
import type { TextEdit } from '../../types.js';

export const reindentFix = defineFix('reindent', (ctx, d, data) => {
  const text = ctx.doc.text;
  const edits: TextEdit[] = [];
  for (const line of data.lines) {
    const start = ctx.doc.lines.offsetAt({ line, character: 0 });
    let i = start;
    while (text[i] === ' ') i++;
    const add = data.column - (i - start);
    if (add <= 0) continue;
    const at = ctx.doc.lines.positionAt(start);
    edits.push({ range: { start: at, end: at }, newText: ' '.repeat(add) });
  }
  if (!edits.length) return [];
  const what = edits.length === 1 ? 'the continuation line' : `${edits.length} continuation lines`;
  return [action(ctx, d, `Indent ${what} to column ${data.column + 1}`, edits, true)];
});
