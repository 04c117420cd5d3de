/**
 * TOSCA Version 2.0 data definitions of this file: scalar type definitions (TOSCA260–265, §9.1.2.2),
 * the abstract `scalar` used as a type (TOSCA266), data types with neither `derived_from` nor
 * `properties` (TOSCA267, §9.2), `key_schema` / `entry_schema` where the type takes none or a key
 * schema not derived from string (TOSCA268, §9.2, §9.3), a list or map without `entry_schema`
 * (TOSCA269, a warning: the standard says mandatory, its own suite and Puccini omit it).
 *
 * Unknown type names are TOSCA030's; here a name that does not resolve is left alone.
 */
import { asMap, asScalar, deref, getPair, type YMap, type YNode, type YPair } from '../../../syntax/tree.js';
import { V2DataTypes } from '../../../model/tosca/v2/dataTypes.js';
import { SCALAR_KEYNAMES } from '../../../model/tosca/v2/scalar.js';
import { grammarOf } from '../../../model/tosca/grammars.js';
import type { ToscaRule, ToscaRuleContext } from './context.js';

const V2 = 'TOSCA Version 2.0';

/** Type sections whose types hold property and attribute definitions. */
const ENTITY_SECTIONS = [
  'node_types',
  'relationship_types',
  'capability_types',
  'group_types',
  'policy_types',
  'artifact_types',
];

export const v2DataTypesRule: ToscaRule = {
  codes: [
    'TOSCA260',
    'TOSCA261',
    'TOSCA262',
    'TOSCA263',
    'TOSCA264',
    'TOSCA265',
    'TOSCA266',
    'TOSCA267',
    'TOSCA268',
    'TOSCA269',
  ],
  when: (ctx) => grammarOf(ctx.model.version).id === '2_0',
  check(ctx) {
    const root = ctx.root;
    if (!root) return;
    const dataTypes = asMap(getPair(root, 'data_types')?.value);
    const types = new V2DataTypes(ctx.model.types, dataTypes, ctx.model.path);
    const c: Checker = { ctx, types };
    for (const p of dataTypes?.pairs ?? []) checkDataType(c, p);
    for (const section of ENTITY_SECTIONS)
      for (const t of asMap(getPair(root, section)?.value)?.pairs ?? []) {
        const m = asMap(t.value);
        for (const key of ['properties', 'attributes'])
          for (const d of asMap(getPair(m, key)?.value)?.pairs ?? []) checkDefinition(c, d, key === 'attributes');
      }
    const st = asMap(getPair(root, 'service_template')?.value);
    for (const key of ['inputs', 'outputs'])
      for (const d of asMap(getPair(st, key)?.value)?.pairs ?? []) checkDefinition(c, d, false);
  },
};

interface Checker {
  ctx: ToscaRuleContext;
  types: V2DataTypes;
}

function checkDataType(c: Checker, p: YPair): void {
  const { ctx, types } = c;
  const m = asMap(p.value);
  if (!m) return;
  const name = p.key.text;
  const chain = types.chain(name);
  const root = chain?.root;
  if (root === 'scalar') {
    for (const pr of types.scalar(name)?.problems ?? [])
      ctx.report({ code: pr.code, severity: pr.severity ?? 'error', span: pr.span, message: pr.message });
  } else if (chain)
    for (const k of SCALAR_KEYNAMES) {
      const q = getPair(m, k);
      if (q)
        ctx.report({
          code: 'TOSCA265',
          severity: 'error',
          span: q.key.span,
          message:
            `\`${k}\` belongs to scalar types, and \`${name}\` does not derive from \`scalar\` ` +
            `(${V2} §9.1.2.2): add \`derived_from: scalar\` or remove it.`,
        });
    }
  const derived = getPair(m, 'derived_from');
  const props = getPair(m, 'properties');
  if (!derived && !props)
    ctx.report({
      code: 'TOSCA267',
      severity: 'error',
      span: p.key.span,
      message:
        `Data type \`${name}\` has neither \`derived_from\` nor \`properties\`: a data type derives from ` +
        `a type or defines properties (${V2} §9.2).`,
    });
  if (root && root !== 'complex') {
    const inherited = (chain?.types.length ?? 0) > 1;
    checkSchemaKeys(
      c,
      m,
      root === 'map',
      root === 'list' || root === 'map',
      `data type \`${name}\``,
      '§9.2',
      inherited,
    );
  }
  for (const d of asMap(props?.value)?.pairs ?? []) checkDefinition(c, d, false);
}

