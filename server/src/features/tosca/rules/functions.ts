/**
 * Intrinsic functions (spec §4): TOSCA070 wrong arguments (arity, shapes), TOSCA071 `get_input` of
 * an undeclared input, TOSCA072 unknown entity (template name), TOSCA073 unknown property,
 * attribute, capability, interface, operation or artifact, TOSCA074 `HOST` where there is no host
 * (outputs, a node with no HostedOn requirement), TOSCA075 `SELF`/`SOURCE`/`TARGET` outside a
 * context that has them, TOSCA076 a nested name or index applied to a value that has none.
 */
import {
  entries,
  getIn,
  asMap,
  asScalar,
  asSeq,
  deref,
  type YNode,
  type YPair,
  type YScalar,
} from '../../../syntax/tree.js';
import { FUNCTION_NAMES, TYPE_SECTIONS, type TNodeTemplate } from '../../../model/tosca/summary.js';
import type { PropInfo, SchemaInfo, ToscaType } from '../../../model/tosca/typeTable.js';
import { chainComplete, cap } from '../values.js';
import { checkTypeRef } from './typeRefs.js';
import { hostEntity, scopeAt, type Entity, type FnScope } from '../../../model/tosca/scope.js';
import type { TreePath } from '../../../syntax/cursor.js';
import { alienDialect, ampDialect, version1Only, type ToscaRule, type ToscaRuleContext } from './context.js';
import { didYouMean, suggestion } from '../../../util/suggest.js';
import { replaceWith } from '../../shared/fixData.js';
import { entryFindings, regionKey } from '../../shared/regions.js';
import { isOnce } from '../../../model/document.js';
import { TOPOLOGY_REGIONS } from '../topologyRegions.js';
import { functionInputs } from './functionInputs.js';

/** TOSCA070–076 kept per region (a section's entry); exported for the test that checks they are kept. */
export const FUNCTION_FINDINGS = regionKey('tosca.functions');

/** Where a call is: its scope and its path from the root (the scope is read from the path). */
interface Scope extends FnScope {
  path: TreePath;
}

export const functionsRule: ToscaRule = {
  codes: ['TOSCA070', 'TOSCA071', 'TOSCA072', 'TOSCA073', 'TOSCA074', 'TOSCA075', 'TOSCA076'],
  when: version1Only,
  check(ctx) {
    const root = ctx.root;
    if (!root) return;
    const topo = getIn(root, 'topology_template');
    const tt = 'topology_template';
    // Each section entry's findings are kept while its text and what it reads elsewhere (`functionInputs`) are the
    // same: a keystroke in one node template checks the calls of that template again, not of the whole file.
    const inputs = isOnce(ctx.doc) ? undefined : functionInputs(ctx);
    const each = (p: YPair, value: YNode | null, path: TreePath, scoped?: (c: ToscaRuleContext) => ToscaRuleContext) =>
      entryFindings(
        ctx.doc,
        FUNCTION_FINDINGS,
        p,
        inputs,
        ctx.report,
        (report) => {
          const c = report === ctx.report ? ctx : { ...ctx, report };
          visit(scoped ? scoped(c) : c, value, path);
        },
        TOPOLOGY_REGIONS,
      );
    for (const p of entries(getIn(topo, 'inputs'))) each(p, getIn(p.value, 'default'), [tt, 'inputs', p.key.text]);
    for (const p of entries(getIn(topo, 'node_templates')))
      if (ctx.model.nodeTemplates.has(p.key.text)) each(p, p.value, [tt, 'node_templates', p.key.text]);
    for (const section of ['relationship_templates', 'groups', 'policies', 'outputs', 'workflows'])
      for (const p of entries(getIn(topo, section))) each(p, p.value, [tt, section, p.key.text]);
    // Type definitions: SELF is the type being defined.
    for (const section of root.pairs) {
      if (!TYPE_SECTIONS[section.key.text]) continue;
      for (const tp of entries(section.value)) each(tp, tp.value, [section.key.text, tp.key.text], typeScoped);
    }
  },
};

