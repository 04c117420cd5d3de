/**
 * TOSCA 1.x constraint clauses as TOSCA 2.0 validation clauses (TOSCA Version 2.0 §9.10, the
 * comparison functions of §10.2.2.2): `constraints: [ { greater_than: 1 } ]` on a property becomes
 * `validation: { $greater_than: [ $value, 1 ] }`; node filters (§8.8) become condition clauses over
 * the target node's properties.
 */
import { asMap, asSeq, asScalar, type YNode, type YPair } from '../../../syntax/tree.js';
import type { EditSet } from './edits.js';
import { columnOf, contentEnd, inline, lineStartOf } from './layout.js';

const COMPARISONS: ReadonlySet<string> = new Set([
  'equal',
  'greater_than',
  'greater_or_equal',
  'less_than',
  'less_or_equal',
]);
const LENGTHS: Record<string, string> = {
  length: '$equal',
  min_length: '$greater_or_equal',
  max_length: '$less_or_equal',
};

/**
 * The 2.0 clause for one 1.x constraint on the value `subject` (`$value`, or a `$get_property`
 * call in node filters), or why there is none.
 */
export function clauseOf(text: string, c: YNode | null, subject: string): string | { todo: string } {
  const m = asMap(c);
  if (!m || m.pairs.length !== 1) return { todo: 'a constraint that is not one `operator: operand` entry' };
  const op = m.pairs[0]!.key.text;
  const arg = m.pairs[0]!.value;
  if (COMPARISONS.has(op)) return `{ $${op}: [ ${subject}, ${inline(text, arg)} ] }`;
  if (op in LENGTHS) return `{ ${LENGTHS[op]}: [ { $length: [ ${subject} ] }, ${inline(text, arg)} ] }`;
  if (op === 'valid_values') return `{ $valid_values: [ ${subject}, ${inline(text, arg)} ] }`;
  if (op === 'pattern') return `{ $matches: [ ${subject}, ${inline(text, arg)} ] }`;
  if (op === 'in_range') {
    const range = asSeq(arg);
    if (!range || range.items.length !== 2) return { todo: '`in_range` without a two-item range' };
    const [lo, hi] = range.items as [YNode, YNode];
    const low = `{ $greater_or_equal: [ ${subject}, ${inline(text, lo)} ] }`;
    if (asScalar(hi)?.text === 'UNBOUNDED') return low;
    return `{ $and: [ ${low}, { $less_or_equal: [ ${subject}, ${inline(text, hi)} ] } ] }`;
  }
  if (op === 'schema') return { todo: 'the `schema` constraint has no TOSCA 2.0 validation function' };
  return { todo: `unknown constraint \`${op}\`` };
}

/** Joins clauses: one stays as it is, several go under `$and`. */
function joined(clauses: readonly string[]): string {
  return clauses.length === 1 ? clauses[0]! : `{ $and: [ ${clauses.join(', ')} ] }`;
}

/**
 * Writes `clauses` as the value of the pair `p` (a block map entry at its key's column): inline
 * when short, else `$and:` with one clause per line.
 */
function writeValue(edits: EditSet, p: YPair, value: YNode, clauses: readonly string[]): void {
  const text = edits.text;
  const flat = joined(clauses);
  const keyCol = columnOf(text, p.key.span.start);
  const end = contentEnd(value);
  const colon = text.indexOf(':', p.key.span.end) + 1;
  // Comment lines inside the rewritten value move above its key instead of being lost.
  const comments = text
    .slice(colon, end)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('#'));
  if (comments.length) {
    const indent = ' '.repeat(keyCol);
    edits.insert(lineStartOf(text, p.key.span.start), comments.map((c) => `${indent}${c}\n`).join(''));
  }
  if (clauses.length === 1 || keyCol + p.key.text.length + flat.length + 2 <= 120) {
    edits.replaceWhole(colon, end, ` ${flat}`);
    return;
  }
  const pad = ' '.repeat(keyCol + 2);
  edits.replaceWhole(colon, end, `\n${pad}$and:\n${clauses.map((c) => `${pad}  - ${c}`).join('\n')}`);
}

