/**
 * LM082 / LM090: wrap an `infrastructure-type` written directly under a driver (Brent 2.1 layout)
 * in `selector:`, as `lmctl project validate --autocorrect` does. Block entries are re-indented
 * line by line (comments inside move with them); flow entries are rewritten in place.
 */
import { getPair, type YPair } from '../../../syntax/tree.js';
import { driverEntries } from '../drivers.js';
import { action, defineFix } from '../../shared/fix.js';

export const selectorFix = defineFix('wrap-selector', (ctx, d) => {
  const lines = ctx.doc.lines;
  const at = lines.offsetAt(d.range.start);
  let found: { pair: YPair; flow: boolean } | undefined;
  for (const e of driverEntries(ctx.doc.root)) {
    const p = getPair(e.body, 'infrastructure-type');
    if (p && p.key.span.start === at && !getPair(e.body, 'selector')) found = { pair: p, flow: e.body!.flow };
  }
  if (!found || !found.pair.value) return [];
  const { pair } = found;
  const value = pair.value!;
  const text = ctx.doc.text;
  const title = 'Wrap `infrastructure-type` in `selector`';
  const keyPos = lines.positionAt(pair.key.span.start);
  const before = lines.lineText(keyPos.line).slice(0, keyPos.character);
  if (found.flow || before.trim() !== '') {
    const valueText = text.slice(value.span.start, value.span.end);
    const range = { start: keyPos, end: lines.positionAt(value.span.end) };
    return [action(ctx, d, title, [{ range, newText: `selector: {infrastructure-type: ${valueText}}` }], true)];
  }
  let endLine = lines.positionAt(value.span.end).line;
  if (endLine > keyPos.line && lines.positionAt(value.span.end).character === 0) endLine--;
  const out = [`${before}selector:`];
  for (let ln = keyPos.line; ln <= endLine; ln++) {
    const lt = lines.lineText(ln);
    out.push(lt.trim() === '' ? lt : `  ${lt}`);
  }
  const range = { start: { line: keyPos.line, character: 0 }, end: lines.positionAt(lines.lineContentEnd(endLine)) };
  return [action(ctx, d, title, [{ range, newText: out.join('\n') }], true)];
});
