/**
 * Semantic tokens of LM descriptors, so any LSP editor highlights references as the server resolves
 * them (the TextMate injection grammar colours them in VS Code by their shape only).
 *
 * `${…}` references, by what the root resolves to:
 *
 * | part | token |
 * |---|---|
 * | root: a property | `variable` (+`readonly` when the property is declared read-only) |
 * | root: a component or reference | `namespace` (it qualifies the component's properties) |
 * | root: `source` / `target` in relationship properties | `namespace` +`defaultLibrary` |
 * | root: `instance`, `item` | `variable` +`defaultLibrary` |
 * | member (`.name`) | `property` (+`readonly` when its declaration is read-only) |
 * | member of `instance` (`name`, `id`, `index`) | `property` +`defaultLibrary` |
 * | index (`[0]`) | `number` |
 * | unresolved root | no token for the whole reference |
 *
 * A part a diagnostic points at (a malformed or unterminated reference, an unknown member, a
 * component used without a member) gets no token either: it keeps the string's colour and its
 * squiggle, instead of being painted like a name that resolves. `${`, `.`, `[`, `]` and `}` get no
 * token (they are punctuation, which the protocol has no type for).
 *
 * `$lmctl:/` paths (well-formed ones): `$lmctl` and `contains` as `keyword`, subproject names as
 * `namespace`, `descriptor_name` as `variable` +`readonly` +`defaultLibrary` (lmctl supplies it).
 */
import { parseLmctlPath } from '../../index/projects.js';
import type { Span } from '../../syntax/positions.js';
import { walkScalars } from '../../syntax/tree.js';
import { pushToken, scalarSource } from '../shared/tokens.js';
import type { FeatureContext, SemanticToken } from '../types.js';
import { descriptorOf } from './context.js';
import { collectReferences, resolveOccurrence, type ResolvedRef } from './resolve.js';

type Token = Pick<SemanticToken, 'type' | 'modifiers'>;

export function semanticTokens(ctx: FeatureContext): SemanticToken[] {
  const summary = descriptorOf(ctx);
  if (!summary) return [];
  const out: SemanticToken[] = [];
  for (const occ of collectReferences(ctx.doc, summary)) {
    referenceTokens(ctx, resolveOccurrence(ctx, summary, occ), out);
  }
  lmctlTokens(ctx, out);
  return out;
}

function referenceTokens(ctx: FeatureContext, res: ResolvedRef, out: SemanticToken[]): void {
  if (res.root.kind === 'unresolved') return;
  const flagged = res.problems.map((p) => p.span);
  const clear = (s: Span) => !flagged.some((f) => f.start < s.end && s.start < f.end);
  res.occ.ref.segments.forEach((seg, i) => {
    if (!clear(seg.span)) return;
    const t = i === 0 ? rootToken(res) : seg.kind === 'index' ? { type: 'number' as const } : memberToken(res, i);
    pushToken(out, ctx.doc.lines, seg.span, t.type, t.modifiers);
  });
}

function rootToken(res: ResolvedRef): Token {
  const root = res.root;
  switch (root.kind) {
    case 'property':
      return { type: 'variable', ...(root.decl.readOnly ? { modifiers: ['readonly'] } : {}) };
    case 'component':
      return { type: 'namespace', ...(root.via ? { modifiers: ['defaultLibrary'] } : {}) };
    default:
      return { type: 'variable', modifiers: ['defaultLibrary'] };
  }
}

/** The `i`-th segment, a name after the root: the member resolution describes the first of them. */
function memberToken(res: ResolvedRef, i: number): Token {
  if (i !== 1 || !res.member) return { type: 'property' };
  if (res.member.builtin) return { type: 'property', modifiers: ['defaultLibrary'] };
  const decl = res.member.decl ?? res.member.localDecl;
  return { type: 'property', ...(decl?.readOnly ? { modifiers: ['readonly'] } : {}) };
}

const LMCTL = '$lmctl:/';

/** Tokens of every well-formed `$lmctl:/…/descriptor_name` value. */
function lmctlTokens(ctx: FeatureContext, out: SemanticToken[]): void {
  const { text, lines } = ctx.doc;
  walkScalars(ctx.doc.root, (s, _path, isKey) => {
    if (isKey || typeof s.value !== 'string' || !s.value.startsWith(LMCTL) || s.value.includes('${')) return;
    const parsed = parseLmctlPath(s.value);
    if (!parsed || parsed.error) return;
    const src = scalarSource(text, s);
    // The decoded value equals `s.value` for the single-line scalars these paths are written in.
    if (src.decoded.text !== s.value) return;
    pushToken(out, lines, src.span(0, LMCTL.length - 2), 'keyword');
    let at = LMCTL.length;
    let afterContains = false;
    for (const part of s.value.slice(LMCTL.length).split(':/')) {
      const span = src.span(at, at + part.length);
      if (afterContains) pushToken(out, lines, span, 'namespace');
      else if (part === 'contains') pushToken(out, lines, span, 'keyword');
      else pushToken(out, lines, span, 'variable', ['readonly', 'defaultLibrary']);
      afterContains = !afterContains && part === 'contains';
      at += part.length + 2;
    }
  });
}
