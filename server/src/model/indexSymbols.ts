/**
 * The symbols of a file that workspace symbol search lists, in a compact form the index keeps in
 * each entry's header (and the warm-start cache stores with it): a workspace symbol query must
 * never parse summaries, let alone read files.
 *
 * Each symbol is a tuple `[name, tag, start, end]` (the span of its name in the file); tuples keep
 * the cache lines short and their JSON quick to parse. The language packs turn tags into symbol
 * kinds; this layer only says what a symbol is.
 */
import type { DescriptorHeadline } from './lm/summary.js';
import type { TypeKind } from './tosca/catalog/types.js';
import type { ToscaHeadline } from './tosca/summary.js';

export type IndexSymbolTag =
  /** The descriptor itself; its name is the explicit `name:` or '' (the index knows the derived name). */
  | 'descriptor'
  /** A `composition` entry. */
  | 'component'
  /** A `references` entry. */
  | 'reference'
  | `type:${TypeKind}`
  | 'template:node'
  | 'template:relationship'
  | 'template:group'
  | 'template:policy';

export type IndexSymbol = readonly [name: string, tag: IndexSymbolTag, start: number, end: number];

const TAGS: ReadonlySet<string> = new Set<IndexSymbolTag>([
  'descriptor',
  'component',
  'reference',
  'type:data',
  'type:artifact',
  'type:capability',
  'type:requirement',
  'type:relationship',
  'type:interface',
  'type:node',
  'type:group',
  'type:policy',
  'template:node',
  'template:relationship',
  'template:group',
  'template:policy',
]);

/** The symbols of a descriptor: itself (at its `name:` value, else the top of the file) and its components. */
export function descriptorSymbols(s: DescriptorHeadline): IndexSymbol[] {
  const name = s.explicitName;
  const out: IndexSymbol[] = [[name?.text ?? '', 'descriptor', name?.span.start ?? 0, name?.span.end ?? 0]];
  for (const c of s.components)
    out.push([c.name, c.section === 'references' ? 'reference' : 'component', c.keySpan.start, c.keySpan.end]);
  return out;
}

/** The symbols of a TOSCA file: its types and its templates (node, relationship, group, policy). */
export function toscaSymbols(s: ToscaHeadline): IndexSymbol[] {
  const out: IndexSymbol[] = [];
  for (const t of s.types) out.push([t.name, `type:${t.kind}`, t.keySpan.start, t.keySpan.end]);
  const topo = s.topology;
  if (!topo) return out;
  // A function, not a closure made per call: every TOSCA file of a cold build comes here.
  addDecls(out, 'template:node', topo.nodeTemplates);
  addDecls(out, 'template:relationship', topo.relationshipTemplates);
  addDecls(out, 'template:group', topo.groups);
  addDecls(out, 'template:policy', topo.policies);
  return out;
}

function addDecls(
  out: IndexSymbol[],
  tag: IndexSymbolTag,
  decls: readonly { name: string; keySpan: { start: number; end: number } }[],
): void {
  for (const d of decls) out.push([d.name, tag, d.keySpan.start, d.keySpan.end]);
}

/** True when `v` is a well-formed list of index symbols (cache data is checked before use). */
export function isIndexSymbols(v: unknown): v is IndexSymbol[] {
  return (
    Array.isArray(v) &&
    v.every(
      (x) =>
        Array.isArray(x) &&
        x.length === 4 &&
        typeof x[0] === 'string' &&
        typeof x[1] === 'string' &&
        TAGS.has(x[1]) &&
        Number.isInteger(x[2]) &&
        Number.isInteger(x[3]) &&
        (x[2] as number) >= 0 &&
        (x[2] as number) <= (x[3] as number),
    )
  );
}
