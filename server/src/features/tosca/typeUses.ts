/**
 * Every place a TOSCA file's summary names a type, with the kinds the grammar allows there (the
 * same table as `refs.ts`, read off the summary instead of the tree): `derived_from`, template and
 * definition `type`, `entry_schema` / `key_schema`, requirement `capability` / `node` /
 * `relationship`, `valid_source_types`, `valid_target_types`, group `members`, policy `targets`,
 * `substitution_mappings.node_type`. Summaries are in the index for every file, so other files'
 * uses are found without parsing them.
 */
import { memoKey } from '../../model/document.js';
import type { TypeKind } from '../../model/tosca/catalog/index.js';
import type { TPropertyDef, TRef, TSchema, TTypeDecl, ToscaSummary } from '../../model/tosca/summary.js';
import type { WorkspaceContext } from '../types.js';

export interface TypeUse {
  ref: TRef;
  kinds: readonly TypeKind[];
  role?: 'template' | 'subtype';
  /**
   * Requirement assignment targets name a template of the file first (`node`, `relationship`), or
   * a capability of the target node (`capability`, with the target template's name).
   */
  target?: { of: 'node' | 'relationship' } | { of: 'capability'; node?: string };
}

const DATA: readonly TypeKind[] = ['data'];

function schemaUses(s: TSchema | undefined, out: TypeUse[]): void {
  for (let x = s; x; x = x.entrySchema) {
    if (x.type) out.push({ ref: x.type, kinds: DATA });
    schemaUses(x.keySchema, out);
  }
}

function propertyUses(defs: readonly TPropertyDef[], out: TypeUse[]): void {
  for (const p of defs) {
    if (p.type) out.push({ ref: p.type, kinds: DATA });
    schemaUses(p.entrySchema, out);
    schemaUses(p.keySchema, out);
  }
}

function each(refs: readonly TRef[] | undefined, kinds: readonly TypeKind[], out: TypeUse[]): void {
  for (const r of refs ?? []) out.push({ ref: r, kinds });
}

function one(ref: TRef | undefined, kinds: readonly TypeKind[], out: TypeUse[]): void {
  if (ref) out.push({ ref, kinds });
}

function declUses(d: TTypeDecl, out: TypeUse[]): void {
  if (d.derivedFrom) out.push({ ref: d.derivedFrom, kinds: [d.kind], role: 'subtype' });
  propertyUses(d.properties, out);
  propertyUses(d.attributes, out);
  for (const c of d.capabilities) {
    one(c.type, ['capability'], out);
    each(c.validSourceTypes, ['node'], out);
    propertyUses(c.properties, out);
    propertyUses(c.attributes, out);
  }
  for (const r of d.requirements) {
    one(r.capability, ['capability'], out);
    one(r.node, ['node'], out);
    one(r.relationship, ['relationship'], out);
  }
  for (const i of d.interfaces) {
    one(i.type, ['interface'], out);
    propertyUses(i.inputs, out);
    for (const o of [...i.operations, ...i.notifications]) propertyUses(o.inputs, out);
  }
  for (const a of d.artifacts) one(a.type, ['artifact'], out);
  propertyUses(d.inputs, out);
  for (const o of [...d.operations, ...d.notifications]) propertyUses(o.inputs, out);
  each(d.validTargetTypes, ['capability', 'node'], out);
  each(d.validSourceTypes, ['node'], out);
  each(d.members, ['node', 'group', 'capability'], out);
  each(d.targets, ['node', 'group'], out);
  schemaUses(d.entrySchema, out);
  schemaUses(d.keySchema, out);
}

/** The type uses of a summary, in file order within each section. */
export function typeUsesOf(s: ToscaSummary): TypeUse[] {
  const out: TypeUse[] = [];
  for (const d of s.types) declUses(d, out);
  const topo = s.topology;
  if (!topo) return out;
  propertyUses(topo.inputs, out);
  for (const n of topo.nodeTemplates) {
    if (n.type) out.push({ ref: n.type, kinds: ['node'], role: 'template' });
    for (const r of n.requirements) {
      if (r.node) out.push({ ref: r.node, kinds: ['node'], target: { of: 'node' } });
      if (r.capability)
        out.push({
          ref: r.capability,
          kinds: ['capability'],
          target: r.node ? { of: 'capability', node: r.node.name } : { of: 'capability' },
        });
      if (r.relationship) out.push({ ref: r.relationship, kinds: ['relationship'], target: { of: 'relationship' } });
      for (const i of r.relationshipInterfaces) one(i.type, ['interface'], out);
    }
    for (const i of n.interfaces) one(i.type, ['interface'], out);
    for (const a of n.artifacts) one(a.type, ['artifact'], out);
  }
  for (const r of topo.relationshipTemplates) {
    if (r.type) out.push({ ref: r.type, kinds: ['relationship'], role: 'template' });
    for (const i of r.interfaces) one(i.type, ['interface'], out);
  }
  for (const g of topo.groups) {
    one(g.type, ['group'], out);
    for (const i of g.interfaces) one(i.type, ['interface'], out);
  }
  for (const p of topo.policies) one(p.type, ['policy'], out);
  for (const o of topo.outputs) one(o.type, DATA, out);
  one(topo.substitution?.nodeType, ['node'], out);
  return out;
}

const BY_NAME = memoKey<Map<string, TypeUse[]>>('tosca.typeUsesByName');

/**
 * The type uses of a file by name as written, kept with its summary: a reference search looks up a
 * handful of names per file instead of walking every file's summary again.
 */
export function typeUsesByName(ws: WorkspaceContext, s: ToscaSummary): Map<string, TypeUse[]> {
  return ws.index.tosca.derivedOf(s, BY_NAME, () => {
    const out = new Map<string, TypeUse[]>();
    for (const u of typeUsesOf(s)) {
      const name = u.ref.name.trim();
      const list = out.get(name);
      if (list) list.push(u);
      else out.set(name, [u]);
    }
    return out;
  });
}
