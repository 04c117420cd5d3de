/**
 * TOSCA 1.x intrinsic functions as TOSCA 2.0 `$` functions (TOSCA Version 2.0 §10.2): the name gets
 * its `$`, and the entity arguments of `get_property`, `get_attribute` and `get_artifact` become
 * TOSCA paths (§10.3): `SOURCE`/`TARGET` → `SELF, SOURCE`/`SELF, TARGET`, a capability name →
 * `CAPABILITY, cap`, a requirement name → `RELATIONSHIP, req, TARGET`.
 */
import { asScalar, asSeq, type YMap, type YNode } from '../../../syntax/tree.js';
import type { EditSet } from './edits.js';
import { replaceItem } from './layout.js';

/** What a name is on a node type: what decides how a 1.x `[entity, name, …]` argument list reads. */
export type MemberKind = 'capability' | 'requirement' | 'property' | 'attribute';

export interface FunctionScope {
  /** The node type SELF stands for (a node type's own name, a node template's type), if known. */
  selfType?: string;
  /** SELF is a relationship (relationship types and templates). */
  selfIsRelationship?: boolean;
  /** The type of a node template of the file. */
  templateType(name: string): string | undefined;
  /** What `name` is on node type `type`. */
  member(type: string, name: string): MemberKind | undefined;
}

const RENAMED: ReadonlySet<string> = new Set([
  'get_input',
  'get_property',
  'get_attribute',
  'get_artifact',
  'concat',
  'join',
  'token',
]);

const NO_EQUIVALENT: Record<string, string> = {
  get_operation_output:
    'TOSCA 2.0 has no get_operation_output: map the operation output to an attribute (`outputs:` of the ' +
    'operation) and read it with $get_attribute',
  get_nodes_of_type: 'TOSCA 2.0 has no get_nodes_of_type: use a TOSCA path with ALL or an input instead',
};

/** The 1.x function name of a call (a one-entry map whose key is a 1.x function), or undefined. */
export function callName(m: YMap): string | undefined {
  if (m.pairs.length !== 1) return undefined;
  const name = m.pairs[0]!.key.text;
  return RENAMED.has(name) || name in NO_EQUIVALENT ? name : undefined;
}

/** Whether the arguments have the shape of a call to `name` (so a data value `{ token: x }` stays). */
function looksLikeCall(name: string, args: YNode | null): boolean {
  const seq = asSeq(args);
  if (name === 'get_input') return !!asScalar(args) || !!seq;
  if (!seq) return false;
  if (name === 'token') return seq.items.length === 3;
  if (name === 'join') return seq.items.length >= 1 && seq.items.length <= 2 && !!asSeq(seq.items[0]);
  if (name === 'concat') return true;
  return seq.items.length >= 2;
}

/**
 * Rewrites one call; the caller still walks the arguments (nested calls). Returns TODO messages.
 */
export function migrateCall(edits: EditSet, m: YMap, scope: FunctionScope): string[] {
  const name = callName(m);
  if (!name) return [];
  const { key, value } = m.pairs[0]!;
  if (!looksLikeCall(name, value)) return [];
  if (name in NO_EQUIVALENT) return [NO_EQUIVALENT[name]!];
  edits.replace(key.span.start, key.span.end, `$${name}`);
  if (name === 'get_property' || name === 'get_attribute' || name === 'get_artifact') {
    return pathArguments(edits, name, asSeq(value)!, scope);
  }
  return [];
}

function pathArguments(edits: EditSet, name: string, seq: NonNullable<ReturnType<typeof asSeq>>, scope: FunctionScope) {
  const todos: string[] = [];
  const text = edits.text;
  const src = (n: YNode) => text.slice(n.span.start, n.span.end);
  const entity = asScalar(seq.items[0])?.text;
  if (entity === undefined) return [`\`${name}\` whose first argument is not a name`];
  let nodeType: string | undefined;
  let relationshipSide = false;
  if (entity === 'SOURCE' || entity === 'TARGET') {
    relationshipSide = true;
    replaceItem(edits, seq, 0, ['SELF', src(seq.items[0]!)]);
  } else if (entity === 'HOST') {
    replaceItem(edits, seq, 0, ['SELF', 'RELATIONSHIP', 'host', 'TARGET']);
    todos.push('HOST searched the whole HostedOn chain, this path takes one `host` step: check the value is there');
  } else if (entity === 'SELF') {
    if (!scope.selfIsRelationship) nodeType = scope.selfType;
  } else nodeType = scope.templateType(entity);
  // get_artifact: [entity, artifact, ...] needs nothing more; get_property: [entity, (req_or_cap,) name, nested...].
  if (name === 'get_artifact' || seq.items.length < 3) return todos;
  const second = asScalar(seq.items[1]);
  if (!second) return todos;
  const kind = nodeType !== undefined ? scope.member(nodeType, second.text) : undefined;
  if (kind === 'property' || kind === 'attribute') return todos;
  if (kind === 'capability') replaceItem(edits, seq, 1, ['CAPABILITY', src(second)]);
  else if (kind === 'requirement') replaceItem(edits, seq, 1, ['RELATIONSHIP', src(second), 'TARGET']);
  else if (relationshipSide) {
    // In a relationship, [TARGET, cap, prop] names the capability of the target the relationship uses.
    replaceItem(edits, seq, 1, ['CAPABILITY', src(second)]);
    todos.push(`\`${second.text}\` is read as a capability of the ${entity.toLowerCase()} node: check it`);
  } else
    todos.push(
      `cannot tell whether \`${second.text}\` is a capability, a requirement or a field of a property: ` +
        'write the TOSCA path (CAPABILITY, cap / RELATIONSHIP, req, TARGET) by hand',
    );
  return todos;
}
