/**
 * LM006, LM008, LM021: keys and shapes checked against the grammar (model/lm/grammar.ts).
 * Unknown keys get a "did you mean" from the grammar's aliases and edit distance; legacy keys get
 * an information note rather than an error.
 */
import {
  ASSEMBLY_GRAMMAR,
  RESOURCE_GRAMMAR,
  grammarFor,
  mapSpecOf,
  PROPERTY_SPEC,
  type KeySpec,
  type ValueSpec,
} from '../../../model/lm/grammar.js';
import type { YNode, YPair } from '../../../syntax/tree.js';
import type { LmRule, LmRuleContext } from './context.js';
import { didYouMean } from '../../../util/suggest.js';
import { replaceWith } from '../../shared/fixData.js';
import { regionAt, regionFindings, regionKey } from '../../shared/regions.js';
import { isOnce } from '../../../model/document.js';

function shapeOf(n: YNode | null): 'map' | 'list' | 'scalar' | 'null' {
  if (!n) return 'null';
  const v = n.kind === 'alias' ? n.target : n;
  if (!v) return 'null';
  if (v.kind === 'map') return 'map';
  if (v.kind === 'seq') return 'list';
  return v.kind === 'scalar' && v.value === null ? 'null' : 'scalar';
}

function accepts(spec: ValueSpec, n: YNode | null): boolean {
  const s = shapeOf(n);
  switch (spec.type) {
    case 'map':
    case 'dict':
      return s === 'map' || s === 'null';
    case 'list':
      return s === 'list' || s === 'null';
    case 'oneOf':
      for (const o of spec.options) if (accepts(o, n)) return true;
      return false;
    case 'any':
      return true;
    default:
      return s === 'scalar' || s === 'null';
  }
}

function describe(spec: ValueSpec): string {
  switch (spec.type) {
    case 'map':
    case 'dict':
      return 'a mapping (`key: value` lines)';
    case 'list':
      return 'a list (`- item` lines)';
    case 'oneOf':
      return spec.options.map(describe).join(' or ');
    default:
      return 'a single value';
  }
}

const isPropertySpec = (spec: ValueSpec) => spec === PROPERTY_SPEC;

/**
 * Required keys whose absence this rule reports, with the code of the rule family they belong to.
 * Other required keys have dedicated rules (component `type`: LM040; lmproject fields: LM100).
 */
const REQUIRED_KEY_CODES: Record<string, string> = {
  'source-capabilities': 'LM060',
  'target-requirements': 'LM061',
  'source-operation': 'LM067',
};

/**
 * Runs the check of one entry of a mapping. At the top of a section the rule passes one that keeps
 * each entry's findings per region (features/shared/regions.ts): an entry's findings follow from its
 * subtree, the spec (fixed by the section's key) and the path alone, so an entry a keystroke did not
 * touch keeps them. Deeper down the check runs directly.
 */
type EntryRunner = (p: YPair, run: (ctx: LmRuleContext) => void) => void;

const REGION_FINDINGS = regionKey('lm.grammar');

function checkMap(
  ctx: LmRuleContext,
  node: YNode | null,
  spec: ValueSpec,
  /** The key the node is under ('-' for a list item); undefined at the top. Only the last one is ever read. */
  path: string | undefined,
  depth: number,
  /** Undefined: each entry checked directly (no closure per entry: the pass checks millions of them). */
  each?: EntryRunner,
): void {
  if (!node || depth > 40) return;
  const n = node.kind === 'alias' ? node.target : node;
  if (!n) return;
  switch (spec.type) {
    case 'oneOf': {
      // Loops rather than closures here and in `accepts`: per node of every descriptor in the workspace pass.
      for (const fit of spec.options)
        if (accepts(fit, n)) {
          checkMap(ctx, n, fit, path, depth, each);
          return;
        }
      return;
    }
    case 'list':
      if (n.kind === 'seq') for (const it of n.items) checkMap(ctx, it, spec.item, '-', depth + 1);
      return;
    case 'dict':
      if (n.kind !== 'map') return;
      if (each) for (const p of n.pairs) each(p, (c) => checkDictEntry(c, p, spec, path, depth));
      else for (const p of n.pairs) checkDictEntry(ctx, p, spec, path, depth);
      return;
    case 'map':
      if (n.kind !== 'map') return;
      if (each) for (const p of n.pairs) each(p, (c) => checkKey(c, p, spec, path, depth));
      else for (const p of n.pairs) checkKey(ctx, p, spec, path, depth);
      return;
    default:
      return;
  }
}

function checkDictEntry(
  ctx: LmRuleContext,
  p: YPair,
  spec: Extract<ValueSpec, { type: 'dict' }>,
  path: string | undefined,
  depth: number,
): void {
  if (p.value && !accepts(spec.entry, p.value)) {
    ctx.report({
      code: 'LM008',
      severity: 'error',
      span: p.value.span,
      message:
        `${spec.entryLabel[0]!.toUpperCase()}${spec.entryLabel.slice(1)} \`${p.key.text}\` must be ` +
        `${describe(spec.entry)}.`,
    });
    return;
  }
  checkMap(ctx, p.value, spec.entry, p.key.text, depth + 1);
  const entryMap = mapSpecOf(spec.entry);
  const body = p.value && p.value.kind === 'map' ? p.value : null;
  if (!entryMap || !body) return;
  for (const k of entryMap.keys) {
    const code = k.required ? REQUIRED_KEY_CODES[k.key] : undefined;
    if (code && !body.pairs.some((x) => x.key.text === k.key || k.aliases?.includes(x.key.text))) {
      ctx.report({
        code,
        severity: 'error',
        span: p.key.span,
        message:
          `${spec.entryLabel[0]!.toUpperCase()}${spec.entryLabel.slice(1)} \`${p.key.text}\` has no ` +
          `\`${k.key}\`: ${k.doc}`,
      });
    }
  }
}

