/**
 * Go to definition in TOSCA documents: type names (workspace types -> their declaration; normative
 * types -> a read-only generated view, see normative.ts), requirement targets -> node templates,
 * `get_input` -> the input, `get_property`/`get_attribute` -> the property or attribute definition,
 * member keys of templates -> their definitions, imports -> the file.
 */
import type { ToscaType } from '../../model/tosca/typeTable.js';
import type { Span } from '../../syntax/positions.js';
import type { FeatureContext, LocationLink, Range } from '../types.js';
import { toscaModelOf } from './model.js';
import { normativeAnchorRange } from '../../model/tosca/normativeView.js';
import { toscaTargetAt } from './targets.js';
import { cloudifyDefinition, isCloudifyDocument } from './cloudifyNav.js';

export function definition(ctx: FeatureContext, offset: number): LocationLink[] {
  if (isCloudifyDocument(ctx)) return cloudifyDefinition(ctx, offset);
  const t = toscaTargetAt(ctx, offset);
  if (!t) return [];
  const model = toscaModelOf(ctx);
  const origin = ctx.doc.lines.rangeOf(t.origin);
  const inFile = (path: string, span: Span, sel: Span = span): LocationLink[] => {
    const lines = path === ctx.doc.path ? ctx.doc.lines : ctx.linesOf(path);
    if (!lines) return [];
    return [
      {
        originSelectionRange: origin,
        targetPath: path,
        targetRange: lines.rangeOf(span),
        targetSelectionRange: lines.rangeOf(sel),
      },
    ];
  };
  const inNormative = (type: ToscaType, anchor: string): LocationLink[] => {
    const v = model.types.catalogVersion;
    const view = type.normative && v ? ctx.index.tosca.normative.view(type.normative.name, v) : undefined;
    if (!view) return [];
    const r = normativeAnchorRange(view, anchor);
    return [{ originSelectionRange: origin, targetPath: view.uri, targetRange: r, targetSelectionRange: r }];
  };
  /** A member of `owner`: its declaration in a file, or its anchor in the normative view. */
  const member = (
    owner: ToscaType,
    decl: { span: Span; keySpan: Span } | undefined,
    anchor: string,
  ): LocationLink[] => {
    if (decl && owner.path) return inFile(owner.path, decl.span, decl.keySpan);
    if (owner.normative) return inNormative(owner, anchor);
    return [];
  };
  switch (t.kind) {
    case 'type':
      if (t.type.decl && t.type.path) return inFile(t.type.path, t.type.decl.span, t.type.decl.keySpan);
      return t.type.normative ? inNormative(t.type, 'type') : [];
    case 'template':
      return inFile(ctx.doc.path, t.template.span, t.template.keySpan);
    case 'input':
      return inFile(ctx.doc.path, t.input.span, t.input.keySpan);
    case 'keyword':
      return t.entity?.node ? inFile(ctx.doc.path, t.entity.node.span, t.entity.node.keySpan) : [];
    case 'property':
      return member(t.prop.owner, t.prop.decl, `${t.attribute ? 'attribute' : 'property'}:${t.prop.name}`);
    case 'capability':
      return member(t.cap.owner, t.cap.decl, `capability:${t.cap.name}`);
    case 'requirement':
      return member(t.req.owner, t.req.decl, `requirement:${t.req.name}`);
    case 'interface':
      return member(t.iface.owner, t.iface.decl, `interface:${t.iface.name}`);
    case 'operation': {
      const it = t.ifaceType;
      if (!it) return [];
      // The nearest type along the chain that declares the operation.
      for (const x of [it, ...model.types.ancestors(it)]) {
        const d = x.decl?.operations.find((o) => o.name === t.name);
        if (d && x.path) return inFile(x.path, d.span, d.keySpan);
        if (x.normative?.operations?.[t.name]) return inNormative(x, `operation:${t.name}`);
      }
      return [];
    }
    case 'artifact':
      return t.decl && t.path ? inFile(t.path, t.decl.span, t.decl.keySpan) : [];
    case 'import': {
      const s = t.status;
      if (s?.kind !== 'ok') return [];
      const lines = ctx.linesOf(s.path);
      const zero: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
      const first = lines ? lines.rangeOf({ start: 0, end: lines.lineContentEnd(0) }) : zero;
      return [{ originSelectionRange: origin, targetPath: s.path, targetRange: first, targetSelectionRange: zero }];
    }
    default:
      return [];
  }
}
