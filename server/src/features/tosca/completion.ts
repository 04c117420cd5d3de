/**
 * Completion in TOSCA documents, on raw (possibly half-typed) text:
 * - keynames of the construct at the cursor (grammar table, version-aware, never one already
 *   present), plus member names where a template assigns them (properties, capabilities,
 *   interfaces, requirement names, interface operations);
 * - type names filtered by the kind the position expects (normative full names and shorthands,
 *   workspace types, primitives for data types);
 * - requirement targets (node templates whose type can satisfy the requirement), capability
 *   names, relationship templates and types, group members and policy targets, import files;
 * - intrinsic function arguments: `get_input` inputs, entities (SELF, SOURCE, TARGET, HOST,
 *   templates) and their property/attribute/capability/requirement names, interfaces and
 *   operations, artifacts, node types;
 * - constraint operators, `tosca_definitions_version` values, booleans and `status` values,
 *   and function-call snippets in assignment values.
 */
import type { TypeKind } from '../../model/tosca/catalog/index.js';
import { constructAt, type KeySpec } from '../../model/tosca/grammar.js';
import { canSatisfy, nodeTemplateType, offeringCapability } from '../../model/tosca/satisfy.js';
import type { ToscaModel } from '../../model/tosca/model.js';
import { PRIMITIVE_TYPE_NAMES } from '../../model/tosca/primitives.js';
import { TYPE_SECTIONS } from '../../model/tosca/summary.js';
import { kindLabel, type ToscaType } from '../../model/tosca/typeTable.js';
import { KNOWN_VERSIONS } from '../../model/tosca/versions.js';
import { grammarOf, type ToscaGrammar } from '../../model/tosca/grammars.js';
import { isToscaSummary } from '../../model/tosca/summary.js';
import type { Span } from '../../syntax/positions.js';
import { cursorAt, siblingKeys, type CursorContext } from '../../syntax/cursor.js';
import { relativePath } from '../shared/locations.js';
import { CompletionKind, type CompletionItem, type FeatureContext } from '../types.js';
import { toscaModelOf } from './model.js';
import { cloudifyCompletions } from './cloudifyNav.js';
import { functionItems as tosca2FunctionItems, tosca2Completions } from './functions2.js';
import { scalarUnitCompletions } from './scalarUnits.js';
import { dialectKeyDoc, dialectKeys } from './dialects.js';
import { DIALECT_LABELS } from '../../model/tosca/dialects.js';
import {
  CONSTRAINT_DOCS,
  FUNCTION_DOCS,
  KEYWORD_DOCS,
  PRIMITIVE_DOCS,
  VERSION_DOCS,
  functionMarkdown,
} from './docs.js';
import {
  callAtText,
  flowKeyAt,
  flowValuePath,
  normPath,
  topologyPath,
  wordSpan,
  type FlowKey,
  type TextCall,
} from './locate.js';
import type { TreePath } from '../../syntax/cursor.js';
import { capLine, plain, reqLine, typeOrigin } from './markdown.js';
import { refAt, type RefSpec } from './refs.js';
import {
  artifactsOf,
  entityOf,
  entityTypes,
  interfacesOf,
  keywordsFor,
  operationsOf,
  propOf,
  scopeAt,
  type Entity,
} from '../../model/tosca/scope.js';

/** LSP CompletionItemKind.Function (features/types.ts does not list it). */
const FUNCTION_KIND = 3;

interface Env {
  ctx: FeatureContext;
  model: ToscaModel;
  cur: CursorContext;
  offset: number;
  /** Replace range for value items. */
  word: Span;
  /** The version the document is read in (keynames, operators). */
  grammar: ToscaGrammar;
}

