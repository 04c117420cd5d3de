/**
 * References of a TOSCA symbol in the whole workspace.
 *
 * - Templates and inputs belong to their file's topology: the document's occurrence table has
 *   them all.
 * - Types: every file that can see the declaring file (its importers, transitively, and the files
 *   those reach; every file for a normative type) is scanned through its summary, and each use
 *   whose text can name the type is resolved with that file's visibility rules (`FileTypeNames`).
 *   No file is parsed and no type table is built, which keeps a type used by hundreds of service
 *   templates cheap.
 * - Properties and attributes: uses hide in function arguments, which summaries do not keep, so
 *   the few files that can hold them (they see the owning type, have a template or type of it, and
 *   mention the name) are analysed and read through their occurrence tables.
 */
import { derivedShortName, type NormativeType } from '../../model/tosca/catalog/index.js';
import type { ToscaSummary } from '../../model/tosca/summary.js';
import type { ToscaType } from '../../model/tosca/typeTable.js';
import type { Span } from '../../syntax/positions.js';
import type { FeatureContext, WorkspaceContext } from '../types.js';
import { fileTypeKey, occurrencesOf, typeKey, type Occurrence, type ToscaSymbol } from './occurrences.js';
import type { FileTypeNames, ResolvedType } from '../../index/toscaTypeNames.js';
import { typeUsesByName, type TypeUse } from './typeUses.js';
import type { ImportGraph } from '../../index/toscaVisibility.js';

export interface FoundRef {
  path: string;
  span: Span;
  /** The name as written there. */
  written: string;
  declaration: boolean;
  write: boolean;
  role?: 'template' | 'subtype';
}

export function fromOccurrence(path: string, o: Occurrence): FoundRef {
  const r: FoundRef = { path, span: o.span, written: o.written, declaration: o.declaration, write: o.write };
  if (o.role) r.role = o.role;
  return r;
}

/** Every name a normative type can be written as. */
function normativeNames(n: NormativeType): Set<string> {
  const short = [n.shorthand, ...(n.altNames ?? []), derivedShortName(n.name)].filter((x): x is string => !!x);
  return new Set([n.name, n.prefixed, ...short, ...short.map((s) => `tosca:${s}`)]);
}

/**
 * The files where a file type could take one of `names` from the normative type (profile files
 * write the normative types out): the files declaring such a name, bare or after a prefix, and the
 * files that see them. Everywhere else the catalog alone decides.
 */
function shadowable(graph: ImportGraph, names: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  const all = [...names];
  const clash = (d: string) =>
    names.has(d) || all.some((n) => n.length > d.length && n.endsWith(d) && ':.'.includes(n[n.length - d.length - 1]!));
  for (const path of graph.toscaFiles()) {
    const s = graph.summaryOf(path);
    if (!s?.types.some((d) => clash(d.name) || (d.shortName !== undefined && clash(d.shortName)))) continue;
    for (const f of graph.seeing(path)) out.add(f);
  }
  return out;
}

/** The names a type can be written as (before resolution decides): a cheap filter on uses. */
function nameFilter(t: ToscaType): (name: string) => boolean {
  if (t.normative) {
    const all = normativeNames(t.normative);
    return (name) => all.has(name);
  }
  const bases = [t.name, ...(t.decl?.shortName ? [t.decl.shortName] : [])];
  // The name itself, or after a namespace prefix (`prefix:Name`, `prefix.Name`).
  return (name) =>
    bases.some((b) => {
      if (name === b) return true;
      const c = name.length > b.length && name.endsWith(b) ? name[name.length - b.length - 1] : undefined;
      return c === ':' || c === '.';
    });
}

/** Per-file facts the resolution of requirement targets needs, computed on first use. */
class FileFacts {
  private nodes: Set<string> | undefined;
  private rels: Set<string> | undefined;
  private names: FileTypeNames | undefined;

  constructor(
    private readonly graph: ImportGraph,
    readonly path: string,
    readonly summary: ToscaSummary,
    private readonly catalogOnly = false,
  ) {}

  get types(): FileTypeNames {
    return (this.names ??= this.graph.typeNames(this.path, this.catalogOnly));
  }

  /** What the use names as a type, or undefined (a template, a capability name, nothing known). */
  resolve(u: TypeUse): ResolvedType | undefined {
    const topo = this.summary.topology;
    const t = u.target;
    const name = u.ref.name.trim();
    if (t?.of === 'node' && (this.nodes ??= new Set(topo?.nodeTemplates.map((n) => n.name))).has(name))
      return undefined;
    if (t?.of === 'relationship' && (this.rels ??= new Set(topo?.relationshipTemplates.map((n) => n.name))).has(name))
      return undefined;
    if (t?.of === 'capability' && t.node !== undefined) {
      const node = topo?.nodeTemplates.find((n) => n.name === t.node);
      const nt = this.types.resolve(node?.type?.name, ['node']);
      if (nt && this.types.capabilityNames(nt).has(name)) return undefined;
    }
    return this.types.resolve(u.ref.name, u.kinds);
  }
}

