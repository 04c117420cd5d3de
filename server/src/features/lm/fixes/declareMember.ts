/**
 * LM062: declare the capability or requirement a relationship names in the component's descriptor,
 * which is another file: `<name>: {type: <name>}` under its `capabilities` / `requirements` (the
 * section is created at the end of the file when missing). The type string is free-form (Stratoss LM
 * "Assembly Descriptor" › capabilities and requirements); the name is a starting point to edit.
 */
import { asMap, getPair, type YPair } from '../../../syntax/tree.js';
import { action, defineFix } from '../../shared/fix.js';
import type { DocumentModel } from '../../../model/document.js';
import type { TextEdit } from '../../types.js';

/** The line after the last line of `p` (block scalars end after their line break). */
function lineAfter(doc: DocumentModel, p: YPair): number {
  const end = (p.value ?? p.key).span.end;
  const pos = doc.lines.positionAt(end);
  return pos.character === 0 && end > p.key.span.end ? pos.line : pos.line + 1;
}

function insertLine(doc: DocumentModel, line: number, text: string): TextEdit {
  if (line >= doc.lines.lineCount) {
    const end = doc.lines.positionAt(doc.text.length);
    const lead = doc.text.endsWith('\n') || doc.text.length === 0 ? '' : '\n';
    return { range: { start: end, end }, newText: lead + text };
  }
  const at = { line, character: 0 };
  return { range: { start: at, end: at }, newText: text };
}

/** The edit declaring `name` in `section` of `doc`, or undefined when the layout is not a plain block. */
function declaration(doc: DocumentModel, section: string, name: string): TextEdit | undefined {
  const root = asMap(doc.root);
  if (!root || root.flow) return undefined;
  const pair = getPair(root, section);
  const col = (offset: number) => doc.lines.positionAt(offset).character;
  const entry = (keyCol: number, unit: number) =>
    `${' '.repeat(keyCol)}${name}:\n${' '.repeat(keyCol + unit)}type: ${name}\n`;
  if (!pair) return insertLine(doc, doc.lines.lineCount, `${section}:\n${entry(2, 2)}`);
  const map = asMap(pair.value);
  if (map?.flow) return undefined;
  if (!map || map.pairs.length === 0) {
    if (pair.value && !(pair.value.kind === 'scalar' && pair.value.value === null)) return undefined;
    return insertLine(doc, doc.lines.positionAt(pair.key.span.end).line + 1, entry(col(pair.key.span.start) + 2, 2));
  }
  const first = map.pairs[0]!;
  const keyCol = col(first.key.span.start);
  const body = asMap(first.value);
  const unit = body && !body.flow && body.pairs[0] ? col(body.pairs[0].key.span.start) - keyCol : 2;
  return insertLine(doc, lineAfter(doc, map.pairs[map.pairs.length - 1]!), entry(keyCol, Math.max(1, unit)));
}

export const declareMemberFix = defineFix('declare-member', (ctx, d, data) => {
  const doc = ctx.modelOf(data.path);
  if (!doc) return [];
  const edit = declaration(doc, data.section, data.name);
  if (!edit) return [];
  const what = data.section === 'capabilities' ? 'capability' : 'requirement';
  const owner = ctx.index.effectiveName(data.path) ?? data.path;
  const a = action(ctx, d, `Declare ${what} \`${data.name}\` in \`${owner}\``, []);
  a.edit.changes = { [data.path]: [edit] };
  return [a];
});
