/**
 * Deciding a TOSCA Version 2.0 validation clause (§9.10) for one known value: the Boolean functions
 * (§10.2.2) over `$value`, `$length` and literals. The comparison is type-aware through `coerce`,
 * which turns a literal into the value type's comparable form (`15 cm` for a Length, a version, a
 * timestamp). Anything the evaluator cannot decide (other functions, paths, inputs) makes the clause
 * undecided: only a clause that is certainly false is ever reported.
 */
import { asMap, asScalar, asSeq, deref, type YNode } from '../../../syntax/tree.js';
import { compareV2Versions, type V2Version } from './primitives.js';

export type Comparable =
  { k: 'num'; n: number } | { k: 'str'; s: string } | { k: 'bool'; b: boolean } | { k: 'ver'; v: V2Version };

export interface EvalContext {
  /** The value `$value` stands for. */
  value: YNode;
  /** The comparable form of a node in the value's type (the value itself and literals compared with it). */
  coerce(n: YNode): Comparable | undefined;
}

const UNDECIDED = undefined;
const MAX_DEPTH = 20;

/** The function name and argument list of a `$name` call, or undefined for a literal. */
function callOf(n: YNode): { name: string; args: YNode[] } | undefined {
  const v = deref(n);
  if (!v) return undefined;
  if (v.kind === 'scalar' && v.value === '$value' && v.style === 'plain') return { name: 'value', args: [] };
  const m = asMap(v);
  if (!m || m.pairs.length !== 1) return undefined;
  const key = m.pairs[0]!.key.text;
  if (!key.startsWith('$') || key.startsWith('$$')) return undefined;
  const arg = deref(m.pairs[0]!.value);
  const args = asSeq(arg)?.items ?? (arg ? [arg] : []);
  return { name: key.slice(1), args };
}

type Val = { node: YNode; typed: boolean } | { cmp: Comparable };

function valOf(n: YNode, ctx: EvalContext, depth: number): Val | undefined {
  if (depth > MAX_DEPTH) return UNDECIDED;
  const call = callOf(n);
  if (!call) return { node: n, typed: false };
  if (call.name === 'value') return call.args.length === 0 ? { node: ctx.value, typed: true } : UNDECIDED;
  if (call.name === 'length' && call.args.length === 1) {
    const a = valOf(call.args[0]!, ctx, depth + 1);
    if (!a || !('node' in a)) return UNDECIDED;
    const v = deref(a.node);
    if (!v || callOf(v)) return UNDECIDED;
    if (v.kind === 'seq') return { cmp: { k: 'num', n: v.items.length } };
    if (v.kind === 'map') return { cmp: { k: 'num', n: v.pairs.length } };
    if (v.kind === 'scalar' && typeof v.value === 'string') return { cmp: { k: 'num', n: [...v.value].length } };
    return UNDECIDED;
  }
  return UNDECIDED;
}

function plainCmp(n: YNode): Comparable | undefined {
  const s = asScalar(n);
  if (!s) return undefined;
  if (typeof s.value === 'number') return { k: 'num', n: s.value };
  if (typeof s.value === 'boolean') return { k: 'bool', b: s.value };
  if (typeof s.value === 'string') return { k: 'str', s: s.value };
  return undefined;
}

/** Both sides as comparables: a literal takes the type of the typed side it is compared with. */
function pair(a: Val, b: Val, ctx: EvalContext): [Comparable, Comparable] | undefined {
  const typed = ('node' in a && a.typed) || ('node' in b && b.typed);
  const one = (x: Val): Comparable | undefined => {
    if ('cmp' in x) return x.cmp;
    if (callOf(x.node)) return undefined;
    return typed ? ctx.coerce(x.node) : plainCmp(x.node);
  };
  const ca = one(a);
  const cb = one(b);
  return ca && cb ? [ca, cb] : undefined;
}

function order(a: Comparable, b: Comparable): number | undefined {
  if (a.k !== b.k) return undefined;
  if (a.k === 'ver' && b.k === 'ver') return compareV2Versions(a.v, b.v);
  if (a.k === 'num' && b.k === 'num') return a.n === b.n ? 0 : a.n < b.n ? -1 : a.n > b.n ? 1 : undefined;
  if (a.k === 'str' && b.k === 'str') return a.s === b.s ? 0 : a.s < b.s ? -1 : 1;
  return undefined;
}

/** Equality for `$equal` and `$valid_values`: values of different kinds are simply different. */
function same(a: Comparable, b: Comparable): boolean | undefined {
  if (a.k !== b.k) return false;
  if (a.k === 'ver' && b.k === 'ver') {
    const o = compareV2Versions(a.v, b.v);
    return o === undefined ? undefined : o === 0;
  }
  if (a.k === 'num' && b.k === 'num') return a.n === b.n;
  if (a.k === 'str' && b.k === 'str') return a.s === b.s;
  if (a.k === 'bool' && b.k === 'bool') return a.b === b.b;
  return undefined;
}

/** True, false, or undefined when the clause cannot be decided for this value. */
export function evaluateClause(clause: YNode | null | undefined, ctx: EvalContext, depth = 0): boolean | undefined {
  const n = deref(clause ?? null);
  if (!n || depth > MAX_DEPTH) return UNDECIDED;
  const call = callOf(n);
  if (!call) return UNDECIDED;
  const { name, args } = call;
  switch (name) {
    case 'and':
    case 'or': {
      let undecided = false;
      for (const a of args) {
        const r = evaluateClause(a, ctx, depth + 1);
        if (r === undefined) undecided = true;
        else if (name === 'and' && !r) return false;
        else if (name === 'or' && r) return true;
      }
      return undecided ? UNDECIDED : name === 'and';
    }
    case 'not': {
      if (args.length !== 1) return UNDECIDED;
      const r = evaluateClause(args[0], ctx, depth + 1);
      return r === undefined ? UNDECIDED : !r;
    }
    case 'equal':
    case 'greater_than':
    case 'greater_or_equal':
    case 'less_than':
    case 'less_or_equal': {
      if (args.length !== 2) return UNDECIDED;
      const a = valOf(args[0]!, ctx, depth + 1);
      const b = valOf(args[1]!, ctx, depth + 1);
      if (!a || !b) return UNDECIDED;
      const p = pair(a, b, ctx);
      if (!p) return UNDECIDED;
      if (name === 'equal') return same(p[0], p[1]);
      const o = order(p[0], p[1]);
      if (o === undefined) return UNDECIDED;
      if (name === 'greater_than') return o > 0;
      if (name === 'greater_or_equal') return o >= 0;
      if (name === 'less_than') return o < 0;
      return o <= 0;
    }
    case 'valid_values': {
      if (args.length !== 2) return UNDECIDED;
      const a = valOf(args[0]!, ctx, depth + 1);
      const list = asSeq(args[1]);
      if (!a || !list) return UNDECIDED;
      let undecided = false;
      for (const item of list.items) {
        const p = pair(a, { node: item, typed: false }, ctx);
        const r = p ? same(p[0], p[1]) : undefined;
        if (r) return true;
        if (r === undefined) undecided = true;
      }
      return undecided ? UNDECIDED : false;
    }
    default:
      return UNDECIDED;
  }
}