/**
 * Uses (and the declaration) of a type across the workspace, from summaries; `skip` (the
 * document asking, whose tree has them all) is not re-read for `get_nodes_of_type` arguments.
 */
export function typeRefs(ws: WorkspaceContext, graph: ImportGraph, t: ToscaType, skip: string): FoundRef[] {
  const key = typeKey(t);
  const matches = nameFilter(t);
  const out: FoundRef[] = [];
  const files = t.normative ? graph.toscaFiles() : t.path ? graph.seeing(t.path) : [];
  const shadowed = t.normative ? shadowable(graph, normativeNames(t.normative)) : undefined;
  for (const path of files) {
    const summary = graph.summaryOf(path);
    if (!summary) continue;
    let facts: FileFacts | undefined;
    for (const [name, uses] of typeUsesByName(ws, summary)) {
      if (!matches(name)) continue;
      for (const u of uses) {
        facts ??= new FileFacts(graph, path, summary, shadowed !== undefined && !shadowed.has(path));
        if (facts.resolve(u)?.key !== key) continue;
        const r: FoundRef = { path, span: u.ref.span, written: u.ref.name, declaration: false, write: false };
        if (u.role) r.role = u.role;
        out.push(r);
      }
    }
  }
  if (t.decl && t.path)
    out.push({ path: t.path, span: t.decl.keySpan, written: t.decl.name, declaration: true, write: true });
  // `get_nodes_of_type` arguments are not in summaries: read them in the files that use the type
  // otherwise (a file using it only there is missed; the function is rare).
  const using = new Set(out.map((r) => r.path));
  using.delete(skip);
  for (const path of using) {
    if (!ws.linesOf(path)?.text.includes('get_nodes_of_type')) continue;
    const doc = ws.modelOf(path);
    if (!doc || doc.kind !== 'tosca') continue;
    for (const o of occurrencesOf(doc, ws.index.tosca.modelOf(doc)))
      if (o.sym.key === key && !out.some((r) => r.path === path && r.span.start === o.span.start))
        out.push(fromOccurrence(path, o));
  }
  return out;
}

/**
 * True when the file has something whose type derives from `root` (a type declaration, a template,
 * a requirement's relationship, a substituted node type): only such files can assign or read the
 * properties of `root`. Capability and data types are reached through other types, so any file
 * passes for them.
 */
function mayUseMembersOf(facts: FileFacts, root: ToscaType): boolean {
  const kind = root.kind;
  if (kind !== 'node' && kind !== 'relationship' && kind !== 'group' && kind !== 'policy') return true;
  const key = typeKey(root);
  const names = facts.types;
  const s = facts.summary;
  for (const d of s.types) {
    if (
      d.kind === kind &&
      names.isA({ key: fileTypeKey(kind, facts.path, d.name), kind, decl: d, path: facts.path }, key)
    )
      return true;
  }
  const topo = s.topology;
  const written: (string | undefined)[] = [];
  if (kind === 'node') {
    written.push(topo?.substitution?.nodeType?.name);
    for (const n of topo?.nodeTemplates ?? []) written.push(n.type?.name);
  } else if (kind === 'relationship') {
    for (const r of topo?.relationshipTemplates ?? []) written.push(r.type?.name);
    for (const n of topo?.nodeTemplates ?? []) for (const r of n.requirements) written.push(r.relationship?.name);
  } else if (kind === 'group') for (const g of topo?.groups ?? []) written.push(g.type?.name);
  else for (const p of topo?.policies ?? []) written.push(p.type?.name);
  return written.some((w) => {
    const r = w === undefined ? undefined : names.resolve(w, [kind]);
    return !!r && names.isA(r, key);
  });
}

/** Occurrences of a property or attribute in the other files that can hold them. */
export function propertyRefs(
  ctx: FeatureContext,
  graph: ImportGraph,
  sym: Extract<ToscaSymbol, { kind: 'property' }>,
): FoundRef[] {
  const root = sym.root;
  const files = root.normative ? graph.toscaFiles() : root.path ? graph.seeing(root.path) : [];
  const out: FoundRef[] = [];
  for (const path of files) {
    if (path === ctx.doc.path) continue;
    const summary = graph.summaryOf(path);
    if (!summary || !mayUseMembersOf(new FileFacts(graph, path, summary), root)) continue;
    if (!ctx.linesOf(path)?.text.includes(sym.name)) continue;
    const doc = ctx.modelOf(path);
    if (!doc || doc.kind !== 'tosca') continue;
    const model = ctx.index.tosca.modelOf(doc);
    for (const o of occurrencesOf(doc, model)) if (o.sym.key === sym.key) out.push(fromOccurrence(path, o));
  }
  return out;
}
