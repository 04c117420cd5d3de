/**
 * Node templates as requirement targets: the type of a template (through `copy`, which copies
 * every keyname of another template, its type included) and whether a template can satisfy a
 * requirement definition (its node type and capability type). Shared by the checks (TOSCA063 and
 * its "did you mean"), completion of requirement targets and substitution mappings, so that what
 * is suggested is what is accepted.
 */
import type { ToscaModel } from './model.js';
import type { TNodeTemplate } from './summary.js';
import type { ReqInfo, ToscaType, TypeTable } from './typeTable.js';

/** `copy` chains longer than this are not followed (a cycle, or nonsense). */
const MAX_COPY = 16;

/** The node template whose `type` applies to `tpl`: itself, or the template its `copy` chain ends at. */
export function typedTemplate(model: ToscaModel, tpl: TNodeTemplate): TNodeTemplate {
  let cur = tpl;
  for (let i = 0; i < MAX_COPY && !cur.type && cur.copy; i++) {
    const next = model.nodeTemplates.get(cur.copy.name);
    if (!next || next === tpl) break;
    cur = next;
  }
  return cur;
}

/** The node type of a node template, following `copy` when it has no `type` of its own. */
export function nodeTemplateType(model: ToscaModel, tpl: TNodeTemplate): ToscaType | undefined {
  return model.types.resolve(typedTemplate(model, tpl).type?.name, 'node');
}

/** The capability of `t` that offers capability type `want` (by type), if any. */
export function offeringCapability(types: TypeTable, t: ToscaType, want: ToscaType): string | undefined {
  for (const c of types.capabilities(t).values()) {
    const ct = types.resolve(c.type, 'capability');
    if (ct && types.isA(ct, want)) return c.name;
  }
  return undefined;
}

/**
 * Whether a node of type `t` can satisfy requirement `def`: of the node type it asks for, and
 * offering a capability of its capability type (or named as it). Unknown types count as able
 * (nothing can be told).
 */
export function canSatisfy(types: TypeTable, def: ReqInfo, t: ToscaType): boolean {
  const wantNode = def.node ? types.resolve(def.node, 'node') : undefined;
  if (wantNode && !types.isA(t, wantNode)) return false;
  if (!def.capability) return true;
  if (types.capabilities(t).has(def.capability)) return true;
  const wantCap = types.resolve(def.capability, 'capability');
  return !wantCap || offeringCapability(types, t, wantCap) !== undefined;
}
