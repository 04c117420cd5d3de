/**
 * LM080: convert a list-form lifecycle to the map form, as `lmctl project validate --autocorrect`
 * does: every item `- Install` becomes `Install: {}`. Block lists keep their order, their comments
 * (trailing and on their own lines) and their indentation; flow lists become a block map under the
 * key. Lists with anything but plain transition names are left alone.
 */
import { asMap, asScalar, asSeq, getPair } from '../../../syntax/tree.js';
import { action, defineFix } from '../../shared/fix.js';

/** A transition name as a map key: plain when safe, else single-quoted. */
function keyText(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}

export const lifecycleMapFix = defineFix('lifecycle-map', (ctx, d) => {
  const pair = getPair(asMap(ctx.doc.root), 'lifecycle');
  const seq = asSeq(pair?.value ?? null);
  if (!pair || !seq) return [];
  const names: string[] = [];
  for (const it of seq.items) {
    const s = asScalar(it);
    if (!s || s.value === null) return [];
    names.push(s.text);
  }
  const lines = ctx.doc.lines;
  const text = ctx.doc.text;
  const keyPos = lines.positionAt(pair.key.span.start);
  const keyIndent = keyPos.character;
  const title = 'Convert lifecycle to the map form';
  if (seq.flow) {
    if (asMap(ctx.doc.root)!.flow || lines.positionAt(seq.span.start).line !== keyPos.line) {
      // Inside flow content (or a list on its own lines): a flow map in place of the flow list.
      return [
        action(
          ctx,
          d,
          title,
          [{ range: lines.rangeOf(seq.span), newText: `{${names.map((n) => `${keyText(n)}: {}`).join(', ')}}` }],
          true,
        ),
      ];
    }
    // `lifecycle: [A, B]` -> a block map under the key (an empty list becomes `{}`), keeping a trailing comment on
    // the key's line.
    if (!names.length) return [action(ctx, d, title, [{ range: lines.rangeOf(seq.span), newText: '{}' }], true)];
    const colon = text.indexOf(':', pair.key.span.end) + 1;
    const lineEnd = lines.lineContentEnd(keyPos.line);
    const comment = text.slice(seq.span.end, lineEnd).trim();
    const body = names.map((n) => `${' '.repeat(keyIndent + 2)}${keyText(n)}: {}`).join('\n');
    return [
      action(
        ctx,
        d,
        title,
        [
          {
            range: { start: lines.positionAt(colon), end: lines.positionAt(lineEnd) },
            newText: `${comment ? ` ${comment}` : ''}\n${body}`,
          },
        ],
        true,
      ),
    ];
  }
  // Block list: rewrite each line from the first item to the last.
  const firstLine = lines.positionAt(seq.items[0]!.span.start).line;
  const lastLine = lines.positionAt(seq.items[seq.items.length - 1]!.span.end).line;
  const dashIndent = (lines.lineText(firstLine).match(/^\s*/) ?? [''])[0].length;
  const indent = ' '.repeat(Math.max(dashIndent, keyIndent + 2));
  const itemByLine = new Map<number, { name: string; end: number }>();
  seq.items.forEach((it, i) =>
    itemByLine.set(lines.positionAt(it.span.start).line, { name: names[i]!, end: it.span.end }),
  );
  const out: string[] = [];
  for (let ln = firstLine; ln <= lastLine; ln++) {
    const lt = lines.lineText(ln);
    const item = itemByLine.get(ln);
    if (item) {
      const tail = text.slice(item.end, lines.lineContentEnd(ln));
      out.push(`${indent}${keyText(item.name)}: {}${tail}`);
    } else if (lt.trim() === '') out.push('');
    else out.push(`${indent}${lt.trimStart()}`);
  }
  const range = { start: { line: firstLine, character: 0 }, end: lines.positionAt(lines.lineContentEnd(lastLine)) };
  return [action(ctx, d, title, [{ range, newText: out.join('\n') }], true)];
});
