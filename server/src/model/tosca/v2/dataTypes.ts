/**
 * Data types as a TOSCA Version 2.0 file sees them (§9.2): a name is a built-in type (§9.1) or a
 * declared data type whose `derived_from` chain ends at a built-in type (a derived type) or at a type
 * without parent (a complex type). Scalar definitions (§9.1.2.2) are merged along the chain.
 *
 * Declarations of the open document are read from its YAML (their spans, validation clauses and
 * scalar keynames); imported ones through the type table (their chain only): what is not known is
 * answered `undefined`, and checks that need it are skipped.
 */
import { asMap, getPair, type YMap, type YNode, type YPair } from '../../../syntax/tree.js';
import type { TypeTable, ToscaType } from '../typeTable.js';
import type { PlainValue } from '../values.js';
import { readScalarDef, type NumberKind, type ScalarDef, type ScalarProblem } from './scalar.js';
import { v2BuiltinOf, type V2Builtin } from './primitives.js';

export type V2Root = V2Builtin | 'complex';

export interface V2DataType {
  name: string;
  /** The declaration in the open document. */
  pair?: YPair;
  map?: YMap;
  type?: ToscaType;
  /** `derived_from` as written. */
  parent?: string;
}

const MAX_CHAIN = 40;
const NOWHERE = { start: 0, end: 0 };

/** A YAML node standing for a plain value kept in a summary (spans are empty: it is written elsewhere). */
export function plainNode(v: PlainValue, depth = 0): YNode {
  if (depth < 30 && Array.isArray(v))
    return { kind: 'seq', span: NOWHERE, flow: true, items: v.map((x) => plainNode(x, depth + 1)) };
  if (depth < 30 && v !== null && typeof v === 'object')
    return {
      kind: 'map',
      span: NOWHERE,
      flow: true,
      pairs: Object.entries(v).map(([k, x]) => ({
        key: { kind: 'scalar', span: NOWHERE, style: 'plain', value: k, text: k },
        value: plainNode(x, depth + 1),
      })),
    };
  const scalar = v !== null && typeof v === 'object' ? null : v;
  return {
    kind: 'scalar',
    span: NOWHERE,
    style: 'plain',
    value: scalar,
    text: scalar === null ? 'null' : String(scalar),
  };
}

/**
 * The 2.0 keynames an imported data type's summary kept, as a map node; an empty map for a declaration
 * that adds none (`BigSize: { derived_from: Size }` is still a scalar type, with its parent's units).
 */
function importedMap(t: V2DataType): YMap | undefined {
  const decl = t.type?.decl;
  if (!decl) return undefined;
  const m = plainNode((decl.v2 ?? {}) as PlainValue);
  return m.kind === 'map' ? m : undefined;
}

export class V2DataTypes {
  private readonly local = new Map<string, YPair>();
  private readonly scalars = new Map<string, { def: ScalarDef; problems: ScalarProblem[] } | null>();

  constructor(
    private readonly table: TypeTable,
    dataTypes: YMap | null,
    private readonly path: string,
  ) {
    for (const p of dataTypes?.pairs ?? []) if (!this.local.has(p.key.text)) this.local.set(p.key.text, p);
  }

  /** The declared data type `name` denotes (not a built-in type), or undefined when unknown. */
  declared(name: string): V2DataType | undefined {
    const t = this.table.resolve(name, 'data');
    const pair = t && t.path !== this.path ? undefined : this.local.get(t?.decl?.name ?? name);
    if (!t && !pair) return undefined;
    const out: V2DataType = { name: t?.decl?.name ?? name };
    if (t) out.type = t;
    if (pair) {
      out.pair = pair;
      const m = asMap(pair.value);
      if (m) {
        out.map = m;
        const d = getPair(m, 'derived_from')?.value;
        const s = d && d.kind === 'scalar' && typeof d.value === 'string' ? d.value : undefined;
        if (s) out.parent = s;
      }
    } else if (t?.derivedFrom) out.parent = t.derivedFrom;
    return out;
  }

  /**
   * The chain of `name` up to its root: the built-in type it derives from, `complex` for a type with
   * no parent; undefined when a link is unknown or the chain loops.
   */
  chain(name: string): { types: V2DataType[]; root: V2Root } | undefined {
    const types: V2DataType[] = [];
    const seen = new Set<string>();
    let cur: string | undefined = name;
    while (cur !== undefined) {
      const b = v2BuiltinOf(cur);
      if (b) return { types, root: b };
      const d = this.declared(cur);
      if (!d || seen.has(d.name) || types.length > MAX_CHAIN) return undefined;
      seen.add(d.name);
      types.push(d);
      cur = d.parent;
    }
    return { types, root: 'complex' };
  }

  root(name: string | undefined): V2Root | undefined {
    return name === undefined ? undefined : this.chain(name)?.root;
  }

  /** How a `data_type` of a scalar sees `name`: integer, float, another type, or unknown. */
  numberKind(name: string): NumberKind {
    const r = this.root(name);
    if (r === undefined) return 'unknown';
    return r === 'integer' || r === 'float' ? r : 'other';
  }

  /**
   * The merged scalar definition of `name` (a type whose chain ends at `scalar`) with the problems
   * of its own declaration; undefined when a link of the chain is not declared in the open document.
   */
  scalar(name: string): { def: ScalarDef; problems: ScalarProblem[] } | undefined {
    const c = this.chain(name);
    if (!c || c.root !== 'scalar' || c.types.length === 0) return undefined;
    return this.scalarOf(c.types, 0) ?? undefined;
  }

  private scalarOf(types: V2DataType[], i: number): { def: ScalarDef; problems: ScalarProblem[] } | null {
    const t = types[i]!;
    const known = this.scalars.get(t.name);
    if (known !== undefined) return known;
    this.scalars.set(t.name, null); // a guard while the parents are read
    let result: { def: ScalarDef; problems: ScalarProblem[] } | null = null;
    const parent = i + 1 < types.length ? this.scalarOf(types, i + 1) : undefined;
    // An imported declaration is read from its summary; its own problems are reported in its file.
    const map = t.map ?? importedMap(t);
    if (map && parent !== null) {
      const opts: Parameters<typeof readScalarDef>[2] = {
        numberKindOf: (n) => this.numberKind(n),
        nameSpan: t.pair?.key.span ?? map.span,
      };
      if (parent) opts.parent = parent.def;
      result = readScalarDef(t.name, map, opts);
      if (!t.map) result.problems = [];
    }
    this.scalars.set(t.name, result);
    return result;
  }

  /** The `validation` clauses of the chain's declarations in the open document, nearest first. */
  validations(name: string): YNode[] {
    const out: YNode[] = [];
    for (const t of this.chain(name)?.types ?? []) {
      const v = t.map
        ? getPair(t.map, 'validation')?.value
        : importedMap(t)?.pairs.find((p) => p.key.text === 'validation');
      const node = v && 'key' in v ? v.value : v;
      if (node) out.push(node);
    }
    return out;
  }

  /** True when `name` is or derives from the built-in `b`. */
  derivesFrom(name: string | undefined, b: V2Builtin): boolean {
    return this.root(name) === b;
  }
}
