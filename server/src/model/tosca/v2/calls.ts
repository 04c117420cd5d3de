/**
 * Finds the function calls of a TOSCA 2.0 document the way §10.1 tells parsers to: a single-key
 * map whose key starts with `$`, or a string starting with `$` (a call without arguments); `$$`
 * escapes. A `$` key beside other keys is a "malformed function". Each call carries where it is
 * and, inside a validation clause (§9.10), the definition the clause belongs to.
 *
 * Aliases are not followed (their anchors are visited where they are written), so a shared anchor
 * is read once and an alias bomb costs nothing.
 */
import type { TreePath } from '../../../syntax/cursor.js';
import { type YMap, type YNode, type YScalar } from '../../../syntax/tree.js';
import { readDollar } from './functions.js';

/** The definition a validation clause belongs to. */
export interface ValidationOwner {
  /** The property, parameter or attribute definition (or data type) holding `validation:`. */
  map: YMap;
  path: TreePath;
  /** The `validation` pair's value: the clause. */
  clause: YNode;
}

export interface Tosca2Call {
  /** The function name without `$` (and without a `$suffix`). */
  name: string;
  /** The `$name` key, or the whole string for a call without arguments. */
  key: YScalar;
  /** The arguments (the key's value); null for a bare string call or `$name:` with nothing after it. */
  args: YNode | null;
  bare: boolean;
  /** Where the call's value sits, from the root. */
  path: TreePath;
  /** Set inside a validation clause. */
  validation?: ValidationOwner;
  /** True for the clause's top expression. */
  top: boolean;
  /** The calls directly among this call's arguments. */
  parent?: Tosca2Call;
}

export interface Tosca2Calls {
  calls: Tosca2Call[];
  /** `$` keys in maps with other keys. */
  malformed: { key: YScalar; map: YMap; path: TreePath }[];
  /** The validation clauses met, calls or not. */
  clauses: ValidationOwner[];
}

/** Where a member list holds definitions by name (a property may be called `metadata`). */
const MEMBERS = new Set(['properties', 'attributes', 'inputs', 'outputs']);

/** Free text and names, not values: descriptions and metadata are never read as calls. */
function skipped(key: string, value: YNode | null, path: TreePath): boolean {
  const under = path[path.length - 1];
  if (typeof under === 'string' && MEMBERS.has(under)) return false;
  return (key === 'description' && value?.kind === 'scalar') || key === 'metadata';
}

/** A call written out as key text: `$name: args`. */
const CALL_TEXT = /^\$[^\s:$]+(\$[^\s:]*)?:\s/;

export function findTosca2Calls(root: YMap | null): Tosca2Calls {
  const out: Tosca2Calls = { calls: [], malformed: [], clauses: [] };
  if (root) visit(root, [], out, undefined, undefined, false, 0);
  return out;
}

/** Keys under which maps are values, where `validation` may be a property name rather than a clause. */
const VALUES = new Set(['node_templates', 'relationship_templates', 'groups', 'policies', 'default', 'value']);

function isDefinition(path: TreePath): boolean {
  return !path.some((p) => typeof p === 'string' && VALUES.has(p));
}

function visit(
  n: YNode | null,
  path: TreePath,
  out: Tosca2Calls,
  validation: ValidationOwner | undefined,
  parent: Tosca2Call | undefined,
  top: boolean,
  depth: number,
): void {
  if (!n || depth > 80) return;
  if (n.kind === 'scalar') {
    if (typeof n.value !== 'string') return;
    const r = readDollar(n.value);
    if (r.kind !== 'call') return;
    out.calls.push({ name: r.name, key: n, args: null, bare: true, path, top, ...opt(validation, parent) });
    return;
  }
  if (n.kind === 'seq') {
    n.items.forEach((it, i) => visit(it, [...path, i], out, validation, parent, false, depth + 1));
    return;
  }
  if (n.kind !== 'map') return;
  // The names under `functions:` are definitions, not calls: only their bodies are read.
  const definitions = path[path.length - 1] === 'functions' && (path.length === 1 || path[0] === 'service_template');
  if (definitions) {
    for (const p of n.pairs) visit(p.value, [...path, p.key.text], out, validation, parent, false, depth + 1);
    return;
  }
  // A key written as the text of a call (`"$keygen: [ UUID ]": 34`) stands for the call's result (§10.1).
  const calls = n.pairs.filter((p) => readDollar(p.key.text).kind === 'call' && !CALL_TEXT.test(p.key.text));
  if (n.pairs.length === 1 && calls.length === 1) {
    const p = n.pairs[0]!;
    const r = readDollar(p.key.text);
    if (r.kind === 'call') {
      const call: Tosca2Call = { name: r.name, key: p.key, args: p.value, bare: false, path, top };
      if (validation) call.validation = validation;
      if (parent) call.parent = parent;
      out.calls.push(call);
      visit(p.value, [...path, p.key.text], out, validation, call, false, depth + 1);
      return;
    }
  }
  for (const p of calls) out.malformed.push({ key: p.key, map: n, path });
  for (const p of n.pairs) {
    const k = p.key.text;
    if (skipped(k, p.value, path)) continue;
    const here = [...path, k];
    if (k === 'validation' && !validation && p.value && isDefinition(path)) {
      const owner: ValidationOwner = { map: n, path, clause: p.value };
      out.clauses.push(owner);
      visit(p.value, here, out, owner, undefined, true, depth + 1);
      continue;
    }
    visit(p.value, here, out, validation, parent, false, depth + 1);
  }
}

function opt(
  validation: ValidationOwner | undefined,
  parent: Tosca2Call | undefined,
): { validation?: ValidationOwner; parent?: Tosca2Call } {
  return { ...(validation ? { validation } : {}), ...(parent ? { parent } : {}) };
}