/**
 * `key_schema` only for maps, `entry_schema` only for lists and maps (and then expected), each
 * schema checked in turn. `inherited` says an ancestor may supply the entry schema (derived types).
 */
function checkSchemaKeys(
  c: Checker,
  m: YMap,
  isMap: boolean,
  isCollection: boolean,
  what: string,
  section: string,
  inherited = false,
): void {
  const key = getPair(m, 'key_schema');
  const entry = getPair(m, 'entry_schema');
  if (key) {
    if (!isMap)
      c.ctx.report({
        code: 'TOSCA268',
        severity: 'error',
        span: key.key.span,
        message: `\`key_schema\` is only for maps, and ${what} is not one (${V2} ${section}).`,
      });
    else checkSchema(c, key.value, true, `the key schema of ${what}`);
  }
  if (entry) {
    if (!isCollection)
      c.ctx.report({
        code: 'TOSCA268',
        severity: 'error',
        span: entry.key.span,
        message: `\`entry_schema\` is only for lists and maps, and ${what} is neither (${V2} ${section}).`,
      });
    else checkSchema(c, entry.value, false, `the entry schema of ${what}`);
  } else if (isCollection && !inherited)
    c.ctx.report({
      code: 'TOSCA269',
      severity: 'warning',
      span: (getPair(m, 'type') ?? getPair(m, 'derived_from'))?.key.span ?? m.span,
      message:
        `${cap(what)} is a list or map without \`entry_schema\`; the standard makes it mandatory ` +
        `(${V2} ${section}) although some processors accept any entries.`,
    });
}

/** The type a schema definition names (short form or `type:`), with where it is written. */
function schemaType(n: YNode | null): { name: string; node: YNode } | undefined {
  const v = deref(n);
  const s = asScalar(v);
  if (s && typeof s.value === 'string') return { name: s.value, node: s };
  const t = asScalar(getPair(asMap(v), 'type')?.value);
  return t && typeof t.value === 'string' ? { name: t.value, node: t } : undefined;
}

function checkSchema(c: Checker, n: YNode | null, isKey: boolean, what: string, depth = 0): void {
  if (depth > 20) return;
  const t = schemaType(n);
  if (!t) return;
  if (t.name === 'scalar') {
    reportAbstractScalar(c, t.node, what);
    return;
  }
  const root = c.types.root(t.name);
  if (isKey && root !== undefined && root !== 'string')
    c.ctx.report({
      code: 'TOSCA268',
      severity: 'error',
      span: t.node.span,
      message:
        `The key schema type \`${t.name}\` does not derive from \`string\`: map keys are strings ` + `(${V2} §9.3).`,
    });
  const m = asMap(n);
  if (m && root !== undefined)
    checkSchemaKeys(c, m, root === 'map', root === 'list' || root === 'map', what, '§9.3', root !== t.name);
}

function reportAbstractScalar(c: Checker, at: YNode, what: string): void {
  c.ctx.report({
    code: 'TOSCA266',
    severity: 'error',
    span: at.span,
    message:
      `\`scalar\` is abstract and cannot be the type of ${what}: define a scalar type derived from it ` +
      `with its \`units\` (${V2} §9.1.2.2).`,
  });
}

/** A property, attribute or parameter definition (§9.3, §9.5, §9.7). */
function checkDefinition(c: Checker, d: YPair, isAttribute: boolean): void {
  const m = asMap(d.value);
  if (!m) return;
  const typePair = getPair(m, 'type');
  const what = `${isAttribute ? 'attribute' : 'property'} \`${d.key.text}\``;
  const t = schemaType(typePair?.value ?? null);
  if (!t) {
    // A refinement (no `type`) keeps its parent's schema keys; only their own schemas are checked.
    const e = getPair(m, 'entry_schema');
    const k = getPair(m, 'key_schema');
    if (k) checkSchema(c, k.value, true, `the key schema of ${what}`);
    if (e) checkSchema(c, e.value, false, `the entry schema of ${what}`);
    return;
  }
  if (t.name === 'scalar') {
    reportAbstractScalar(c, t.node, what);
    return;
  }
  const root = c.types.root(t.name);
  if (root === undefined) return;
  const section = isAttribute ? '§9.5' : '§9.3';
  checkSchemaKeys(c, m, root === 'map', root === 'list' || root === 'map', what, section, root !== t.name);
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
