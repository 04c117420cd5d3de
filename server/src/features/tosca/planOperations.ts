/**
 * The operations a TOSCA plan step invokes, in order:
 * - a node: the Standard lifecycle, `create`, `configure`, `start` when building and `stop`,
 *   `delete` when terminating (TOSCA Simple Profile in YAML 1.2 §5.8.4), always listed, each
 *   marked by whether the template or its type gives it an implementation;
 * - a relationship: its Configure operations in the order §5.8.5 defines them (pre- and
 *   post-configuration of source then target, then `add_target` on the source and `add_source` on
 *   the target; `remove_target` / `remove_source` when terminating). A ConnectsTo step always lists
 *   them; HostedOn, DependsOn and other relationships only the ones they implement, as §7.2 does
 *   ("the relationship configure interface doesn't define operations so they don't appear in the
 *   generated lifecycle");
 * - a ConnectsTo step also runs the `connectTo` operations the OpenTOSCA Container documentation
 *   (Plan Builder, "ConnectTo Operational Semantics") describes: the target's, then the source's,
 *   each wrapped in the node's own `stop` / `start` when its interface is OpenTOSCA's
 *   non-interruptive connections interface and the node implements them.
 */
import type { ToscaModel } from '../../model/tosca/model.js';
import type { TInterfaceDef, TInterfaceAssignment, TNodeTemplate } from '../../model/tosca/summary.js';
import type { ToscaType } from '../../model/tosca/typeTable.js';
import type { PlanStep } from '../../protocol.js';
import type { GraphEdge } from '../../model/tosca/graph.js';

type Operations = PlanStep['operations'];

const STANDARD = { full: 'tosca.interfaces.node.lifecycle.Standard', short: 'Standard' };
const CONFIGURE = { full: 'tosca.interfaces.relationship.Configure', short: 'Configure' };

/** OpenTOSCA's interface names: connectTo under it is wrapped in stop / start. */
const NON_INTERRUPTIVE = /(^|\/)connections\/nonInterruptive$/;
/** OpenTOSCA's naming convention for connectTo interfaces by the node's role. */
const ROLE_INTERFACE = /\/connections\/(source|target)\//;

export const NODE_BUILD = ['create', 'configure', 'start'];
export const NODE_TEARDOWN = ['stop', 'delete'];
const CONNECT = [
  ['pre_configure_source', 'source'],
  ['pre_configure_target', 'target'],
  ['post_configure_source', 'source'],
  ['post_configure_target', 'target'],
  ['add_target', 'source'],
  ['add_source', 'target'],
] as const;
const DISCONNECT = [
  ['remove_target', 'source'],
  ['remove_source', 'target'],
] as const;

type AnyInterface = TInterfaceDef | TInterfaceAssignment;

/** True when an interface (by its name, or its type) is the normative one `which` names, or derives from it. */
function isInterface(
  model: ToscaModel,
  name: string,
  typeName: string | undefined,
  which: { full: string; short: string },
): boolean {
  if (name === which.short || name === which.full || name === `tosca:${which.short}`) return true;
  const t = model.types.resolve(typeName ?? name, 'interface');
  return !!t && model.types.isA(t, which.full);
}

/** The interfaces of a type chain (root first) and of a template, with their type names resolved. */
function interfacesOf(
  model: ToscaModel,
  type: ToscaType | undefined,
  own: readonly AnyInterface[],
): { name: string; type?: string; iface: AnyInterface }[] {
  const out: { name: string; type?: string; iface: AnyInterface }[] = [];
  const declared = type ? model.types.interfaces(type) : undefined;
  for (const x of type ? model.types.chain(type) : []) {
    for (const i of x.decl?.interfaces ?? []) {
      const t = i.type?.name ?? declared?.get(i.name)?.type;
      out.push(t ? { name: i.name, type: t, iface: i } : { name: i.name, iface: i });
    }
  }
  for (const i of own) {
    const t = i.type?.name ?? declared?.get(i.name)?.type;
    out.push(t ? { name: i.name, type: t, iface: i } : { name: i.name, iface: i });
  }
  return out;
}

