/**
 * Every place an LM symbol is declared or used, with the exact span of the name. Other files are
 * found through the index's reverse edges (the assemblies whose components have the declaring
 * descriptor as their type, the files whose types name a descriptor) and read with `modelOf`;
 * nothing scans the workspace text.
 */
import type { DocumentModel } from '../../model/document.js';
import type { DescriptorSummary } from '../../model/lm/summary.js';
import * as path from '../../util/path.js';
import { derivedNameOf } from '../../index/projects.js';
import { isUnder } from '../../index/workspace.js';
import { topLevelProperties } from '../../model/lm/summary.js';
import type { LineIndex, Span } from '../../syntax/positions.js';
import type { FeatureContext } from '../types.js';
import { collectDottedItems, declsOfRole, headComponent, type DottedRole } from './dotted.js';
import { collectReferences, resolveOccurrence, type ResolvedRef } from './resolve.js';
import { nameSpan, type LmSymbol } from './symbol.js';
import { collectNameUses } from './uses.js';
import { behaviourPropertyUses, behaviourTypeUses, openBehaviour } from './behaviour/files.js';

export interface Occurrence {
  path: string;
  span: Span;
  lines: LineIndex;
  declaration: boolean;
  write: boolean;
}

/** A descriptor file read for a cross-file feature: its model, summary and a feature context on it. */
export interface Opened {
  model: DocumentModel;
  summary: DescriptorSummary;
  ctx: FeatureContext;
}

/** A file as messages name it: relative to its workspace folder (the file name outside any). */
export function workspacePath(ctx: FeatureContext, p: string): string {
  const root = ctx.index.roots.find((r) => isUnder(p, r));
  return root ? path.posix.relative(root, p) : path.posix.basename(p);
}

/** The document itself when it is the one asked for, else the model of the file (undefined when unreadable). */
export function modelFor(ctx: FeatureContext, path: string): DocumentModel | undefined {
  return path === ctx.doc.path ? ctx.doc : ctx.modelOf(path);
}

export function openDescriptor(ctx: FeatureContext, path: string): Opened | undefined {
  const model = modelFor(ctx, path);
  if (!model || !('components' in model.summary)) return undefined;
  return { model, summary: model.summary, ctx: model === ctx.doc ? ctx : { ...ctx, doc: model } };
}

