/**
 * TOSCA Version 2.0 scalar types (§9.1.2.2): a data type derived from the abstract `scalar` declares
 * `units` (unit string -> multiplier), optionally `prefixes` (prepended to its single unit), a
 * `canonical_unit` and the `data_type` of the number (float by default). Values are `<number> <unit>`.
 *
 * `readScalarDef` reads one declaration and reports what breaks the section's rules; `scalarValue`
 * parses a value against the merged definition. Pure: the caller resolves type names.
 */
import { asMap, asScalar, deref, getPair, type YMap, type YNode, type YPair } from '../../../syntax/tree.js';
import type { Span } from '../../../syntax/positions.js';
import { parseYamlNumber } from './primitives.js';

/** The scalar keynames (§9.1.2.2), allowed only on types derived from `scalar`. */
export const SCALAR_KEYNAMES: readonly string[] = ['units', 'prefixes', 'canonical_unit', 'data_type'];

/** A scalar type as its derivation chain defines it. */
export interface ScalarDef {
  /** The type the definition belongs to (the nearest in the chain). */
  name: string;
  units: Map<string, number>;
  prefixes?: Map<string, number>;
  canonical?: string;
  /** The `data_type` as written along the chain; undefined means float. */
  dataType?: string;
  /** What the number must be: from `data_type`. */
  numberKind: 'integer' | 'float';
}

export interface ScalarProblem {
  code: 'TOSCA260' | 'TOSCA261' | 'TOSCA262' | 'TOSCA263' | 'TOSCA264' | 'TOSCA265';
  span: Span;
  message: string;
  severity?: 'warning';
}

/** How the caller's type table sees a `data_type` name. */
export type NumberKind = 'integer' | 'float' | 'other' | 'unknown';

const SECTION = 'TOSCA Version 2.0 §9.1.2.2';

/** The number of a multiplier scalar (a YAML int or float), or undefined. */
function multiplierOf(n: YNode | null): { value: number; integer: boolean } | undefined {
  const s = asScalar(n);
  if (!s || typeof s.value !== 'number' || s.style !== 'plain') return undefined;
  return parseYamlNumber(s.text) ?? { value: s.value, integer: Number.isInteger(s.value) };
}

/** Every unit string of a definition with its multiplier (prefixes prepended to the single unit). */
export function unitStrings(def: Pick<ScalarDef, 'units' | 'prefixes'>): Map<string, number> {
  if (!def.prefixes || def.units.size !== 1) return def.units;
  const [unit, m] = [...def.units][0]!;
  const out = new Map<string, number>();
  for (const [p, pm] of def.prefixes) out.set(p + unit, pm * m);
  return out;
}

/** The canonical unit: as declared, else the one unit string of multiplier one. */
export function canonicalUnit(def: ScalarDef): string | undefined {
  if (def.canonical) return def.canonical;
  for (const [u, m] of unitStrings(def)) if (m === 1) return u;
  return undefined;
}

interface ReadOptions {
  /** The parent's merged definition; undefined when the type derives from `scalar` itself. */
  parent?: ScalarDef;
  /** How the type table sees a `data_type` name. */
  numberKindOf(name: string): NumberKind;
  /** Where problems of the whole declaration go (its name). */
  nameSpan: Span;
}

/**
 * Reads the scalar declaration `name: map`, merging it over `parent`, and collects the problems the
 * declaration itself has. The definition is returned even when it has problems (values are checked
 * against what can be read).
 */
