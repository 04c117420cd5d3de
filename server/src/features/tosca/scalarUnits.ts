/**
 * Units of TOSCA Version 2.0 scalar types in the editor (§9.1.2.2): a scalar type is a data type
 * derived from `scalar`, usually declared by a profile, with its own `units` (and `prefixes`). Hover
 * on a value such as `10 GiB` shows the unit's multiplier and the value in the canonical unit;
 * completion after the number offers the type's unit strings. The definitions are the ones the
 * value checks read (model/tosca/v2/dataTypes.ts, scalar.ts), merged along the type's chain.
 */
import type { ToscaModel } from '../../model/tosca/model.js';
import { grammarOf } from '../../model/tosca/grammars.js';
import { V2DataTypes } from '../../model/tosca/v2/dataTypes.js';
import { canonicalUnit, scalarValue, unitStrings, type ScalarDef } from '../../model/tosca/v2/scalar.js';
import { cursorAt, type TreePath } from '../../syntax/cursor.js';
import { deref } from '../../syntax/tree.js';
import { CompletionKind, type CompletionItem, type FeatureContext, type Hover } from '../types.js';
import { normPath, topologyPath } from './locate.js';
import { toscaModelOf } from './model.js';
import { ownerTypeAt } from './targets.js';

const SECTION = 'TOSCA Version 2.0 §9.1.2.2';
/** Units listed in a hover at most. */
const MAX_LISTED = 16;

/** The merged scalar definition of a 2.0 type name, when the name is a scalar type. */
function scalarDefOf(model: ToscaModel, type: string | undefined): ScalarDef | undefined {
  if (!type || grammarOf(model.version).id !== '2_0') return undefined;
  // No local tree: every declaration, the document's own included, is read from its summary.
  return new V2DataTypes(model.types, null, '').scalar(type)?.def;
}

/**
 * The declared type of the value at `path` (with `topology_template` for `service_template`): a
 * property or attribute assignment of a template or capability, a definition's `default` or
 * `value`, an input's `default` or `value`.
 */
function typeAtValue(model: ToscaModel, path: TreePath): string | undefined {
  const n = path.length;
  const key = path[n - 1];
  if (typeof key !== 'string') return undefined;
  const section = path[n - 2];
  const members = (section: unknown): section is 'properties' | 'attributes' =>
    section === 'properties' || section === 'attributes';
  if (members(section)) {
    let owner = ownerTypeAt(model, path.slice(0, -2));
    // [topology_template, node_templates, N, capabilities, C, properties, P]
    if (!owner && n === 7 && path[1] === 'node_templates' && path[3] === 'capabilities') {
      const t = ownerTypeAt(model, path.slice(0, 3));
      const cap = t ? model.types.capabilities(t).get(String(path[4])) : undefined;
      owner = model.types.resolve(cap?.type, 'capability');
    }
    if (!owner) return undefined;
    const m = section === 'attributes' ? model.types.attributes(owner) : model.types.properties(owner);
    return m.get(key)?.type;
  }
  if (key !== 'default' && key !== 'value') return undefined;
  const name = path[n - 2];
  if (typeof name !== 'string') return undefined;
  if (n === 4 && path[0] === 'topology_template' && path[1] === 'inputs') return model.inputs.get(name)?.type?.name;
  if (members(path[n - 3])) {
    const owner = ownerTypeAt(model, path.slice(0, -3));
    if (!owner) return undefined;
    const m = path[n - 3] === 'attributes' ? model.types.attributes(owner) : model.types.properties(owner);
    return m.get(name)?.type;
  }
  return undefined;
}

/** A number for people: no binary float noise (`0.1 * 3`). */
function shown(x: number): string {
  return String(Number(x.toPrecision(12)));
}

function unitList(def: ScalarDef): string {
  const all = [...unitStrings(def).keys()];
  const list = all.slice(0, MAX_LISTED).map((u) => `\`${u}\``);
  return list.join(', ') + (all.length > MAX_LISTED ? `, … (${all.length} in all)` : '');
}

/** Hover on a scalar value whose declared type is a 2.0 scalar type: the unit, its multiplier, the canonical value. */
export function scalarHover(ctx: FeatureContext, offset: number): Hover | undefined {
  const loc = cursorAt(ctx.doc.lines, ctx.doc.root, offset).node;
  if (!loc || loc.role !== 'value') return undefined;
  const v = deref(loc.scalar);
  if (!v || v.kind !== 'scalar' || typeof v.value !== 'string') return undefined;
  const model = toscaModelOf(ctx);
  const def = scalarDefOf(model, typeAtValue(model, topologyPath(loc.path)));
  if (!def) return undefined;
  const parsed = scalarValue(v, def);
  const canonical = canonicalUnit(def);
  const lines: string[] = [];
  if (typeof parsed === 'string') lines.push(`**${v.value.trim()}** — a value of the scalar type \`${def.name}\``);
  else {
    const mult = unitStrings(def).get(parsed.unit)!;
    lines.push(`**${parsed.numberText} ${parsed.unit}** — a value of the scalar type \`${def.name}\``);
    lines.push(
      `Unit \`${parsed.unit}\`: multiplier ${shown(mult)}` +
        (canonical
          ? parsed.unit === canonical
            ? ' (the canonical unit)'
            : `, so ${parsed.numberText} ${parsed.unit} = ${shown(parsed.canonical)} ${canonical}`
          : ''),
    );
  }
  if (canonical) lines.push(`Canonical unit: \`${canonical}\``);
  lines.push(`Units of \`${def.name}\` (case-sensitive): ${unitList(def)}`);
  if (def.dataType) lines.push(`Number: \`${def.dataType}\``);
  lines.push(SECTION);
  return { contents: { kind: 'markdown', value: lines.join('\n\n') }, range: ctx.doc.lines.rangeOf(loc.scalar.span) };
}

/** `10`, `-2.5 `, `1e3 Gi`: a number, then the unit being typed (after white space). */
const NUMBER_THEN_WORD = /^([-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)(\s*)([^\s]*)$/;

/**
 * Completion of units after a number typed as the value of a property whose type is a 2.0 scalar
 * type; undefined elsewhere, so the caller goes on.
 */
export function scalarUnitCompletions(ctx: FeatureContext, offset: number): CompletionItem[] | undefined {
  const cur = cursorAt(ctx.doc.lines, ctx.doc.root, offset);
  if (cur.role !== 'value' || cur.key === undefined) return undefined;
  const text = ctx.doc.text.slice(cur.tokenStart, offset).replace(/^["']/, '');
  const m = NUMBER_THEN_WORD.exec(text);
  if (!m) return undefined;
  const model = toscaModelOf(ctx);
  const def = scalarDefOf(model, typeAtValue(model, normPath(cur.valuePath)));
  if (!def) return undefined;
  const word = m[3]!;
  const space = m[2] === '' ? ' ' : '';
  const range = ctx.doc.lines.rangeOf({ start: offset - word.length, end: offset });
  const canonical = canonicalUnit(def);
  return [...unitStrings(def)].map(([u, mult], i) => ({
    label: u,
    kind: CompletionKind.Unit,
    detail: `${def.name}: × ${shown(mult)}${canonical && u !== canonical ? ` ${canonical}` : ''}`,
    documentation: { kind: 'markdown', value: `Unit of the scalar type \`${def.name}\` (${SECTION}).` },
    sortText: String(i).padStart(4, '0'),
    textEdit: { range, newText: `${space}${u}` },
  }));
}
