/**
 * Finds every `${...}` reference in a descriptor, works out the scope it sits in, and resolves it:
 * to a top-level property, a component (and the member property in the component's descriptor,
 * through the index), a relationship's source/target, `instance`, or `item`.
 *
 * Diagnostics, definition, hover and completion all read this one resolver.
 */
import type { DescriptorSummary, ComponentDecl, PropertyDecl } from '../../model/lm/summary.js';
import { topLevelProperties } from '../../model/lm/summary.js';
import { INSTANCE_MEMBERS } from '../../model/lm/vocabulary.js';
import type { Span } from '../../syntax/positions.js';
import { scanScalarReferences, type Reference } from '../../syntax/references.js';
import { asMap, asScalar, asSeq, get, walkScalars, type YNode, type YScalar } from '../../syntax/tree.js';
import type { DescriptorEntry } from '../../index/workspace.js';
import type { FeatureContext } from '../types.js';
import { didYouMean } from '../../util/suggest.js';
import { carried, isOnce, memo, memoKey, type DocumentModel } from '../../model/document.js';
import { replaceWith, withFixes } from '../shared/fixData.js';
import { previousStart, regionsOf } from '../shared/regions.js';
import type { Finding } from '../shared/rule.js';

export type RefScope =
  | { kind: 'top' }
  | { kind: 'component'; component: ComponentDecl }
  | { kind: 'relationship'; name: string; inProperties: boolean; source?: string; target?: string };

export interface RefOccurrence {
  ref: Reference;
  path: readonly (string | number)[];
  scope: RefScope;
}

export interface ComponentTarget {
  component: ComponentDecl;
  /** Resolved descriptor of the component's type, when it is in the workspace. */
  descriptor?: DescriptorEntry;
}

export type RootResolution =
  | { kind: 'property'; decl: PropertyDecl }
  | ({ kind: 'component'; via?: 'source' | 'target' } & ComponentTarget)
  | { kind: 'instance' }
  | { kind: 'item'; component: ComponentDecl }
  | { kind: 'unresolved' };

export interface MemberResolution {
  /** The property in the component's descriptor, when found. */
  decl?: PropertyDecl;
  descriptor?: DescriptorEntry;
  /** Mapped in this assembly's component entry (`composition.<c>.properties.<m>`). */
  localDecl?: PropertyDecl;
  /** `instance.name` and friends. */
  builtin?: string;
}

/** A problem found while resolving a reference (reported by LM030-LM034). */
export type RefProblem = Finding;

export interface ResolvedRef {
  occ: RefOccurrence;
  root: RootResolution;
  member?: MemberResolution;
  problems: RefProblem[];
}

/** Paths whose values are free text or UI data, never mappings. */
function skipPath(path: readonly (string | number)[], kind: DescriptorSummary['kind']): boolean {
  if (path[0] === 'designerLayout') return true;
  if (kind === 'assembly-template' && path[0] === 'template') return true;
  return path[path.length - 1] === 'description';
}

/** The component named by a `comp.cap` entry or a bare reference name. */
function componentOfEntry(node: YNode | null): string | undefined {
  const s = asScalar(asSeq(node)?.items[0] ?? node);
  if (!s || typeof s.value !== 'string') return undefined;
  const dot = s.text.indexOf('.');
  return dot < 0 ? s.text : s.text.slice(0, dot);
}

export function scopeOf(path: readonly (string | number)[], summary: DescriptorSummary, root: YNode | null): RefScope {
  if ((path[0] === 'composition' || path[0] === 'references') && typeof path[1] === 'string') {
    const component = summary.components.find((c) => c.name === path[1] && c.section === path[0]);
    if (component) return { kind: 'component', component };
  }
  if (path[0] === 'relationships' && typeof path[1] === 'string') {
    const rel = asMap(get(asMap(get(asMap(root), 'relationships')), path[1]));
    const scope: RefScope = { kind: 'relationship', name: path[1], inProperties: path[2] === 'properties' };
    const src = componentOfEntry(get(rel, 'source-capabilities'));
    const tgt = componentOfEntry(get(rel, 'target-requirements'));
    if (src) scope.source = src;
    if (tgt) scope.target = tgt;
    return scope;
  }
  return { kind: 'top' };
}