export function complete(ctx: FeatureContext, offset: number): CompletionItem[] {
  const lines = ctx.doc.lines;
  const cur = cursorAt(lines, ctx.doc.root, offset);
  const model = toscaModelOf(ctx);
  const lineStart = lines.lineStarts[lines.positionAt(offset).line]!;
  const env: Env = {
    ctx,
    model,
    cur,
    offset,
    word: wordSpan(lines, offset, cur.role === 'value' ? cur.tokenStart : lineStart),
    grammar: grammarOf(model.version),
  };
  // A Cloudify blueprint's names (node templates, inputs, its types and Cloudify's): the rest is key completion.
  if (env.grammar.family === 'cloudify') {
    const inFlow = flowValuePath(ctx.doc.root, lines.text, offset);
    if (inFlow) return cloudifyCompletions(ctx, inFlow, wordSpan(lines, offset, lineStart)) ?? [];
    if (cur.role !== 'value') return keyCompletions(env);
    const at = cur.node?.role === 'value' ? cur.node : undefined;
    const edit = at ? at.scalar.span : { start: cur.prefixStart, end: cur.tokenEnd };
    return cloudifyCompletions(ctx, at ? at.path : cur.valuePath, edit) ?? [];
  }
  if (env.grammar.id === '2_0') {
    const fn2 = tosca2Completions(ctx, offset) ?? scalarUnitCompletions(ctx, offset);
    if (fn2) return fn2;
  }
  const call = callAtText(lines, offset, cur);
  if (call) return callCompletions(env, call);
  // Inside a flow collection the tree knows the key the value belongs to, where the line-based context does not.
  const flow = flowValuePath(ctx.doc.root, lines.text, offset);
  if (flow) return valueCompletions({ ...env, word: wordSpan(lines, offset, lineStart) }, topologyPath(flow));
  // A key position in a flow map (`{ capability: C, | }`): the keynames of the map, not values of the block key.
  // Where a call may stand (`port: { | }`), the value completions offer the functions as before.
  const flowKey = flowKeyAt(ctx.doc.root, lines.text, offset);
  if (flowKey && !isAssignmentValue(topologyPath(flowKey.path))) {
    const keys = keyCompletions(env, flowKey);
    if (keys.length) return keys;
  }
  if (cur.role === 'value') return valueCompletions(env);
  return keyCompletions(env);
}

// ---- items -------------------------------------------------------------------

function item(
  env: Env,
  label: string,
  kind: number,
  detail?: string,
  doc?: string,
  sort = '1',
  newText = label,
  snippet = false,
): CompletionItem {
  const it: CompletionItem = {
    label,
    kind,
    sortText: `${sort}${label}`,
    textEdit: { range: env.ctx.doc.lines.rangeOf(env.word), newText },
  };
  if (detail) it.detail = detail;
  if (doc) it.documentation = { kind: 'markdown', value: doc };
  if (snippet) it.insertTextFormat = 2;
  return it;
}

function dedupe(items: CompletionItem[]): CompletionItem[] {
  const seen = new Set<string>();
  return items.filter((i) => (seen.has(i.label) ? false : (seen.add(i.label), true)));
}

// ---- values --------------------------------------------------------------------

const STATUS_VALUES = ['supported', 'unsupported', 'experimental', 'deprecated'];

/** Value items at the cursor; `at` is the value path when the tree gives it (inside flow collections). */
function valueCompletions(env: Env, at?: TreePath): CompletionItem[] {
  const { cur } = env;
  const p = at ? at.slice(0, -1) : normPath(cur.path);
  const key = at ? (typeof at[at.length - 1] === 'string' ? (at[at.length - 1] as string) : undefined) : cur.key;
  if (p.length === 0 && key === 'tosca_definitions_version') {
    return KNOWN_VERSIONS.map((v, i) =>
      item(env, v, CompletionKind.EnumMember, 'TOSCA version', VERSION_DOCS[v], String(i).padStart(2, '0')),
    );
  }
  const vpath: TreePath = at ?? (key !== undefined ? [...p, key] : p);
  const last = vpath[vpath.length - 1];
  // A list entry under `constraints:`: operators.
  if (typeof last === 'number' && constructAt(vpath) === 'constraint') return constraintItems(env);
  // `- ` under a node template's `requirements:`: requirement names.
  if (
    typeof last === 'number' &&
    vpath[vpath.length - 2] === 'requirements' &&
    constructAt(vpath.slice(0, -2)) === 'node_template'
  )
    return requirementNameItems(env, vpath.slice(0, -2));
  const site = refAt(vpath);
  if (site) {
    const out = refItems(env, site.spec, vpath);
    if (out.length || site.spec.ref !== 'file') return out;
  }
  const c = key !== undefined ? constructAt(p, env.grammar.constructs) : undefined;
  const ks: KeySpec | undefined = c && key !== undefined ? env.grammar.constructs[c]?.keys[key] : undefined;
  if (key === 'required' && ks) return ['true', 'false'].map((v) => item(env, v, CompletionKind.Value));
  if (key === 'status' && ks) return STATUS_VALUES.map((v) => item(env, v, CompletionKind.EnumMember));
  if (isAssignmentValue(vpath)) return functionItems(env);
  return [];
}