/** Operations of the interface `which` that have an implementation (in the types or the template). */
function implemented(
  model: ToscaModel,
  type: ToscaType | undefined,
  own: readonly AnyInterface[],
  which: { full: string; short: string },
): Set<string> {
  const out = new Set<string>();
  for (const i of interfacesOf(model, type, own)) {
    if (!isInterface(model, i.name, i.type, which)) continue;
    for (const op of i.iface.operations) if (op.implementation) out.add(op.name);
  }
  return out;
}

/** The Standard lifecycle operations of a node, marked. */
export function nodeOperations(model: ToscaModel, tpl: TNodeTemplate, names: readonly string[]): Operations {
  const type = model.types.resolve(tpl.type?.name, 'node');
  const done = implemented(model, type, tpl.interfaces, STANDARD);
  return names.map((n) => ({ name: `${STANDARD.short}.${n}`, on: tpl.name, implemented: done.has(n) }));
}

/** The Configure operations a relationship implements: its type's, its template's, the inline assignment's. */
function relationshipImplemented(model: ToscaModel, e: GraphEdge): Set<string> {
  const type = model.types.resolve(e.relationshipType, 'relationship');
  const own: AnyInterface[] = [];
  if (e.relationshipTemplate) own.push(...(model.relationshipTemplates.get(e.relationshipTemplate)?.interfaces ?? []));
  const ra = model.nodeTemplates.get(e.source)?.requirements[e.index];
  if (ra) own.push(...ra.relationshipInterfaces);
  return implemented(model, type, own, CONFIGURE);
}

/** The operations of a relationship's step when building (`connect`) or terminating (`disconnect`). */
export function relationshipOperations(model: ToscaModel, e: GraphEdge, phase: 'connect' | 'disconnect'): Operations {
  const done = relationshipImplemented(model, e);
  const all = e.kind === 'ConnectsTo';
  const out: Operations = [];
  for (const [op, end] of phase === 'connect' ? CONNECT : DISCONNECT) {
    if (!all && !done.has(op)) continue;
    out.push({
      name: `${CONFIGURE.short}.${op}`,
      on: end === 'source' ? e.source : e.target,
      implemented: done.has(op),
    });
  }
  if (all && phase === 'connect')
    out.push(...connectTo(model, e.target, 'target'), ...connectTo(model, e.source, 'source'));
  return out;
}

/** A node's `connectTo` operation (by OpenTOSCA's conventions), wrapped in stop / start when non-interruptive. */
function connectTo(model: ToscaModel, node: string, role: 'source' | 'target'): Operations {
  const tpl = model.nodeTemplates.get(node);
  if (!tpl) return [];
  const type = model.types.resolve(tpl.type?.name, 'node');
  const candidates = interfacesOf(model, type, tpl.interfaces).filter((i) =>
    i.iface.operations.some((o) => o.name === 'connectTo'),
  );
  // The convention's interface for this role wins; the other role's is never used for it.
  const forRole = candidates.filter((i) => ROLE_INTERFACE.exec(i.name)?.[1] === role);
  const neutral = candidates.filter((i) => !ROLE_INTERFACE.test(i.name));
  const chosen = forRole[forRole.length - 1] ?? neutral[neutral.length - 1];
  if (!chosen) return [];
  const op = chosen.iface.operations.find((o) => o.name === 'connectTo')!;
  const call = { name: `${chosen.name}.connectTo`, on: node, implemented: !!op.implementation };
  if (!NON_INTERRUPTIVE.test(chosen.name)) return [call];
  const lifecycle = implemented(model, type, tpl.interfaces, STANDARD);
  const out: Operations = [];
  if (lifecycle.has('stop')) out.push({ name: `${STANDARD.short}.stop`, on: node, implemented: true });
  out.push(call);
  if (lifecycle.has('start')) out.push({ name: `${STANDARD.short}.start`, on: node, implemented: true });
  return out;
}
