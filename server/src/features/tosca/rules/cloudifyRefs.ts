/**
 * Names a Cloudify blueprint refers to, which Cloudify's parser resolves when the blueprint is uploaded and rejects
 * when they do not resolve (facts from its parser, cloudify-common `dsl_parser`, and Cloudify's "Blueprint DSL"
 * documentation):
 * - TOSCA500: a relationship's `target` that is no node template of the blueprint, or the node itself;
 * - TOSCA501: `get_input` of an input the blueprint does not declare;
 * - TOSCA502: `get_property` / `get_attribute` (and `get_attributes_list` / `_dict`) of a node template that is not
 *   there;
 * - TOSCA503: `SELF`, `SOURCE` or `TARGET` where the parser does not allow it (SELF in a node template, SOURCE and
 *   TARGET in a relationship's operations, none in outputs);
 * - TOSCA504: a group member that is neither a node template nor a group.
 *
 * No false alarm: the blueprint's node templates, inputs and groups are merged with those of the files it imports.
 * Names are checked only when no import can add any: URLs (type definitions), `plugin:` packages, the manager's
 * `cloudify/...` resources and namespaced imports (`ns--...`, whose names keep their `ns--` prefix, never checked).
 * An import of a file of the blueprint's own folder may add any, and a file another blueprint imports may use the
 * importer's: then only the SELF / SOURCE / TARGET places are checked.
 */
import {
  asMap,
  asScalar,
  asSeq,
  deref,
  get,
  isMergeKey,
  type YMap,
  type YNode,
  type YPair,
  type YScalar,
} from '../../../syntax/tree.js';
import { didYouMean, suggestion } from '../../../util/suggest.js';
import { replaceWith } from '../../shared/fixData.js';
import type { ToscaRule, ToscaRuleContext } from './context.js';
import { reportingOnce } from './cloudifyShared.js';
import { CLOUDIFY_NODE_FUNCTIONS, CLOUDIFY_NODE_KEYWORDS } from '../../../model/tosca/cloudify/functions.js';

/** Where a function is evaluated: what `SELF`, `SOURCE` and `TARGET` may name there. */
type Scope = 'node' | 'relationship' | 'output' | 'other';

const UPLOAD = "Cloudify's parser rejects the blueprint when it is uploaded.";

interface Names {
  nodes: Set<string>;
  inputs: Set<string>;
  groups: Set<string>;
}

/** The entry names of a section, those merged into it (`<<: *anchor`) included. */
function namesOf(section: YMap | null, out = new Set<string>(), depth = 0): Set<string> {
  if (!section || depth > 8) return out;
  for (const p of section.pairs) {
    if (!isMergeKey(p)) out.add(p.key.text);
    else {
      const v = deref(p.value);
      for (const m of v?.kind === 'seq' ? v.items : [v]) namesOf(asMap(m), out, depth + 1);
    }
  }
  return out;
}

/** True when no import can add node templates, inputs or groups the blueprint refers to without a namespace. */
function closedImports(root: YMap): boolean {
  const imports = root.pairs.find((p) => p.key.text === 'imports');
  if (!imports || deref(imports.value) === null) return true;
  const list = asSeq(imports.value);
  if (!list) return false;
  return list.items.every((it) => {
    // DSL 1_5: `- plugin:name: {property: value}`.
    const m = asMap(it);
    const text = m && m.pairs.length === 1 ? m.pairs[0]!.key.text : asScalar(it)?.text;
    if (text === undefined) return false;
    const t = text.trim();
    return (
      /^[a-z][a-z0-9+.-]*:\/\//i.test(t) || /^(plugin|blueprint):/.test(t) || t.includes('--') || /^cloudify\//.test(t)
    );
  });
}

export const cloudifyRefsRule: ToscaRule = {
  codes: ['TOSCA500', 'TOSCA501', 'TOSCA502', 'TOSCA503', 'TOSCA504'],
  when: (ctx) => ctx.grammar.family === 'cloudify',
  // A file another file imports is merged into that blueprint: its names may be declared there.
  crossFile: true,
  check(outer) {
    const root = outer.root;
    if (!root) return;
    const ctx = reportingOnce(outer);
    const imported = ctx.feature.index.tosca.importersOf(ctx.doc.path).length > 0;
    const section = (k: string): YMap | null => asMap(get(root, k));
    const templates = section('node_templates');
    const names: Names | undefined =
      !imported && closedImports(root)
        ? { nodes: namesOf(templates), inputs: namesOf(section('inputs')), groups: namesOf(section('groups')) }
        : undefined;
    for (const t of templates?.pairs ?? []) {
      const tm = asMap(t.value);
      if (!tm || isMergeKey(t)) continue;
      for (const p of tm.pairs) {
        if (p.key.text === 'properties' || p.key.text === 'capabilities' || p.key.text === 'interfaces')
          calls(ctx, p.value, 'node', names, 0);
        else if (p.key.text === 'relationships') relationships(ctx, t.key.text, p.value, names);
      }
    }
    for (const o of section('outputs')?.pairs ?? []) calls(ctx, o.value, 'output', names, 0);
    for (const k of ['capabilities', 'labels', 'deployment_settings']) calls(ctx, section(k), 'other', names, 0);
    for (const p of section('policies')?.pairs ?? []) calls(ctx, p.value, 'other', names, 0);
    if (names) members(ctx, section('groups'), names);
  },
};

