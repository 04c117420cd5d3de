/**
 * Key completion, value-enum completion and key/enum hover, all read from the grammar
 * (model/lm/grammar.ts). The cursor path comes from the indentation-based cursor context, so
 * these work on half-typed YAML too.
 */
import { findKey, grammarFor, mapSpecOf, specAt, type KeySpec, type ValueSpec } from '../../model/lm/grammar.js';
import { siblingKeys, type CursorContext } from '../../syntax/cursor.js';
import { CompletionKind, type CompletionItem, type FeatureContext, type Range } from '../types.js';

function indentSnippet(snippet: string, column: number): string {
  return snippet.replace(/\n/g, '\n' + ' '.repeat(column));
}

function keyItem(k: KeySpec, column: number, range: Range): CompletionItem {
  const isBlock =
    k.value.type === 'map' ||
    k.value.type === 'dict' ||
    k.value.type === 'list' ||
    (k.value.type === 'oneOf' && k.value.options.every((o) => o.type !== 'string' && o.type !== 'scalar'));
  const body =
    k.snippet !== undefined ? indentSnippet(k.snippet, column) : isBlock ? indentSnippet('\n  $0', column) : ' $0';
  const detail = k.legacy ? `legacy: ${k.legacy}` : k.required ? 'required' : undefined;
  return {
    label: k.key,
    kind: CompletionKind.Property,
    ...(detail !== undefined ? { detail } : {}),
    documentation: { kind: 'markdown', value: `${k.doc}\n\n_Source: ${k.source}_` },
    insertTextFormat: 2,
    // The snippet is indented for the key's column already.
    ...(body.includes('\n') ? { insertTextMode: 1 as const } : {}),
    textEdit: { range, newText: `${k.key}:${body}` },
    sortText: `${k.required ? '0' : k.legacy ? '9' : '1'}${k.key}`,
  };
}

/** True when the grammar lists the values of the key at `valuePath` (an enum). */
export function hasEnumValues(ctx: FeatureContext, valuePath: string[]): boolean {
  const g = grammarFor(ctx.doc.kind);
  return !!g && enumSpec(specAt(g, valuePath)) !== undefined;
}

/** Keys that may be added at the cursor (role key), never repeating one already present. */
export function keyCompletions(ctx: FeatureContext, cur: CursorContext, offset: number): CompletionItem[] {
  const g = grammarFor(ctx.doc.kind);
  if (!g) return [];
  const spec = specAt(g, cur.path);
  if (!spec) return [];
  const present = siblingKeys(ctx.doc.lines, offset, cur.column);
  const range = ctx.doc.lines.rangeOf({ start: cur.tokenStart, end: Math.max(cur.tokenEnd, offset) });
  const out: CompletionItem[] = [];
  const map = mapSpecOf(spec);
  if (map) for (const k of map.keys) if (!present.has(k.key) && !k.legacy) out.push(keyItem(k, cur.column, range));
  const dict =
    spec.type === 'dict' ? spec : spec.type === 'oneOf' ? spec.options.find((o) => o.type === 'dict') : undefined;
  if (dict && dict.type === 'dict' && dict.keyEnum) {
    for (const e of dict.keyEnum) {
      if (present.has(e.value)) continue;
      const entryIsMap = mapSpecOf(dict.entry) !== undefined;
      const listEntry = dict.entry.type === 'list';
      out.push({
        label: e.value,
        kind: CompletionKind.EnumMember,
        documentation: { kind: 'markdown', value: e.doc },
        insertTextFormat: 2,
        textEdit: {
          range,
          newText: `${e.value}:${listEntry ? indentSnippet('\n- $0', cur.column) : entryIsMap ? ' {}$0' : ' $0'}`,
        },
      });
    }
  }
  return out;
}

function enumSpec(spec: ValueSpec | undefined): Extract<ValueSpec, { type: 'enum' }> | undefined {
  if (!spec) return undefined;
  if (spec.type === 'enum') return spec;
  if (spec.type === 'oneOf') for (const o of spec.options) if (o.type === 'enum') return o;
  return undefined;
}

/** Enum values of the key at the cursor (role value), from the grammar. */
export function enumValueCompletions(ctx: FeatureContext, cur: CursorContext): CompletionItem[] {
  const g = grammarFor(ctx.doc.kind);
  if (!g) return [];
  const e = enumSpec(specAt(g, cur.valuePath));
  if (!e) return [];
  const range = ctx.doc.lines.rangeOf({ start: cur.tokenStart, end: Math.max(cur.tokenEnd, cur.tokenStart) });
  return e.values.map((v, i) => ({
    label: v.value,
    kind: CompletionKind.EnumMember,
    ...(v.doc ? { documentation: { kind: 'markdown' as const, value: v.doc } } : {}),
    sortText: String(i).padStart(3, '0'),
    textEdit: { range, newText: v.value },
  }));
}

/** Markdown for the key or enum value under the cursor, with the span it covers. */
export function grammarHover(
  ctx: FeatureContext,
  cur: CursorContext,
  offset: number,
): { md: string; start: number; end: number } | undefined {
  const g = grammarFor(ctx.doc.kind);
  if (!g) return undefined;
  const text = ctx.doc.text;
  const wordAt = (): { w: string; s: number; e: number } => {
    let s = offset;
    let e = offset;
    while (s > 0 && /[A-Za-z0-9_:-]/.test(text[s - 1]!)) s--;
    while (e < text.length && /[A-Za-z0-9_-]/.test(text[e]!)) e++;
    let w = text.slice(s, e);
    if (w.endsWith(':') && !w.includes('::')) w = w.slice(0, -1);
    return { w, s, e };
  };
  if (cur.role === 'key') {
    const parent = specAt(g, cur.path);
    const { w, s, e } = wordAt();
    if (!parent || !w) return undefined;
    const k = findKey(parent, w);
    if (k)
      return {
        md: `**${k.key}**${k.required ? ' (required)' : ''}${
          k.key !== w ? ` — write \`${k.key}\`, not ` + `\`${w}\`` : ''
        }\n\n${k.doc}${k.legacy ? `\n\n_Legacy:_ ${k.legacy}` : ''}\n\n_Source: ${k.source}_`,
        start: s,
        end: e,
      };
    const dict =
      parent.type === 'dict'
        ? parent
        : parent.type === 'oneOf'
          ? parent.options.find((o) => o.type === 'dict')
          : undefined;
    if (dict && dict.type === 'dict') {
      const ev = dict.keyEnum?.find((x) => x.value === w);
      if (ev) return { md: `**${ev.value}** — ${dict.entryLabel}\n\n${ev.doc}`, start: s, end: e };
    }
    return undefined;
  }
  const spec = specAt(g, cur.valuePath);
  const e = enumSpec(spec);
  if (!e) return undefined;
  const { w, s, e: end } = wordAt();
  const v = e.values.find((x) => x.value === w);
  if (!v) return undefined;
  return { md: `**${v.value}**${v.doc ? `\n\n${v.doc}` : ''}`, start: s, end };
}