export function readScalarDef(
  name: string,
  map: YMap,
  opts: ReadOptions,
): { def: ScalarDef; problems: ScalarProblem[] } {
  const problems: ScalarProblem[] = [];
  const report = (code: ScalarProblem['code'], span: Span, message: string, severity?: 'warning'): void => {
    problems.push(severity ? { code, span, message, severity } : { code, span, message });
  };
  const parent = opts.parent;
  const def: ScalarDef = {
    name,
    units: new Map(parent?.units),
    numberKind: parent?.numberKind ?? 'float',
  };
  if (parent?.prefixes) def.prefixes = new Map(parent.prefixes);
  if (parent?.canonical) def.canonical = parent.canonical;
  if (parent?.dataType) def.dataType = parent.dataType;

  // Derived straight from `scalar`, `properties` is TOSCA035's (no properties on types derived from a built-in type).
  const props = parent ? getPair(map, 'properties') : undefined;
  if (props)
    report(
      'TOSCA265',
      props.key.span,
      `A scalar type has no properties: its values are \`<number> <unit>\` (${SECTION}). Remove \`properties\`.`,
    );

  // data_type
  const dt = getPair(map, 'data_type');
  if (dt) {
    const s = asScalar(dt.value);
    const dtName = s && typeof s.value === 'string' ? s.value : undefined;
    if (!dtName)
      report('TOSCA264', (dt.value ?? dt.key).span, `\`data_type\` names a type: \`float\`, \`integer\` (${SECTION}).`);
    else if (parent && (parent.dataType ?? 'float') !== dtName)
      report(
        'TOSCA264',
        dt.value!.span,
        `\`data_type\` cannot change in a derived scalar type: \`${parent.name}\` has ` +
          `\`${parent.dataType ?? 'float'}\` (${SECTION}).`,
      );
    else {
      const kind = opts.numberKindOf(dtName);
      if (kind === 'unknown')
        report(
          'TOSCA264',
          dt.value!.span,
          `Unknown \`data_type\` \`${dtName}\`: a scalar's number is \`float\`, \`integer\` or a type ` +
            `derived from them (${SECTION}).`,
        );
      else if (kind === 'other')
        report(
          'TOSCA264',
          dt.value!.span,
          `\`data_type\` \`${dtName}\` is not \`float\`, \`integer\` or a type derived from them (${SECTION}).`,
        );
      else {
        def.dataType = dtName;
        def.numberKind = kind;
      }
    }
  }

  // units and prefixes: multipliers are numbers, greater than zero, integers for an integer data_type
  let malformed = false;
  const readTable = (pair: YPair | undefined, what: 'units' | 'prefixes', into: Map<string, number>): boolean => {
    if (!pair) return false;
    const m = asMap(pair.value);
    if (!m) {
      report(
        'TOSCA260',
        (pair.value ?? pair.key).span,
        `\`${what}\` is a map of ${what === 'units' ? 'unit strings' : 'prefixes'} to multipliers (${SECTION}).`,
      );
      malformed = true;
      return false;
    }
    for (const p of m.pairs) {
      const mult = multiplierOf(p.value);
      const at = (p.value ?? p.key).span;
      if (!mult) {
        report(
          'TOSCA261',
          at,
          `The multiplier of \`${p.key.text}\` must be a number (an integer or a float) (${SECTION}).`,
        );
        malformed = true;
        continue;
      }
      if (!(mult.value > 0)) {
        report(
          'TOSCA261',
          at,
          `The multiplier of \`${p.key.text}\` converts values to the canonical unit: it must be greater ` +
            `than zero (${SECTION}).`,
        );
        malformed = true;
        continue;
      }
      if (def.numberKind === 'integer' && !mult.integer)
        report(
          'TOSCA261',
          at,
          `The multiplier of \`${p.key.text}\` must be an integer: the data type of \`${name}\` is ` +
            `\`${def.dataType ?? 'integer'}\` (${SECTION}).`,
        );
      into.set(p.key.text, mult.value);
    }
    return true;
  };
  const unitsPair = getPair(map, 'units');
  if (!unitsPair && !parent) report('TOSCA260', opts.nameSpan, `A scalar type needs \`units\` (${SECTION}).`);
  const ownUnits = new Map<string, number>();
  const hadUnits = readTable(unitsPair, 'units', ownUnits);
  if (hadUnits && ownUnits.size === 0 && asMap(unitsPair!.value)?.pairs.length === 0) {
    report('TOSCA260', unitsPair!.value!.span, `\`units\` needs at least one unit (${SECTION}).`);
    malformed = true;
  }
  for (const [u, m] of ownUnits) def.units.set(u, m);
  const prefixesPair = getPair(map, 'prefixes');
  const ownPrefixes = new Map<string, number>();
  if (readTable(prefixesPair, 'prefixes', ownPrefixes)) {
    def.prefixes = new Map([...(def.prefixes ?? []), ...ownPrefixes]);
  }

  if (!malformed && def.units.size > 0) {
    const ones = [...def.units].filter(([, m]) => m === 1).map(([u]) => u);
    const unitsAt = unitsPair ? unitsPair.key.span : opts.nameSpan;
    if (def.prefixes) {
      const prefAt = prefixesPair ? prefixesPair.key.span : unitsAt;
      if (def.units.size > 1)
        report(
          'TOSCA262',
          prefAt,
          `With \`prefixes\`, \`units\` must hold exactly one unit (of multiplier 1): \`${name}\` has ` +
            `${def.units.size} (${SECTION}).`,
        );
      else if (ones.length === 0)
        report('TOSCA262', unitsAt, `With \`prefixes\`, the one unit must have the multiplier 1 (${SECTION}).`);
      else if (![...def.prefixes.values()].includes(1))
        report(
          'TOSCA262',
          prefAt,
          `No prefix has the multiplier 1, so no unit string of \`${name}\` has the multiplier 1 and the ` +
            `type has no canonical unit; add \`"": 1\` to use the bare unit (${SECTION}).`,
          'warning',
        );
    } else if (ones.length === 0)
      report('TOSCA262', unitsAt, `At least one unit must have the multiplier 1 (${SECTION}).`);

    // canonical_unit
    const cu = getPair(map, 'canonical_unit');
    const all = unitStrings(def);
    const onesAll = [...all].filter(([, m]) => m === 1).map(([u]) => u);
    if (cu) {
      const s = asScalar(cu.value);
      const cname = s && s.value !== null ? String(s.value) : undefined;
      if (parent && (parent.canonical === undefined || parent.canonical !== cname))
        report(
          'TOSCA263',
          (cu.value ?? cu.key).span,
          parent.canonical === undefined
            ? `A derived scalar type cannot add a \`canonical_unit\` (${SECTION}).`
            : `A derived scalar type cannot change the \`canonical_unit\` \`${parent.canonical}\` of ` +
                `\`${parent.name}\` (${SECTION}).`,
        );
      else if (cname === undefined)
        report('TOSCA263', cu.key.span, `\`canonical_unit\` names one of the type's units (${SECTION}).`);
      else if (!all.has(cname))
        report(
          'TOSCA263',
          cu.value!.span,
          `\`canonical_unit\` \`${cname}\` is not a unit of \`${name}\`` +
            `${onesAll.length ? `; units of multiplier 1: ${onesAll.join(', ')}` : ''} (${SECTION}).`,
        );
      else if (all.get(cname) !== 1)
        report(
          'TOSCA263',
          cu.value!.span,
          `\`canonical_unit\` \`${cname}\` has the multiplier ${all.get(cname)}; the canonical unit is one of ` +
            `multiplier 1${onesAll.length ? ` (${onesAll.join(', ')})` : ''} (${SECTION}).`,
        );
      else def.canonical = cname;
    } else if (!def.canonical && onesAll.length > 1)
      report(
        'TOSCA263',
        unitsAt,
        `Several units have the multiplier 1 (${onesAll.join(', ')}): \`canonical_unit\` must say which is ` +
          `canonical (${SECTION}).`,
      );
  }
  return { def, problems };
}

