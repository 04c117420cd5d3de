/**
 * The "Migrate this file to TOSCA 2.0" code action (kind `refactor.rewrite`), offered on the
 * `tosca_definitions_version` line of a TOSCA Simple Profile 1.0–1.3 file.
 */
import type { CodeAction } from '../../shared/fix.js';
import type { FeatureContext, Range } from '../../types.js';
import { asMap, getPair } from '../../../syntax/tree.js';
import { migrateDocument } from './document.js';
import { simpleProfileVersion, type OffsetEdit } from './migrate.js';

/** Edits that touch (an insertion where a replacement starts) joined, so no client has to order them. */
function adjoined(edits: readonly OffsetEdit[]): OffsetEdit[] {
  const out: OffsetEdit[] = [];
  for (const e of edits) {
    const last = out[out.length - 1];
    if (last && e.start === last.end) out[out.length - 1] = { start: last.start, end: e.end, text: last.text + e.text };
    else out.push(e);
  }
  return out;
}

export function migrateActions(ctx: FeatureContext, range: Range): CodeAction[] {
  const root = ctx.doc.root;
  const from = simpleProfileVersion(root);
  const version = getPair(asMap(root), 'tosca_definitions_version');
  if (!from || !version) return [];
  const line = ctx.doc.lines.positionAt(version.key.span.start).line;
  if (range.start.line > line || range.end.line < line) return [];
  const r = migrateDocument(ctx);
  if (!r.ok) return [];
  const lines = ctx.doc.lines;
  const edits = adjoined(r.edits).map((e) => ({
    range: { start: lines.positionAt(e.start), end: lines.positionAt(e.end) },
    newText: e.text,
  }));
  const todo = r.todos.length ? ` (${r.todos.length} TODO(migrate) comment${r.todos.length === 1 ? '' : 's'})` : '';
  return [
    {
      title: `Migrate this file from TOSCA ${from} to TOSCA 2.0${todo}`,
      kind: 'refactor.rewrite',
      diagnostics: [],
      edit: { changes: { [ctx.doc.path]: edits } },
    },
  ];
}