const REFERENCES = memoKey<RefOccurrence[]>('lm.references');

/**
 * What a keystroke's reference scan takes over from the version before it (see `carried`), at two
 * levels:
 * - regions (features/shared/regions.ts: a component, a relationship, a property, another top-level
 *   entry): a region the edit did not touch has the same subtree, so the same references at the
 *   same relative places and paths. They are taken as they were (moved when the edit shifted the
 *   region) and nothing in the region is walked again: a keystroke walks only the region it changed.
 * - scalars: in a region that changed (or everywhere when there are no regions), each flow scalar
 *   with a `${` by its source text and style (a flow scalar's value is a function of these).
 */
interface ScanCache {
  scalars: Map<string, Reference[]>;
  /** The references of each region, by the region's start offset in this version. */
  regions: Map<number, RegionRefs>;
}

/** The references of one region, with their paths, in document order (absolute spans). */
interface RegionRefs {
  refs: { ref: Reference; path: readonly (string | number)[] }[];
}

const SCANS = memoKey<ScanCache>('lm.referenceScans');

function shifted(refs: readonly Reference[], by: number): Reference[] {
  if (by === 0) return refs as Reference[];
  const sp = (s: Span): Span => ({ start: s.start + by, end: s.end + by });
  return refs.map((r) => {
    const out: Reference = {
      span: sp(r.span),
      raw: r.raw,
      segments: r.segments.map((g) => ({ kind: g.kind, text: g.text, span: sp(g.span) })),
    };
    if (r.error !== undefined) out.error = r.error;
    if (r.errorSpan) out.errorSpan = sp(r.errorSpan);
    return out;
  });
}

/** Top-level properties and components by name, so resolving each reference is not a scan. */
interface Names {
  props: Map<string, PropertyDecl>;
  comps: Map<string, ComponentDecl>;
}

const NAMES = memoKey<Names>('lm.names');

function firstByName<T extends { name: string }>(items: readonly T[]): Map<string, T> {
  const m = new Map<string, T>();
  for (const i of items) if (!m.has(i.name)) m.set(i.name, i);
  return m;
}

/** The name tables of the document's descriptor summary (computed once per analysed text). */
export function namesOf(doc: DocumentModel, summary: DescriptorSummary): Names {
  const build = (): Names => ({
    props: firstByName(topLevelProperties(summary)),
    comps: firstByName(summary.components),
  });
  // Only the document's own summary is memoised; another summary (rare) gets fresh tables.
  return doc.summary === summary ? memo(doc, NAMES, build) : build();
}

/** The names an unknown `${name}` may be a slip for, and the suggestions found so far, by word. */
interface RootSuggestions {
  names: string[];
  /** The names as one string: versions with the same names share `byWord`. */
  key: string;
  byWord: Map<string, string | undefined>;
}

const ROOT_SUGGESTIONS = memoKey<RootSuggestions>('lm.rootSuggestions');

/**
 * The "did you mean" of an unknown reference root: a function of the word and the names declared
 * (top-level properties, then components, in order) alone, so a version that declares the same
 * names keeps those found before it (each is an edit-distance search over every name).
 */
function rootSuggestion(doc: DocumentModel, summary: DescriptorSummary, word: string): string | undefined {
  const build = (before: RootSuggestions | undefined): RootSuggestions => {
    const names = [...topLevelProperties(summary).map((p) => p.name), ...summary.components.map((c) => c.name)];
    const key = JSON.stringify(names);
    return { names, key, byWord: before?.key === key ? before.byWord : new Map() };
  };
  const s = doc.summary === summary ? carried(doc, ROOT_SUGGESTIONS, build) : build(undefined);
  if (!s.byWord.has(word)) s.byWord.set(word, didYouMean(word, s.names));
  return s.byWord.get(word);
}

