/**
 * The symbol under the cursor for references and rename, named by its declaration (the file that
 * declares it and its name), whether the cursor is on the declaration or on any use. Unlike
 * `targets.ts` (definition, hover), it also answers on declarations, mapping keys and lmproject
 * names, and says why built-ins and unresolved names have nothing to find or rename.
 */
import type { LmProjectSummary, SubprojectDecl } from '../../model/lm/summary.js';
import { topLevelProperties, type DescriptorSummary, type PropertyDecl } from '../../model/lm/summary.js';
import type { Span } from '../../syntax/positions.js';
import type { FeatureContext } from '../types.js';
import { descriptorOf } from './context.js';
import { collectDottedItems, headComponent, itemAt, memberDecls, type DottedRole } from './dotted.js';
import { collectReferences, componentTarget, referenceAt, resolveOccurrence, type RefOccurrence } from './resolve.js';
import { collectNameUses, nameUseAt } from './uses.js';
import { behaviourSymbolAt } from './behaviour/symbol.js';

export type LmSymbol =
  /** A top-level property (or private property) of the descriptor in `file`. */
  | { kind: 'property'; file: string; name: string }
  /** A property mapped in a component of the assembly `file` that no workspace descriptor declares. */
  | { kind: 'mapping'; file: string; component: string; name: string; reason: string }
  /** A composition component or reference of the assembly `file`. */
  | { kind: 'component'; file: string; name: string }
  /** An operation, capability, requirement or metric declared by the descriptor in `file`. */
  | { kind: 'member'; file: string; role: DottedRole; name: string }
  /** A descriptor name; `files` are the workspace descriptors with that name. */
  | { kind: 'descriptor'; name: string; files: string[]; problem?: string }
  /** The root project (`chain` empty) or a subproject of the lmproject file `file`. */
  | { kind: 'project'; file: string; chain: SubprojectDecl[]; name: string }
  /** Something with a fixed meaning (built-ins, transitions) or nothing declared: `why` says which. */
  | { kind: 'fixed'; why: string };

export interface SymbolAt {
  symbol: LmSymbol;
  /** The name under the cursor, exactly (no quotes, no `${`). */
  span: Span;
}

const within = (s: Span | undefined, offset: number): s is Span => !!s && offset >= s.start && offset <= s.end;

/** The part of `span` that spells `name` (keys and values may be quoted); the whole span when not found. */
export function nameSpan(text: string, span: Span, name: string): Span {
  const raw = text.slice(span.start, span.end);
  if (raw === name) return span;
  const i = raw.indexOf(name);
  return i >= 0 && name ? { start: span.start + i, end: span.start + i + name.length } : span;
}

const KEYWORD: Record<string, string> = {
  source: "`source` is the relationship's source component, not a name declared here: rename the component itself.",
  target: "`target` is the relationship's target component, not a name declared here: rename the component itself.",
  instance: '`instance` is supplied by LM (`name`, `id`, `index`) and cannot be renamed.',
  item: '`item` is the current element of the component’s `items` and cannot be renamed.',
};

export function symbolAt(ctx: FeatureContext, offset: number): SymbolAt | undefined {
  if (ctx.doc.summary.kind === 'lmproject') return projectSymbolAt(ctx, ctx.doc.summary, offset);
  if (ctx.doc.summary.kind === 'behaviour') return behaviourSymbolAt(ctx, offset);
  const summary = descriptorOf(ctx);
  if (!summary) return undefined;
  const doc = ctx.doc;
  const occ = referenceAt(collectReferences(doc, summary), offset);
  if (occ) return refSymbol(ctx, summary, occ, offset);
  for (const c of summary.components) {
    if (!c.type || !within(c.typeSpan, offset)) continue;
    const r = ctx.index.resolveType(c.type, doc.path);
    const span = nameSpan(doc.text, c.typeSpan, c.type.trim());
    const exact = r.name !== undefined && !r.isLmctl ? ctx.index.lookup(r.name).length > 0 : true;
    const symbol: LmSymbol = { kind: 'descriptor', name: r.name ?? c.type.trim(), files: r.targets.map((t) => t.path) };
    if (r.lmctlError) symbol.problem = `\`${c.type.trim()}\` cannot be resolved: ${r.lmctlError}.`;
    else if (!exact && r.targets.length)
      symbol.problem =
        `\`${c.type.trim()}\` is a version range that may match several descriptors: rename the descriptor on its ` +
        '`name` or on a type that names one version.';
    return { symbol, span };
  }
  return dottedSymbol(ctx, summary, offset) ?? useSymbol(ctx, summary, offset) ?? declSymbol(ctx, summary, offset);
}

