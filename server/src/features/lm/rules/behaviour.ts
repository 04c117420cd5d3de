/**
 * LM111-LM116: what lmctl behaviour files name (lmctl "Projects" › Behaviour; Stratoss LM "Behaviour
 * Testing" › assembly configurations and scenarios). lmctl pushes each (sub)project's configurations
 * and scenarios into one behaviour project, known there by `name`; a configuration's `descriptorName`
 * (a name, or an `$lmctl:/` path lmctl resolves when it stages the project) must designate the
 * descriptor its `properties` are set on, and a scenario's actors name configurations of that project.
 * A name the workspace does not hold may still exist in the orchestrator, so those are warnings.
 */
import { topLevelProperties, type DescriptorSummary } from '../../../model/lm/summary.js';
import { asMap, asScalar, get, getPair } from '../../../syntax/tree.js';
import { didYouMean, suggestion } from '../../../util/suggest.js';
import { configurationDescriptor, configurationsNamed, projectEntries } from '../behaviour/files.js';
import type { BehaviourSummary } from '../../../model/lm/behaviour.js';
import { literalProblem } from './properties.js';
import type { LmRule, LmRuleContext } from './context.js';

const DOCS = 'lmctl "Projects" › Behaviour';

function checkDescriptor(ctx: LmRuleContext, s: BehaviourSummary): DescriptorSummary | undefined {
  const dn = s.descriptorName;
  const root = asMap(ctx.doc.root);
  if (!dn) {
    // lmctl still fills the deprecated `descriptorNameRef: $lmctl.descriptor_name` in (its staging mutator).
    const ref = asScalar(get(root, 'descriptorNameRef'));
    if (ref?.value === '$lmctl.descriptor_name') {
      ctx.report({
        code: 'LM116',
        severity: 'information',
        span: ref.span,
        message:
          'Deprecated: lmctl replaces `descriptorNameRef: "$lmctl.descriptor_name"` with this project\'s descriptor ' +
          `name when it stages the project. Write \`"descriptorName": "$lmctl:/descriptor_name"\` instead (${DOCS}).`,
      });
      return undefined;
    }
    if (!root) return undefined;
    ctx.report({
      code: 'LM111',
      severity: 'warning',
      span: (root.pairs[0]?.key ?? root).span,
      message:
        'This assembly configuration has no `descriptorName`: LM needs the descriptor it configures. Add ' +
        `\`"descriptorName": "$lmctl:/descriptor_name"\` for this project's own descriptor (${DOCS}).`,
    });
    return undefined;
  }
  const r = configurationDescriptor(ctx.feature, ctx.doc.path, s)!;
  if (r.lmctlError) {
    ctx.report({
      code: 'LM111',
      severity: 'error',
      span: dn.span,
      message:
        `lmctl cannot resolve \`${dn.text}\`: ${r.lmctlError}. It then pushes the path as it is and LM finds no ` +
        `such descriptor; write \`$lmctl:/contains:/<subproject>:/descriptor_name\` with names from lmproject.yml ` +
        `(${DOCS}).`,
    });
    return undefined;
  }
  if (!r.targets.length) {
    const close = didYouMean(r.name ?? dn.text, ctx.feature.index.descriptorNames());
    ctx.report({
      code: 'LM111',
      severity: 'warning',
      span: dn.span,
      message:
        `No descriptor \`${r.name ?? dn.text}\` in the workspace${suggestion(close)}: the ` +
        'configuration only works if LM already has it. Name a descriptor of the workspace or use an ' +
        `\`$lmctl:/\` path (${DOCS}).`,
    });
    return undefined;
  }
  return r.targets.length === 1 ? r.targets[0]!.summary : undefined;
}

