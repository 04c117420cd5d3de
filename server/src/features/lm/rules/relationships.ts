/**
 * LM060-LM067: relationships (components, capabilities, requirements, states, modifiers,
 * lifecycle operations) and published operations.
 */
import {
  MULTIPLE_INSTANCES,
  RELATIONSHIP_STATES,
  RELATIONSHIP_TRANSITIONS,
  STATE_MODIFIERS,
} from '../../../model/lm/vocabulary.js';
import { asMap, asScalar, get, getPair, type YMap, type YScalar } from '../../../syntax/tree.js';
import { carried, memoKey } from '../../../model/document.js';
import { headComponent, memberDecls, type DottedItem } from '../dotted.js';
import type { LmRule, LmRuleContext } from './context.js';
import { didYouMean } from '../../../util/suggest.js';
import { replaceWith, withFixes } from '../../shared/fixData.js';
import { entryFindings, regionContaining, regionFindings, regionKey } from '../../shared/regions.js';
import type { Finding } from '../../shared/rule.js';

const SHAPE_FINDINGS = regionKey('lm.relationshipShapeFindings');
const ITEM_FINDINGS = regionKey('lm.relationshipItemFindings');

/**
 * One enumerated key of a relationship. `rel` is the last entry of that name (the one a YAML loader keeps) and
 * `relKey` the key of the first (where a missing key is reported); both are the entry itself when names are unique.
 */
function enumCheck(
  rel: YMap | null,
  relKey: YScalar,
  relName: string,
  key: string,
  allowed: readonly string[],
  code: string,
  required: boolean,
  report: (f: Finding) => void,
) {
  const pair = getPair(rel, key);
  if (!pair) {
    if (required) {
      report({
        code,
        severity: 'warning',
        span: relKey.span,
        message:
          `Relationship \`${relName}\` has no \`${key}\`: add one of ${allowed.join(', ')} so LM knows when ` +
          `to create it.`,
      });
    }
    return;
  }
  const s = asScalar(pair.value);
  const v = s && s.value !== null ? s.text : undefined;
  if (v === undefined || !allowed.includes(v)) {
    const sugg = v ? (allowed.find((a) => a.toLowerCase() === v.toLowerCase()) ?? didYouMean(v, allowed)) : undefined;
    report({
      code,
      severity: 'error',
      span: (s ?? pair.key).span,
      message:
        `\`${key}\` must be one of ` +
        `${allowed
          .map((a) => `\`${a}\``)
          .join(', ' + '')}${v !== undefined ? `, not \`${v}\`` : ''}.${sugg ? ` Did you mean \`${sugg}\`?` : ''}`,
      ...replaceWith(sugg && s ? sugg : undefined),
    });
  }
}

function checkItem(ctx: LmRuleContext, item: DottedItem, report: (f: Finding) => void) {
  const { summary } = ctx;
  if (item.head.trim() === '') return; // Nothing typed before the dot yet.
  // Policy metrics are LM069's (metricsPolicies.ts); they are dotted items for navigation only.
  if (item.where === 'metric') return;
  const comps = summary.components;
  const headIsComponent = comps.some((c) => c.name === item.head);
  const isPrefix = (item.head === 'source' || item.head === 'target') && item.where === 'lifecycle';
  if (!headIsComponent && !isPrefix) {
    const sugg = didYouMean(
      item.head,
      comps.map((c) => c.name),
    );
    const code =
      item.where === 'source-capabilities'
        ? 'LM060'
        : item.where === 'target-requirements'
          ? 'LM061'
          : item.where === 'lifecycle'
            ? 'LM066'
            : item.where === 'source-operation'
              ? 'LM067'
              : 'LM070';
    report({
      code,
      // The component list is in this file, so an unknown component is certain to fail (every `where`).
      severity: 'error',
      span: item.headSpan,
      message:
        `\`${item.head}\` is not a component or reference of this ` +
        `assembly${
          item.where === 'lifecycle' ? ' (nor ' + '`source`/`target`)' : ''
        }.${sugg ? ` Did you mean \`${sugg}\`?` : ''}`,
      ...replaceWith(sugg),
    });
    return;
  }
  const comp = comps.find((c) => c.name === item.head);
  if (item.where === 'target-requirements' && comp?.section === 'references') {
    report({
      code: 'LM061',
      severity: 'error',
      span: item.headSpan,
      message:
        `\`${item.head}\` is a reference; references can only be relationship sources. Use a composition ` +
        `component as the target.`,
    });
    return;
  }
  if (item.member === undefined) {
    // A bare reference name is allowed.
    if (item.where === 'source-capabilities' && comp?.section === 'references') return;
    const code =
      item.where === 'source-capabilities'
        ? 'LM060'
        : item.where === 'target-requirements'
          ? 'LM061'
          : item.where === 'lifecycle'
            ? 'LM066'
            : 'LM067';
    const what = item.role === 'operation' ? 'operation' : item.role;
    report({
      code,
      severity: 'error',
      span: item.node.span,
      message: `Write \`${item.head}.<${what}>\`: the ${what} of \`${item.head}\` is missing.`,
    });
    return;
  }
  // `balancer.` is being typed: no finding about an empty name; completion offers the members.
  if (item.member.trim() === '') return;
  const t = headComponent(ctx.feature, summary, ctx.doc.root, item);
  if (!t?.descriptor) return; // Unknown descriptor: it may be in the catalog, so nothing to check.
  const decls = memberDecls(t, item.role);
  if (decls.some((d) => d.name === item.member)) return;
  const descName = ctx.feature.index.effectiveName(t.descriptor.path) ?? t.descriptor.path;
  const sugg = didYouMean(
    item.member,
    decls.map((d) => d.name),
  );
  const hint = sugg
    ? ` Did you mean \`${sugg}\`?`
    : decls.length
      ? ` It declares: ${decls
          .map((d) => d.name)
          .slice(0, 8)
          .join(', ')}.`
      : '';
  if (item.role === 'capability' || item.role === 'requirement') {
    // Real descriptors often omit capabilities/requirements although relationships name them, and LM does not match
    // them at deploy time: never an error (a hint when the descriptor declares none at all).
    const none = decls.length === 0;
    const section = item.role === 'capability' ? 'capabilities' : 'requirements';
    const mirror = item.role === 'capability' ? 'requirement' : 'capability';
    const otherSide = memberDecls(t, mirror).some((x) => x.name === item.member);
    report({
      code: 'LM062',
      severity: none ? 'hint' : 'warning',
      span: item.memberSpan ?? item.node.span,
      message: otherSide
        ? `\`${item.member}\` is declared by \`${descName}\` as a ${mirror}, not a ${item.role}: ` +
          `\`${item.where}\` names ${section} of the relationship's ` +
          `${item.role === 'capability' ? 'source' : 'target'}.${sugg ? ` Did you mean \`${sugg}\`?` : ''}`
        : none
          ? `\`${descName}\` declares no ${section}, so \`${item.member}\` cannot be checked. Declaring ` +
            `\`${section}: {${item.member}: {type: ...}}\` there documents the contract.`
          : `\`${item.member}\` is not a ${item.role} of \`${descName}\`.${hint}`,
      ...withFixes(
        sugg !== undefined ? { fix: 'replace', replaceWith: sugg } : undefined,
        t.descriptor.path !== ctx.doc.path
          ? { fix: 'declare-member', path: t.descriptor.path, section, name: item.member }
          : undefined,
      ),
    });
    return;
  }
  if (item.role === 'metric') {
    report({
      code: 'LM070',
      severity: 'warning',
      span: item.memberSpan ?? item.node.span,
      message: `\`${item.member}\` is not a metric of \`${descName}\`.${hint}`,
      ...replaceWith(sugg),
    });
    return;
  }
  const kind = t.descriptor.kind === 'assembly' ? 'published operation (under `operations`)' : 'operation';
  report({
    code: item.where === 'source-operation' ? 'LM067' : 'LM066',
    // Judged against another descriptor: the orchestrator's catalog may hold a different copy under the same name
    // (when that descriptor is not pushed with this one), so a warning like LM032 and LM062.
    severity: 'warning',
    span: item.memberSpan ?? item.node.span,
    message:
      `\`${item.member}\` is not a${kind.startsWith('o') ? 'n' : ''} ${kind} of ` +
      `\`${descName}\`.${hint || ' Declare it there, or call an existing one.'}`,
    ...replaceWith(sugg),
  });
}