/**
 * Values that may be a function call: property/attribute assignments, operation inputs, parameter values and defaults.
 */
function isAssignmentValue(vpath: TreePath): boolean {
  const n = vpath.length;
  if (n < 2) return false;
  const section = vpath[n - 2];
  if (section === 'properties' || section === 'attributes') {
    const c = constructAt(vpath.slice(0, -2));
    return (
      c === 'node_template' ||
      c === 'relationship_template' ||
      c === 'capability_assignment' ||
      c === 'group' ||
      c === 'policy' ||
      c === 'requirement_relationship_assignment' ||
      c === 'requirement_relationship_definition'
    );
  }
  if (section === 'inputs') {
    const c = constructAt(vpath.slice(0, -2));
    return c === 'operation_definition' || c === 'interface_assignment' || c === 'notification_definition';
  }
  const c = constructAt(vpath.slice(0, -1));
  return (
    (vpath[n - 1] === 'value' || vpath[n - 1] === 'default') &&
    (c === 'parameter_definition' || c === 'property_definition')
  );
}

function functionItems(env: Env): CompletionItem[] {
  const lines = env.ctx.doc.lines;
  const lineStart = lines.lineStarts[lines.positionAt(env.offset).line]!;
  const before = lines.text.slice(lineStart, env.offset);
  const inBraces = (before.match(/\{/g)?.length ?? 0) > (before.match(/\}/g)?.length ?? 0);
  // TOSCA 2.0 calls are `$` keys (§10.1): its functions, not the 1.x ones.
  if (env.grammar.id === '2_0') return tosca2FunctionItems(env.ctx, env.ctx.doc.lines.rangeOf(env.word), !inBraces);
  return Object.values(FUNCTION_DOCS).map((f) =>
    item(
      env,
      f.name,
      FUNCTION_KIND,
      f.signature,
      functionMarkdown(f.name),
      '1',
      inBraces ? f.snippet : `{ ${f.snippet} }`,
      true,
    ),
  );
}

function constraintItems(env: Env): CompletionItem[] {
  return Object.entries(CONSTRAINT_DOCS)
    .filter(([, d]) => env.grammar.has(d))
    .map(([op, d]) => item(env, op, CompletionKind.Operator, 'constraint operator', d.summary, '1', d.snippet, true));
}

function requirementNameItems(env: Env, templatePath: TreePath): CompletionItem[] {
  const t = ownerType(env.model, templatePath);
  if (!t) return [];
  return [...env.model.types.requirements(t).values()].map((r) =>
    item(
      env,
      r.name,
      CompletionKind.Field,
      'requirement',
      `${reqLine(r)}${r.description ? `\n\n${r.description}` : ''}`,
      '1',
      `${r.name}: $0`,
      true,
    ),
  );
}

