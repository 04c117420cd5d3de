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
import { asMap, asScalar, get, getPair } from '../../../syntax/tree.js';
import { headComponent, memberDecls, type DottedItem } from '../dotted.js';
import type { LmRule, LmRuleContext } from './context.js';
import { didYouMean } from '../../../util/suggest.js';
import { replaceWith, withFixes } from '../../shared/fixData.js';

function enumCheck(
  ctx: LmRuleContext,
  relName: string,
  key: string,
  allowed: readonly string[],
  code: string,
  required: boolean,
) {
  const rel = asMap(get(asMap(get(asMap(ctx.doc.root), 'relationships')), relName));
  const pair = getPair(rel, key);
  if (!pair) {
    if (required) {
      const relKey = asMap(get(asMap(ctx.doc.root), 'relationships'))!.pairs.find((p) => p.key.text === relName)!.key;
      ctx.report({
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
    ctx.report({
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

function checkItem(ctx: LmRuleContext, item: DottedItem) {
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
    ctx.report({
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
    ctx.report({
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
    ctx.report({
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
    ctx.report({
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
    ctx.report({
      code: 'LM070',
      severity: 'warning',
      span: item.memberSpan ?? item.node.span,
      message: `\`${item.member}\` is not a metric of \`${descName}\`.${hint}`,
      ...replaceWith(sugg),
    });
    return;
  }
  const kind = t.descriptor.kind === 'assembly' ? 'published operation (under `operations`)' : 'operation';
  ctx.report({
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
    for (const rp of asMap(get(root, 'relationships'))?.pairs ?? []) {
      const name = rp.key.text;
      enumCheck(ctx, name, 'source-state', RELATIONSHIP_STATES, 'LM063', true);
      enumCheck(ctx, name, 'target-state', RELATIONSHIP_STATES, 'LM063', true);
      enumCheck(ctx, name, 'source-state-modifier', STATE_MODIFIERS, 'LM064', false);
      enumCheck(ctx, name, 'target-state-modifier', STATE_MODIFIERS, 'LM064', false);
      for (const tp of asMap(get(asMap(rp.value), 'lifecycle'))?.pairs ?? []) {
        if (!(RELATIONSHIP_TRANSITIONS as readonly string[]).includes(tp.key.text)) {
          const sugg = RELATIONSHIP_TRANSITIONS.find((t) => t.toLowerCase() === tp.key.text.toLowerCase());
          ctx.report({
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
    for (const item of ctx.dotted()) {
      if (
        item.relationship !== undefined &&
        item.where === 'lifecycle' &&
        !(RELATIONSHIP_TRANSITIONS as readonly string[]).includes(item.transition ?? '')
      )
        continue;
      checkItem(ctx, item);
    }
  },
};