/** All references in the document with their scope (computed once per analysed text). */
export function collectReferences(doc: DocumentModel, summary: DescriptorSummary): RefOccurrence[] {
  return memo(doc, REFERENCES, () => {
    // Another summary than the document's own (rare) is scanned afresh, without the carried scans; a model checked
    // once keeps no scans (nothing takes them over, and `regionReferenceCount` then says the scan was not by region).
    if (doc.summary !== summary || isOnce(doc)) return collectUncached(doc, summary, undefined, undefined);
    const scans = newScanCache();
    carried(doc, SCANS, (before) => {
      doc.derived.set(REFERENCES, collectUncached(doc, summary, scans, before));
      return scans;
    });
    return doc.derived.get(REFERENCES) as RefOccurrence[];
  });
}

/**
 * How many references `collectReferences` found in the region starting at `start` (its occurrences
 * are consecutive, in region order), or undefined when this version's scan was not by region.
 */
export function regionReferenceCount(doc: DocumentModel, start: number): number | undefined {
  return (doc.derived.get(SCANS) as ScanCache | undefined)?.regions.get(start)?.refs.length;
}

function newScanCache(): ScanCache {
  return { scalars: new Map(), regions: new Map() };
}

/** Walks the scalars under `node` (not following aliases) with `path` as the path to it, as `walkScalars`. */
function walkValues(
  node: YNode | null,
  path: (string | number)[],
  depth: number,
  fn: (s: YScalar, path: readonly (string | number)[]) => void,
): void {
  if (!node || depth > 200) return;
  if (node.kind === 'scalar') fn(node, path);
  else if (node.kind === 'map') {
    for (const p of node.pairs) {
      path.push(p.key.text);
      walkValues(p.value, path, depth + 1, fn);
      path.pop();
    }
  } else if (node.kind === 'seq') {
    for (let i = 0; i < node.items.length; i++) {
      path.push(i);
      walkValues(node.items[i]!, path, depth + 1, fn);
      path.pop();
    }
  }
}

function collectUncached(
  doc: DocumentModel,
  summary: DescriptorSummary,
  /** Undefined: nothing kept (each scalar scanned, the regions' references not stored). */
  scans: ScanCache | undefined,
  before: ScanCache | undefined,
): RefOccurrence[] {
  const { text, root } = doc;
  const out: RefOccurrence[] = [];
  // The scope of a reference follows from the first two steps of its path and whether the third is
  // `properties`: within the region of a section's entry (the first two steps fixed) there are at
  // most two, each found once. Elsewhere it is found for each scalar.
  let scopes: (RefScope | undefined)[] = [];
  const emit = (ref: Reference, path: readonly (string | number)[]) => {
    const i = path[2] === 'properties' ? 1 : 0;
    out.push({ ref, path, scope: (scopes[i] ??= scopeOf(path, summary, root)) });
  };
  /** The references of one scalar (flow scalars through the scalar cache). */
  const scan = (s: YScalar): Reference[] => {
    if (s.style === 'literal' || s.style === 'folded') {
      // A block scalar's indentation indicator counts from its parent's: not a function of its text alone.
      return scanScalarReferences(text, s);
    }
    if (!scans) return scanScalarReferences(text, s);
    // A flow scalar's value is a function of its source text and style only.
    const source = `${s.style}\u0000${text.slice(s.span.start, s.span.end)}`;
    let rel = scans.scalars.get(source) ?? before?.scalars.get(source);
    if (!rel) rel = shifted(scanScalarReferences(text, s), -s.span.start);
    scans.scalars.set(source, rel);
    return shifted(rel, s.span.start);
  };
  const visit = (
    s: YScalar,
    path: readonly (string | number)[],
    sink: (ref: Reference, p: readonly (string | number)[]) => void,
  ) => {
    if (typeof s.value !== 'string' || s.value.indexOf('${') < 0) return;
    if (skipPath(path, summary.kind)) return;
    const refs = scan(s);
    if (!refs.length) return;
    const p = [...path];
    for (const ref of refs) sink(ref, p);
  };
  const regions = regionsOf(doc);
  if (!regions) {
    walkScalars(root, (s, path, isKey) => {
      if (isKey) return;
      scopes = [];
      visit(s, path, emit);
    });
    return out;
  }
  for (const region of regions) {
    scopes = [];
    const old = before && previousStart(doc, region);
    let r = old !== undefined ? before?.regions.get(old) : undefined;
    if (r && old !== region.start) {
      const by = region.start - old!;
      r = { refs: r.refs.map((x) => ({ ref: shifted([x.ref], by)[0]!, path: x.path })) };
    }
    if (!r) {
      const found: RegionRefs = { refs: [] };
      const prefix = region.section ? [region.section, region.pair.key.text] : [region.pair.key.text];
      walkValues(region.pair.value, prefix, prefix.length, (s, path) =>
        visit(s, path, (ref, p) => found.refs.push({ ref, path: p })),
      );
      r = found;
    }
    scans?.regions.set(region.start, r);
    for (const x of r.refs) {
      if (!region.section) scopes = [];
      emit(x.ref, x.path);
    }
  }
  return out;
}

