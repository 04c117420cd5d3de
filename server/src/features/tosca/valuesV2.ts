/**
 * Checking a value of a TOSCA Version 2.0 document against its type, in place of the Simple Profile
 * checks of values.ts (which hands 2.0 documents over here): TOSCA270 a value that is not of its
 * built-in type (§9.1, nothing is converted), TOSCA271 a scalar value (§9.1.2.2: number and unit,
 * the unit known, the number of the scalar's `data_type`), TOSCA272 a validation clause (§9.10) of
 * the type, the property or the schema that the value certainly fails. Entries of lists and maps are
 * checked against their schemas (§9.3), fields of complex types against their property definitions.
 *
 * Function calls are not values yet and are skipped; a type that does not resolve is TOSCA030's.
 */
import { asMap, asScalar, deref, getPair, type YMap, type YNode, type YScalar } from '../../syntax/tree.js';
import { memo, memoKey } from '../../model/document.js';
import type { SchemaInfo, TypeTable } from '../../model/tosca/typeTable.js';
import { FUNCTION_NAMES } from '../../model/tosca/summary.js';
import { V2DataTypes } from '../../model/tosca/v2/dataTypes.js';
import { parseV2Version, v2ValueProblem } from '../../model/tosca/v2/primitives.js';
import { scalarValue, scalarValueFix, type ScalarDef } from '../../model/tosca/v2/scalar.js';
import { evaluateClause, type Comparable } from '../../model/tosca/v2/evaluate.js';
import { didYouMean } from '../../util/suggest.js';
import { replaceWith } from '../shared/fixData.js';
import type { ToscaRuleContext } from './rules/context.js';
import { valuePartSpan } from './spans.js';

const V2 = 'TOSCA Version 2.0';

/** What a 2.0 value is checked against. */
export interface V2Target {
  type?: string;
  entrySchema?: SchemaInfo;
  keySchema?: SchemaInfo;
  /** The definition (property, attribute, parameter, schema) in the open document, for its `validation`. */
  definition?: YMap;
}

interface DocIndex {
  table: TypeTable;
  types: V2DataTypes;
  /** Definition maps of the document by the offset of their key. */
  definitions: Map<number, YMap>;
}

const INDEX = memoKey<{ current?: DocIndex }>('tosca-v2-values');

/** The document's 2.0 data types (rebuilt when the type table changes) and its definition maps. */
function indexOf(ctx: ToscaRuleContext): DocIndex {
  const holder = memo(ctx.doc, INDEX, () => ({}) as { current?: DocIndex });
  const table = ctx.model.types;
  if (holder.current?.table === table) return holder.current;
  const root = ctx.root;
  const definitions = new Map<number, YMap>();
  const walk = (m: YMap, depth: number): void => {
    if (depth > 12) return;
    for (const p of m.pairs) {
      // Aliases are not followed: definitions are written in place, and alias bombs stay cheap.
      const v = p.value?.kind === 'map' ? p.value : null;
      if (!v) continue;
      if (getPair(v, 'type') || getPair(v, 'validation')) definitions.set(p.key.span.start, v);
      walk(v, depth + 1);
    }
  };
  if (root) walk(root, 0);
  const types = new V2DataTypes(table, asMap(getPair(root, 'data_types')?.value), ctx.model.path);
  holder.current = { table, types, definitions };
  return holder.current;
}

/** The open document's definition map of a property whose definition starts at `keyStart` in `path`. */
export function definitionAt(ctx: ToscaRuleContext, path: string | undefined, keyStart: number): YMap | undefined {
  return path === ctx.model.path ? indexOf(ctx).definitions.get(keyStart) : undefined;
}

/** Checks `node` against `target` in a 2.0 document; `what` names it in messages. */
export function checkValueV2(
  ctx: ToscaRuleContext,
  node: YNode | null | undefined,
  target: V2Target,
  what: string,
): void {
  new ValueChecker(ctx, indexOf(ctx).types).check(node, target, what, 0);
}

