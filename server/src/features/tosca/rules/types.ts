/**
 * Type definitions of this file: TOSCA030/031 unknown or wrong-kind type references (property
 * types, capability/requirement/interface/artifact types, valid_*_types, members, targets),
 * TOSCA032 `derived_from` cycles, TOSCA033 unknown parent type, TOSCA034 duplicate type names across
 * files, TOSCA035 a data type derived from a primitive that adds properties, TOSCA037 (hint) a type
 * without `derived_from`, TOSCA011 definitions that need a type and have none.
 */
import type { TypeKind } from '../../../model/tosca/catalog/index.js';
import { primitiveOf } from '../../../model/tosca/primitives.js';
import type { TOperationDef, TPropertyDef, TSchema, TTypeDecl } from '../../../model/tosca/summary.js';
import { isEntityRoot, kindLabel, type ToscaType } from '../../../model/tosca/typeTable.js';
import { checkDataTypeRef, checkTypeRef } from './typeRefs.js';
import { UNFURL_INTERFACES } from '../dialects.js';
import { alienDialect, simpleProfileOnly, type ToscaRule, type ToscaRuleContext } from './context.js';

export const typesRule: ToscaRule = {
  codes: ['TOSCA030', 'TOSCA031', 'TOSCA032', 'TOSCA033', 'TOSCA034', 'TOSCA035', 'TOSCA037', 'TOSCA011'],
  when: simpleProfileOnly,
  check(ctx) {
    const { model } = ctx;
    for (const d of model.summary.types) {
      const t = model.declared(d);
      if (!t) continue;
      checkDerivation(ctx, d, t);
      checkMembers(ctx, d, t);
    }
    checkDuplicates(ctx);
    const topo = model.summary.topology;
    if (topo) {
      for (const i of topo.inputs) checkPropertyDefTypes(ctx, i, `input \`${i.name}\``, false);
      for (const o of topo.outputs) checkDataTypeRef(ctx, o.type, `output \`${o.name}\``);
    }
  },
};

function checkDerivation(ctx: ToscaRuleContext, d: TTypeDecl, t: ToscaType): void {
  const types = ctx.model.types;
  const what = `the ${kindLabel(d.kind)} \`${d.name}\``;
  if (!d.derivedFrom) {
    // TOSCA 2.0 has no normative root types: a type without a parent is a root of its own (§6.4.2).
    if (!/(^|\.)Root$/.test(d.name) && ctx.grammar.id !== '2_0') {
      ctx.report({
        code: 'TOSCA037',
        severity: 'hint',
        span: d.keySpan,
        message:
          `${cap(what)} has no \`derived_from\`; types normally derive from the normative root ` +
          `(\`${rootOf(d.kind)}\`).`,
      });
    }
    return;
  }
  const parent = d.derivedFrom.name.trim();
  if (isEntityRoot(parent)) return;
  const v2FileType = ctx.grammar.id === '2_0' && !!types.resolve(parent, 'data');
  if (d.kind === 'data' && (primitiveOf(parent) || ctx.grammar.builtinType(parent)) && !v2FileType) {
    if (d.properties.length) {
      ctx.report({
        code: 'TOSCA035',
        severity: 'error',
        span: d.properties[0]!.keySpan,
        message:
          `${cap(what)} derives from the primitive type \`${parent}\` and cannot add properties; derive ` +
          `from \`tosca.datatypes.Root\` for a structured type, or keep only constraints.`,
      });
    }
    return;
  }
  if (parent === d.name) {
    ctx.report({
      code: 'TOSCA032',
      severity: 'error',
      span: d.derivedFrom.span,
      message: `${cap(what)} derives from itself.`,
    });
    return;
  }
  const p = checkTypeRef(ctx, d.derivedFrom, [d.kind], `\`derived_from\` of ${what}`, 'TOSCA033');
  if (p && types.inCycle(t)) {
    const chain = [t, ...types.ancestors(t)].map((x) => x.name);
    ctx.report({
      code: 'TOSCA032',
      severity: 'error',
      span: d.derivedFrom.span,
      message: `\`derived_from\` cycle: ${chain.join(' → ')} → ${d.name}.`,
    });
  }
}

function rootOf(kind: TypeKind): string {
  return kind === 'data'
    ? 'tosca.datatypes.Root'
    : kind === 'policy'
      ? 'tosca.policies.Root'
      : `tosca.${kind === 'capability' ? 'capabilities' : kind === 'node' ? 'nodes' : kind + 's'}.Root`;
}

function checkSchema(ctx: ToscaRuleContext, s: TSchema | undefined, what: string): void {
  if (!s) return;
  checkDataTypeRef(ctx, s.type, what);
  checkSchema(ctx, s.entrySchema, `the entry_schema of ${what}`);
  checkSchema(ctx, s.keySchema, `the key_schema of ${what}`);
}

