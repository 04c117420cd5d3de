/**
 * Checking one written type name against the type table: TOSCA030 unknown type (with "did you
 * mean"), TOSCA031 a type of the wrong kind, TOSCA036 generic `map<...>` notation when the dialect
 * setting is off. Shared by the type-definition and topology rules.
 */
import type { TypeKind } from '../../../model/tosca/catalog/index.js';
import { PRIMITIVE_TYPE_NAMES, primitiveOf } from '../../../model/tosca/primitives.js';
import type { TRef } from '../../../model/tosca/summary.js';
import { kindLabel, parseGeneric, type ToscaType } from '../../../model/tosca/typeTable.js';
import { hasUncataloguedProfileTypes } from '../../../model/tosca/versions.js';
import { isAmpCatalogType, type ToscaRuleContext } from './context.js';
import { didYouMean, suggestion } from '../../../util/suggest.js';
import { replaceWith } from '../../shared/fixData.js';
import { refPartSpan } from '../spans.js';

/** Normative types renamed after 1.0: the old name to the new. */
const RENAMED: Record<string, string> = {
  'tosca.nodes.BlockStorage': 'tosca.nodes.Storage.BlockStorage',
  'tosca.nodes.ObjectStorage': 'tosca.nodes.Storage.ObjectStorage',
};

/** True when the name may come from somewhere we could not read, so "unknown" is only a warning. */
export function relaxed(ctx: ToscaRuleContext, name: string): boolean {
  if (ctx.model.closure.incomplete || ctx.options.localOnly) return true;
  // NFV/MEC profile types (tosca.nodes.nfv.VDU, ...) are not in our catalog.
  if (hasUncataloguedProfileTypes(ctx.model.version) && /^tosca[.:]/.test(name)) return true;
  return false;
}

/**
 * Resolves `ref` as one of `kinds`, reporting when it cannot. Returns the type (undefined for
 * primitives, unknown names and wrong kinds).
 */
export function checkTypeRef(
  ctx: ToscaRuleContext,
  ref: TRef | undefined,
  kinds: readonly TypeKind[],
  what: string,
  unknownCode = 'TOSCA030',
): ToscaType | undefined {
  if (!ref) return undefined;
  const name = ref.name.trim();
  for (const k of kinds) {
    const t = ctx.model.types.resolve(name, k);
    if (t && RENAMED[name] === t.name) formerName(ctx, ref, name, t.name, what);
    if (t) return t;
  }
  reportUnresolved(ctx, ref, kinds, what, unknownCode);
  return undefined;
}

/**
 * Judgement: a 1.0 name of a normative type renamed in 1.1, in a later version. The 1.1 and 1.2 texts still write it
 * in Compute's `local_storage` (so do the OASIS profiles of those versions), and tosca-parser, with the processors
 * built on it, defines only the old name for every version; Puccini's and xOpera's have only the new one. Read as the
 * new type, with a warning and the fix.
 */
function formerName(ctx: ToscaRuleContext, ref: TRef, name: string, now: string, what: string): void {
  ctx.report({
    code: 'TOSCA030',
    severity: 'warning',
    span: ref.span,
    message:
      `\`${name}\` (in ${what}) is TOSCA Simple Profile 1.0's name of \`${now}\`, renamed in 1.1. tosca-parser and ` +
      'the processors built on it (Tacker, heat-translator) know only the old name, Puccini and xOpera only the new ' +
      `one; it is read as \`${now}\` here. Write \`${now}\`.`,
    ...replaceWith(now),
  });
}

