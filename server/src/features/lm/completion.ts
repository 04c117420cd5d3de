/**
 * Completion for LM descriptors: `${...}` references, component types, relationship items,
 * published operations and metrics, and values that depend on the document (property types with
 * its data-types, policy targets...). Plain enums (states, modifiers, metric and policy types...)
 * come from the grammar through `enumValueCompletions`. Results are filtered by the client; we return
 * the full candidate list for the context with a replace range covering the word being typed.
 */
import { PROPERTY_TYPES, INSTANCE_MEMBERS } from '../../model/lm/vocabulary.js';
import type { DescriptorSummary } from '../../model/lm/summary.js';
import { topLevelProperties } from '../../model/lm/summary.js';
import { derivedNameOf } from '../../index/projects.js';
import type { SubprojectDecl } from '../../model/lm/summary.js';
import { cursorAt, type CursorContext } from '../../syntax/cursor.js';
import { componentTarget, memberCandidates, scopeOf } from './resolve.js';
import { memberDecls, type DottedRole } from './dotted.js';
import { descriptorOf, propertyMarkdown } from './context.js';
import { CompletionKind, type CompletionItem, type FeatureContext, type Range } from '../types.js';
import { enumValueCompletions, hasEnumValues, keyCompletions } from './grammarFeatures.js';
import { componentPropertyCompletion } from './propertyCompletion.js';
import { infrastructureTypes } from './drivers.js';
import { completionContext } from './openQuote.js';

export function complete(original: FeatureContext, offset: number): CompletionItem[] {
  const ctx = completionContext(original, offset);
  const summary = descriptorOf(ctx);
  const cur = cursorAt(ctx.doc.lines, ctx.doc.root, offset);
  if (!summary)
    return ctx.doc.kind === 'lmproject'
      ? cur.role === 'value'
        ? enumValueCompletions(ctx, cur)
        : keyCompletions(ctx, cur, offset)
      : [];
  const ref = refCompletion(ctx, summary, cur, offset);
  if (ref) return ref;
  if (cur.role === 'value') {
    const v = valueCompletion(ctx, summary, cur, offset);
    return spaced(ctx, offset, v.length ? v : enumValueCompletions(ctx, cur));
  }
  const props = componentPropertyCompletion(ctx, summary, cur, offset);
  if (props) return props;
  const keys = keyCompletions(ctx, cur, offset);
  for (const k of keys)
    if (k.textEdit?.newText === `${k.label}: $0` && valueCompletes(ctx, [...cur.path, k.label])) k.retrigger = true;
  return keys;
}

/**
 * Right after `key:` (the `:` trigger character) a value needs a space before it, or YAML reads one
 * plain scalar `key:value`: items inserted at the cursor then bring their space.
 */
function spaced(ctx: FeatureContext, offset: number, items: CompletionItem[]): CompletionItem[] {
  if (ctx.doc.text[offset - 1] !== ':') return items;
  const at = ctx.doc.lines.positionAt(offset);
  for (const i of items) {
    const r = i.textEdit?.range.start;
    if (i.textEdit && r && r.line === at.line && r.character === at.character)
      i.textEdit.newText = ` ${i.textEdit.newText}`;
  }
  return items;
}

/** Keys whose value gets a completion list of its own (valueCompletion below, or a grammar enum). */
function valueCompletes(ctx: FeatureContext, valuePath: string[]): boolean {
  const [top] = valuePath;
  const key = valuePath[valuePath.length - 1];
  const n = valuePath.length;
  if ((top === 'composition' || top === 'references') && n === 3 && key === 'type') return true;
  if (top === 'policies' && n === 3 && (key === 'metric' || key === 'target')) return true;
  if ((top === 'operations' && key === 'source-operation') || (top === 'metrics' && key === 'source-metric'))
    return true;
  if (top === 'composition' && n === 3 && key === 'items') return true;
  return hasEnumValues(ctx, valuePath);
}

function range(ctx: FeatureContext, start: number, end: number): Range {
  return ctx.doc.lines.rangeOf({ start, end });
}