/**
 * In type definitions SELF is any instance of the type or of a type derived from it, and xOpera
 * reads `[SELF, name, ...]` as "the target of requirement `name`" first: unknown members there are
 * warnings (judgement), not errors.
 */
function typeScoped(ctx: ToscaRuleContext): ToscaRuleContext {
  const soft = new Set(['TOSCA073', 'TOSCA076']);
  return {
    ...ctx,
    report: (f) => ctx.report(soft.has(f.code) && f.severity === 'error' ? { ...f, severity: 'warning' } : f),
  };
}

/**
 * Visits every function call under `n` (function arguments included); `path` is where `n` is, extended and restored
 * in place (no copy per node of a large topology): a call gets a copy of its own.
 */
function visit(ctx: ToscaRuleContext, n: YNode | null, path: TreePath, depth = 0): void {
  const v = deref(n);
  if (!v || depth > 60) return;
  if (v.kind === 'map') {
    if (v.pairs.length === 1 && FUNCTION_NAMES.has(v.pairs[0]!.key.text)) {
      const key = v.pairs[0]!.key;
      const at = path.slice();
      checkCall(ctx, key, v.pairs[0]!.value, { ...scopeAt(ctx.model, at), path: at });
      path.push(key.text);
      visit(ctx, v.pairs[0]!.value, path, depth + 1);
      path.pop();
      return;
    }
    const pairs = v.pairs;
    for (let i = 0; i < pairs.length; i++) {
      const p = pairs[i]!;
      path.push(p.key.text);
      visit(ctx, p.value, path, depth + 1);
      path.pop();
    }
  } else if (v.kind === 'seq')
    for (let i = 0; i < v.items.length; i++) {
      path.push(i);
      visit(ctx, v.items[i]!, path, depth + 1);
      path.pop();
    }
}

function isCall(n: YNode | null | undefined): boolean {
  const m = asMap(n);
  return (
    !!m && m.pairs.length === 1 && (FUNCTION_NAMES.has(m.pairs[0]!.key.text) || m.pairs[0]!.key.text.startsWith('$'))
  );
}

function argError(ctx: ToscaRuleContext, span: { start: number; end: number }, message: string): void {
  ctx.report({ code: 'TOSCA070', severity: 'error', span, message });
}

