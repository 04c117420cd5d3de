/**
 * Adds property entries under a component's (or reference's) `properties`, creating the section
 * when it is missing, indented like the surrounding block. Used by the LM048 and LM049 fixes.
 */
import { asMap, get, getPair, type YMap, type YPair } from '../../../syntax/tree.js';
import type { FeatureContext, TextEdit } from '../../types.js';
import { escapeSnippet } from '../../shared/snippets.js';

export interface NewProperty {
  name: string;
  /** Text after `value:` (may be empty). */
  value: string;
  /** The value as a snippet (with a tab stop), when the edit should also be offered as a snippet. */
  snippet?: string;
}

/** Where the text after the last line of `p` starts (a line start), or the end of the text. */
function lineAfter(ctx: FeatureContext, p: YPair): { line: number; atEnd: boolean } {
  const lines = ctx.doc.lines;
  const end = (p.value ?? p.key).span.end;
  const pos = lines.positionAt(end);
  // Block scalars end after their line break: the insertion line is then the one they end on.
  const line = pos.character === 0 && end > p.key.span.end ? pos.line : pos.line + 1;
  return { line, atEnd: line >= lines.lineCount };
}

/** Text to insert, and the same as a snippet when one of the properties has a snippet value. */
interface Insertion {
  text: string;
  snippet?: string;
}

function insertAt(ctx: FeatureContext, line: number, atEnd: boolean, ins: Insertion): TextEdit {
  const lines = ctx.doc.lines;
  const withSnippet = (e: TextEdit, lead: string): TextEdit =>
    ins.snippet === undefined ? e : { ...e, snippet: `${lead}${ins.snippet}` };
  if (atEnd) {
    const end = lines.positionAt(lines.text.length);
    const lead = lines.text.endsWith('\n') || lines.text.length === 0 ? '' : '\n';
    return withSnippet({ range: { start: end, end }, newText: `${lead}${ins.text}` }, lead);
  }
  const at = { line, character: 0 };
  return withSnippet({ range: { start: at, end: at }, newText: ins.text }, '');
}

const col = (ctx: FeatureContext, offset: number) => ctx.doc.lines.positionAt(offset).character;

function entryText(
  props: readonly NewProperty[],
  keyCol: number,
  childCol: number,
  prefix = '',
  prefixSnippet = escapeSnippet(prefix),
): Insertion {
  const line = (p: NewProperty, v: string, name = p.name) =>
    `${' '.repeat(keyCol)}${name}:\n${' '.repeat(childCol)}value:${v ? ` ${v}` : ' '}\n`;
  const text = prefix + props.map((p) => line(p, p.value)).join('');
  if (!props.some((p) => p.snippet !== undefined)) return { text };
  const snippet =
    prefixSnippet + props.map((p) => line(p, p.snippet ?? escapeSnippet(p.value), escapeSnippet(p.name))).join('');
  return { text, snippet };
}

/** The edit adding `props` to component `name` of `section`, or undefined when the layout is not a plain block. */
export function addComponentProperties(
  ctx: FeatureContext,
  section: 'composition' | 'references',
  name: string,
  props: readonly NewProperty[],
): TextEdit | undefined {
  const root = asMap(ctx.doc.root);
  const sec = asMap(get(root, section));
  if (!root || root.flow || !sec || sec.flow) return undefined;
  const comp = getPair(sec, name);
  const body: YMap | null = asMap(comp?.value);
  if (!comp || !body || body.flow || body.pairs.length === 0) return undefined;
  const compCol = col(ctx, body.pairs[0]!.key.span.start);
  const unit = Math.max(1, compCol - col(ctx, comp.key.span.start));
  const propsPair = getPair(body, 'properties');
  if (!propsPair) {
    const { line, atEnd } = lineAfter(ctx, body.pairs[body.pairs.length - 1]!);
    return insertAt(
      ctx,
      line,
      atEnd,
      entryText(props, compCol + unit, compCol + 2 * unit, `${' '.repeat(compCol)}properties:\n`),
    );
  }
  const pm = asMap(propsPair.value);
  if (pm && pm.flow) return undefined;
  if (!pm || pm.pairs.length === 0) {
    if (propsPair.value && !(propsPair.value.kind === 'scalar' && propsPair.value.value === null)) return undefined;
    const line = ctx.doc.lines.positionAt(propsPair.key.span.end).line + 1;
    const propCol = col(ctx, propsPair.key.span.start) + unit;
    return insertAt(ctx, line, line >= ctx.doc.lines.lineCount, entryText(props, propCol, propCol + unit));
  }
  const first = pm.pairs[0]!;
  const propCol = col(ctx, first.key.span.start);
  const firstBody = asMap(first.value);
  const childCol =
    firstBody && !firstBody.flow && firstBody.pairs[0] ? col(ctx, firstBody.pairs[0].key.span.start) : propCol + unit;
  const { line, atEnd } = lineAfter(ctx, pm.pairs[pm.pairs.length - 1]!);
  return insertAt(ctx, line, atEnd, entryText(props, propCol, childCol));
}
