/**
 * Completion in behaviour files: descriptor names (and the project's `$lmctl:/` paths) for a
 * configuration's `descriptorName`, the descriptor's properties as keys of `properties`, and the
 * project's configuration names for a scenario actor's `assemblyConfigurationRef`.
 */
import { derivedNameOf } from '../../../index/projects.js';
import { CONFIGURATION_REF_KEYS } from '../../../model/lm/behaviour.js';
import type { LmProjectSummary, SubprojectDecl } from '../../../model/lm/summary.js';
import { topLevelProperties } from '../../../model/lm/summary.js';
import { CompletionKind, type CompletionItem, type FeatureContext } from '../../types.js';
import { propertyMarkdown } from '../context.js';
import { configurationsNamed } from './files.js';
import { jsonCursor, type JsonCursor } from './jsonCursor.js';
import { configuredDescriptor } from './target.js';

/** `$lmctl:/` paths to the root project and every subproject, with the names they stand for. */
function lmctlPaths(root: LmProjectSummary): { path: string; name?: string }[] {
  const out: { path: string; name?: string }[] = [];
  const walk = (chain: SubprojectDecl[], prefix: string) => {
    const name = derivedNameOf(root, chain);
    out.push({ path: `$lmctl:/${prefix}descriptor_name`, ...(name ? { name } : {}) });
    for (const s of (chain[chain.length - 1]?.contains ?? (chain.length ? [] : root.contains)).slice(0, 200))
      if (s.name) walk([...chain, s], `${prefix}contains:/${s.name}:/`);
  };
  walk([], '');
  return out;
}

/** Items that replace the text of the string at the cursor (inside its quotes), or insert a quoted string. */
function stringItems(
  ctx: FeatureContext,
  cur: JsonCursor,
  offset: number,
  values: { label: string; kind: number; detail?: string; doc?: string; suffix?: string }[],
): CompletionItem[] {
  const text = ctx.doc.text;
  const s = cur.string;
  const start = s ? s.start + 1 : offset;
  const closed = s ? text[s.end - 1] === '"' && s.end - 1 > s.start : false;
  const end = s ? (closed ? s.end - 1 : s.end) : offset;
  const range = ctx.doc.lines.rangeOf({ start, end });
  return values.map((v, i) => {
    const item: CompletionItem = {
      label: v.label,
      kind: v.kind,
      sortText: String(i).padStart(4, '0'),
      textEdit: { range, newText: s ? `${v.label}${closed ? '' : '"'}` : `"${v.label}"${v.suffix ?? ''}` },
    };
    if (s) item.filterText = v.label;
    if (v.detail) item.detail = v.detail;
    if (v.doc) item.documentation = { kind: 'markdown', value: v.doc };
    return item;
  });
}

export function behaviourCompletion(ctx: FeatureContext, offset: number): CompletionItem[] {
  const s = ctx.doc.summary;
  if (s.kind !== 'behaviour') return [];
  const cur = jsonCursor(ctx.doc.text, offset);
  if (!cur) return [];
  const p = cur.path;
  if (cur.role === 'value' && p.length === 1 && p[0] === 'descriptorName') {
    const root = ctx.index.projectContext(ctx.doc.path)?.root;
    const paths = root ? lmctlPaths(root) : [];
    const values = [
      ...paths.map((x) => ({
        label: x.path,
        kind: CompletionKind.Reference,
        ...(x.name ? { detail: x.name } : {}),
      })),
      ...ctx.index.descriptorNames().map((n) => ({ label: n, kind: CompletionKind.Class })),
    ];
    return stringItems(ctx, cur, offset, values);
  }
  if (cur.role === 'key' && p.length === 1 && p[0] === 'properties') {
    const d = configuredDescriptor(ctx, s);
    if (!d) return [];
    const taken = new Set(s.properties.filter((k) => offset < k.span.start || offset > k.span.end).map((k) => k.text));
    const values = topLevelProperties(d.summary)
      .filter((x) => !taken.has(x.name))
      .map((x) => ({
        label: x.name,
        kind: CompletionKind.Property,
        ...(x.type ? { detail: x.type } : {}),
        doc: propertyMarkdown(x),
        suffix: ': ',
      }));
    return stringItems(ctx, cur, offset, values);
  }
  const last = p[p.length - 1];
  if (cur.role === 'value' && p[0] === 'assemblyActors' && last && CONFIGURATION_REF_KEYS.includes(last)) {
    const values = configurationsNamed(ctx, ctx.doc.path).map((f) => ({
      label: f.summary.name!.text,
      kind: CompletionKind.Value,
      ...(f.summary.descriptorName ? { detail: f.summary.descriptorName.text } : {}),
    }));
    return stringItems(ctx, cur, offset, values);
  }
  return [];
}
