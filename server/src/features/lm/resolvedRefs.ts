/**
 * The document's resolved `${...}` references for the rules (issue 21): a keystroke resolves again
 * only the references of the region it changed; an unchanged region (features/shared/regions.ts)
 * takes its resolutions over from the version before, moved with it.
 *
 * Why that gives what a fresh resolution gives: resolving a reference reads the reference itself
 * (the same, only moved, in an unchanged region), its scope (compared per reference: a component
 * scope's name, section and `items`, a relationship's name, source and target), the names, types
 * and defaults of the top-level properties, the components (section, name, type, `items`, mapped
 * property names), and the index: the resolution of component types and the referenced
 * descriptors' declarations and names (a `${component.member}`'s member). The index's
 * `resolutionGeneration` changes when any of that may have (a descriptor some resolution since the
 * last change targets was edited, open or on disk, or renamed, or files came or went).
 * `resolutionInputs` puts all but the scope in one string; a region's resolutions are taken over
 * only when it is the same.
 *
 * A resolution taken over points at this version's property and component declarations (found
 * by name, as resolving does); a `member.localDecl` may be the previous version's object, with
 * the same name (the rules read only names, types and problems from it).
 */
import type { DescriptorSummary } from '../../model/lm/summary.js';
import { topLevelProperties } from '../../model/lm/summary.js';
import { carried, memoKey } from '../../model/document.js';
import { previousStart, regionsOf } from '../shared/regions.js';
import type { Finding } from '../shared/rule.js';
import type { FeatureContext } from '../types.js';
import {
  collectReferences,
  namesOf,
  regionReferenceCount,
  resolveOccurrence,
  type RefOccurrence,
  type RefScope,
  type ResolvedRef,
  type RootResolution,
} from './resolve.js';

interface RegionResolved {
  inputs: string;
  refs: ResolvedRef[];
}

interface ResolvedStore {
  now: Map<number, RegionResolved>;
  before: Map<number, RegionResolved> | undefined;
}

const STORE = memoKey<ResolvedStore>('lm.resolvedByRegion');

/**
 * All resolved references of the document, for one run of the rules (see the header). Never kept
 * with the document model: a version is checked again, with the same text, when a file it depends
 * on changes (an edit of an open resource re-diagnoses the open assembly), and what resolving reads
 * of the index may then differ; `resolutionInputs` is compared on every run.
 */
export function resolvedReferences(ctx: FeatureContext, summary: DescriptorSummary): ResolvedRef[] {
  const doc = ctx.doc;
  const occs = collectReferences(doc, summary);
  const fresh = () => occs.map((o) => resolveOccurrence(ctx, summary, o));
  const regions = doc.summary === summary ? regionsOf(doc) : undefined;
  if (!regions) return fresh();
  const inputs = resolutionInputs(ctx, summary);
  const store = carried(doc, STORE, (previous) => {
    // One step deep: the previous store lets go of its own predecessor.
    if (previous) previous.before = undefined;
    return { now: new Map(), before: previous?.now };
  });
  const out: ResolvedRef[] = [];
  let i = 0;
  for (const region of regions) {
    const n = regionReferenceCount(doc, region.start);
    if (n === undefined) return fresh();
    if (n === 0) continue;
    const old = store.before && previousStart(doc, region);
    const kept = old !== undefined ? store.before?.get(old) : undefined;
    let refs: ResolvedRef[] | undefined;
    if (kept && kept.inputs === inputs && kept.refs.length === n) {
      refs = takeOver(ctx, summary, kept.refs, occs, i, region.start - old!);
    }
    refs ??= occs.slice(i, i + n).map((o) => resolveOccurrence(ctx, summary, o));
    store.now.set(region.start, { inputs, refs });
    for (const r of refs) out.push(r);
    i += n;
  }
  return i === occs.length ? out : fresh();
}

/** What resolving reads besides the reference and its scope, as one string (see the header). */
function resolutionInputs(ctx: FeatureContext, summary: DescriptorSummary): string {
  const parts: (string | number | undefined)[] = [ctx.index.resolutionGeneration, summary.kind];
  for (const p of topLevelProperties(summary)) parts.push('p', p.name, p.type, p.default);
  for (const c of summary.components) {
    parts.push('c', c.section, c.name, c.type, c.items === undefined ? 0 : 1);
    for (const p of c.properties) parts.push(p.name);
  }
  return parts.map((x) => (x === undefined ? '\u0002' : String(x))).join('\u0001');
}

function sameScope(a: RefScope, b: RefScope): boolean {
  if (a.kind === 'component' && b.kind === 'component') {
    return (
      a.component.name === b.component.name &&
      a.component.section === b.component.section &&
      (a.component.items === undefined) === (b.component.items === undefined)
    );
  }
  if (a.kind === 'relationship' && b.kind === 'relationship') {
    return a.name === b.name && a.inProperties === b.inProperties && a.source === b.source && a.target === b.target;
  }
  return a.kind === b.kind;
}

/** The region's previous resolutions on this version's occurrences `occs[from…]`, or undefined if a scope differs. */
function takeOver(
  ctx: FeatureContext,
  summary: DescriptorSummary,
  kept: readonly ResolvedRef[],
  occs: readonly RefOccurrence[],
  from: number,
  by: number,
): ResolvedRef[] | undefined {
  const names = namesOf(ctx.doc, summary);
  const out: ResolvedRef[] = [];
  for (let j = 0; j < kept.length; j++) {
    const k = kept[j]!;
    const occ = occs[from + j]!;
    if (!sameScope(k.occ.scope, occ.scope)) return undefined;
    let root: RootResolution = k.root;
    if (root.kind === 'property') root = { kind: 'property', decl: names.props.get(root.decl.name)! };
    else if (root.kind === 'component') root = { ...root, component: names.comps.get(root.component.name)! };
    else if (root.kind === 'item' && occ.scope.kind === 'component')
      root = { kind: 'item', component: occ.scope.component };
    const problems = by === 0 || !k.problems.length ? k.problems : k.problems.map((f) => moved(f, by));
    const r: ResolvedRef = { occ, root, problems };
    if (k.member) r.member = k.member;
    out.push(r);
  }
  return out;
}

function moved(f: Finding, by: number): Finding {
  return { ...f, span: { start: f.span.start + by, end: f.span.end + by } };
}