/** The type of the template (or declared type) whose body `path` is. */
function ownerType(model: ToscaModel, p: TreePath): ToscaType | undefined {
  const [a, b, c] = p;
  if (a === 'topology_template' && typeof c === 'string' && p.length === 3) {
    if (b === 'node_templates') return model.types.resolve(model.nodeTemplates.get(c)?.type?.name, 'node');
    if (b === 'relationship_templates')
      return model.types.resolve(model.relationshipTemplates.get(c)?.type?.name, 'relationship');
    if (b === 'groups') return model.types.resolve(model.groups.get(c)?.type?.name, 'group');
  }
  if (a === 'topology_template' && b === 'policies' && p.length === 4 && typeof p[3] === 'string')
    return model.types.resolve(model.policies.get(p[3])?.type?.name, 'policy');
  if (p.length === 2 && typeof a === 'string' && TYPE_SECTIONS[a] && typeof b === 'string') {
    const d = model.summary.types.find((x) => x.kind === TYPE_SECTIONS[a as string] && x.name === b);
    return d ? model.declared(d) : undefined;
  }
  // An inline relationship of a requirement assignment.
  if (
    a === 'topology_template' &&
    b === 'node_templates' &&
    p.length === 7 &&
    p[3] === 'requirements' &&
    p[6] === 'relationship'
  )
    return scopeAt(model, [...p, 'x']).self?.type;
  return undefined;
}

function refItems(env: Env, spec: RefSpec, vpath: TreePath): CompletionItem[] {
  const model = env.model;
  switch (spec.ref) {
    case 'type': {
      const own = vpath[vpath.length - 1] === 'derived_from' && typeof vpath[1] === 'string' ? vpath[1] : undefined;
      return typeItems(env, spec.kinds, own);
    }
    case 'node-target':
      return requirementTargetItems(env, vpath);
    case 'relationship-target':
      return [
        ...[...model.relationshipTemplates.values()].map((r) =>
          item(
            env,
            r.name,
            CompletionKind.Module,
            `relationship template${r.type ? `: ${r.type.name}` : ''}`,
            r.description,
            '0',
          ),
        ),
        ...typeItems(env, ['relationship']),
      ];
    case 'capability-target': {
      const target = requirementTarget(env, vpath);
      const tt = model.types.resolve(target?.type?.name, 'node');
      const caps = tt
        ? [...model.types.capabilities(tt).values()].map((c) =>
            item(env, c.name, CompletionKind.Field, `capability of ${target!.name}`, capLine(c), '0'),
          )
        : [];
      return [...caps, ...typeItems(env, ['capability'])];
    }
    case 'templates': {
      const self = vpath[1] === 'node_templates' ? vpath[2] : undefined;
      const out = [...model.nodeTemplates.values()]
        .filter((n) => n.name !== self)
        .map((n) =>
          item(
            env,
            n.name,
            CompletionKind.Module,
            `node template${n.type ? `: ${n.type.name}` : ''}`,
            n.description,
            '0',
          ),
        );
      if (spec.groups)
        for (const g of model.groups.values())
          if (g.name !== vpath[2])
            out.push(
              item(env, g.name, CompletionKind.Module, `group${g.type ? `: ${g.type.name}` : ''}`, g.description, '1'),
            );
      return out;
    }
    case 'file':
      return fileItems(env);
  }
}

function typeItems(env: Env, kinds: readonly TypeKind[], exclude?: string): CompletionItem[] {
  const model = env.model;
  const out: CompletionItem[] = [];
  for (const kind of kinds) {
    for (const t of model.types.types(kind)) {
      if (t.name === exclude && t.path === model.path) continue;
      const doc = `${t.description ? `${t.description}\n\n` : ''}_${typeOrigin(model, t)}_`;
      const detail = `${kindLabel(t.kind)}${t.derivedFrom ? ` ← ${t.derivedFrom}` : ''}`;
      if (t.source === 'file') {
        const label = t.prefix ? `${t.prefix}:${t.name}` : t.name;
        out.push(item(env, label, CompletionKind.Class, detail, doc, '0'));
      } else {
        out.push(item(env, t.name, CompletionKind.Class, detail, doc, '2'));
        if (
          t.normative?.shorthand &&
          !model.types.candidates(t.normative.shorthand, kind).some((x) => x.source === 'file')
        ) {
          out.push(item(env, t.normative.shorthand, CompletionKind.Class, `${kindLabel(t.kind)}: ${t.name}`, doc, '1'));
        }
      }
    }
  }
  if (kinds.includes('data'))
    for (const p of PRIMITIVE_TYPE_NAMES)
      out.push(item(env, p, CompletionKind.TypeParameter, 'primitive type', PRIMITIVE_DOCS[p], '0'));
  return dedupe(out);
}

