/**
 * The editor side of TOSCA 2.0 functions: completion of `$` function names (built-ins with their
 * grammar as a snippet, and the functions the file declares) and of TOSCA path keywords and
 * template names inside `$get_property` & co; hover on calls and path keywords; semantic tokens.
 * Reads the same table (model/tosca/v2/functions.ts) and call finder (v2/calls.ts) as the rules.
 */
import { memo, memoKey } from '../../model/document.js';
import { findTosca2Calls, type Tosca2Calls } from '../../model/tosca/v2/calls.js';
import {
  PATH_KEYWORD_DOCS,
  PATH_KEYWORDS,
  TOSCA2_FUNCTIONS,
  tosca2FunctionMarkdown,
  type BuiltinFunction,
} from '../../model/tosca/v2/functions.js';
import { isPathKeyword } from '../../model/tosca/v2/paths.js';
import { tosca2SelfAt } from '../../model/tosca/scope.js';
import type { ToscaType } from '../../model/tosca/typeTable.js';
import { cursorAt } from '../../syntax/cursor.js';
import { toscaModelOf } from './model.js';
import { asMap, asScalar, asSeq, entries, getIn, type YScalar } from '../../syntax/tree.js';
import {
  functionSnippet,
  signatureText,
  visibleFunctions,
  type VisibleFunction,
} from '../../model/tosca/v2/userFunctions.js';
import { basename } from '../../util/path.js';
import { pushToken, valueSpan } from '../shared/tokens.js';
import {
  CompletionKind,
  type CompletionItem,
  type FeatureContext,
  type Hover,
  type Range,
  type SemanticToken,
} from '../types.js';

const CALLS = memoKey<Tosca2Calls>('tosca2Calls.editor');
const PATH_FUNCTIONS: ReadonlySet<string> = new Set([
  'get_property',
  'get_attribute',
  'get_artifact',
  'available_allocation',
]);

function callsOf(ctx: FeatureContext): Tosca2Calls {
  return memo(ctx.doc, CALLS, () => findTosca2Calls(ctx.doc.root && asMap(ctx.doc.root)));
}

/** Functions the file can call: declared under `functions:` here or in an imported file (§10.4). */
function declared(ctx: FeatureContext): Map<string, VisibleFunction> {
  return visibleFunctions(toscaModelOf(ctx));
}

/** Hover text of a declared function: where it is declared, its description and every signature. */
function declaredMarkdown(d: VisibleFunction): string {
  const where = d.local ? 'function declared in this file' : `function declared in ${basename(d.path)}`;
  const sigs = d.signatures.map((s) => `- \`$${d.name}: ${signatureText(s)}\``);
  return [
    `**$${d.name}** — ${where}`,
    d.description ?? '',
    sigs.length ? `Signatures:\n\n${sigs.join('\n')}` : '',
    'TOSCA Version 2.0 §10.4',
  ]
    .filter(Boolean)
    .join('\n\n');
}

function templateNames(ctx: FeatureContext): { name: string; kind: 'node' | 'relationship' }[] {
  const st = getIn(ctx.doc.root, 'service_template');
  return [
    ...entries(getIn(st, 'node_templates')).map((p) => ({ name: p.key.text, kind: 'node' as const })),
    ...entries(getIn(st, 'relationship_templates')).map((p) => ({ name: p.key.text, kind: 'relationship' as const })),
  ];
}

// ---- completion -----------------------------------------------------------------

/**
 * Completion items when the cursor is on a `$` word (function names) or inside the argument list of
 * a path function (path keywords, template names); undefined elsewhere, so the caller goes on.
 */