/** Type references of one property/attribute/parameter definition; `refines` = an inherited definition exists. */
export function checkPropertyDefTypes(
  ctx: ToscaRuleContext,
  p: TPropertyDef,
  what: string,
  refines: boolean,
  needType = true,
): void {
  if (p.shortForm) {
    if (!refines && needType) {
      ctx.report({
        code: 'TOSCA012',
        severity: 'error',
        span: p.valueSpan ?? p.keySpan,
        message:
          `${cap(what)} must be a mapping (a definition with a \`type\`); a bare value only refines a ` +
          `property the type inherits.`,
      });
    }
    return;
  }
  if (p.type) checkDataTypeRef(ctx, p.type, what);
  // Unfurl reads a definition without a type as one of any type.
  else if (needType && !refines && ctx.options.dialect !== 'unfurl') {
    ctx.report({
      code: 'TOSCA011',
      severity: 'error',
      span: p.keySpan,
      message: `${cap(what)} has no \`type\` (only refinements of inherited definitions may omit it).`,
    });
  }
  checkSchema(ctx, p.entrySchema, `the entry_schema of ${what}`);
  checkSchema(ctx, p.keySchema, `the key_schema of ${what}`);
}

function checkMembers(ctx: ToscaRuleContext, d: TTypeDecl, t: ToscaType): void {
  const types = ctx.model.types;
  const parent = types.parent(t);
  const inheritedProps = parent ? types.properties(parent) : new Map();
  const inheritedAttrs = parent ? types.attributes(parent) : new Map();
  const inheritedCaps = parent ? types.capabilities(parent) : new Map();
  const inheritedReqs = parent ? types.requirements(parent) : new Map();
  const inheritedIfaces = parent ? types.interfaces(parent) : new Map();
  const incomplete =
    !!d.derivedFrom &&
    !parent &&
    !primitiveOf(d.derivedFrom.name) &&
    !ctx.grammar.builtinType(d.derivedFrom.name) &&
    !isEntityRoot(d.derivedFrom.name);
  const of = `${kindLabel(d.kind)} \`${d.name}\``;
  for (const p of d.properties)
    checkPropertyDefTypes(ctx, p, `property \`${p.name}\` of ${of}`, incomplete || inheritedProps.has(p.name));
  for (const p of d.attributes)
    checkPropertyDefTypes(
      ctx,
      p,
      `attribute \`${p.name}\` of ${of}`,
      incomplete || inheritedAttrs.has(p.name) || inheritedProps.has(p.name),
      // Alien4Cloud reads an attribute without a type as a string, and lets it be a function of other values.
      !alienDialect(ctx),
    );
  checkSchema(ctx, d.entrySchema, `the entry_schema of ${of}`);
  checkSchema(ctx, d.keySchema, `the key_schema of ${of}`);
  for (const c of d.capabilities) {
    const w = `capability \`${c.name}\` of ${of}`;
    if (c.type) checkTypeRef(ctx, c.type, ['capability'], w);
    else if (!incomplete && !inheritedCaps.has(c.name))
      ctx.report({ code: 'TOSCA011', severity: 'error', span: c.keySpan, message: `${cap(w)} has no \`type\`.` });
    // Alien4Cloud's archives also name capability types there (its own Consul types do).
    const sources: TypeKind[] = alienDialect(ctx) ? ['node', 'capability'] : ['node'];
    for (const s of c.validSourceTypes ?? []) checkTypeRef(ctx, s, sources, `valid_source_types of ${w}`);
    for (const p of c.properties) checkPropertyDefTypes(ctx, p, `property \`${p.name}\` of ${w}`, true);
    for (const p of c.attributes) checkPropertyDefTypes(ctx, p, `attribute \`${p.name}\` of ${w}`, true);
  }
  const seenReq = new Set<string>();
  for (const r of d.requirements) {
    const w = `requirement \`${r.name}\` of ${of}`;
    if (seenReq.has(r.name))
      ctx.report({
        code: 'TOSCA034',
        severity: 'warning',
        span: r.keySpan,
        message: `${cap(of)} defines requirement \`${r.name}\` more than once.`,
      });
    seenReq.add(r.name);
    if (r.capability) {
      // A capability type, or (tolerated by several processors) the name of a capability of the target node type.
      const asType = ctx.model.types.resolve(r.capability.name, 'capability');
      if (!asType) checkTypeRef(ctx, r.capability, ['capability'], `\`capability\` of ${w}`);
    } else if (!incomplete && !inheritedReqs.has(r.name) && ctx.options.dialect !== 'unfurl') {
      // Unfurl finds the capability from the relationship's valid targets, or takes any.
      ctx.report({ code: 'TOSCA011', severity: 'error', span: r.keySpan, message: `${cap(w)} has no \`capability\`.` });
    }
    if (r.node) checkTypeRef(ctx, r.node, ['node'], `\`node\` of ${w}`);
    if (r.relationship) checkTypeRef(ctx, r.relationship, ['relationship'], `\`relationship\` of ${w}`);
  }
  for (const i of d.interfaces) {
    const w = `interface \`${i.name}\` of ${of}`;
    if (i.type) checkTypeRef(ctx, i.type, ['interface'], w);
    // Alien4Cloud has no interface types: an interface's name is its type (`Standard` and `Configure` in any case).
    else if (!incomplete && !inheritedIfaces.has(i.name) && !unfurlInterface(ctx, d.kind, i.name) && !alienDialect(ctx))
      ctx.report({
        code: 'TOSCA011',
        severity: 'error',
        span: i.keySpan,
        message: `${cap(w)} has no \`type\` and does not refine an inherited interface.`,
      });
    for (const p of i.inputs) if (p.type) checkPropertyDefTypes(ctx, p, `input \`${p.name}\` of ${w}`, true);
    for (const o of i.operations) checkOperationInputs(ctx, o, `operation \`${o.name}\` of ${w}`);
  }
  for (const a of d.artifacts) if (a.type) checkTypeRef(ctx, a.type, ['artifact'], `artifact \`${a.name}\` of ${of}`);
  if (d.kind === 'interface') {
    for (const p of d.inputs) {
      if (
        p.shortForm &&
        !(parent && [parent, ...types.ancestors(parent)].some((a) => a.decl?.inputs.some((i) => i.name === p.name)))
      ) {
        // OASIS assertion 3.6.4-03: an operation written under `inputs` by mistake (2.0: TOSCA213, an error).
        if (ctx.grammar.id === '2_0') continue;
        ctx.report({
          code: 'TOSCA012',
          severity: 'warning',
          span: p.valueSpan ?? p.keySpan,
          message:
            `Input \`${p.name}\` of ${of} is a bare value, not an input definition (a mapping with ` +
            `\`type\`); is an operation nested under \`inputs\` by mistake?`,
        });
        continue;
      }
      checkPropertyDefTypes(ctx, p, `input \`${p.name}\` of ${of}`, true);
    }
    for (const o of d.operations) checkOperationInputs(ctx, o, `operation \`${o.name}\` of ${of}`);
  }
  for (const v of d.validTargetTypes ?? [])
    // 1.3 allows node types there; Alien4Cloud's archives name them in earlier versions too.
    checkTypeRef(
      ctx,
      v,
      ctx.minor >= 3 || alienDialect(ctx) ? ['capability', 'node'] : ['capability'],
      `valid_target_types of ${of}`,
    );
  for (const v of d.validSourceTypes ?? []) checkTypeRef(ctx, v, ['node'], `valid_source_types of ${of}`);
  for (const m of d.members ?? []) checkTypeRef(ctx, m, ['node', 'group', 'capability'], `members of ${of}`);
  for (const g of d.targets ?? []) checkTypeRef(ctx, g, ['node', 'group'], `targets of ${of}`);
}