function relationships(ctx: ToscaRuleContext, node: string, value: YNode | null, names: Names | undefined): void {
  for (const it of asSeq(value)?.items ?? []) {
    const r = asMap(it);
    if (!r) continue;
    for (const p of r.pairs) {
      if (p.key.text === 'source_interfaces' || p.key.text === 'target_interfaces')
        calls(ctx, p.value, 'relationship', names, 0);
      if (p.key.text !== 'target') continue;
      const target = asScalar(p.value);
      if (!target || typeof target.value !== 'string' || target.text.includes('--')) continue;
      if (target.text === node) {
        ctx.report({
          code: 'TOSCA500',
          severity: 'error',
          span: target.span,
          message: `Node template \`${node}\` has a relationship to itself. ${UPLOAD}`,
        });
      } else if (names && !names.nodes.has(target.text)) unknownName(ctx, target, 'TOSCA500', names.nodes, 'target');
    }
  }
}

function members(ctx: ToscaRuleContext, groups: YMap | null, names: Names): void {
  for (const g of groups?.pairs ?? []) {
    const m = asMap(g.value)?.pairs.find((p) => p.key.text === 'members');
    for (const it of asSeq(m?.value ?? null)?.items ?? []) {
      const s = asScalar(it);
      if (!s || typeof s.value !== 'string' || s.text.includes('--')) continue;
      if (names.nodes.has(s.text) || names.groups.has(s.text)) continue;
      unknownName(ctx, s, 'TOSCA504', new Set([...names.nodes, ...names.groups]), `member of group \`${g.key.text}\``);
    }
  }
}

/** Walks a value for function calls (nested ones included). */
function calls(ctx: ToscaRuleContext, n: YNode | null, scope: Scope, names: Names | undefined, depth: number): void {
  const v = deref(n);
  if (!v || depth > 40) return;
  if (v.kind === 'seq') {
    for (const it of v.items) calls(ctx, it, scope, names, depth + 1);
    return;
  }
  if (v.kind !== 'map') return;
  if (v.pairs.length === 1) {
    const p = v.pairs[0]!;
    if (p.key.text === 'get_input') getInput(ctx, p, names);
    else if (CLOUDIFY_NODE_FUNCTIONS.has(p.key.text)) nodeFunction(ctx, p, scope, names);
  }
  for (const p of v.pairs) calls(ctx, p.value, scope, names, depth + 1);
}

function getInput(ctx: ToscaRuleContext, p: YPair, names: Names | undefined): void {
  if (!names) return;
  const arg = deref(p.value);
  const first = arg?.kind === 'seq' ? asScalar(arg.items[0]) : asScalar(arg);
  if (!first || typeof first.value !== 'string' || first.text.includes('--')) return;
  if (!names.inputs.has(first.text)) unknownName(ctx, first, 'TOSCA501', names.inputs, 'input');
}

function nodeFunction(ctx: ToscaRuleContext, p: YPair, scope: Scope, names: Names | undefined): void {
  const first = asScalar(asSeq(p.value)?.items[0]);
  if (!first || typeof first.value !== 'string') return;
  const fn = p.key.text;
  if (CLOUDIFY_NODE_KEYWORDS.has(first.text)) {
    const allowed =
      scope === 'node' ? first.text === 'SELF' : scope === 'relationship' ? first.text !== 'SELF' : scope !== 'output';
    if (allowed) return;
    const where =
      scope === 'node'
        ? 'in a node template, where only `SELF` is (`SOURCE` and `TARGET` belong to relationship operations)'
        : scope === 'relationship'
          ? "in a relationship's operations, where only `SOURCE` and `TARGET` are"
          : 'in an output, where none of `SELF`, `SOURCE`, `TARGET` is: name the node template';
    ctx.report({
      code: 'TOSCA503',
      severity: 'error',
      span: first.span,
      message: `\`${fn}\` cannot use \`${first.text}\` ${where}. ${UPLOAD}`,
    });
    return;
  }
  if (!names || first.text.includes('--') || names.nodes.has(first.text)) return;
  unknownName(ctx, first, 'TOSCA502', names.nodes, `node template of \`${fn}\``);
}

function unknownName(ctx: ToscaRuleContext, s: YScalar, code: string, known: Set<string>, what: string): void {
  const hint = didYouMean(s.text, known);
  const noun = code === 'TOSCA501' ? 'input' : code === 'TOSCA504' ? 'node template or group' : 'node template';
  ctx.report({
    code,
    severity: 'error',
    span: s.span,
    message:
      `\`${s.text}\` (the ${what}) is no ${noun} of the blueprint${suggestion(hint)}. ` +
      `${known.size ? '' : `The blueprint declares no ${noun}s. `}${UPLOAD}`,
    ...replaceWith(hint),
  });
}