function checkCall(ctx: ToscaRuleContext, key: YScalar, argsNode: YNode | null, scope: Scope): void {
  const name = key.text;
  const args = deref(argsNode);
  const seq = asSeq(args);
  const span = args ? args.span : key.span;
  switch (name) {
    case 'concat':
      if (!seq || seq.items.length === 0)
        argError(
          ctx,
          span,
          '`concat` takes a non-empty list of strings or function calls, e.g. `{ concat: [ "http://", { ' +
            'get_attribute: [ server, public_address ] } ] }`.',
        );
      return;
    case 'join': {
      if (!seq || seq.items.length < 1 || seq.items.length > 2) {
        argError(ctx, span, '`join` takes `[ list_of_strings, optional_delimiter ]`.');
        return;
      }
      const first = deref(seq.items[0]!);
      if (first && first.kind !== 'seq' && !isCall(first))
        argError(ctx, first.span, 'The first argument of `join` is a list of strings (or a function returning one).');
      const delim = seq.items[1];
      if (delim && !isCall(delim) && !(asScalar(delim) && typeof asScalar(delim)!.value === 'string'))
        argError(ctx, delim.span, 'The delimiter of `join` is a string.');
      return;
    }
    case 'token': {
      if (!seq || seq.items.length !== 3) {
        argError(
          ctx,
          span,
          `\`token\` takes exactly three arguments, \`[ string, separators, index ` +
            `]\`${seq ? `; ${seq.items.length} given` : ''}.`,
        );
        return;
      }
      const sep = asScalar(seq.items[1]);
      if (!isCall(seq.items[1]) && (!sep || typeof sep.value !== 'string' || sep.value === ''))
        argError(
          ctx,
          seq.items[1]!.span,
          'The second argument of `token` is a non-empty string of separator characters.',
        );
      const idx = asScalar(seq.items[2]);
      if (
        !isCall(seq.items[2]) &&
        (!idx || typeof idx.value !== 'number' || !Number.isInteger(idx.value) || idx.value < 0)
      ) {
        argError(
          ctx,
          seq.items[2]!.span,
          `The third argument of \`token\` is a non-negative integer ` +
            `index${idx && typeof idx.value === 'string' ? ` (\`"${idx.value}"\` is a string)` : ''}.`,
        );
      }
      return;
    }
    case 'get_input':
      checkGetInput(ctx, args, span, scope);
      return;
    case 'get_property':
    case 'get_attribute':
      checkGetMember(ctx, name, seq, span, scope);
      return;
    case 'get_operation_output':
      checkGetOperationOutput(ctx, seq, span, scope);
      return;
    case 'get_nodes_of_type': {
      const s = asScalar(args);
      if (!s || s.value === null) {
        argError(ctx, span, '`get_nodes_of_type` takes one node type name.');
        return;
      }
      checkTypeRef(ctx, { name: s.text, span: s.span }, ['node'], '`get_nodes_of_type`');
      return;
    }
    case 'get_artifact':
      checkGetArtifact(ctx, seq, span, scope);
      return;
  }
}

function checkGetInput(
  ctx: ToscaRuleContext,
  args: YNode | null,
  span: { start: number; end: number },
  scope: Scope,
): void {
  let nameNode: YScalar | null;
  const seq = asSeq(args);
  if (seq) {
    if (ctx.minor < 3 || seq.items.length === 0) {
      argError(
        ctx,
        span,
        ctx.minor < 3
          ? '`get_input` takes a single input name (the list form with nested names came with Simple Profile 1.3).'
          : '`get_input` needs an input name.',
      );
      return;
    }
    nameNode = asScalar(seq.items[0]);
  } else nameNode = asScalar(args);
  if (!nameNode || nameNode.value === null) {
    if (!isCall(args)) argError(ctx, span, '`get_input` takes the name of an input of the topology template.');
    return;
  }
  if (!scope.inTopology) return;
  const name = nameNode.text;
  const input = ctx.model.inputs.get(name);
  if (!input) {
    const hint = didYouMean(name, ctx.model.inputs.keys());
    if (!hint && ampDialect(ctx)) {
      // Cloudsoft AMP reads `get_input` as the root entity's configuration
      // (`$brooklyn:scopeRoot().config`), which the blueprint deploying the template may set.
      ctx.report({
        code: 'TOSCA071',
        severity: 'information',
        span: nameNode.span,
        message:
          `\`get_input\`: no input \`${name}\` is declared in \`topology_template.inputs\`; Cloudsoft AMP (the ` +
          '`amp` dialect) reads it from the configuration of the deployment, which may set it.',
      });
      return;
    }
    ctx.report({
      code: 'TOSCA071',
      severity: 'error',
      span: nameNode.span,
      message:
        `\`get_input\`: no input \`${name}\` is declared in ` +
        `\`topology_template.inputs\`${suggestion(hint, { label: 'inputs', names: ctx.model.inputs.keys() })}.`,
      ...replaceWith(hint),
    });
    return;
  }
  if (seq && seq.items.length > 1 && input.type) {
    const target = {
      type: input.type.name,
      entrySchema: input.entrySchema ? { type: input.entrySchema.type?.name, constraints: [] } : undefined,
    };
    checkNested(
      ctx,
      target.type,
      target.entrySchema?.type ? { type: target.entrySchema.type, constraints: [] } : undefined,
      seq.items.slice(1),
      `input \`${name}\``,
    );
  }
}