/** A YAML number (decimal, scientific, hex, octal, `.inf`), then optional white space, then the rest. */
const NUMBER_THEN_UNIT =
  /^([-+]?(?:0x[0-9a-fA-F]+|0o[0-7]+|\.(?:inf|Inf|INF|nan|NaN|NAN)|(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?))(\s*)(.*)$/;

export interface ScalarValue {
  number: number;
  /** The number was written as a YAML integer. */
  integer: boolean;
  unit: string;
  /** The value in the canonical unit. */
  canonical: number;
  numberText: string;
}

/**
 * Parses `<number> <unit>` against a scalar definition; a string says what is wrong. The number is
 * any YAML number (hex, octal, scientific); the unit follows after white space.
 */
export function scalarValue(node: YNode | null | undefined, def: ScalarDef): ScalarValue | string {
  const v = deref(node ?? null);
  const example = `\`1 ${canonicalUnit(def) ?? [...unitStrings(def).keys()][0] ?? 'unit'}\``;
  if (!v || v.kind !== 'scalar' || v.value === null)
    return `a \`${def.name}\` value is a number and a unit, e.g. ${example}`;
  if (typeof v.value === 'number') return `\`${v.text}\` lacks a unit: write a number and a unit, e.g. ${example}`;
  if (typeof v.value !== 'string') return `a \`${def.name}\` value is a number and a unit, e.g. ${example}`;
  const text = v.value.trim();
  const m = NUMBER_THEN_UNIT.exec(text);
  const num = m ? parseYamlNumber(m[1]!) : undefined;
  if (!m || !num) {
    const lone = unitStrings(def).has(text);
    return lone
      ? `\`${text}\` lacks the number: write a number and a unit, e.g. ${example}`
      : `\`${text}\` is not a number followed by a unit (e.g. ${example})`;
  }
  if (!m[3]) return `\`${text}\` lacks a unit: write a number and a unit, e.g. ${example}`;
  const unit = m[3].trim();
  if (m[2] === '' && /^[\d,._]/.test(unit)) return `\`${text}\` is not a number followed by a unit (e.g. ${example})`;
  const all = unitStrings(def);
  const mult = all.get(unit);
  if (mult === undefined) {
    const known = [...all.keys()];
    const shown = known.length > 12 ? known.slice(0, 12).join(', ') + ', …' : known.join(', ');
    return `\`${unit}\` is not a unit of \`${def.name}\` (units are case-sensitive: ${shown})`;
  }
  if (m[2] === '') return `write a space between the number and the unit: \`${m[1]} ${unit}\``;
  return { number: num.value, integer: num.integer, unit, canonical: num.value * mult, numberText: m[1]! };
}

/**
 * The scalar value as it was surely meant, for a quick fix: no space between the number and a known
 * unit (`10MB`), or a unit in the wrong case that matches exactly one unit ignoring case (`10 kb`
 * for `KB`; `mbps` fits both `Mbps` and `MBps`, so it gets none). Undefined when there is no such slip.
 */
export function scalarValueFix(text: string, def: ScalarDef): string | undefined {
  const m = NUMBER_THEN_UNIT.exec(text.trim());
  if (!m || !m[3] || !parseYamlNumber(m[1]!)) return undefined;
  const unit = m[3].trim();
  const all = unitStrings(def);
  if (all.has(unit)) return m[2] === '' && !/^[\d,._]/.test(unit) ? `${m[1]} ${unit}` : undefined;
  const same = [...all.keys()].filter((u) => u.toLowerCase() === unit.toLowerCase());
  return same.length === 1 ? `${m[1]} ${same[0]}` : undefined;
}
