/**
 * Summaries of lmctl behaviour files (lmctl "Projects" › Behaviour; Stratoss LM "Behaviour Testing"):
 * assembly configurations (`Behaviour/Configurations/*.json`, older `Behaviour/Templates/*.json`)
 * and scenarios (`Behaviour/Tests/*.json`, `Behaviour/Runtime/*.json`). They are JSON, which the
 * YAML parser reads with exact spans. Spans of string values exclude the quotes.
 */
import type { Span } from '../../syntax/positions.js';
import { asMap, asScalar, asSeq, get, type YNode, type YScalar } from '../../syntax/tree.js';

/** A string value and the span of its text inside the quotes. */
export interface NamedValue {
  text: string;
  span: Span;
}

/** A key of `properties`: its name (span inside the quotes) and the span of the whole entry. */
export interface BehaviourKey extends NamedValue {
  entry: Span;
}

export interface BehaviourSummary {
  kind: 'behaviour';
  /** A configuration (`descriptorName`, `properties`) or a scenario (`stages`, `assemblyActors`). */
  role: 'configuration' | 'scenario';
  name?: NamedValue;
  /** `descriptorName` of a configuration: a descriptor name or an `$lmctl:/` path. */
  descriptorName?: NamedValue;
  /** Keys of a configuration's `properties`. */
  properties: BehaviourKey[];
  /** Configuration names a scenario's actors use (`assemblyConfigurationRef`, `baseConfigurationRef`...). */
  configurationRefs: NamedValue[];
}

/** Keys of a scenario actor that name an assembly configuration of the project (lmctl's scenario mutators). */
export const CONFIGURATION_REF_KEYS = ['assemblyConfigurationRef', 'baseConfigurationRef', 'assemblyDefinitionName'];

/** The text span of a scalar without its quotes (exact when the string has no escapes). */
export function innerSpan(s: YScalar): Span {
  const quoted = s.style === 'double' || s.style === 'single';
  return quoted && s.span.end - s.span.start >= 2 ? { start: s.span.start + 1, end: s.span.end - 1 } : s.span;
}

function named(n: YNode | null): NamedValue | undefined {
  const s = asScalar(n);
  if (!s || typeof s.value !== 'string') return undefined;
  return { text: s.value, span: innerSpan(s) };
}

export function summariseBehaviour(root: YNode | null): BehaviourSummary {
  const m = asMap(root);
  const scenario = !!m && (get(m, 'stages') !== null || get(m, 'assemblyActors') !== null);
  const s: BehaviourSummary = {
    kind: 'behaviour',
    role: scenario ? 'scenario' : 'configuration',
    properties: [],
    configurationRefs: [],
  };
  const name = named(get(m, 'name'));
  if (name) s.name = name;
  if (!scenario) {
    const dn = named(get(m, 'descriptorName'));
    if (dn) s.descriptorName = dn;
    for (const p of asMap(get(m, 'properties'))?.pairs ?? []) {
      const end = p.value ? p.value.span.end : p.key.span.end;
      s.properties.push({ text: p.key.text, span: innerSpan(p.key), entry: { start: p.key.span.start, end } });
    }
  }
  for (const actor of asSeq(get(m, 'assemblyActors'))?.items ?? []) {
    const a = asMap(actor);
    for (const key of CONFIGURATION_REF_KEYS) {
      const ref = named(get(a, key));
      if (ref) s.configurationRefs.push(ref);
    }
  }
  return s;
}