function checkOperationInputs(ctx: ToscaRuleContext, o: TOperationDef, what: string): void {
  for (const p of o.inputs) if (p.type) checkPropertyDefTypes(ctx, p, `input \`${p.name}\` of ${what}`, true);
}

function checkDuplicates(ctx: ToscaRuleContext): void {
  const { model } = ctx;
  for (const d of model.summary.types) {
    const others = model.types
      .candidates(d.name, d.kind)
      // A type imported under a `namespace_prefix` is `prefix:Name`, another name (TOSCA 1.x import definition).
      .filter((x) => x.source === 'file' && x.path !== model.path && !x.viaImporter && !x.prefix);
    if (!others.length) continue;
    const where = others[0]!.path!;
    ctx.report({
      code: 'TOSCA034',
      severity: 'warning',
      span: d.keySpan,
      message:
        `${cap(kindLabel(d.kind))} \`${d.name}\` is also defined in imported file ` +
        (`\`${where.slice(where.lastIndexOf('/') + 1)}\`; type names must be unique, and which definition wins ` +
          `depends on the processor.`),
    });
  }
}

/**
 * Interfaces Unfurl declares without a type: its own (Install, Mock, `defaults`) on every node, and the lifecycle
 * interfaces of artifact types ("Artifact enhancements").
 */
function unfurlInterface(ctx: ToscaRuleContext, kind: string, name: string): boolean {
  if (ctx.options.dialect !== 'unfurl') return false;
  return UNFURL_INTERFACES.has(name) || (kind === 'artifact' && (name === 'Standard' || name === 'Configure'));
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