function refSymbol(
  ctx: FeatureContext,
  summary: DescriptorSummary,
  occ: RefOccurrence,
  offset: number,
): SymbolAt | undefined {
  const segs = occ.ref.segments;
  const first = segs[0];
  if (!first || first.kind !== 'name') return undefined;
  let i = segs.findIndex((s) => within(s.span, offset));
  if (i < 0 && offset < first.span.start) i = 0;
  const seg = segs[i];
  if (!seg || i > 1 || seg.kind !== 'name') return undefined;
  const res = resolveOccurrence(ctx, summary, occ);
  const root = res.root;
  if (i === 0) {
    switch (root.kind) {
      case 'property':
        return { symbol: { kind: 'property', file: ctx.doc.path, name: root.decl.name }, span: seg.span };
      case 'component':
        if (root.via) return { symbol: { kind: 'fixed', why: KEYWORD[root.via]! }, span: seg.span };
        return { symbol: { kind: 'component', file: ctx.doc.path, name: root.component.name }, span: seg.span };
      case 'instance':
      case 'item':
        return { symbol: { kind: 'fixed', why: KEYWORD[root.kind]! }, span: seg.span };
      default:
        return {
          symbol: { kind: 'fixed', why: `\`${seg.text}\` is not declared, so there is nothing to rename.` },
          span: seg.span,
        };
    }
  }
  if (root.kind === 'instance')
    return {
      symbol: { kind: 'fixed', why: `\`instance.${seg.text}\` is supplied by LM and cannot be renamed.` },
      span: seg.span,
    };
  if (root.kind !== 'component') return undefined; // a key inside a structured property value
  const m = res.member;
  if (m?.decl && m.descriptor)
    return { symbol: { kind: 'property', file: m.descriptor.path, name: seg.text }, span: seg.span };
  if (m?.localDecl)
    return { symbol: mappingSymbol(ctx, root.component.name, seg.text, !!root.descriptor), span: seg.span };
  return {
    symbol: { kind: 'fixed', why: `\`${seg.text}\` is not a declared property of \`${root.component.name}\`.` },
    span: seg.span,
  };
}

function mappingSymbol(ctx: FeatureContext, component: string, name: string, resolved: boolean): LmSymbol {
  const reason = resolved
    ? `\`${name}\` is not declared by the descriptor of \`${component}\`: declare it there first, then rename it.`
    : `The descriptor of \`${component}\` is not in this workspace (it may be in the orchestrator's catalog), so ` +
      `its property \`${name}\` cannot be renamed here.`;
  return { kind: 'mapping', file: ctx.doc.path, component, name, reason };
}

function dottedSymbol(ctx: FeatureContext, summary: DescriptorSummary, offset: number): SymbolAt | undefined {
  const item = itemAt(collectDottedItems(ctx.doc), offset);
  if (!item) return undefined;
  const isComponent = summary.components.some((c) => c.name === item.head);
  if (offset <= item.headSpan.end || item.member === undefined || !item.memberSpan) {
    if (isComponent) return { symbol: { kind: 'component', file: ctx.doc.path, name: item.head }, span: item.headSpan };
    const why = KEYWORD[item.head] ?? `\`${item.head}\` is not a component of this assembly.`;
    return { symbol: { kind: 'fixed', why }, span: item.headSpan };
  }
  const t = headComponent(ctx, summary, ctx.doc.root, item);
  const decl = t?.descriptor ? memberDecls(t, item.role).find((d) => d.name === item.member) : undefined;
  if (t?.descriptor && decl)
    return {
      symbol: { kind: 'member', file: t.descriptor.path, role: item.role, name: decl.name },
      span: item.memberSpan,
    };
  return {
    symbol: { kind: 'fixed', why: `\`${item.member}\` is not a declared ${item.role} of \`${item.head}\`.` },
    span: item.memberSpan,
  };
}