/** Inside `${...`: names of properties, components, built-ins; after a dot, the members. */
function refCompletion(
  ctx: FeatureContext,
  summary: DescriptorSummary,
  cur: CursorContext,
  offset: number,
): CompletionItem[] | undefined {
  const lines = ctx.doc.lines;
  const pos = lines.positionAt(offset);
  const lineStart = lines.lineStarts[pos.line]!;
  const before = lines.text.slice(lineStart, offset);
  const open = before.lastIndexOf('${');
  if (open < 0 || before.indexOf('}', open) >= 0) return undefined;
  const inner = before.slice(open + 2);
  if (!/^[A-Za-z0-9_\-.[\]]*$/.test(inner)) return undefined;
  const lineText = lines.lineText(pos.line);
  const afterCursor = lineText.slice(offset - lineStart);
  const wordAfter = /^[A-Za-z0-9_-]*/.exec(afterCursor)![0];
  const closed = afterCursor.slice(wordAfter.length).startsWith('}');
  const lastDot = inner.lastIndexOf('.');
  const replaceStart = lastDot < 0 ? lineStart + open + 2 : lineStart + open + 2 + lastDot + 1;
  const r = range(ctx, replaceStart, offset + wordAfter.length);
  const mk = (label: string, kind: number, detail: string, doc?: string, sort = '1'): CompletionItem => {
    const item: CompletionItem = {
      label,
      kind,
      detail,
      sortText: `${sort}${label}`,
      textEdit: { range: r, newText: label + (closed ? '' : '}') },
    };
    if (doc) item.documentation = { kind: 'markdown', value: doc };
    return item;
  };
  const scope = scopeOf(cur.valuePath, summary, ctx.doc.root);
  if (lastDot < 0) {
    const out: CompletionItem[] = [];
    // Never offer what is being written: the property whose value holds the cursor (a reference to itself), the
    // component the cursor is in, nor a name whose key is on the cursor's line (a half-typed key the parser read).
    const onCursorLine = (s: { start: number }) => lines.positionAt(s.start).line === pos.line;
    for (const p of topLevelProperties(summary)) {
      if ((offset >= p.span.start && offset <= p.span.end) || onCursorLine(p.keySpan)) continue;
      // Inputs first, then read-only outputs (they are mostly read by whoever uses this descriptor).
      out.push(
        mk(
          p.name,
          CompletionKind.Property,
          `${p.readOnly ? 'read-only property' : 'property'}${p.type ? ` (${p.type})` : ''}`,
          propertyMarkdown(p),
          p.readOnly ? '1b' : '1a',
        ),
      );
    }
    for (const c of summary.components) {
      if ((scope.kind === 'component' && scope.component.name === c.name) || onCursorLine(c.keySpan)) continue;
      const item = mk(
        c.name,
        CompletionKind.Module,
        `${c.section === 'references' ? 'reference' : 'component'}: ${c.type ?? '?'}`,
        undefined,
        '2',
      );
      // Typing the dot goes straight on to the member list.
      if (item.textEdit) item.textEdit.newText = c.name;
      item.commitCharacters = ['.'];
      out.push(item);
    }
    const inst = mk(
      'instance',
      CompletionKind.Keyword,
      'the instance LM creates',
      '`instance.name`, `instance.id` and `instance.index` (position in a cluster) are assigned by LM.',
      '3',
    );
    if (inst.textEdit) inst.textEdit.newText = 'instance';
    out.push(inst);
    if (scope.kind === 'relationship' && scope.inProperties) {
      for (const s of ['source', 'target'] as const) {
        const comp = s === 'source' ? scope.source : scope.target;
        const item = mk(s, CompletionKind.Keyword, `the relationship's ${s}${comp ? `: ${comp}` : ''}`, undefined, '0');
        if (item.textEdit) item.textEdit.newText = s;
        out.push(item);
      }
    }
    if (scope.kind === 'component' && scope.component.items !== undefined)
      out.push(mk('item', CompletionKind.Keyword, `current element of ${scope.component.items}`, undefined, '0'));
    return out;
  }
  const rootName = inner.slice(0, inner.indexOf('.') < 0 ? inner.length : inner.indexOf('.')).replace(/\[.*$/, '');
  if (inner.indexOf('.') !== lastDot) return []; // deeper structured navigation: nothing to offer
  if (rootName === 'instance') return INSTANCE_MEMBERS.map((m) => mk(m, CompletionKind.Field, `instance ${m}`));
  let compName: string | undefined = rootName;
  if (
    (rootName === 'source' || rootName === 'target') &&
    scope.kind === 'relationship' &&
    !summary.components.some((c) => c.name === rootName)
  ) {
    compName = rootName === 'source' ? scope.source : scope.target;
  }
  const t = compName ? componentTarget(ctx, summary, compName) : undefined;
  if (!t) return [];
  const seen = new Set<string>();
  const out: CompletionItem[] = [];
  for (const p of memberCandidates(t)) {
    seen.add(p.name);
    out.push(
      mk(
        p.name,
        CompletionKind.Property,
        `${t.component.name} property${p.type ? ` (${p.type})` : ''}${p.readOnly ? ', read-only' : ''}`,
        propertyMarkdown(
          p,
          t.descriptor ? `declared in ${ctx.index.effectiveName(t.descriptor.path) ?? t.descriptor.path}` : undefined,
        ),
      ),
    );
  }
  for (const p of t.component.properties)
    if (!seen.has(p.name))
      out.push(mk(p.name, CompletionKind.Property, `${t.component.name} property (mapped here)`, undefined, '2'));
  return out;
}

function enumItems(
  ctx: FeatureContext,
  cur: CursorContext,
  values: readonly string[],
  kind: number = CompletionKind.EnumMember,
  detail?: string,
): CompletionItem[] {
  const r = range(ctx, cur.tokenStart, Math.max(cur.tokenEnd, cur.tokenStart));
  return values.map((v, i) => ({
    label: v,
    kind,
    ...(detail ? { detail } : {}),
    sortText: String(i).padStart(3, '0'),
    textEdit: { range: r, newText: v },
  }));
}

function subprojectPaths(
  list: SubprojectDecl[],
  prefix: string[],
  out: { path: string[]; chain: SubprojectDecl[] }[],
  chain: SubprojectDecl[] = [],
) {
  for (const s of list) {
    const p = [...prefix, s.name];
    const c = [...chain, s];
    out.push({ path: p, chain: c });
    subprojectPaths(s.contains, p, out, c);
  }
}

/** `component.` heads then members, for relationship items, source-operation, metrics. */
function dottedCompletion(
  ctx: FeatureContext,
  summary: DescriptorSummary,
  cur: CursorContext,
  role: DottedRole,
  opts: { prefixes?: boolean; relationship?: string; referencesOnly?: boolean; compositionOnly?: boolean },
): CompletionItem[] {
  const typed = ctx.doc.text.slice(cur.tokenStart, cur.prefixStart + cur.prefix.length);
  const dot = typed.indexOf('.');
  if (dot < 0) {
    const r = range(ctx, cur.tokenStart, Math.max(cur.tokenEnd, cur.tokenStart));
    const out: CompletionItem[] = [];
    for (const c of summary.components) {
      if (opts.compositionOnly && c.section !== 'composition') continue;
      out.push({
        label: `${c.name}.`,
        kind: CompletionKind.Module,
        detail: `${c.section === 'references' ? 'reference' : 'component'}: ${c.type ?? '?'}`,
        textEdit: { range: r, newText: `${c.name}.` },
      });
      if (role === 'capability' && c.section === 'references')
        out.push({
          label: c.name,
          kind: CompletionKind.Module,
          detail: 'reference as a whole',
          textEdit: { range: r, newText: c.name },
        });
    }
    if (opts.prefixes)
      for (const p of ['source.', 'target.'])
        out.push({
          label: p,
          kind: CompletionKind.Keyword,
          detail: `operation of the relationship's ${p.slice(0, -1)}`,
          textEdit: { range: r, newText: p },
        });
    return out;
  }
  let head = typed.slice(0, dot);
  if (
    (head === 'source' || head === 'target') &&
    opts.relationship &&
    !summary.components.some((c) => c.name === head)
  ) {
    const scope = scopeOf(['relationships', opts.relationship], summary, ctx.doc.root);
    head = (scope.kind === 'relationship' ? (head === 'source' ? scope.source : scope.target) : undefined) ?? head;
  }
  const t = componentTarget(ctx, summary, head);
  if (!t) return [];
  const r = range(ctx, cur.tokenStart + dot + 1, Math.max(cur.tokenEnd, cur.tokenStart + dot + 1));
  return memberDecls(t, role).map((d) => ({
    label: d.name,
    kind:
      role === 'operation'
        ? CompletionKind.Method
        : role === 'metric'
          ? CompletionKind.Event
          : CompletionKind.Interface,
    detail: `${role} of ${t.component.name}${'type' in d && d.type ? ` (${d.type})` : ''}`,
    ...('description' in d && d.description
      ? { documentation: { kind: 'markdown' as const, value: d.description } }
      : {}),
    textEdit: { range: r, newText: d.name },
  }));
}

function valueCompletion(
  ctx: FeatureContext,
  summary: DescriptorSummary,
  cur: CursorContext,
  _offset: number,
): CompletionItem[] {
  const p = cur.valuePath;
  const key = p[p.length - 1];
  const top = p[0];
  // Selector infrastructure types: '*' (the resource's default) or a type declared under
  // `infrastructure`, as a block item, a flow item or a plain value.
  if (key === 'infrastructure-type' || (key === '-' && p[p.length - 2] === 'infrastructure-type')) {
    const r = range(ctx, cur.prefixStart, Math.max(cur.tokenEnd, cur.prefixStart));
    const declared = infrastructureTypes(ctx.doc.root);
    return [
      {
        label: "'*'",
        kind: CompletionKind.Constant,
        detail: "the resource's default infrastructure",
        sortText: '0',
        textEdit: { range: r, newText: "'*'" },
      },
      ...declared.map((t) => ({
        label: t,
        kind: CompletionKind.EnumMember,
        detail: 'declared under infrastructure',
        sortText: `1${t}`,
        textEdit: { range: r, newText: t },
      })),
    ];
  }
  // Component / reference type: every descriptor name in the workspace, plus $lmctl paths.
  if ((top === 'composition' || top === 'references') && p.length === 3 && key === 'type') {
    const r = range(ctx, cur.tokenStart, Math.max(cur.tokenEnd, cur.tokenStart));
    const own = ctx.index.effectiveName(ctx.doc.path);
    const out: CompletionItem[] = [];
    for (const name of ctx.index.descriptorNames()) {
      if (name === own) continue;
      const target = ctx.index.lookup(name)[0];
      const desc = target && 'description' in target.summary ? target.summary.description : undefined;
      out.push({
        label: name,
        kind: name.startsWith('assembly::') ? CompletionKind.Class : CompletionKind.Module,
        detail: 'descriptor in the workspace',
        ...(desc ? { documentation: { kind: 'markdown' as const, value: desc } } : {}),
        textEdit: { range: r, newText: name },
      });
    }
    const pc = ctx.index.projectContext(ctx.doc.path);
    if (pc) {
      const subs: { path: string[]; chain: SubprojectDecl[] }[] = [];
      subprojectPaths(pc.root.contains, [], subs);
      for (const s of subs) {
        const text = `$lmctl:/${s.path.map((n) => `contains:/${n}:/`).join('')}descriptor_name`;
        const name = derivedNameOf(pc.root, s.chain);
        out.push({
          label: text,
          kind: CompletionKind.Reference,
          detail: name ? `lmctl reference → ${name}` : 'lmctl reference',
          sortText: `0${text}`,
          textEdit: { range: r, newText: text },
        });
      }
    }
    return out;
  }
  if (top === 'relationships' && typeof p[1] === 'string') {
    const rel = p[1];
    if (p[2] === 'source-capabilities') return dottedCompletion(ctx, summary, cur, 'capability', { relationship: rel });
    if (p[2] === 'target-requirements')
      return dottedCompletion(ctx, summary, cur, 'requirement', { relationship: rel, compositionOnly: true });
    if (p[2] === 'lifecycle' && p.length >= 4)
      return dottedCompletion(ctx, summary, cur, 'operation', { relationship: rel, prefixes: true });
  }
  if (top === 'operations' && key === 'source-operation') return dottedCompletion(ctx, summary, cur, 'operation', {});
  if (top === 'metrics' && key === 'source-metric') return dottedCompletion(ctx, summary, cur, 'metric', {});
  if (top === 'policies' && key === 'metric' && p.length === 3) {
    if (summary.kind === 'resource')
      return enumItems(
        ctx,
        cur,
        summary.metrics.map((m) => m.name),
        CompletionKind.Event,
        'metric of this resource',
      );
    return [
      ...enumItems(
        ctx,
        cur,
        summary.metrics.map((m) => m.name),
        CompletionKind.Event,
        'promoted metric',
      ),
      ...dottedCompletion(ctx, summary, cur, 'metric', {}),
    ];
  }
  if (top === 'policies' && key === 'target' && p.length === 3) {
    return enumItems(
      ctx,
      cur,
      summary.components.filter((c) => c.section === 'composition' && c.cluster).map((c) => c.name),
      CompletionKind.Module,
      'clustered component',
    );
  }
  if (top === 'composition' && p[2] === 'upgrade-dependencies') {
    return enumItems(
      ctx,
      cur,
      summary.components.filter((c) => c.section === 'composition' && c.name !== p[1]).map((c) => c.name),
      CompletionKind.Module,
      'component',
    );
  }
  if (top === 'composition' && key === 'items' && p.length === 3) {
    const props = topLevelProperties(summary).filter((x) => !x.type || x.type === 'list' || x.type === 'map');
    return enumItems(
      ctx,
      cur,
      props.map((x) => `\${${x.name}}`),
      CompletionKind.Variable,
      'list or map property',
    );
  }
  // Property attributes anywhere a properties section is.
  const propsIdx = p.lastIndexOf('properties');
  if (propsIdx >= 0 && p.length === propsIdx + 3) {
    if (key === 'type')
      return enumItems(
        ctx,
        cur,
        [...PROPERTY_TYPES, ...summary.dataTypes.map((d) => d.name)],
        CompletionKind.TypeParameter,
        'property type',
      );
    if (key === 'required' || key === 'read-only' || key === 'volatile')
      return enumItems(ctx, cur, ['true', 'false'], CompletionKind.Value);
  }
  return [];
}