export function componentTarget(
  ctx: FeatureContext,
  summary: DescriptorSummary,
  name: string,
): ComponentTarget | undefined {
  const component = namesOf(ctx.doc, summary).comps.get(name);
  if (!component) return undefined;
  const t: ComponentTarget = { component };
  if (component.type) {
    const r = ctx.index.resolveType(component.type, ctx.doc.path);
    if (r.targets[0]) t.descriptor = r.targets[0];
  }
  return t;
}

/** Properties a `${component.x}` member may name: the descriptor's public properties. */
export function memberCandidates(t: ComponentTarget): PropertyDecl[] {
  return t.descriptor ? t.descriptor.summary.properties : [];
}

export function resolveOccurrence(ctx: FeatureContext, summary: DescriptorSummary, occ: RefOccurrence): ResolvedRef {
  const { ref, scope } = occ;
  const problems: RefProblem[] = [];
  const result: ResolvedRef = { occ, root: { kind: 'unresolved' }, problems };
  if (ref.error) {
    problems.push({ code: 'LM030', severity: 'error', span: ref.errorSpan ?? ref.span, message: ref.error });
  }
  const first = ref.segments[0];
  if (!first || first.kind !== 'name') return result;
  const second = ref.segments[1];
  const rootName = first.text;
  const names = namesOf(ctx.doc, summary);

  if (rootName === 'instance') {
    result.root = { kind: 'instance' };
    if (!second) {
      problems.push({
        code: 'LM033',
        severity: 'error',
        span: first.span,
        message: '`${instance}` needs a member: use `${instance.name}`, `${instance.id}` or `${instance.index}`.',
      });
    } else if (!(INSTANCE_MEMBERS as readonly string[]).includes(second.text)) {
      problems.push({
        code: 'LM033',
        severity: 'error',
        span: second.span,
        message: `\`instance\` has no member \`${second.text}\`: use \`name\`, \`id\` or \`index\`.`,
      });
    } else result.member = { builtin: second.text };
    return result;
  }

  if (rootName === 'source' || rootName === 'target') {
    if (scope.kind !== 'relationship' || !scope.inProperties) {
      // Outside relationship properties, a component may legitimately be called source/target.
      if (!names.comps.has(rootName) && !names.props.has(rootName)) {
        problems.push({
          code: 'LM034',
          severity: 'error',
          span: first.span,
          message:
            `\`\${${rootName}.…}\` only works in the \`properties\` of a relationship, where it means the ` +
            `relationship's ${rootName} component.`,
        });
        return result;
      }
    } else {
      const compName = rootName === 'source' ? scope.source : scope.target;
      const t = compName ? componentTarget(ctx, summary, compName) : undefined;
      if (!t) {
        problems.push({
          code: 'LM034',
          severity: 'warning',
          span: first.span,
          message:
            `Relationship \`${scope.name}\` has no resolvable ${rootName} component: declare ` +
            `${rootName === 'source' ? 'source-capabilities' : 'target-requirements'} as \`<component>.<name>\`.`,
        });
        return result;
      }
      result.root = { kind: 'component', via: rootName, ...t };
      if (second?.kind === 'name')
        result.member = resolveMember(ctx, t, second.text, second.span, problems, `${rootName} (${t.component.name})`);
      return result;
    }
  }

  if (rootName === 'item') {
    if (scope.kind === 'component' && scope.component.items !== undefined) {
      result.root = { kind: 'item', component: scope.component };
      return result;
    }
    if (!names.comps.has('item') && !names.props.has('item')) {
      problems.push({
        code: 'LM034',
        severity: 'error',
        span: first.span,
        message:
          '`${item}` only works inside a component that has `items:`; add `items: ${<list or map property>}` to ' +
          'the component or use another property.',
      });
      return result;
    }
  }

  const prop = names.props.get(rootName);
  const comp = names.comps.get(rootName);
  if (comp && (second || !prop)) {
    const t = componentTarget(ctx, summary, rootName)!;
    result.root = { kind: 'component', ...t };
    if (second?.kind === 'name') result.member = resolveMember(ctx, t, second.text, second.span, problems, rootName);
    else if (!second) {
      problems.push({
        code: 'LM031',
        severity: 'error',
        span: first.span,
        message: `\`\${${rootName}}\` names a component, not a property: write \`\${${rootName}.<property>}\`.`,
      });
    }
    return result;
  }
  if (prop) {
    result.root = { kind: 'property', decl: prop };
    return result;
  }
  if (rootName === 'name') {
    // lmctl-generated SOL003/SOL005 resources use `${name}`; it is not documented but works.
    problems.push({
      code: 'LM031',
      severity: 'hint',
      span: first.span,
      message:
        '`${name}` is not a declared property; LM appears to supply it for generated resources, but declaring it ' +
        'under `properties` makes the intent clear.',
    });
    return result;
  }
  const where =
    summary.kind === 'assembly'
      ? 'a top-level property or a component/reference of this assembly'
      : 'a property of this descriptor';
  const suggestion = rootSuggestion(ctx.doc, summary, rootName);
  problems.push({
    code: 'LM031',
    severity: 'error',
    span: first.span,
    message:
      `\`${rootName}\` is not ` +
      `${where}.${
        suggestion
          ? ` Did you mean ` + `\`${suggestion}\`?`
          : ` Declare it under ` +
            `\`properties\`${summary.kind === 'assembly' ? ' or add a component with that name' : ''}.`
      }`,
    ...withFixes(suggestion !== undefined ? { fix: 'replace', replaceWith: suggestion } : undefined, {
      fix: 'declare-property',
      name: rootName,
    }),
  });
  return result;
}

function resolveMember(
  ctx: FeatureContext,
  t: ComponentTarget,
  member: string,
  span: Span,
  problems: RefProblem[],
  label: string,
): MemberResolution {
  const res: MemberResolution = {};
  const localDecl = t.component.properties.find((p) => p.name === member);
  if (localDecl) res.localDecl = localDecl;
  if (t.descriptor) {
    res.descriptor = t.descriptor;
    const decl =
      t.descriptor.summary.properties.find((p) => p.name === member) ??
      t.descriptor.summary.privateProperties.find((p) => p.name === member);
    if (decl) res.decl = decl;
    else if (!localDecl) {
      const names = t.descriptor.summary.properties.map((p) => p.name);
      const s = didYouMean(member, names);
      const descName = ctx.index.effectiveName(t.descriptor.path) ?? t.descriptor.path;
      problems.push({
        code: 'LM032',
        severity: 'warning',
        span,
        message:
          `\`${member}\` is not a property of ${label}'s descriptor ` +
          `\`${descName}\`.${
            s
              ? ` Did you mean ` + `\`${s}\`?`
              : names.length
                ? ` It declares: ${names.slice(0, 8).join(', ')}${names.length > 8 ? ', …' : ''}.`
                : ''
          }`,
        ...replaceWith(s),
      });
    }
  }
  return res;
}

/** The reference occurrence under `offset`, if any. */
export function referenceAt(occs: readonly RefOccurrence[], offset: number): RefOccurrence | undefined {
  return occs.find((o) => offset >= o.ref.span.start && offset <= o.ref.span.end);
}