class Collector {
  readonly out: Occurrence[] = [];
  private readonly seen = new Set<string>();
  add(path: string, lines: LineIndex, span: Span, declaration = false, write = declaration): void {
    const key = `${path}\n${span.start}\n${span.end}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.out.push({ path, span, lines, declaration, write });
  }
}

/**
 * The symbol's occurrences. `unreadable` collects the files the index says are involved but that
 * could not be read (rename refuses then, as its edit would be incomplete).
 */
export function occurrencesOf(ctx: FeatureContext, symbol: LmSymbol, unreadable: string[] = []): Occurrence[] {
  const c = new Collector();
  switch (symbol.kind) {
    case 'property':
      propertyOccurrences(ctx, symbol.file, symbol.name, c, unreadable);
      break;
    case 'mapping':
      mappingOccurrences(ctx, symbol.file, symbol.component, symbol.name, c);
      break;
    case 'component':
      componentOccurrences(ctx, symbol.file, symbol.name, c);
      break;
    case 'member':
      memberOccurrences(ctx, symbol.file, symbol.role, symbol.name, c, unreadable);
      break;
    case 'descriptor':
      descriptorOccurrences(ctx, symbol.name, symbol.files, c, unreadable);
      break;
    case 'project': {
      const s = modelFor(ctx, symbol.file)?.summary;
      const name = s?.kind === 'lmproject' ? derivedNameOf(s, symbol.chain) : undefined;
      if (name)
        descriptorOccurrences(
          ctx,
          name,
          ctx.index.lookup(name).map((e) => e.path),
          c,
          unreadable,
        );
      break;
    }
    case 'fixed':
      break;
  }
  return c.out;
}

/** Names of the components of `o` whose type resolves to the descriptor in `file`. */
export function componentsOfType(o: Opened, file: string): Set<string> {
  const out = new Set<string>();
  for (const comp of o.summary.components) {
    if (!comp.type) continue;
    if (o.ctx.index.resolveType(comp.type, o.model.path).targets.some((t) => t.path === file)) out.add(comp.name);
  }
  return out;
}

/**
 * The assemblies composing the descriptor in `file`, opened, each with its components of that type.
 * With `mention`, files whose text does not contain it are skipped before being analysed: most
 * assemblies using a widely used resource never name a given property of it.
 */
export function dependents(
  ctx: FeatureContext,
  file: string,
  unreadable: string[],
  mention?: string,
): { o: Opened; comps: Set<string> }[] {
  const out: { o: Opened; comps: Set<string> }[] = [];
  for (const p of ctx.index.dependentsOf(file).sort()) {
    // Behaviour files configure the descriptor rather than compose it (behaviourPropertyUses).
    if (ctx.index.get(p)?.kind === 'behaviour') continue;
    if (mention !== undefined && p !== ctx.doc.path && ctx.linesOf(p)?.text.includes(mention) === false) continue;
    const o = openDescriptor(ctx, p);
    if (!o) {
      unreadable.push(p);
      continue;
    }
    const comps = componentsOfType(o, file);
    if (comps.size) out.push({ o, comps });
  }
  return out;
}

/** Resolved references of `o` whose segment `index` is `name` (only those are resolved). */
function refsNamed(o: Opened, index: number, name: string): ResolvedRef[] {
  const out: ResolvedRef[] = [];
  for (const occ of collectReferences(o.model, o.summary)) {
    const seg = occ.ref.segments[index];
    if (seg?.kind === 'name' && seg.text === name) out.push(resolveOccurrence(o.ctx, o.summary, occ));
  }
  return out;
}

function propertyOccurrences(ctx: FeatureContext, file: string, name: string, c: Collector, unreadable: string[]) {
  const d = openDescriptor(ctx, file);
  if (!d) {
    unreadable.push(file);
    return;
  }
  const { path, text, lines } = d.model;
  for (const p of topLevelProperties(d.summary))
    if (p.name === name) c.add(path, lines, nameSpan(text, p.keySpan, name), true);
  for (const r of refsNamed(d, 0, name))
    if (r.root.kind === 'property' && r.root.decl.name === name) c.add(path, lines, r.occ.ref.segments[0]!.span);
  // The assemblies composing the descriptor: mapping keys into the property and `${component.name}`.
  for (const { o, comps } of dependents(ctx, file, unreadable, name)) {
    const m = o.model;
    for (const comp of o.summary.components) {
      if (!comps.has(comp.name)) continue;
      for (const p of comp.properties)
        if (p.name === name) c.add(m.path, m.lines, nameSpan(m.text, p.keySpan, name), false, true);
    }
    for (const r of refsNamed(o, 1, name))
      if (r.root.kind === 'component' && comps.has(r.root.component.name) && r.member?.decl)
        c.add(m.path, m.lines, r.occ.ref.segments[1]!.span);
  }
  // Assembly configurations (lmctl behaviour files) that set the property.
  behaviourPropertyUses(ctx, file, name, (bm, span) => c.add(bm.path, bm.lines, span, false, true));
}

function mappingOccurrences(ctx: FeatureContext, file: string, component: string, name: string, c: Collector) {
  const o = openDescriptor(ctx, file);
  if (!o) return;
  const m = o.model;
  const comp = o.summary.components.find((x) => x.name === component);
  for (const p of comp?.properties ?? [])
    if (p.name === name) c.add(m.path, m.lines, nameSpan(m.text, p.keySpan, name), true);
  for (const r of refsNamed(o, 1, name))
    if (r.root.kind === 'component' && r.root.component.name === component)
      c.add(m.path, m.lines, r.occ.ref.segments[1]!.span);
}

function componentOccurrences(ctx: FeatureContext, file: string, name: string, c: Collector) {
  const o = openDescriptor(ctx, file);
  if (!o) return;
  const m = o.model;
  for (const comp of o.summary.components)
    if (comp.name === name) c.add(m.path, m.lines, nameSpan(m.text, comp.keySpan, name), true);
  for (const r of refsNamed(o, 0, name))
    if (r.root.kind === 'component' && !r.root.via && r.root.component.name === name)
      c.add(m.path, m.lines, r.occ.ref.segments[0]!.span);
  // `source`/`target` heads of relationship lifecycle items are keywords unless a component has that name,
  // and then `head` is that component: the same rule as headComponent.
  for (const item of collectDottedItems(m)) if (item.head === name) c.add(m.path, m.lines, item.headSpan);
  for (const u of collectNameUses(m)) {
    if (u.head !== name) continue;
    // A policy metric without a dot names a metric of the assembly, not a component.
    if (u.where === 'policy-metric' && u.member === undefined) continue;
    c.add(m.path, m.lines, u.headSpan);
  }
}

function memberOccurrences(
  ctx: FeatureContext,
  file: string,
  role: DottedRole,
  name: string,
  c: Collector,
  unreadable: string[],
) {
  const d = openDescriptor(ctx, file);
  if (!d) {
    unreadable.push(file);
    return;
  }
  const dm = d.model;
  for (const decl of declsOfRole(d.summary, role))
    if (decl.name === name) c.add(dm.path, dm.lines, nameSpan(dm.text, decl.keySpan, name), true);
  if (role === 'metric') {
    // A heal policy's metric (resources) or a scale policy's promoted metric (assemblies).
    for (const u of collectNameUses(dm))
      if (u.where === 'policy-metric' && u.member === undefined && u.head === name)
        c.add(dm.path, dm.lines, u.headSpan);
  }
  for (const { o, comps } of dependents(ctx, file, unreadable, name)) {
    const m = o.model;
    for (const item of collectDottedItems(m)) {
      if (item.role !== role || item.member !== name || !item.memberSpan) continue;
      const t = headComponent(o.ctx, o.summary, m.root, item);
      if (t && comps.has(t.component.name)) c.add(m.path, m.lines, item.memberSpan);
    }
    if (role !== 'metric') continue;
    for (const u of collectNameUses(m))
      if (u.where === 'policy-metric' && u.member === name && u.memberSpan && comps.has(u.head))
        c.add(m.path, m.lines, u.memberSpan);
  }
}

function descriptorOccurrences(
  ctx: FeatureContext,
  name: string,
  files: readonly string[],
  c: Collector,
  unreadable: string[],
) {
  for (const f of files) {
    const m = modelFor(ctx, f);
    if (!m) {
      unreadable.push(f);
      continue;
    }
    const s = m.summary;
    const explicit = 'components' in s ? s.explicitName : undefined;
    if (explicit && explicit.text.trim() === name)
      c.add(f, m.lines, nameSpan(m.text, explicit.span, explicit.text.trim()), true);
    else if (!explicit) projectDeclaration(ctx, f, name, c);
  }
  for (const p of ctx.index.dependentsOfName(name).sort()) {
    const t = typesOf(ctx, p);
    if (!t) {
      unreadable.push(p);
      continue;
    }
    for (const u of t.uses) if (ctx.index.resolveType(u.type, p).name === name) c.add(p, t.lines, u.span);
  }
}

export interface TypeUse {
  /** The type as written (trimmed). */
  type: string;
  /** Its span without quotes. */
  span: Span;
}

/**
 * The component and reference types of a file, with their spans. Types are all the index keeps of
 * components, so they come from the index summary without analysing the file, once the text
 * confirms each span (the text may have changed since); else from the file's model.
 */
export function typesOf(ctx: FeatureContext, p: string): { lines: LineIndex; uses: TypeUse[] } | undefined {
  const summary = ctx.index.get(p)?.summary;
  const lines = p === ctx.doc.path ? ctx.doc.lines : ctx.linesOf(p);
  if (summary?.kind === 'behaviour') {
    // A configuration's `descriptorName`, confirmed against the text, else read from the file.
    const indexed = lines && behaviourTypeUses(lines.text, summary);
    if (lines && indexed) return { lines, uses: indexed };
    const f = openBehaviour(ctx, p);
    const uses = f && behaviourTypeUses(f.model.text, f.summary);
    return f && uses ? { lines: f.model.lines, uses } : undefined;
  }
  const fromIndex = lines && summary && 'components' in summary ? usesIn(lines.text, summary) : undefined;
  if (lines && fromIndex) return { lines, uses: fromIndex };
  const o = openDescriptor(ctx, p);
  return o && { lines: o.model.lines, uses: usesIn(o.model.text, o.summary) ?? [] };
}

function usesIn(text: string, s: DescriptorSummary): TypeUse[] | undefined {
  const out: TypeUse[] = [];
  for (const comp of s.components) {
    if (!comp.type || !comp.typeSpan) continue;
    const type = comp.type.trim();
    const span = nameSpan(text, comp.typeSpan, type);
    if (text.slice(span.start, span.end) !== type) return undefined;
    out.push({ type, span });
  }
  return out;
}

/** Where a derived name comes from: the (sub)project's `name` in lmproject.yml. */
function projectDeclaration(ctx: FeatureContext, file: string, name: string, c: Collector) {
  const pc = ctx.index.projectContext(file);
  if (!pc || pc.derivedName !== name) return;
  const m = modelFor(ctx, pc.projectFile);
  if (!m) return;
  const last = pc.chain[pc.chain.length - 1];
  const span = last ? last.keySpan : pc.root.nameSpan;
  const n = last ? last.name : pc.root.name;
  if (span && n) c.add(pc.projectFile, m.lines, nameSpan(m.text, span, n), true);
}
