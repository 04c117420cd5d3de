/**
 * The members (properties, attributes, capabilities, requirements) of the node types a file
 * declares, following `derived_from` inside the file: enough to read `[SELF, name, …]` arguments
 * of 1.x functions without the type model. Types from other files come from the caller's lookup.
 */
import { asMap, asScalar, entries, getPair, type YMap } from '../../../syntax/tree.js';
import type { MemberKind } from './functions.js';

export interface LocalMembers {
  member(type: string, name: string): MemberKind | undefined;
  /** Every capability name a node type of the file declares (node filters tell names from types by it). */
  capabilityNames: ReadonlySet<string>;
}

/** 1.x processors read `[entity, name, …]` as a requirement or capability first, then as a property path. */
const SECTIONS: [string, MemberKind][] = [
  ['capabilities', 'capability'],
  ['requirements', 'requirement'],
  ['properties', 'property'],
  ['attributes', 'attribute'],
];

export function localMembers(root: YMap): LocalMembers {
  const types = new Map<string, { parent?: string; members: Map<string, MemberKind> }>();
  const capabilityNames = new Set<string>();
  for (const t of asMap(getPair(root, 'node_types')?.value)?.pairs ?? []) {
    const body = asMap(t.value);
    const members = new Map<string, MemberKind>();
    for (const [section, kind] of SECTIONS) {
      for (const p of entries(getPair(body, section)?.value)) {
        if (!members.has(p.key.text)) members.set(p.key.text, kind);
        if (kind === 'capability') capabilityNames.add(p.key.text);
      }
    }
    const parent = asScalar(getPair(body, 'derived_from')?.value)?.text;
    types.set(t.key.text, parent ? { parent, members } : { members });
  }
  return {
    capabilityNames,
    member(type, name) {
      const seen = new Set<string>();
      let cur: string | undefined = type;
      while (cur && !seen.has(cur)) {
        seen.add(cur);
        const t = types.get(cur);
        if (!t) return undefined;
        const k = t.members.get(name);
        if (k) return k;
        cur = t.parent;
      }
      return undefined;
    },
  };
}