export const relationshipsRule: LmRule = {
  codes: ['LM060', 'LM061', 'LM062', 'LM063', 'LM064', 'LM065', 'LM066', 'LM067', 'LM070'],
  kinds: ['assembly'],
  crossFile: true,
  check(ctx) {
    const root = asMap(ctx.doc.root);
    const rels = asMap(get(root, 'relationships'));
    const inputs = carryInputs(ctx, rels);
    for (const rp of rels?.pairs ?? []) {
      const name = rp.key.text;
      // With unique names (the only case carried over) the entry is both the last and the first of its name.
      const last = inputs !== undefined ? rp : getPair(rels, name)!;
      const first = inputs !== undefined ? rp : rels!.pairs.find((p) => p.key.text === name)!;
      const shape = (report: (f: Finding) => void) =>
        checkShape(asMap(last.value), first.key, asMap(rp.value), name, report);
      // The shape follows from the entry's text alone: no inputs beyond it, where names are unique.
      entryFindings(ctx.doc, SHAPE_FINDINGS, rp, inputs !== undefined ? '' : undefined, ctx.report, shape);
    }
    for (const op of asMap(get(root, 'operations'))?.pairs ?? []) {
      const mi = asScalar(get(asMap(op.value), 'multiple-instances'));
      if (mi && !(MULTIPLE_INSTANCES as readonly string[]).includes(mi.text)) {
        ctx.report({
          code: 'LM067',
          severity: 'error',
          span: mi.span,
          message: `\`multiple-instances\` must be \`every\` (default), \`any\` or \`first\`, not \`${mi.text}\`.`,
        });
      }
    }
    const items = ctx.dotted();
    for (let i = 0; i < items.length;) {
      // The items of one region are consecutive (collected entry by entry, and without anchors each lies in its own
      // entry): their findings follow from the region's text and `inputs`, so they are kept per region.
      const region = inputs !== undefined ? regionContaining(ctx.doc, items[i]!.node.span.start) : undefined;
      let j = i + 1;
      if (region)
        while (j < items.length && items[j]!.node.span.start >= region.start && items[j]!.node.span.start < region.end)
          j++;
      const from = i;
      const run = (report: (f: Finding) => void) => {
        for (let k = from; k < j; k++) checkListed(ctx, items[k]!, report);
      };
      if (region) regionFindings(ctx.doc, ITEM_FINDINGS, region, inputs!, ctx.report, run);
      else run(ctx.report);
      i = j;
    }
  },
};

