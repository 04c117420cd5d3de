/**
 * What the cursor is on in a behaviour file: the configuration's `descriptorName`, a key of its
 * `properties` (a property of that descriptor), a scenario actor's configuration name, or the
 * file's own `name` (a configuration other files name).
 */
import type { DescriptorEntry, TypeResolution } from '../../../index/workspace.js';
import type { BehaviourSummary } from '../../../model/lm/behaviour.js';
import { topLevelProperties, type PropertyDecl } from '../../../model/lm/summary.js';
import type { Span } from '../../../syntax/positions.js';
import type { FeatureContext } from '../../types.js';
import { configurationDescriptor, configurationsNamed, type BehaviourEntry } from './files.js';

export type BehaviourTarget =
  | { kind: 'descriptor'; span: Span; text: string; resolution: TypeResolution }
  | { kind: 'property'; span: Span; name: string; descriptor?: DescriptorEntry; decl?: PropertyDecl }
  | { kind: 'configuration'; span: Span; name: string; configurations: BehaviourEntry[]; declaration: boolean };

const within = (s: Span, offset: number) => offset >= s.start && offset <= s.end;

/** The single workspace descriptor a configuration designates, if exactly one. */
export function configuredDescriptor(ctx: FeatureContext, s: BehaviourSummary): DescriptorEntry | undefined {
  const r = configurationDescriptor(ctx, ctx.doc.path, s);
  return r?.targets.length === 1 ? r.targets[0] : undefined;
}

export function behaviourTargetAt(ctx: FeatureContext, offset: number): BehaviourTarget | undefined {
  const s = ctx.doc.summary;
  if (s.kind !== 'behaviour') return undefined;
  const dn = s.descriptorName;
  if (dn && within(dn.span, offset))
    return {
      kind: 'descriptor',
      span: dn.span,
      text: dn.text,
      resolution: configurationDescriptor(ctx, ctx.doc.path, s)!,
    };
  const key = s.properties.find((k) => within(k.span, offset));
  if (key) {
    const descriptor = configuredDescriptor(ctx, s);
    const decl = descriptor && topLevelProperties(descriptor.summary).find((p) => p.name === key.text);
    return {
      kind: 'property',
      span: key.span,
      name: key.text,
      ...(descriptor ? { descriptor } : {}),
      ...(decl ? { decl } : {}),
    };
  }
  const ref = s.configurationRefs.find((r) => within(r.span, offset));
  if (ref)
    return {
      kind: 'configuration',
      span: ref.span,
      name: ref.text,
      configurations: configurationsNamed(ctx, ctx.doc.path, ref.text),
      declaration: false,
    };
  if (s.role === 'configuration' && s.name && within(s.name.span, offset))
    return {
      kind: 'configuration',
      span: s.name.span,
      name: s.name.text,
      configurations: configurationsNamed(ctx, ctx.doc.path, s.name.text),
      declaration: true,
    };
  return undefined;
}