function checkProperties(ctx: LmRuleContext, d: DescriptorSummary, descriptorName: string): void {
  const declared = topLevelProperties(d);
  for (const p of asMap(get(asMap(ctx.doc.root), 'properties'))?.pairs ?? []) {
    const decl = declared.find((x) => x.name === p.key.text);
    if (!decl) {
      const close = didYouMean(
        p.key.text,
        declared.map((x) => x.name),
      );
      ctx.report({
        code: 'LM112',
        severity: 'warning',
        span: p.key.span,
        message:
          `\`${descriptorName}\` has no property \`${p.key.text}\`` +
          `${suggestion(close)}: LM only applies properties the descriptor declares. ` +
          `Declare it in the descriptor's \`properties\` or remove it here (${DOCS}).`,
      });
      continue;
    }
    const problem = decl.type ? literalProblem(decl.type, p.value) : undefined;
    if (problem && p.value)
      ctx.report({
        code: 'LM113',
        severity: 'warning',
        span: p.value.span,
        message:
          `${problem}, but \`${decl.name}\` of \`${descriptorName}\` is a \`${decl.type}\`: write a value of that ` +
          'type (Stratoss LM "Assembly descriptors" › property types).',
      });
  }
}

function checkNames(ctx: LmRuleContext, s: BehaviourSummary): void {
  const what = s.role === 'configuration' ? 'assembly configuration' : 'scenario';
  const root = asMap(ctx.doc.root);
  if (!s.name) {
    // A name that is there but not a string (a number) still names the file for lmctl.
    if (root && !getPair(root, 'name'))
      ctx.report({
        code: 'LM115',
        severity: 'error',
        span: (getPair(root, 'name')?.key ?? root.pairs[0]?.key ?? root).span,
        message: `This ${what} has no \`name\`: lmctl pushes ${what}s by name and stops without one. Add a \`name\`.`,
      });
    return;
  }
  const name = s.name.text;
  const same = projectEntries(ctx.feature, ctx.doc.path).filter(
    (f) => f.path !== ctx.doc.path && f.summary.role === s.role && f.summary.name?.text === name,
  );
  if (same.length)
    ctx.report({
      code: 'LM115',
      severity: 'error',
      span: s.name.span,
      message:
        `Another ${what} of this project is named \`${name}\` ` +
        `(${same.map((f) => basename(f.path)).join(', ')}): lmctl pushes them by name, so one replaces ` +
        `the other in LM. Give each a name of its own (${DOCS}).`,
    });
}

function checkActors(ctx: LmRuleContext, s: BehaviourSummary): void {
  if (!s.configurationRefs.length) return;
  const known = configurationsNamed(ctx.feature, ctx.doc.path).map((f) => f.summary.name!.text);
  const names = known.length ? `one of ${known.map((k) => `\`${k}\``).join(', ')}` : 'a configuration of the project';
  for (const ref of s.configurationRefs) {
    if (known.includes(ref.text)) continue;
    const close = didYouMean(ref.text, known);
    ctx.report({
      code: 'LM114',
      severity: 'warning',
      span: ref.span,
      message:
        `No assembly configuration \`${ref.text}\` in this project's \`Behaviour/Configurations\`` +
        `${suggestion(close)}: lmctl swaps the name for the id of the configuration it ` +
        `pushed, and passes it unchanged when there is none. Name ${names} (${DOCS}).`,
    });
  }
}

const basename = (p: string) => p.slice(p.lastIndexOf('/') + 1);

export const behaviourRule: LmRule = {
  codes: ['LM111', 'LM112', 'LM113', 'LM114', 'LM115', 'LM116'],
  kinds: ['behaviour'],
  crossFile: true,
  check(ctx) {
    const s = ctx.doc.summary.kind === 'behaviour' ? ctx.doc.summary : undefined;
    if (!s || !asMap(ctx.doc.root)) return;
    checkNames(ctx, s);
    if (s.role === 'scenario') {
      checkActors(ctx, s);
      return;
    }
    const d = checkDescriptor(ctx, s);
    if (d) checkProperties(ctx, d, configurationDescriptor(ctx.feature, ctx.doc.path, s)!.name ?? '');
  },
};