/** `constraints:` → `validation:`. Returns the TODO message when a constraint has no mechanical form. */
export function migrateConstraints(edits: EditSet, p: YPair): string | undefined {
  const seq = asSeq(p.value);
  if (!seq || !p.value) return 'constraints that are not a list';
  const clauses: string[] = [];
  for (const item of seq.items) {
    const c = clauseOf(edits.text, item, '$value');
    if (typeof c !== 'string') return `${c.todo}; write this constraint as a \`validation\` clause by hand`;
    clauses.push(c);
  }
  if (!clauses.length) {
    edits.replace(p.key.span.start, p.key.span.end, 'validation');
    edits.replaceWhole(p.value.span.start, contentEnd(p.value), '{ $and: [] }');
    return undefined;
  }
  edits.replace(p.key.span.start, p.key.span.end, 'validation');
  writeValue(edits, p, p.value, clauses);
  return undefined;
}

/**
 * The clauses of one 1.x property filter list (`- prop: <constraint>` or `- prop: [ <constraints> ]`)
 * over the properties reached through `path` (`SELF, TARGET` or `SELF, TARGET, CAPABILITY, cap`).
 */
function propertyFilters(text: string, list: YNode | null, path: string, out: string[]): string | undefined {
  const seq = asSeq(list);
  if (!seq) return 'a `properties` filter that is not a list';
  for (const item of seq.items) {
    const m = asMap(item);
    if (!m || m.pairs.length !== 1) return 'a property filter that is not one `property: constraint` entry';
    const { key, value } = m.pairs[0]!;
    const subject = `{ $get_property: [ ${path}, ${inline(text, key)} ] }`;
    const constraints = asSeq(value)?.items ?? [value];
    for (const c of constraints) {
      const clause = asMap(c) ? clauseOf(text, c, subject) : `{ $equal: [ ${subject}, ${inline(text, c)} ] }`;
      if (typeof clause !== 'string') return clause.todo;
      out.push(clause);
    }
  }
  return undefined;
}

/**
 * A 1.x node filter of a requirement as a 2.0 condition clause. In a requirement, SELF is the
 * relationship (TOSCA Version 2.0 §8.8), so the candidate's properties are `SELF, TARGET, prop` and
 * its capabilities' `SELF, TARGET, CAPABILITY, cap, prop`; in a node template with the `select`
 * directive SELF is the candidate node itself (`node` = `SELF`, §10.2.1.8). A capability filter naming
 * a capability type (1.x accepts a type or a name) has no path and is left with a TODO.
 */
export function migrateNodeFilter(
  edits: EditSet,
  p: YPair,
  capabilityNames: ReadonlySet<string>,
  node = 'SELF, TARGET',
): string | undefined {
  const m = asMap(p.value);
  if (!m || !p.value) return 'a node filter that is not a map';
  const clauses: string[] = [];
  for (const q of m.pairs) {
    if (q.key.text === 'properties') {
      const why = propertyFilters(edits.text, q.value, node, clauses);
      if (why) return why;
    } else if (q.key.text === 'capabilities') {
      const seq = asSeq(q.value);
      if (!seq) return 'a `capabilities` filter that is not a list';
      for (const item of seq.items) {
        const cm = asMap(item);
        if (!cm || cm.pairs.length !== 1) return 'a capability filter that is not one `capability: filter` entry';
        const cap = cm.pairs[0]!.key.text;
        if (!capabilityNames.has(cap) && /[.:]/.test(cap))
          return `the capability filter names \`${cap}\`, a capability type: 2.0 paths name capabilities`;
        const props = asMap(cm.pairs[0]!.value);
        const list = props ? (props.pairs.find((x) => x.key.text === 'properties')?.value ?? null) : null;
        const why = propertyFilters(edits.text, list, `${node}, CAPABILITY, ${cap}`, clauses);
        if (why) return why;
      }
    } else return `\`${q.key.text}\` in a node filter`;
  }
  if (!clauses.length) return 'an empty node filter';
  writeValue(edits, p, p.value, clauses);
  return undefined;
}