/** Resolves the first argument of get_property & co; undefined when it was reported or is unknowable. */
function resolveEntity(
  ctx: ToscaRuleContext,
  n: YNode | undefined,
  fn: string,
  scope: Scope,
  allowHost: boolean,
): Entity | undefined {
  const s = asScalar(n);
  if (!s || s.value === null) {
    if (n && !isCall(n))
      argError(
        ctx,
        n.span,
        `The first argument of \`${fn}\` is a template name or SELF, SOURCE, TARGET${allowHost ? ', HOST' : ''}.`,
      );
    return undefined;
  }
  const name = s.text;
  const model = ctx.model;
  const types = model.types;
  const where = scopeWord(scope);
  // Which keyword is valid where is the scope's to say (model/tosca/scope.ts), as for completion and hover.
  if (name === 'SELF') {
    if (!scope.self) {
      ctx.report({
        code: 'TOSCA075',
        severity: 'error',
        span: s.span,
        message: `\`SELF\` has no meaning in ${where}: name a node template instead.`,
      });
      return undefined;
    }
    // In an interface, data or capability type, what SELF denotes depends on where the type is used.
    return scope.kind === 'other-type' || scope.kind === 'interface-type' ? {} : scope.self;
  }
  if (name === 'SOURCE' || name === 'TARGET') {
    const e = name === 'SOURCE' ? scope.source : scope.target;
    // Alien4Cloud reads `[TARGET, <requirement>, ...]` on a node as the node that requirement targets (its
    // function evaluator, since 2.1.0): what follows is not known here.
    if (!e && name === 'TARGET' && scope.self && alienDialect(ctx)) return {};
    if (!e) {
      ctx.report({
        code: 'TOSCA075',
        severity: 'error',
        span: s.span,
        message:
          `\`${name}\` is only meaningful where a relationship is written (a relationship template or type, a ` +
          `requirement's relationship, an interface type or a workflow), not in ${where} (TOSCA Simple Profile ` +
          `in YAML 1.3 §4.1).`,
      });
      return undefined;
    }
    return e;
  }
  if (name === 'HOST') {
    if (!allowHost) {
      argError(ctx, s.span, `\`${fn}\` does not accept HOST.`);
      return undefined;
    }
    if (scope.kind === 'output' || scope.kind === 'input') {
      ctx.report({
        code: 'TOSCA074',
        severity: 'error',
        span: s.span,
        message:
          `\`HOST\` cannot be used in ${where}: there is no node whose host it would be. Name the hosting ` +
          `node template instead.`,
      });
      return undefined;
    }
    const host = hostEntity(model, scope, (t) => chainComplete(ctx, t));
    if (!host) {
      ctx.report({
        code: 'TOSCA074',
        severity: 'error',
        span: s.span,
        message: `\`HOST\` is only meaningful in a node template (or a node or interface type), not in ${where}.`,
      });
      return undefined;
    }
    if (!host.hosts) return {};
    if (!host.hosts.length) {
      if (host.hostsOpen) return {}; // the orchestrator picks the host: nothing to check
      ctx.report({
        code: 'TOSCA074',
        severity: 'error',
        span: s.span,
        message:
          `\`HOST\`: node template \`${scope.node?.name ?? ''}\` is not hosted on anything (it has no requirement ` +
          `with a HostedOn relationship to a node template).`,
      });
      return undefined;
    }
    return { hosts: host.hosts, hostsOpen: !!host.hostsOpen };
  }
  if (scope.kind.endsWith('-type')) return {};
  const node = model.nodeTemplates.get(name);
  if (node) {
    const t = types.resolve(node.type?.name, 'node');
    return { ...(t ? { type: t } : {}), node };
  }
  const rel = model.relationshipTemplates.get(name);
  if (rel) {
    const t = types.resolve(rel.type?.name, 'relationship');
    return t ? { type: t } : {};
  }
  const grp = model.groups.get(name);
  if (grp) {
    const t = types.resolve(grp.type?.name, 'group');
    return t ? { type: t } : {};
  }
  const pol = model.policies.get(name);
  if (pol) {
    const t = types.resolve(pol.type?.name, 'policy');
    return t ? { type: t } : {};
  }
  const hint = didYouMean(name, [...model.nodeTemplates.keys(), ...model.relationshipTemplates.keys()]);
  ctx.report({
    code: 'TOSCA072',
    severity: 'error',
    span: s.span,
    message:
      `\`${fn}\`: \`${name}\` is not a node or relationship template of this topology, nor SELF, SOURCE, ` +
      `TARGET${allowHost ? ' or HOST' : ''}${suggestion(hint)}.`,
    ...replaceWith(hint),
  });
  return undefined;
}

