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
 * `inputsToken` stands for all but the scope; a region's resolutions are taken over only when it
 * is the same.
 *
 * A resolution taken over points at this version's property and component declarations (found
 * by name, as resolving does); a `member.localDecl` may be the previous version's object, with
 * the same name (the rules read only names, types and problems from it).
 */
import type { DescriptorSummary, PropertyDecl } from '../../model/lm/summary.js';
import { carried, isOnce, memoKey } from '../../model/document.js';
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

/**
 * What resolving reads besides the reference and its scope (see the header), by identity: a run
 * whose resolution generation and declarations are those of the last run (of this version or the
 * one before) takes its token over, so equal tokens mean equal inputs. Comparing the declarations
 * field by field allocates nothing (a string of them was about 60 KB per keystroke).
 */
interface InputsToken {
  generation: number;
  summary: DescriptorSummary;
}

interface RegionResolved {
  inputs: InputsToken;
  refs: ResolvedRef[];
}

interface ResolvedStore {
  now: Map<number, RegionResolved>;
  before: Map<number, RegionResolved> | undefined;
  /** The inputs of this version's last run. */
  token: InputsToken | undefined;
  /** The inputs of the previous version's last run. */
  tokenBefore: InputsToken | undefined;
}

const STORE = memoKey<ResolvedStore>('lm.resolvedByRegion');

/**
 * All resolved references of the document, for one run of the rules (see the header). Never kept
 * with the document model: a version is checked again, with the same text, when a file it depends
 * on changes (an edit of an open resource re-diagnoses the open assembly), and what resolving reads
 * of the index may then differ; the inputs (`inputsToken`) are compared on every run.
 */
export function resolvedReferences(ctx: FeatureContext, summary: DescriptorSummary): ResolvedRef[] {
  const doc = ctx.doc;
  const occs = collectReferences(doc, summary);
  const fresh = () => occs.map((o) => resolveOccurrence(ctx, summary, o));
  // A model checked once keeps nothing for a next version: the same references, resolved in the same order.
  const regions = doc.summary === summary && !isOnce(doc) ? regionsOf(doc) : undefined;
  if (!regions) return fresh();
  const store = carried(doc, STORE, (previous) => {
    // One step deep: the previous store lets go of its own predecessor.
    if (previous) {
      previous.before = undefined;
      previous.tokenBefore = undefined;
    }
    return { now: new Map(), before: previous?.now, token: undefined, tokenBefore: previous?.token };
  });
  const inputs = inputsToken(store, ctx.index.resolutionGeneration, summary);
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

/** This run's inputs: the last run's token when they are the same (see `InputsToken`). */
function inputsToken(store: ResolvedStore, generation: number, summary: DescriptorSummary): InputsToken {
  const last = store.token ?? store.tokenBefore;
  if (last && last.generation === generation && sameDeclarations(last.summary, summary)) return (store.token = last);
  return (store.token = { generation, summary });
}

/**
 * True when resolving reads the same of both summaries: the kind, the top-level properties' names,
 * types and defaults, and each component's section, name, type, `items` (whether it has one) and
 * mapped property names, in order.
 */
function sameDeclarations(a: DescriptorSummary, b: DescriptorSummary): boolean {
  if (a === b) return true;
  if (a.kind !== b.kind || a.components.length !== b.components.length) return false;
  if (!sameProperties(a.properties, b.properties) || !sameProperties(a.privateProperties, b.privateProperties))
    return false;
  for (let i = 0; i < a.components.length; i++) {
    const x = a.components[i]!;
    const y = b.components[i]!;
    if (x.section !== y.section || x.name !== y.name || x.type !== y.type) return false;
    if ((x.items === undefined) !== (y.items === undefined) || x.properties.length !== y.properties.length)
      return false;
    for (let j = 0; j < x.properties.length; j++) if (x.properties[j]!.name !== y.properties[j]!.name) return false;
  }
  return true;
}

function sameProperties(a: readonly PropertyDecl[], b: readonly PropertyDecl[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.name !== y.name || x.type !== y.type || x.default !== y.default) return false;
  }
  return true;
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