function checkKey(
  ctx: LmRuleContext,
  p: YPair,
  spec: Extract<ValueSpec, { type: 'map' }>,
  path: string | undefined,
  depth: number,
): void {
  const key = p.key.text;
  // Loops, not `find` with a closure over `key`: once per key of every descriptor in the workspace pass.
  let exact: KeySpec | undefined;
  for (const k of spec.keys)
    if (k.key === key) {
      exact = k;
      break;
    }
  const alias = exact ? undefined : spec.keys.find((k) => k.aliases?.includes(key));
  const ks: KeySpec | undefined = exact ?? alias;
  const inProperty = isPropertySpec(spec);
  if (!ks) {
    if (spec.open) return;
    if (path === undefined && (ctx.doc.kind === 'assembly' || ctx.doc.kind === 'resource')) {
      const other = ctx.doc.kind === 'assembly' ? RESOURCE_GRAMMAR : ASSEMBLY_GRAMMAR;
      if (mapSpecOf(other)?.keys.some((k) => k.key === key)) {
        const otherKind = ctx.doc.kind === 'assembly' ? 'resource' : 'assembly';
        ctx.report({
          code: 'LM007',
          // LM ignores the section: nothing fails, the intent is lost (a warning by the severity policy).
          severity: 'warning',
          span: p.key.span,
          message:
            `\`${key}\` belongs in ${otherKind} descriptors, not in ` +
            (`${ctx.doc.kind === 'assembly' ? 'an assembly' : 'a resource'}; LM ignores it here. Move it to ` +
              `${otherKind === 'assembly' ? 'an assembly that composes this resource' : 'the resource descriptor'}.`),
        });
        return;
      }
    }
    const sugg = didYouMean(
      key,
      spec.keys.map((k) => k.key),
    );
    const where = path === undefined ? 'top-level key' : inProperty ? 'property attribute' : `key under \`${path}\``;
    const known = spec.keys.filter((k) => !k.legacy).map((k) => k.key);
    // A key near a known one is a likely slip whose setting LM silently drops: a warning. A key near
    // none is an undocumented key (descriptor generators add their own, e.g. `meta-type`), which
    // LM ignores and nothing fails on: information (see "Severity policy" in docs/diagnostic-codes.md).
    ctx.report({
      code: inProperty ? 'LM021' : 'LM006',
      severity: sugg ? 'warning' : 'information',
      span: p.key.span,
      message: sugg
        ? `Unknown ${where} \`${key}\`. Did you mean \`${sugg}\`? LM ignores keys it does not know.`
        : `Undocumented ${where} \`${key}\`: LM ignores keys it does not know (expected one of: ` +
          `${known.slice(0, 12).join(', ')}${known.length > 12 ? ', …' : ''}).`,
      ...replaceWith(sugg),
    });
    return;
  }
  if (alias) {
    ctx.report({
      code: inProperty ? 'LM021' : 'LM006',
      severity: 'warning',
      span: p.key.span,
      message: `\`${key}\` is not the spelling LM reads: write \`${alias.key}\`. Until then the setting is ignored.`,
      ...replaceWith(alias.key),
    });
  }
  if (p.value && !accepts(ks.value, p.value)) {
    ctx.report({
      code: 'LM008',
      severity: 'error',
      span: p.value.span,
      message: `\`${ks.key}\` must be ${describe(ks.value)}.`,
    });
    return;
  }
  // The entries of a top-level section are regions: their findings are kept per region (not for a model checked
  // once: nothing would take them over, and each entry is checked directly, as in a region without a store).
  const each: EntryRunner | undefined =
    depth === 0 && p.value?.kind === 'map' && !p.value.flow && !isOnce(ctx.doc)
      ? (entry, run) => {
          const region = regionAt(ctx.doc, entry.key.span.start);
          if (!region) return run(ctx);
          regionFindings(ctx.doc, REGION_FINDINGS, region, ctx.doc.kind, ctx.report, (report) =>
            run({ ...ctx, report }),
          );
        }
      : undefined;
  checkMap(ctx, p.value, ks.value, ks.key, depth + 1, each);
}

export const grammarRule: LmRule = {
  codes: ['LM006', 'LM007', 'LM008', 'LM021'],
  kinds: ['assembly', 'resource', 'assembly-template', 'lmproject'],
  check(ctx) {
    const g = grammarFor(ctx.doc.kind);
    if (!g || !ctx.doc.root) return;
    if (ctx.doc.root.kind !== 'map') {
      ctx.report({
        code: 'LM008',
        severity: 'error',
        span: ctx.doc.root.span,
        message: `A ${ctx.doc.kind} file must be a mapping of keys such as ${mapSpecOf(g)
          ?.keys.slice(0, 4)
          .map((k) => `\`${k.key}\``)
          .join(', ')}.`,
      });
      return;
    }
    checkMap(ctx, ctx.doc.root, g, undefined, 0);
  },
};