export function tosca2Completions(ctx: FeatureContext, offset: number): CompletionItem[] | undefined {
  const lines = ctx.doc.lines;
  const lineStart = lines.lineStarts[lines.positionAt(offset).line]!;
  const before = lines.text.slice(lineStart, offset);
  const after = /^[\w:.-]*/.exec(lines.text.slice(offset))![0].length;
  const fnWord = /(^|[\s[{,:-])(\$[\w:.-]*)$/.exec(before);
  if (fnWord) {
    const start = offset - fnWord[2]!.length;
    const range = lines.rangeOf({ start, end: offset + after });
    const lead = before.slice(0, start - lineStart);
    // After `key: ` a call needs braces; as a key, a list entry or inside a flow collection it does not.
    const braces = /:\s*$/.test(lead) && (lead.match(/[{[]/g)?.length ?? 0) <= (lead.match(/[}\]]/g)?.length ?? 0);
    return functionItems(ctx, range, braces);
  }
  const path = /\$(get_property|get_attribute|get_artifact|available_allocation)\s*:\s*\[([^\]]*)$/.exec(before);
  if (path) {
    const word = /[\w.-]*$/.exec(before)![0];
    const range = lines.rangeOf({ start: offset - word.length, end: offset + after });
    const first = path[2]!.trim() === '' || /^\s*[\w.-]*$/.test(path[2]!);
    const done = path[2]!
      .split(',')
      .slice(0, -1)
      .map((x) => x.trim());
    return [...pathItems(ctx, range, first), ...memberItems(ctx, offset, range, path[1]!, done)];
  }
  return undefined;
}

/** The `$` functions (built-in and declared) as items replacing `range`; `braces` wraps each call in `{ }`. */
export function functionItems(ctx: FeatureContext, range: Range, braces: boolean): CompletionItem[] {
  const items: CompletionItem[] = [];
  const wrap = (s: string, bare: boolean): string => (bare ? `\\$${s}` : braces ? `{ \\$${s} }` : `\\$${s}`);
  for (const f of TOSCA2_FUNCTIONS.values())
    items.push({
      label: `$${f.name}`,
      kind: CompletionKind.Method,
      detail: `TOSCA 2.0 §${f.section}`,
      documentation: { kind: 'markdown', value: tosca2FunctionMarkdown(f) },
      sortText: `1${f.name}`,
      filterText: `$${f.name}`,
      textEdit: { range, newText: wrap(f.snippet, f.max === 0 || (f.bare === true && f.name === 'value')) },
      insertTextFormat: 2,
    });
  for (const [name, d] of declared(ctx)) {
    if (TOSCA2_FUNCTIONS.has(name)) continue;
    items.push({
      label: `$${name}`,
      kind: CompletionKind.Method,
      detail: d.local ? 'function declared in this file' : `function declared in ${basename(d.path)}`,
      documentation: { kind: 'markdown', value: declaredMarkdown(d) },
      sortText: `0${name}`,
      filterText: `$${name}`,
      textEdit: { range, newText: wrap(functionSnippet(d), false) },
      insertTextFormat: 2,
    });
  }
  return items;
}

function pathItems(ctx: FeatureContext, range: Range, first: boolean): CompletionItem[] {
  const items: CompletionItem[] = [];
  for (const k of PATH_KEYWORDS) {
    // A path starts with SELF or a template; the other keywords come after it.
    if (first !== (k === 'SELF')) continue;
    items.push({
      label: k,
      kind: CompletionKind.Keyword,
      detail: 'TOSCA path keyword (TOSCA 2.0 §10.3)',
      documentation: { kind: 'markdown', value: PATH_KEYWORD_DOCS[k] },
      sortText: `0${k}`,
      textEdit: { range, newText: k },
    });
  }
  if (first)
    for (const t of templateNames(ctx))
      items.push({
        label: t.name,
        kind: CompletionKind.Reference,
        detail: `${t.kind} template`,
        sortText: `1${t.name}`,
        textEdit: { range, newText: t.name },
      });
  return items;
}

/**
 * Names after the start of a path: after `SELF` or a node template the members the call reads
 * (properties, attributes, artifacts), after `RELATIONSHIP` the requirements, after `CAPABILITY` the
 * capabilities, of the start's type (SELF as the one scope module reads it).
 */
function memberItems(ctx: FeatureContext, offset: number, range: Range, fn: string, done: string[]): CompletionItem[] {
  const start = done[0];
  if (!start || done.length > 2 || (done.length === 2 && done[1] !== 'RELATIONSHIP' && done[1] !== 'CAPABILITY'))
    return [];
  const model = toscaModelOf(ctx);
  let type: ToscaType | undefined;
  if (start === 'SELF') {
    const cur = cursorAt(ctx.doc.lines, ctx.doc.root, offset);
    type = tosca2SelfAt(model, cur.valuePath).self?.type;
  } else type = model.types.resolve(model.nodeTemplates.get(start)?.type?.name, 'node');
  if (!type) return [];
  const t = type;
  const names: [string, string][] = [];
  if (done[1] === 'RELATIONSHIP') for (const k of model.types.requirements(t).keys()) names.push([k, 'requirement']);
  else if (done[1] === 'CAPABILITY') for (const k of model.types.capabilities(t).keys()) names.push([k, 'capability']);
  else if (fn === 'get_artifact') for (const k of model.types.artifacts(t).keys()) names.push([k, 'artifact']);
  else if (fn === 'get_property' || fn === 'get_attribute') {
    for (const k of model.types.properties(t).keys()) names.push([k, 'property']);
    if (fn === 'get_attribute') for (const k of model.types.attributes(t).keys()) names.push([k, 'attribute']);
  }
  const seen = new Set<string>();
  return names
    .filter(([k]) => (seen.has(k) ? false : (seen.add(k), true)))
    .map(([k, what]) => ({
      label: k,
      kind: CompletionKind.Property,
      detail: `${what} of ${t.name}`,
      sortText: `0${k}`,
      textEdit: { range, newText: k },
    }));
}

// ---- hover ------------------------------------------------------------------------

export function tosca2Hover(ctx: FeatureContext, offset: number): Hover | undefined {
  const within = (s: YScalar): boolean => offset >= s.span.start && offset <= s.span.end;
  for (const call of callsOf(ctx).calls) {
    if (within(call.key)) {
      const f: BuiltinFunction | undefined = TOSCA2_FUNCTIONS.get(call.name);
      const d = declared(ctx).get(call.name);
      const value = d
        ? declaredMarkdown(d)
        : f
          ? tosca2FunctionMarkdown(f)
          : `**$${call.name}** — a custom function: not built in, and declared neither here nor in an import ` +
            '(TOSCA Version 2.0 §10.4)';
      return { contents: { kind: 'markdown', value }, range: ctx.doc.lines.rangeOf(call.key.span) };
    }
    if (!PATH_FUNCTIONS.has(call.name)) continue;
    for (const it of asSeq(call.args)?.items ?? []) {
      const s = asScalar(it);
      if (!s || !within(s) || typeof s.value !== 'string' || !isPathKeyword(s.value) || s.value === 'HOST') continue;
      const doc = PATH_KEYWORD_DOCS[s.value as (typeof PATH_KEYWORDS)[number]];
      return {
        contents: {
          kind: 'markdown',
          value: `**${s.value}** — TOSCA path keyword\n\n${doc}\n\nTOSCA Version 2.0 §10.3`,
        },
        range: ctx.doc.lines.rangeOf(s.span),
      };
    }
  }
  return undefined;
}

// ---- semantic tokens ------------------------------------------------------------------

/**
 * Tokens of 2.0 calls: the `$name` as `function` (+`defaultLibrary` for built-ins), path keywords
 * as `keyword`, a declared input of `$get_input` as `parameter`.
 */
export function tosca2Tokens(ctx: FeatureContext): SemanticToken[] {
  const out: SemanticToken[] = [];
  const inputs = new Set(entries(getIn(ctx.doc.root, 'service_template', 'inputs')).map((p) => p.key.text));
  const own = declared(ctx);
  const push = (s: YScalar, type: SemanticToken['type'], mods: NonNullable<SemanticToken['modifiers']> = []): void =>
    pushToken(out, ctx.doc.lines, valueSpan(ctx.doc.text, s), type, mods);
  for (const call of callsOf(ctx).calls) {
    const builtin = TOSCA2_FUNCTIONS.has(call.name) && !own.has(call.name);
    const s = call.key;
    const name = { span: { start: s.span.start, end: s.span.start + 1 + call.name.length } };
    const plainKey = !call.bare && s.style === 'plain';
    if (plainKey) pushToken(out, ctx.doc.lines, name.span, 'function', builtin ? ['defaultLibrary'] : []);
    else push(s, 'function', builtin ? ['defaultLibrary'] : []);
    if (call.bare || !builtin) continue;
    const items = asSeq(call.args)?.items ?? [];
    if (PATH_FUNCTIONS.has(call.name))
      for (const it of items) {
        const a = asScalar(it);
        if (a && typeof a.value === 'string' && isPathKeyword(a.value)) push(a, 'keyword');
      }
    if (call.name === 'get_input') {
      const a = asScalar(call.args) ?? asScalar(items[0]);
      if (a && typeof a.value === 'string' && inputs.has(a.value)) push(a, 'parameter');
    }
  }
  return out.sort((a, b) => a.start - b.start);
}