/** The node template the requirement assignment at `vpath` sits in, and the requirement's name. */
function requirementAt(vpath: TreePath): { template?: string; req?: string } {
  if (
    vpath[0] !== 'topology_template' ||
    vpath[1] !== 'node_templates' ||
    typeof vpath[2] !== 'string' ||
    vpath[3] !== 'requirements'
  )
    return {};
  const req = typeof vpath[5] === 'string' ? vpath[5] : undefined;
  return { template: vpath[2], ...(req ? { req } : {}) };
}

function requirementTarget(env: Env, vpath: TreePath) {
  const { template, req } = requirementAt(vpath);
  const node = template ? env.model.nodeTemplates.get(template) : undefined;
  const i = vpath[4];
  const ra =
    node && typeof i === 'number'
      ? node.requirements[i]?.name === req
        ? node.requirements[i]
        : node.requirements.find((r) => r.name === req)
      : undefined;
  return ra?.node ? env.model.nodeTemplates.get(ra.node.name) : undefined;
}

/** Node templates that can satisfy the requirement (capability type and node type of its definition). */
function requirementTargetItems(env: Env, vpath: TreePath): CompletionItem[] {
  const model = env.model;
  const types = model.types;
  const { template, req } = requirementAt(vpath);
  const node = template ? model.nodeTemplates.get(template) : undefined;
  const nt = node ? nodeTemplateType(model, node) : undefined;
  const def = nt && req ? types.requirements(nt).get(req) : undefined;
  const capType = types.resolve(def?.capability, 'capability');
  const nodeType = types.resolve(def?.node, 'node');
  const out: CompletionItem[] = [];
  for (const n of model.nodeTemplates.values()) {
    if (n.name === template) continue;
    // The same test as TOSCA063's (model/tosca/satisfy.ts): what is offered is accepted.
    const t = nodeTemplateType(model, n);
    let sort = '0';
    let via: string | undefined;
    if (def && t) {
      if (!canSatisfy(types, def, t)) continue;
      if (capType) via = offeringCapability(types, t, capType);
    } else if (def) sort = '1'; // type unknown: cannot tell
    out.push(
      item(
        env,
        n.name,
        CompletionKind.Module,
        `node template${n.type ? `: ${n.type.name}` : ''}${via ? ` (capability ${via})` : ''}`,
        n.description,
        sort,
      ),
    );
  }
  if (nodeType)
    out.push(
      item(
        env,
        nodeType.name,
        CompletionKind.Class,
        'node type (abstract requirement: the orchestrator picks a node)',
        nodeType.description,
        '3',
      ),
    );
  return out;
}

function fileItems(env: Env): CompletionItem[] {
  const own = env.ctx.doc.path;
  const out: CompletionItem[] = [];
  for (const e of env.ctx.index.allEntries()) {
    if (e.kind !== 'tosca' || e.path === own || !isToscaSummary(e.summary) || !e.summary.version) continue;
    const rel = relativePath(own, e.path);
    if (rel.split('/').length > 6) continue;
    out.push(
      item(env, rel, CompletionKind.File, 'TOSCA file', e.summary.description, rel.startsWith('..') ? '1' : '0'),
    );
    if (out.length >= 200) break;
  }
  return out;
}

// ---- function arguments ------------------------------------------------------------