/** LM063-LM065 for one relationship entry: its states and modifiers (of `rel`, see enumCheck), its transitions. */
function checkShape(
  rel: YMap | null,
  relKey: YScalar,
  own: YMap | null,
  name: string,
  report: (f: Finding) => void,
): void {
  enumCheck(rel, relKey, name, 'source-state', RELATIONSHIP_STATES, 'LM063', true, report);
  enumCheck(rel, relKey, name, 'target-state', RELATIONSHIP_STATES, 'LM063', true, report);
  enumCheck(rel, relKey, name, 'source-state-modifier', STATE_MODIFIERS, 'LM064', false, report);
  enumCheck(rel, relKey, name, 'target-state-modifier', STATE_MODIFIERS, 'LM064', false, report);
  for (const tp of asMap(get(own, 'lifecycle'))?.pairs ?? []) {
    if (!(RELATIONSHIP_TRANSITIONS as readonly string[]).includes(tp.key.text)) {
      const sugg = RELATIONSHIP_TRANSITIONS.find((t) => t.toLowerCase() === tp.key.text.toLowerCase());
      report({
        code: 'LM065',
        severity: 'error',
        span: tp.key.span,
        message:
          `Relationship lifecycles only have \`Create\` and \`Cease\`, not ` +
          `\`${tp.key.text}\`.${sugg ? ` Did you mean \`${sugg}\`?` : ''}`,
        ...replaceWith(sugg),
      });
    }
  }
}

/** An item, unless it is a lifecycle operation under a transition LM065 already reports. */
function checkListed(ctx: LmRuleContext, item: DottedItem, report: (f: Finding) => void): void {
  if (
    item.relationship !== undefined &&
    item.where === 'lifecycle' &&
    !(RELATIONSHIP_TRANSITIONS as readonly string[]).includes(item.transition ?? '')
  )
    return;
  checkItem(ctx, item, report);
}

/** What an item's findings read besides its region, once per version and run (see `carryInputs`). */
interface CarryInputs {
  /** Each component's section, name and type, in order. */
  components: string;
  generation: number;
  inputs: string;
}

const CARRY = memoKey<CarryInputs | null>('lm.relationshipCarry');

/**
 * The string the per-region findings are kept under, or undefined when they are not kept. An item's findings read,
 * besides its region's text: the components' names and sections (unknown heads and their did-you-mean), each
 * component's type and what it resolves to (the index's resolution generation covers the target's declarations and
 * name, and this file itself when a component resolves to it). Not kept when relationship names repeat (an item's
 * `source` / `target` and the state checks then read another entry) or the text may hold anchors (an alias's item
 * lies in another entry). The same components reuse the previous version's string, so regions compare by identity.
 */
function carryInputs(ctx: LmRuleContext, rels: YMap | null): string | undefined {
  const doc = ctx.doc;
  const c = carried(doc, CARRY, (previous) => {
    if (doc.text.includes('&') || !uniqueKeys(rels)) return null;
    let components = '';
    for (const x of ctx.summary.components) components += `${x.section}\u0002${x.name}\u0002${x.type ?? ''}\u0001`;
    return previous && previous.components === components
      ? { components: previous.components, generation: previous.generation, inputs: previous.inputs }
      : { components, generation: -1, inputs: '' };
  });
  if (!c) return undefined;
  const generation = ctx.feature.index.resolutionGeneration;
  if (c.generation !== generation) {
    c.generation = generation;
    c.inputs = `${generation}\u0000${c.components}`;
  }
  return c.inputs;
}

function uniqueKeys(map: YMap | null): boolean {
  const pairs = map?.pairs ?? [];
  // A few dozen entries are compared pairwise (no Set per version); more through a Set, so a large list stays linear.
  if (pairs.length > 32) return new Set(pairs.map((p) => p.key.text)).size === pairs.length;
  for (let i = 1; i < pairs.length; i++) {
    const k = pairs[i]!.key.text;
    for (let j = 0; j < i; j++) if (pairs[j]!.key.text === k) return false;
  }
  return true;
}