function reportUnresolved(
  ctx: ToscaRuleContext,
  ref: TRef,
  kinds: readonly TypeKind[],
  what: string,
  unknownCode = 'TOSCA030',
  fixable = true,
): void {
  const name = ref.name.trim();
  const label = kinds.map(kindLabel).join(' or ');
  if (isAmpCatalogType(ctx, name)) {
    ctx.report({
      code: unknownCode,
      severity: 'information',
      span: ref.span,
      message:
        `\`${name}\` (in ${what}) is taken for a type of Cloudsoft AMP's catalog (the \`amp\` dialect): AMP ` +
        'resolves it when deploying; it is not checked here.',
    });
    return;
  }
  if (ctx.options.dialect === 'cloudshell' && /^cloudshell\./.test(name)) {
    ctx.report({
      code: unknownCode,
      severity: 'information',
      span: ref.span,
      message:
        `\`${name}\` (in ${what}) is taken for a type of a CloudShell standard (the \`cloudshell\` dialect), which ` +
        'shellfoundry adds when it packs the shell; it is not checked here.',
    });
    return;
  }
  const other = ctx.model.types.resolveAnyKind(name).filter((t) => !kinds.includes(t.kind));
  if (other.length) {
    ctx.report({
      code: 'TOSCA031',
      severity: 'error',
      span: ref.span,
      message: `\`${name}\` is a ${kindLabel(other[0]!.kind)}, but ${what} must name a ${label}.`,
    });
    return;
  }
  let candidates: string[] = [];
  for (const k of kinds) candidates.push(...ctx.model.types.namesOf(k));
  if (kinds.includes('data')) candidates.push(...PRIMITIVE_TYPE_NAMES);
  // Suggest in the style written: full dotted names for full dotted names.
  if (name.includes('.') && !name.includes(':')) candidates = candidates.filter((c) => !c.includes(':'));
  const hint =
    RENAMED[name] && ctx.model.types.resolve(RENAMED[name], kinds[0]!) ? RENAMED[name] : didYouMean(name, candidates);
  // Puccini reads `tosca:` names from its built-in simple profile without an import; TOSCA 2.0 needs one (§6.7).
  const implicitTosca = ctx.grammar.id === '2_0' && /^tosca:/.test(name);
  const soft = relaxed(ctx, name) || implicitTosca;
  ctx.report({
    code: unknownCode,
    severity: soft ? 'warning' : 'error',
    span: ref.span,
    message:
      `Unknown ${label} \`${name}\` in ` +
      `${what}${suggestion(hint)}.${
        implicitTosca
          ? ' Puccini provides a `tosca:` profile without an import; TOSCA Version 2.0 §6.7 has no built-in ' +
            'profile: import one with `namespace: tosca`. (A warning, as Puccini accepts it.)'
          : soft
            ? ' (It may come from an import that could not be read, so this is a warning.)'
            : ''
      }`,
    ...(fixable ? replaceWith(hint) : {}),
  });
}

/** Checks a data type name (primitive, data type or generic notation). */
export function checkDataTypeRef(ctx: ToscaRuleContext, ref: TRef | undefined, what: string): void {
  if (!ref) return;
  const name = ref.name.trim();
  // TOSCA 2.0's built-in types (§9.1); its file types come first (a profile may define `scalar-unit.size`).
  if (ctx.grammar.builtinType(name) || (ctx.grammar.id === '2_0' && ctx.model.types.resolve(name, 'data'))) return;
  if (primitiveOf(name) && ctx.grammar.id === '2_0') {
    // A type library (the pre-standard 2.0 simple profile writes `range`) gets a warning, a service template an error.
    const profile = !ctx.model.summary.topology;
    ctx.report({
      code: 'TOSCA200',
      severity: profile ? 'warning' : 'error',
      span: ref.span,
      message:
        `\`${name}\` (in ${what}) is a TOSCA 1.x built-in type, not one of TOSCA Version 2.0 (§9.1: string, ` +
        'integer, float, boolean, bytes, nil, timestamp, scalar, version, list, map); import a profile that ' +
        'defines it.',
    });
    return;
  }
  if (primitiveOf(name)) {
    if (name.endsWith('bitrate') && ctx.minor < 3) {
      ctx.report({
        code: 'TOSCA030',
        severity: 'warning',
        span: ref.span,
        message: '`scalar-unit.bitrate` was introduced in Simple Profile 1.3; this file declares an older version.',
      });
    }
    return;
  }
  if (ctx.model.types.resolve(name, 'data')) return;
  // Unfurl (like TOSCA 2.0) has the type `any`.
  if (name === 'any' && ctx.options.dialect === 'unfurl') return;
  const g = parseGeneric(name);
  if (g) {
    if (!ctx.options.genericTypeNotation) {
      ctx.report({
        code: 'TOSCA036',
        severity: 'warning',
        span: ref.span,
        message:
          `Generic type notation \`${name}\` is a dialect extension (Cloudsoft AMP); standard TOSCA writes ` +
          (`\`type: ${g.container}\` with \`entry_schema: ${g.entry}\`. Enable the setting ` +
            `lmDescriptors.tosca.genericTypeNotation to accept it silently.`),
      });
    }
    // Where each argument starts: after the `<`, and the entry after the key.
    const lt = ref.name.indexOf('<');
    const args = [
      { inner: g.key, from: lt },
      { inner: g.entry, from: g.key ? ref.name.indexOf(g.key, lt) + g.key.length : lt },
    ];
    for (const { inner, from } of args) {
      if (inner && !primitiveOf(inner) && !ctx.model.types.resolve(inner, 'data') && !parseGeneric(inner)) {
        // Reported on the argument itself, so a "did you mean" fix replaces just that.
        const span = refPartSpan(ctx.doc.text, ref, inner, Math.max(0, from));
        reportUnresolved(
          ctx,
          { name: inner, span: span ?? ref.span },
          ['data'],
          `the generic type \`${name}\` of ${what}`,
          'TOSCA030',
          !!span,
        );
      }
    }
    return;
  }
  reportUnresolved(ctx, ref, ['data'], what);
}