function callCompletions(env: Env, call: TextCall): CompletionItem[] {
  const model = env.model;
  const scope = scopeAt(model, normPath(env.cur.path));
  switch (call.fn) {
    case 'get_input':
      if (call.argIndex !== 0) return [];
      return [...model.inputs.values()].map((i) =>
        item(env, i.name, CompletionKind.Variable, `input${i.type ? ` (${i.type.name})` : ''}`, i.description, '0'),
      );
    case 'get_nodes_of_type':
      return call.argIndex === 0 ? typeItems(env, ['node']) : [];
    case 'get_property':
    case 'get_attribute':
    case 'get_operation_output':
    case 'get_artifact': {
      if (call.argIndex === 0) {
        const out = keywordsFor(scope, call.fn).map((k) =>
          item(env, k, CompletionKind.Keyword, KEYWORD_DOCS[k].summary, `Valid in: ${KEYWORD_DOCS[k].valid}.`, '0'),
        );
        for (const n of model.nodeTemplates.values())
          out.push(
            item(
              env,
              n.name,
              CompletionKind.Module,
              `node template${n.type ? `: ${n.type.name}` : ''}`,
              n.description,
              '1',
            ),
          );
        if (call.fn !== 'get_artifact')
          for (const r of model.relationshipTemplates.values())
            out.push(
              item(
                env,
                r.name,
                CompletionKind.Module,
                `relationship template${r.type ? `: ${r.type.name}` : ''}`,
                r.description,
                '2',
              ),
            );
        return out;
      }
      const first = call.args[0];
      const entity = first !== undefined ? entityOf(model, scope, first) : undefined;
      if (!entity) return [];
      if (call.fn === 'get_property' || call.fn === 'get_attribute')
        return memberItems(env, entity, call.args.slice(1), call.argIndex - 1, call.fn === 'get_attribute');
      if (call.fn === 'get_operation_output') {
        const ifaces = interfacesOf(model, entity);
        if (call.argIndex === 1)
          return [...ifaces.values()].map((i) =>
            item(env, i.name, CompletionKind.Interface, `interface${i.type ? ` (${i.type})` : ''}`),
          );
        const iface = ifaces.get(call.args[1] ?? '');
        if (call.argIndex === 2 && iface)
          return [...operationsOf(model, iface, entity.node)].map((o) =>
            item(env, o, CompletionKind.Method, `operation of ${iface.name}`),
          );
        return [];
      }
      if (call.argIndex === 1)
        return [...artifactsOf(model, entity).values()].map((a) =>
          item(env, a.name, CompletionKind.File, `artifact${a.type ? ` (${a.type})` : ''}`),
        );
      if (call.argIndex === 2)
        return [item(env, 'LOCAL_FILE', CompletionKind.Constant, 'let the orchestrator choose a local path')];
      if (call.argIndex === 3) return ['true', 'false'].map((v) => item(env, v, CompletionKind.Value));
      return [];
    }
    default:
      return [];
  }
}

/**
 * Names after the entity: properties (attributes), capabilities and requirements; then the members of a capability or
 * the fields of a data type.
 */