function scopeWord(scope: Scope): string {
  switch (scope.kind) {
    case 'output':
      return 'outputs';
    case 'input':
      return 'input defaults';
    case 'node':
      return `node template \`${scope.node?.name ?? ''}\``;
    case 'group':
      return 'a group';
    case 'policy':
      return 'a policy';
    case 'workflow':
      return 'a workflow';
    case 'node-type':
      return 'a node type';
    case 'other-type':
      return 'this type definition';
    default:
      return 'this context';
  }
}

function memberDefs(ctx: ToscaRuleContext, t: ToscaType, attributes: boolean): ReadonlyMap<string, PropInfo> {
  const types = ctx.model.types;
  if (!attributes) return types.properties(t);
  // Properties are reflected as attributes (§4.5.1).
  return new Map([...types.properties(t), ...types.attributes(t)]);
}

function checkGetMember(
  ctx: ToscaRuleContext,
  fn: string,
  seq: ReturnType<typeof asSeq>,
  span: { start: number; end: number },
  scope: Scope,
): void {
  const attributes = fn === 'get_attribute';
  if (!seq || seq.items.length < 2) {
    argError(
      ctx,
      span,
      `\`${fn}\` takes \`[ entity, optional_capability_or_requirement, ` +
        `${attributes ? 'attribute' : 'property'}_name, nested_names... ]\`, at least two arguments.`,
    );
    return;
  }
  for (const it of seq.items.slice(1)) {
    const s = asScalar(it);
    if (!s && !isCall(it)) {
      argError(ctx, it.span, `Arguments of \`${fn}\` after the entity are names or indexes.`);
      return;
    }
    if (isCall(it)) return; // computed names: nothing to check statically
  }
  const entity = resolveEntity(ctx, seq.items[0], fn, scope, true);
  if (!entity) return;
  const names = seq.items.slice(1).map((x) => asScalar(x)!);
  const what = attributes ? 'attribute' : 'property';
  if (entity.hosts) {
    for (const h of entity.hosts) {
      if (!chainComplete(ctx, h.type)) return;
      if (lookup(ctx, h.type, names, attributes, false)) return;
    }
    if (entity.hostsOpen || (attributes && ampDialect(ctx))) return;
    const first = names[0]!;
    ctx.report({
      code: 'TOSCA073',
      severity: 'error',
      span: first.span,
      message:
        `\`${fn}\`: no host of \`${scope.node?.name ?? ''}\` ` +
        `(${entity.hosts.map((h) => `\`${h.node.name}\``).join(' → ')}) has a ${what} or capability \`${first.text}\`.`,
    });
    return;
  }
  if (!entity.type || !chainComplete(ctx, entity.type)) return;
  lookup(ctx, entity.type, names, attributes, true, entity.node);
}

/**
 * Looks `names` up on `t`: a property/attribute (then nested names), or a capability / requirement
 * followed by a member of it. Reports when `report` is set. Returns true when found.
 */