class ValueChecker {
  constructor(
    private readonly ctx: ToscaRuleContext,
    private readonly types: V2DataTypes,
  ) {}

  check(node: YNode | null | undefined, target: V2Target, what: string, depth: number): void {
    const v = deref(node ?? null);
    if (!v || depth > 30 || !target.type || isCall(v)) return;
    const chain = this.types.chain(target.type);
    if (!chain) return;
    const root = chain.root;
    if (root === 'scalar') {
      this.checkScalar(v, target, what);
      return;
    }
    if (root !== 'complex') {
      const raw = this.ctx.doc.text.slice(Math.max(0, v.span.start - 20), v.span.start);
      const problem = v2ValueProblem(root, v, raw);
      if (problem) {
        this.ctx.report({
          code: 'TOSCA270',
          severity: problem.severity ?? 'error',
          span: v.span,
          message:
            `${cap(what)}: ${problem.message}${target.type !== root ? ` (type \`${target.type}\`)` : ''} ` +
            `(${V2} ${problem.section}).`,
        });
        return;
      }
      if (root === 'list' || root === 'map') this.checkEntries(v, target, what, depth);
      this.checkValidations(v, target, what, (n) => plainComparable(n, root));
      return;
    }
    this.checkComplex(v, target, what, depth);
  }

  private schemaOf(target: V2Target, key: 'entry_schema' | 'key_schema'): V2Target | undefined {
    const own = key === 'entry_schema' ? target.entrySchema : target.keySchema;
    const def = target.definition ? getPair(target.definition, key)?.value : undefined;
    const defMap = asMap(def);
    const fromDef: V2Target | undefined = def
      ? { ...(schemaTypeOf(def) ? { type: schemaTypeOf(def)! } : {}), ...(defMap ? { definition: defMap } : {}) }
      : undefined;
    if (own) {
      const t: V2Target = { ...(own.type ? { type: own.type } : {}) };
      if (own.entrySchema) t.entrySchema = own.entrySchema;
      if (own.keySchema) t.keySchema = own.keySchema;
      if (defMap) t.definition = defMap;
      if (!t.type && fromDef?.type) t.type = fromDef.type;
      return t;
    }
    if (fromDef) return fromDef;
    // The type's own schema (a data type derived from list or map).
    for (const t of this.types.chain(target.type ?? '')?.types ?? []) {
      const s = t.map ? getPair(t.map, key)?.value : undefined;
      if (s) {
        const m = asMap(s);
        const type = schemaTypeOf(s);
        return { ...(type ? { type } : {}), ...(m ? { definition: m } : {}) };
      }
      const info = t.type?.body[key === 'entry_schema' ? 'entrySchema' : 'keySchema'];
      if (info?.type) return { type: info.type };
    }
    return undefined;
  }

  private checkEntries(v: YNode, target: V2Target, what: string, depth: number): void {
    const entry = this.schemaOf(target, 'entry_schema');
    if (v.kind === 'seq') {
      if (entry) v.items.forEach((it, i) => this.check(it, entry, `entry ${i + 1} of ${what}`, depth + 1));
      return;
    }
    if (v.kind !== 'map') return;
    const key = this.schemaOf(target, 'key_schema');
    const keyRoot = key?.type ? this.types.root(key.type) : undefined;
    for (const p of v.pairs) {
      if (keyRoot === 'string')
        this.checkValidations(p.key, key!, `key \`${p.key.text}\` of ${what}`, (n) => plainComparable(n, 'string'));
      else if (keyRoot && keyRoot !== 'complex' && keyRoot !== 'scalar') {
        // A key schema not derived from string is TOSCA268; the keys still follow the type it names.
        const problem = v2ValueProblem(keyRoot, p.key);
        if (problem)
          this.ctx.report({
            code: 'TOSCA270',
            severity: 'error',
            span: p.key.span,
            message: `Key \`${p.key.text}\` of ${what}: ${problem.message} (key schema \`${key!.type}\`) (${V2} §9.3).`,
          });
      }
      if (entry) this.check(p.value, entry, `entry \`${p.key.text}\` of ${what}`, depth + 1);
    }
  }

  private checkComplex(v: YNode, target: V2Target, what: string, depth: number): void {
    if (v.kind !== 'map') {
      this.ctx.report({
        code: 'TOSCA270',
        severity: 'error',
        span: v.span,
        message: `${cap(what)}: expects a map of the properties of \`${target.type}\`, got ${shape(v)} (${V2} §9.2).`,
      });
      return;
    }
    const t = this.ctx.model.types.resolve(target.type, 'data');
    if (t) {
      const props = this.ctx.model.types.properties(t);
      // The chain resolved to its root (check() returns otherwise), so the field list is complete.
      for (const [name, def] of props) {
        if (!def.required || def.hasDefault || def.hasValue || v.pairs.some((p) => p.key.text === name)) continue;
        this.ctx.report({
          code: 'TOSCA054',
          severity: 'error',
          span: v.pairs.length ? { start: v.pairs[0]!.key.span.start, end: v.span.end } : v.span,
          message: `${cap(what)} lacks the required field \`${name}\` of data type \`${t.name}\` (${V2} §9.2).`,
        });
      }
      for (const p of v.pairs) {
        const def = props.get(p.key.text);
        if (!def) {
          const known = [...props.keys()];
          const hint = didYouMean(p.key.text, known);
          this.ctx.report({
            code: 'TOSCA053',
            severity: 'error',
            span: p.key.span,
            message:
              `Data type \`${t.name}\` has no field \`${p.key.text}\` (in ${what})` +
              (hint ? `; did you mean \`${hint}\`?` : known.length ? `; its fields: ${known.join(', ')}` : '') +
              ` (${V2} §9.2).`,
            ...replaceWith(hint),
          });
          continue;
        }
        const definition = def.decl ? definitionAt(this.ctx, def.owner.path, def.decl.keySpan.start) : undefined;
        const sub: V2Target = {};
        if (def.type) sub.type = def.type;
        if (def.entrySchema) sub.entrySchema = def.entrySchema;
        if (def.keySchema) sub.keySchema = def.keySchema;
        if (definition) sub.definition = definition;
        this.check(p.value, sub, `field \`${p.key.text}\` of ${what}`, depth + 1);
      }
    }
    this.checkValidations(v, target, what, () => undefined);
  }

  private checkScalar(v: YNode, target: V2Target, what: string): void {
    const sd = this.types.scalar(target.type!);
    if (!sd) return;
    const def = sd.def;
    const sv = scalarValue(v, def);
    if (typeof sv === 'string') {
      // A certain slip (unit case, missing space) is fixed in place; the span leaves out quotes.
      const s = v.kind === 'scalar' && typeof v.value === 'string' ? v : undefined;
      const fix = s ? scalarValueFix(s.text, def) : undefined;
      const span = s && fix ? valuePartSpan(this.ctx.doc.text, s, 0, s.text.length) : undefined;
      const hint = span && !sv.includes(`\`${fix}\``) ? `; did you mean \`${fix}\`?` : '';
      this.ctx.report({
        code: 'TOSCA271',
        severity: 'error',
        span: span ?? v.span,
        message: `${cap(what)}: ${sv}${hint} (${V2} §9.1.2.2).`,
        ...(span ? replaceWith(fix) : {}),
      });
      return;
    }
    if (def.numberKind === 'integer' && !sv.integer) {
      this.ctx.report({
        code: 'TOSCA271',
        severity: 'error',
        span: v.span,
        message:
          `${cap(what)}: the number of a \`${def.name}\` is an integer (its \`data_type\` is ` +
          `\`${def.dataType ?? 'integer'}\`), got \`${sv.numberText}\` (${V2} §9.1.2.2).`,
      });
      return;
    }
    // The data_type's own validation applies to the number (e.g. a PositiveInteger).
    if (def.dataType) {
      const num: YScalar = { kind: 'scalar', span: v.span, style: 'plain', value: sv.number, text: sv.numberText };
      for (const clause of this.types.validations(def.dataType))
        if (evaluateClause(clause, { value: num, coerce: (n) => plainComparable(n, def.numberKind) }) === false)
          this.ctx.report({
            code: 'TOSCA272',
            severity: 'error',
            span: v.span,
            message:
              `${cap(what)}: the number ${sv.numberText} fails the validation of \`${def.dataType}\`, the ` +
              `\`data_type\` of \`${def.name}\` (${V2} §9.1.2.2, §9.10).`,
          });
    }
    this.checkValidations(v, target, what, (n) => scalarComparable(n, def));
  }

  /** The validation clauses of the type chain and of the definition: those certainly false are reported. */
  private checkValidations(
    v: YNode,
    target: V2Target,
    what: string,
    coerce: (n: YNode) => Comparable | undefined,
  ): void {
    const clauses = [...this.types.validations(target.type!)];
    const own = target.definition ? getPair(target.definition, 'validation')?.value : undefined;
    if (own) clauses.push(own);
    for (const clause of clauses) {
      if (evaluateClause(clause, { value: v, coerce }) !== false) continue;
      this.ctx.report({
        code: 'TOSCA272',
        severity: 'error',
        span: v.span,
        message:
          clause.span.end === 0
            ? `${cap(what)} fails a validation clause of \`${target.type}\`, written in an imported file ` +
              `(${V2} §9.10).`
            : `${cap(what)} fails the validation clause ${this.clauseText(clause)} (line ${this.lineOf(clause)}) ` +
              `(${V2} §9.10).`,
      });
    }
  }

  /** The clause as written, on one line and shortened. */
  private clauseText(n: YNode): string {
    const t = this.ctx.doc.text.slice(n.span.start, n.span.end).replace(/\s+/g, ' ').trim();
    return '`' + (t.length > 60 ? t.slice(0, 59) + '…' : t) + '`';
  }

  private lineOf(n: YNode): number {
    let line = 1;
    const text = this.ctx.doc.text;
    for (let i = 0; i < n.span.start && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
    return line;
  }
}

/**
 * A function call: a `$name` key (§10.1), or a Simple Profile call (`{ get_input: x }`) that some
 * 2.0 files still write; the function rules report that form, it is no value to type-check.
 */
function isCall(v: YNode): boolean {
  const m = asMap(v);
  if (!m || m.pairs.length !== 1) return false;
  const k = m.pairs[0]!.key.text;
  return (k.startsWith('$') && !k.startsWith('$$')) || FUNCTION_NAMES.has(k);
}

function schemaTypeOf(n: YNode | null): string | undefined {
  const s = asScalar(n) ?? asScalar(getPair(asMap(n), 'type')?.value);
  return s && typeof s.value === 'string' ? s.value : undefined;
}

/** A literal in the comparable form of a built-in type (numbers, strings, versions, timestamps). */
function plainComparable(n: YNode, root: string): Comparable | undefined {
  const s = asScalar(n);
  if (!s || s.value === null) return undefined;
  if (root === 'version') {
    const v = parseV2Version(String(s.style === 'plain' && typeof s.value === 'number' ? s.text : s.value));
    return v ? { k: 'ver', v } : undefined;
  }
  if (root === 'timestamp' && typeof s.value === 'string') {
    const t = Date.parse(s.value);
    return Number.isNaN(t) ? undefined : { k: 'num', n: t };
  }
  if (typeof s.value === 'number') return { k: 'num', n: s.value };
  if (typeof s.value === 'boolean') return { k: 'bool', b: s.value };
  return { k: 'str', s: s.value };
}

/** A scalar literal (`15 cm`) in the canonical unit of `def`. */
function scalarComparable(n: YNode, def: ScalarDef): Comparable | undefined {
  const sv = scalarValue(n, def);
  return typeof sv === 'string' ? undefined : { k: 'num', n: sv.canonical };
}

function shape(v: YNode): string {
  return v.kind === 'seq' ? 'a list' : v.kind === 'scalar' ? `\`${v.text}\`` : 'a value';
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