function memberItems(
  env: Env,
  entity: Entity,
  names: (string | undefined)[],
  index: number,
  attributes: boolean,
): CompletionItem[] {
  const model = env.model;
  const types = model.types;
  const ts = entityTypes(entity);
  const out: CompletionItem[] = [];
  const what = attributes ? 'attribute' : 'property';
  if (index === 0) {
    for (const t of ts) {
      const props = attributes ? new Map([...types.properties(t), ...types.attributes(t)]) : types.properties(t);
      for (const p of props.values()) {
        const isAttr = attributes && types.attributes(t).has(p.name);
        out.push(
          item(
            env,
            p.name,
            CompletionKind.Property,
            `${isAttr ? 'attribute' : 'property'} of ${t.name}${p.type ? ` (${p.type})` : ''}`,
            p.description,
            '0',
          ),
        );
      }
      if (t.kind === 'node') {
        for (const c of types.capabilities(t).values())
          out.push(
            item(env, c.name, CompletionKind.Field, `capability${c.type ? ` (${c.type})` : ''}`, capLine(c), '1'),
          );
        for (const r of types.requirements(t).values())
          out.push(item(env, r.name, CompletionKind.Field, 'requirement', reqLine(r), '2'));
      }
    }
    return dedupe(out);
  }
  const first = names[0];
  if (index === 1 && first !== undefined) {
    for (const t of ts) {
      const prop = propOf(model, t, first, attributes);
      if (prop) {
        const dt = types.dataType(prop.info.type)?.type;
        if (dt)
          for (const f of types.properties(dt).values())
            out.push(
              item(
                env,
                f.name,
                CompletionKind.Field,
                `field of ${dt.name}${f.type ? ` (${f.type})` : ''}`,
                f.description,
                '0',
              ),
            );
        return out;
      }
      const cap = t.kind === 'node' ? types.capabilities(t).get(first) : undefined;
      const ct = types.resolve(cap?.type, 'capability');
      if (ct) {
        const props = attributes ? new Map([...types.properties(ct), ...types.attributes(ct)]) : types.properties(ct);
        for (const p of props.values())
          out.push(
            item(
              env,
              p.name,
              CompletionKind.Property,
              `${what} of capability ${first} (${ct.name})${p.type ? ` ${p.type}` : ''}`,
              `${p.description ?? ''}${p.hasDefault ? `\n\ndefault: \`${plain(p.default)}\`` : ''}`,
              '0',
            ),
          );
        return out;
      }
    }
  }
  return out;
}

// ---- keys ----------------------------------------------------------------------

function keyCompletions(env: Env, flow?: FlowKey): CompletionItem[] {
  const { ctx, cur, offset, model } = env;
  const lines = ctx.doc.lines;
  const p = flow ? topologyPath(flow.path.map((x) => (typeof x === 'number' ? 0 : x))) : normPath(cur.path);
  const present = flow ? flow.present : siblingKeys(lines, offset, cur.column);
  const keySpan = wordSpan(lines, offset, cur.tokenStart, true);
  const word = flow
    ? flow.span
    : { start: Math.min(cur.tokenStart, keySpan.start), end: Math.max(keySpan.end, offset) };
  const range = lines.rangeOf(word);
  const out: CompletionItem[] = [];
  const keyItem = (
    label: string,
    shape: string | undefined,
    doc: string | undefined,
    sort: string,
    kind: number = CompletionKind.Property,
    detail?: string,
  ): void => {
    if (present.has(label)) return;
    const indent = ' '.repeat(cur.column);
    // In a flow map the value stays on the line, in flow style.
    const body = flow
      ? shape === 'map'
        ? ': { $0 }'
        : shape === 'list'
          ? ': [ $0 ]'
          : ': $0'
      : shape === 'map'
        ? `:\n${indent}  $0`
        : shape === 'list'
          ? `:\n${indent}  - $0`
          : ': $0';
    const it: CompletionItem = {
      label,
      kind,
      sortText: `${sort}${label}`,
      insertTextFormat: 2,
      textEdit: { range, newText: `${label}${body}` },
    };
    if (detail) it.detail = detail;
    if (doc) it.documentation = { kind: 'markdown', value: doc };
    out.push(it);
  };
  const construct = constructAt(p, env.grammar.constructs);
  const spec = construct ? env.grammar.constructs[construct] : undefined;
  if (construct === 'constraint') return constraintItems({ ...env, word });
  if (spec && !spec.open) {
    for (const [k, ks] of Object.entries(spec.keys)) {
      if (!env.grammar.has(ks)) continue;
      keyItem(
        k,
        ks.shape,
        ks.doc,
        ks.required ? '0' : '1',
        CompletionKind.Property,
        ks.required ? 'required' : undefined,
      );
    }
    // Keynames the file's orchestrator dialect adds there (features/tosca/dialects.ts), after the grammar's.
    for (const k of dialectKeys(model.dialect, construct ?? '')) {
      if (spec.keys[k]) continue;
      keyItem(k, undefined, dialectKeyDoc(model.dialect), '2', CompletionKind.Property, DIALECT_LABELS[model.dialect]);
    }
    // Operations of the interface being defined or assigned.
    if (spec.extra === 'operation_definition' || construct === 'interface_type') {
      for (const op of interfaceOperations(model, p))
        keyItem(op.name, undefined, op.doc, '0', CompletionKind.Method, 'operation');
    }
  }
  // Member names where a template assigns them.
  const section = p[p.length - 1];
  const ownerPath = p.slice(0, -1);
  if (typeof section === 'string') {
    const owner = ownerType(model, ownerPath);
    const types = model.types;
    if (owner && (section === 'properties' || section === 'attributes') && isTemplatePath(ownerPath)) {
      const props = section === 'attributes' ? types.attributes(owner) : types.properties(owner);
      for (const pr of props.values()) {
        const kindLabel = section === 'attributes' ? 'attribute' : 'property';
        const typeLabel = pr.type ? ` (${pr.type})` : '';
        const requiredLabel = pr.required && section === 'properties' ? ', required' : '';
        keyItem(
          pr.name,
          undefined,
          pr.description,
          pr.required && !pr.hasDefault && section === 'properties' ? '0' : '1',
          CompletionKind.Property,
          `${kindLabel}${typeLabel}${requiredLabel}`,
        );
      }
    }
    if (owner && section === 'capabilities' && isTemplatePath(ownerPath)) {
      for (const c of types.capabilities(owner).values())
        keyItem(c.name, 'map', capLine(c), '0', CompletionKind.Field, `capability${c.type ? ` (${c.type})` : ''}`);
    }
    if (owner && section === 'interfaces' && isTemplatePath(ownerPath)) {
      for (const i of types.interfaces(owner).values())
        keyItem(i.name, 'map', undefined, '0', CompletionKind.Interface, `interface${i.type ? ` (${i.type})` : ''}`);
    }
    if (owner && section === 'requirements' && isTemplatePath(ownerPath)) {
      for (const r of types.requirements(owner).values())
        keyItem(r.name, undefined, reqLine(r), '0', CompletionKind.Field, 'requirement');
    }
    // [tt, node_templates, N, capabilities, C, properties]
    if (
      (section === 'properties' || section === 'attributes') &&
      p.length === 6 &&
      p[1] === 'node_templates' &&
      p[3] === 'capabilities' &&
      typeof p[4] === 'string'
    ) {
      const nt = ownerType(model, p.slice(0, 3));
      const ct = types.resolve(nt ? types.capabilities(nt).get(p[4])?.type : undefined, 'capability');
      if (ct)
        for (const pr of (section === 'attributes' ? types.attributes(ct) : types.properties(ct)).values())
          keyItem(
            pr.name,
            undefined,
            pr.description,
            '0',
            CompletionKind.Property,
            `property of ${ct.name}${pr.type ? ` (${pr.type})` : ''}`,
          );
    }
  }
  return out;
}

function isTemplatePath(p: TreePath): boolean {
  return (
    p[0] === 'topology_template' &&
    (p.length === 3 || (p.length === 4 && p[1] === 'policies') || (p.length === 7 && p[6] === 'relationship'))
  );
}

/** Operations of the interface (definition, assignment or interface type) whose body is at `p`. */
function interfaceOperations(model: ToscaModel, p: TreePath): { name: string; doc?: string }[] {
  const types = model.types;
  let it: ToscaType | undefined;
  let extra: string[] = [];
  if (p.length === 2 && p[0] === 'interface_types' && typeof p[1] === 'string') {
    const d = model.summary.types.find((x) => x.kind === 'interface' && x.name === p[1]);
    const t = d ? model.declared(d) : undefined;
    it = t ? types.parent(t) : undefined;
  } else {
    const name = p[p.length - 1];
    if (typeof name !== 'string' || p[p.length - 2] !== 'interfaces') return [];
    const owner = ownerType(model, p.slice(0, -2));
    const iface = owner ? types.interfaces(owner).get(name) : undefined;
    it = types.resolve(iface?.type, 'interface') ?? types.resolve(name, 'interface');
    extra = iface?.operations ?? [];
  }
  const out: { name: string; doc?: string }[] = [];
  const seen = new Set<string>();
  for (const o of [...(it ? types.operations(it) : []), ...extra]) {
    if (seen.has(o)) continue;
    seen.add(o);
    let doc: string | undefined;
    for (const x of it ? types.chain(it) : [])
      doc =
        x.normative?.operations?.[o]?.description ?? x.decl?.operations.find((d) => d.name === o)?.description ?? doc;
    out.push(doc ? { name: o, doc } : { name: o });
  }
  return out;
}