function lookup(
  ctx: ToscaRuleContext,
  t: ToscaType,
  names: YScalar[],
  attributes: boolean,
  report: boolean,
  node?: TNodeTemplate,
): boolean {
  const types = ctx.model.types;
  const fn = attributes ? 'get_attribute' : 'get_property';
  const what = attributes ? 'attribute' : 'property';
  const first = names[0]!;
  const defs = memberDefs(ctx, t, attributes);
  const def = defs.get(first.text);
  if (def) {
    if (report) checkNested(ctx, def.type, def.entrySchema, names.slice(1), `${what} \`${first.text}\``);
    return true;
  }
  // Alien4Cloud's evaluator reads a dotted name as a path into a complex value (`complex_prop.nested`,
  // `complex_prop.nested_map.key`): the first segment is the property; the rest is not checked here.
  if (alienDialect(ctx) && names.length === 1) {
    const head = /^[^.[]+/.exec(first.text)?.[0];
    if (head && head !== first.text && defs.has(head)) return true;
  }
  const reqs = t.kind === 'node' ? types.requirements(t) : new Map();
  if (reqs.has(first.text) && names.length >= 2) {
    // A requirement name: processors differ on what follows (the target's members, the
    // relationship's, or an index into the assignments, as in Puccini), so nothing is checked.
    void node;
    return true;
  }
  const caps = t.kind === 'node' ? types.capabilities(t) : new Map();
  const capDef = caps.get(first.text);
  if (capDef && names.length >= 2) {
    const ct = types.resolve(capDef.type, 'capability');
    if (!ct || !chainComplete(ctx, ct)) return true;
    const cdefs = memberDefs(ctx, ct, attributes);
    const second = names[1]!;
    const d2 = cdefs.get(second.text);
    if (d2) {
      if (report)
        checkNested(
          ctx,
          d2.type,
          d2.entrySchema,
          names.slice(2),
          `${what} \`${second.text}\` of capability \`${first.text}\``,
        );
      return true;
    }
    if (report) {
      const hint = didYouMean(second.text, cdefs.keys());
      ctx.report({
        code: 'TOSCA073',
        severity: 'error',
        span: second.span,
        message:
          `\`${fn}\`: capability \`${first.text}\` (type \`${ct.name}\`) has no ` +
          `${what} \`${second.text}\`${suggestion(hint, { label: 'it has', names: cdefs.keys() })}.`,
        ...replaceWith(hint),
      });
    }
    return !report ? false : true;
  }
  // Cloudsoft AMP maps attributes to sensors, which enrichers and scripts publish under any name.
  if (report && !(attributes && ampDialect(ctx))) {
    const candidates = [...defs.keys(), ...caps.keys()];
    const hint = didYouMean(first.text, candidates);
    ctx.report({
      code: 'TOSCA073',
      severity: 'error',
      span: first.span,
      message:
        `\`${fn}\`: \`${t.name}\` has no ` +
        `${what}${t.kind === 'node' ? ', capability or ' + 'requirement' : ''} \`${first.text}\`` +
        suggestion(hint, {
          label: what === 'attribute' ? 'attributes and properties' : 'properties',
          names: defs.keys(),
          most: 12,
        }) +
        '.',
      ...replaceWith(hint),
    });
  }
  return false;
}

/** Checks nested names / indexes after a property: lists take integer indexes, maps keys, data types their fields. */
function checkNested(
  ctx: ToscaRuleContext,
  typeName: string | undefined,
  entrySchema: SchemaInfo | undefined,
  rest: (YScalar | YNode)[],
  what: string,
): void {
  const types = ctx.model.types;
  let curType = typeName;
  let curEntry = entrySchema;
  let label = what;
  for (const n of rest) {
    const s = asScalar(n);
    if (!s) return;
    const info = types.dataType(curType);
    if (!info) return;
    const prim = info.primitive;
    if (prim === 'list') {
      if (typeof s.value !== 'number' || !Number.isInteger(s.value) || s.value < 0) {
        ctx.report({
          code: 'TOSCA076',
          severity: 'error',
          span: s.span,
          message: `${cap(label)} is a list: the next argument must be an integer index, not \`${s.text}\`.`,
        });
        return;
      }
      const es: SchemaInfo | undefined = curEntry ?? info.entrySchema;
      curType = es?.type;
      curEntry = es?.entrySchema;
      label = `an entry of ${label}`;
      continue;
    }
    if (prim === 'map') {
      const es: SchemaInfo | undefined = curEntry ?? info.entrySchema;
      curType = es?.type;
      curEntry = es?.entrySchema;
      label = `entry \`${s.text}\` of ${label}`;
      continue;
    }
    if (prim) {
      ctx.report({
        code: 'TOSCA076',
        severity: 'error',
        span: s.span,
        message:
          `${cap(label)} is a ${prim} (type \`${curType}\`): it has no nested entries, so \`${s.text}\` ` +
          `cannot be applied to it.`,
      });
      return;
    }
    const dt = info.type;
    if (!dt || !chainComplete(ctx, dt)) return;
    const fields = types.properties(dt);
    const f = fields.get(s.text);
    if (!f) {
      const hint = didYouMean(s.text, fields.keys());
      ctx.report({
        code: 'TOSCA073',
        severity: 'error',
        span: s.span,
        message: `${cap(label)} (data type \`${dt.name}\`) has no field ` + `\`${s.text}\`${suggestion(hint)}.`,
        ...replaceWith(hint),
      });
      return;
    }
    curType = f.type;
    curEntry = f.entrySchema;
    label = `field \`${s.text}\` of ${label}`;
  }
}

function checkGetOperationOutput(
  ctx: ToscaRuleContext,
  seq: ReturnType<typeof asSeq>,
  span: { start: number; end: number },
  scope: Scope,
): void {
  if (!seq || seq.items.length !== 4) {
    argError(
      ctx,
      span,
      '`get_operation_output` takes `[ entity, interface_name, operation_name, output_variable_name ]`.',
    );
    return;
  }
  const entity = resolveEntity(ctx, seq.items[0], 'get_operation_output', scope, false);
  if (!entity?.type || !chainComplete(ctx, entity.type)) return;
  const types = ctx.model.types;
  const ifName = asScalar(seq.items[1]);
  const opName = asScalar(seq.items[2]);
  if (!ifName || !opName) return;
  const ifaces = types.interfaces(entity.type);
  const iface =
    ifaces.get(ifName.text) ??
    [...ifaces.values()].find((i) => {
      const it = types.resolve(i.type, 'interface');
      const want = types.resolve(ifName.text, 'interface');
      return it && want && it === want;
    });
  if (!iface) {
    const hint = didYouMean(ifName.text, ifaces.keys());
    ctx.report({
      code: 'TOSCA073',
      severity: 'error',
      span: ifName.span,
      message:
        `\`get_operation_output\`: \`${entity.type.name}\` has no interface ` +
        `\`${ifName.text}\`${suggestion(hint, { label: 'interfaces', names: ifaces.keys() })}.`,
      ...replaceWith(hint),
    });
    return;
  }
  const it = types.resolve(iface.type, 'interface');
  if (!it || !chainComplete(ctx, it)) return;
  const ops = new Set([...types.operations(it), ...iface.operations]);
  for (const i of entity.node?.interfaces ?? [])
    if (i.name === iface.name) for (const o of i.operations) ops.add(o.name);
  if (!ops.has(opName.text)) {
    const hint = didYouMean(opName.text, ops);
    ctx.report({
      code: 'TOSCA073',
      severity: 'error',
      span: opName.span,
      message:
        `\`get_operation_output\`: interface \`${iface.name}\` (type \`${it.name}\`) has no operation ` +
        `\`${opName.text}\`${hint ? ` (did you mean \`${hint}\`?)` : ` (operations: ${[...ops].join(', ')})`}.`,
      ...replaceWith(hint),
    });
  }
}

function checkGetArtifact(
  ctx: ToscaRuleContext,
  seq: ReturnType<typeof asSeq>,
  span: { start: number; end: number },
  scope: Scope,
): void {
  if (!seq || seq.items.length < 2 || seq.items.length > 4) {
    argError(ctx, span, '`get_artifact` takes `[ entity, artifact_name, optional_location, optional_remove ]`.');
    return;
  }
  const entity = resolveEntity(ctx, seq.items[0], 'get_artifact', scope, false);
  if (!entity?.type || !chainComplete(ctx, entity.type)) return;
  const art = asScalar(seq.items[1]);
  if (!art) return;
  const known = new Set([
    ...ctx.model.types.artifacts(entity.type).keys(),
    ...(entity.node?.artifacts.map((a) => a.name) ?? []),
  ]);
  if (!known.has(art.text)) {
    const hint = didYouMean(art.text, known);
    ctx.report({
      code: 'TOSCA073',
      severity: 'error',
      span: art.span,
      message:
        `\`get_artifact\`: no artifact \`${art.text}\` on ` +
        `\`${entity.node?.name ?? entity.type.name}\`${suggestion(hint, { label: 'artifacts', names: known })}.`,
      ...replaceWith(hint),
    });
  }
}
