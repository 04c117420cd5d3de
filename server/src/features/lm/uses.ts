/**
 * Names written outside `${...}` and outside the `<component>.<member>` items of dotted.ts: a
 * policy's `target: <component>` and `metric: <component>.<metric>` (or a metric of the descriptor
 * itself), and `upgrade-dependencies` entries. References and rename need them with exact spans;
 * the rules (LM047, LM069) read the same nodes themselves.
 */
import { memo, memoKey, type DocumentModel } from '../../model/document.js';
import type { Span } from '../../syntax/positions.js';
import { decodeScalar, sourceSpanOf } from '../../syntax/scalars.js';
import { asMap, asScalar, asSeq, get, type YNode, type YScalar } from '../../syntax/tree.js';

export interface NameUse {
  where: 'policy-target' | 'policy-metric' | 'upgrade-dependency';
  /** The component (or, for a metric without a dot, the metric) named. */
  head: string;
  headSpan: Span;
  /** After the first dot (`policy-metric` only). */
  member?: string;
  memberSpan?: Span;
  node: YScalar;
}

/** Splits a scalar at its first dot, ignoring surrounding blanks; undefined for references and non-strings. */
function split(text: string, node: YScalar, where: NameUse['where'], dotted: boolean): NameUse | undefined {
  if (typeof node.value !== 'string' || node.value.includes('${')) return undefined;
  const d = decodeScalar(text, node);
  const t = d.text;
  let a = 0;
  let b = t.length;
  while (a < b && /\s/.test(t[a]!)) a++;
  while (b > a && /\s/.test(t[b - 1]!)) b--;
  if (a === b) return undefined;
  const dot = dotted ? t.indexOf('.', a) : -1;
  const headEnd = dot >= 0 && dot < b ? dot : b;
  const use: NameUse = {
    where,
    head: t.slice(a, headEnd),
    headSpan: sourceSpanOf(d, a, headEnd, node.span.start),
    node,
  };
  if (headEnd < b) {
    use.member = t.slice(headEnd + 1, b);
    use.memberSpan = sourceSpanOf(d, headEnd + 1, b, node.span.end);
  }
  return use;
}

const USES = memoKey<NameUse[]>('lm.nameUses');

/** Policy targets and metrics and upgrade dependencies of the document (computed once per analysed text). */
export function collectNameUses(doc: DocumentModel): NameUse[] {
  return memo(doc, USES, () => collectUncached(doc.text, doc.root));
}

function collectUncached(text: string, root: YNode | null): NameUse[] {
  const out: NameUse[] = [];
  const push = (u: NameUse | undefined) => {
    if (u) out.push(u);
  };
  const m = asMap(root);
  for (const pp of asMap(get(m, 'policies'))?.pairs ?? []) {
    const body = asMap(pp.value);
    const target = asScalar(get(body, 'target'));
    if (target) push(split(text, target, 'policy-target', false));
    const metric = asScalar(get(body, 'metric'));
    if (metric) push(split(text, metric, 'policy-metric', true));
  }
  for (const cp of asMap(get(m, 'composition'))?.pairs ?? []) {
    for (const it of asSeq(get(asMap(cp.value), 'upgrade-dependencies'))?.items ?? []) {
      const s = asScalar(it);
      if (s) push(split(text, s, 'upgrade-dependency', false));
    }
  }
  return out;
}

export function nameUseAt(uses: readonly NameUse[], offset: number): NameUse | undefined {
  return uses.find((u) => offset >= u.node.span.start && offset <= u.node.span.end);
}