function useSymbol(ctx: FeatureContext, summary: DescriptorSummary, offset: number): SymbolAt | undefined {
  const use = nameUseAt(collectNameUses(ctx.doc), offset);
  if (!use) return undefined;
  const here = ctx.doc.path;
  if (use.where === 'policy-metric' && use.member === undefined) {
    // A metric of this descriptor (a resource's own metric, or one an assembly promotes).
    const ok = summary.metrics.some((m) => m.name === use.head);
    return {
      symbol: ok
        ? { kind: 'member', file: here, role: 'metric', name: use.head }
        : { kind: 'fixed', why: `\`${use.head}\` is not a metric of this descriptor.` },
      span: use.headSpan,
    };
  }
  const isComponent = summary.components.some((c) => c.name === use.head);
  if (offset <= use.headSpan.end || !use.memberSpan) {
    return {
      symbol: isComponent
        ? { kind: 'component', file: here, name: use.head }
        : { kind: 'fixed', why: `\`${use.head}\` is not a component of this assembly.` },
      span: use.headSpan,
    };
  }
  const t = isComponent ? componentTarget(ctx, summary, use.head) : undefined;
  const decl = t?.descriptor?.summary.metrics.find((m) => m.name === use.member);
  return {
    symbol:
      t?.descriptor && decl
        ? { kind: 'member', file: t.descriptor.path, role: 'metric', name: decl.name }
        : { kind: 'fixed', why: `\`${use.member}\` is not a declared metric of \`${use.head}\`.` },
    span: use.memberSpan,
  };
}

const MEMBER_SECTIONS: [DottedRole, keyof DescriptorSummary][] = [
  ['operation', 'operations'],
  ['capability', 'capabilities'],
  ['requirement', 'requirements'],
  ['metric', 'metrics'],
];

function declSymbol(ctx: FeatureContext, summary: DescriptorSummary, offset: number): SymbolAt | undefined {
  const { doc } = ctx;
  const here = doc.path;
  const at = (d: { name: string; keySpan: Span }) => within(d.keySpan, offset);
  const span = (d: { name: string; keySpan: Span }) => nameSpan(doc.text, d.keySpan, d.name);
  const n = summary.explicitName;
  if (n && within(n.span, offset)) {
    const name = ctx.index.effectiveName(here) ?? n.text.trim();
    return {
      symbol: { kind: 'descriptor', name, files: ctx.index.lookup(name).map((e) => e.path) },
      span: nameSpan(doc.text, n.span, n.text.trim()),
    };
  }
  const prop = topLevelProperties(summary).find(at);
  if (prop) return { symbol: { kind: 'property', file: here, name: prop.name }, span: span(prop) };
  for (const c of summary.components) {
    if (at(c)) return { symbol: { kind: 'component', file: here, name: c.name }, span: span(c) };
    const p = c.properties.find(at);
    if (p) return { symbol: mappedSymbol(ctx, summary, c.name, p), span: span(p) };
  }
  for (const [role, key] of MEMBER_SECTIONS) {
    const d = (summary[key] as { name: string; keySpan: Span }[]).find(at);
    if (d) return { symbol: { kind: 'member', file: here, role, name: d.name }, span: span(d) };
  }
  const t = summary.transitions.find(at);
  if (t)
    return {
      symbol: { kind: 'fixed', why: `\`${t.name}\` is a lifecycle transition: LM defines the transition names.` },
      span: span(t),
    };
  return undefined;
}

/** A mapping key `composition.<c>.properties.<p>`: the property of the component's descriptor it maps into. */
function mappedSymbol(ctx: FeatureContext, summary: DescriptorSummary, component: string, p: PropertyDecl): LmSymbol {
  const t = componentTarget(ctx, summary, component);
  const d = t?.descriptor;
  if (d && topLevelProperties(d.summary).some((x) => x.name === p.name))
    return { kind: 'property', file: d.path, name: p.name };
  return mappingSymbol(ctx, component, p.name, !!d);
}

function projectSymbolAt(ctx: FeatureContext, s: LmProjectSummary, offset: number): SymbolAt | undefined {
  const file = ctx.doc.path;
  if (s.name && within(s.nameSpan, offset))
    return {
      symbol: { kind: 'project', file, chain: [], name: s.name },
      span: nameSpan(ctx.doc.text, s.nameSpan, s.name),
    };
  const visit = (level: SubprojectDecl[], chain: SubprojectDecl[]): SymbolAt | undefined => {
    for (const sp of level) {
      const here = [...chain, sp];
      const span = nameSpan(ctx.doc.text, sp.keySpan, sp.name);
      if (sp.name && ctx.doc.text.slice(span.start, span.end) === sp.name && within(span, offset))
        return { symbol: { kind: 'project', file, chain: here, name: sp.name }, span };
      const inner = visit(sp.contains, here);
      if (inner) return inner;
    }
    return undefined;
  };
  return visit(s.contains, []);
}
