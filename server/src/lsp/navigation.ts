/**
 * Handlers of the navigation features: references, document highlights, rename, document and
 * workspace symbols, document links, code lenses, folding, selection ranges and semantic tokens.
 * Each converts between the protocol and the features' plain data; nothing else lives here.
 */
import {
  DocumentHighlightKind,
  type Connection,
  type DocumentSymbol as LspDocumentSymbol,
  type DocumentLink,
  type Location,
  type SemanticTokens,
  type SymbolKind,
  type WorkspaceSymbol as LspWorkspaceSymbol,
} from 'vscode-languageserver';
import { highlights, references } from '../features/references.js';
import { prepareRename, rename } from '../features/rename.js';
import { documentSymbols, workspaceSymbols } from '../features/symbols.js';
import { codeLenses, documentLinks, lensReferences, lensTitle } from '../features/links.js';
import { foldingRanges, selectionRanges } from '../features/structure.js';
import { planLensTitle } from '../features/plan.js';
import { semanticTokens } from '../features/semanticTokens.js';
import {
  SEMANTIC_TOKEN_MODIFIERS,
  SEMANTIC_TOKEN_TYPES,
  type DocumentSymbol,
  type WorkspaceEdit,
} from '../features/types.js';
import { COMMANDS } from '../protocol.js';
import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import { handler, type RequestContext, type ServerState } from './requestContext.js';
import { keyOfUri } from './convert.js';

export const SEMANTIC_TOKENS_LEGEND = {
  tokenTypes: [...SEMANTIC_TOKEN_TYPES],
  tokenModifiers: [...SEMANTIC_TOKEN_MODIFIERS],
};

/** The protocol's DocumentSymbol (its `kind` is the SymbolKind enum the features give as a number). */
function toLspSymbol(s: DocumentSymbol): LspDocumentSymbol {
  return {
    name: s.name,
    kind: s.kind as SymbolKind,
    range: s.range,
    selectionRange: s.selectionRange,
    ...(s.detail ? { detail: s.detail } : {}),
    ...(s.children?.length ? { children: s.children.map(toLspSymbol) } : {}),
  };
}

export function registerNavigation(connection: Connection, state: ServerState): void {
  const toLocation = (rc: RequestContext, r: { path: string; range: Location['range'] }): Location => ({
    uri: rc.uriOf(r.path),
    range: r.range,
  });
  const toEdit = (rc: RequestContext, e: WorkspaceEdit) => ({
    changes: Object.fromEntries(Object.entries(e.changes).map(([p, edits]) => [rc.uriOf(p), edits])),
  });

  connection.onReferences(
    handler(state, 'references', [] as Location[], (rc, params) => {
      const a = rc.at();
      if (!a) return [];
      const include = params?.context?.includeDeclaration === true;
      return references(a.ctx, a.offset, include).map((r) => toLocation(rc, r));
    }),
  );

  connection.onDocumentHighlight(
    handler(state, 'document highlight', [], (rc) => {
      const a = rc.at();
      if (!a) return [];
      return highlights(a.ctx, a.offset).map((r) => ({
        range: r.range,
        kind: r.write || r.declaration ? DocumentHighlightKind.Write : DocumentHighlightKind.Read,
      }));
    }),
  );

  connection.onPrepareRename(
    handler(state, 'prepare rename', null, (rc) => {
      const a = rc.at();
      if (!a) return null;
      const place = prepareRename(a.ctx, a.offset);
      if (!place) return null;
      if ('error' in place) throw new ResponseError(ErrorCodes.InvalidRequest, place.error);
      return place;
    }),
  );

  connection.onRenameRequest(
    handler(state, 'rename', null, (rc, params) => {
      const a = rc.at();
      if (!a) return null;
      if (typeof params.newName !== 'string') {
        throw new ResponseError(ErrorCodes.InvalidParams, 'The request needs `newName` (a string).');
      }
      const r = rename(a.ctx, a.offset, params.newName);
      if ('error' in r) throw new ResponseError(ErrorCodes.InvalidRequest, r.error);
      return toEdit(rc, r.edit);
    }),
  );

  connection.onDocumentSymbol(
    handler(state, 'document symbols', [], (rc) => {
      const ctx = rc.document();
      return ctx ? documentSymbols(ctx).map(toLspSymbol) : [];
    }),
  );

  connection.onWorkspaceSymbol(
    handler(state, 'workspace symbols', [], (rc, params) => {
      const s = rc.session;
      const query = typeof params?.query === 'string' ? params.query : '';
      const lazy = rc.client.symbolResolve;
      // Each result is built as one object literal, no spread: spreading a partly built object went
      // through V8's slow path for hundreds of results per query (a fifth of the request's CPU).
      return workspaceSymbols(s.workspace(), query, lazy ? 500 : 200).map((w): LspWorkspaceSymbol => {
        const uri = rc.uriOf(w.path);
        let location: LspWorkspaceSymbol['location'];
        // The span only: the path follows from the location's URI at resolve time (500 paths were a
        // quarter of the answer's JSON).
        let data: [number, number] | undefined;
        if (lazy) {
          location = { uri };
          data = [w.span.start, w.span.end];
        } else {
          const lines = s.linesOf(w.path);
          const range = lines
            ? lines.rangeOf(w.span)
            : { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
          location = { uri, range };
        }
        return w.containerName
          ? { name: w.name, kind: w.kind as SymbolKind, containerName: w.containerName, location, data }
          : { name: w.name, kind: w.kind as SymbolKind, location, data };
      });
    }),
  );

  connection.onWorkspaceSymbolResolve((sym, token) =>
    handler(state, 'workspace symbol resolve', sym, (rc) => {
      const data = sym.data;
      const uri: unknown = (sym.location as { uri?: unknown } | undefined)?.uri;
      if (!Array.isArray(data) || typeof data[0] !== 'number' || typeof data[1] !== 'number') return sym;
      if (typeof uri !== 'string') return sym;
      const path = keyOfUri(uri);
      const lines = rc.session.linesOf(path);
      if (!lines) return sym;
      return { ...sym, location: { uri: rc.uriOf(path), range: lines.rangeOf({ start: data[0], end: data[1] }) } };
    })(sym, token),
  );

  connection.onDocumentLinks(
    handler(state, 'document links', [] as DocumentLink[], (rc) => {
      const uri = rc.documentUri();
      if (rc.packages.isPackage(uri)) return rc.packages.links(uri);
      const ctx = rc.document();
      if (!ctx) return [];
      return documentLinks(ctx).map((l) => {
        const target = rc.uriOf(l.targetPath);
        const line = l.targetRange ? `#L${l.targetRange.start.line + 1},${l.targetRange.start.character + 1}` : '';
        return { range: l.range, target: target + line, ...(l.tooltip ? { tooltip: l.tooltip } : {}) };
      });
    }),
  );

  connection.onCodeLens(
    handler(state, 'code lenses', [], (rc) => {
      const ctx = rc.document();
      if (!ctx) return [];
      const uri = rc.documentUri();
      return codeLenses(ctx).map((l) => ({ range: l.range, data: { uri, at: l.at, format: l.format } }));
    }),
  );

  connection.onCodeLensResolve((lens, token) =>
    handler(state, 'code lens resolve', lens, (rc) => {
      const data = lens.data as { uri?: unknown; at?: unknown; format?: unknown } | undefined;
      const format = data?.format;
      if (typeof data?.uri !== 'string' || typeof data.at !== 'number') return lens;
      if (format === 'planStep' || format === 'showPlan') {
        const ctx = rc.contextOf(data.uri);
        if (!ctx) return lens;
        const title = planLensTitle(ctx, data.at, format);
        return { ...lens, command: { title, command: COMMANDS.showPlan, arguments: [data.uri] } };
      }
      if (format !== 'references' && format !== 'usedBy' && format !== 'typeUsage') return lens;
      const ctx = rc.contextOf(data.uri);
      if (!ctx) return lens;
      const refs = lensReferences(ctx, data.at, format);
      const position = ctx.doc.lines.positionAt(data.at);
      const title = lensTitle(format, refs);
      return {
        ...lens,
        command: {
          title,
          command: COMMANDS.showReferences,
          arguments: [data.uri, position, refs.map((r) => toLocation(rc, r))],
        },
      };
    })(lens, token),
  );

  connection.onFoldingRanges(
    handler(state, 'folding ranges', [], (rc) => {
      const ctx = rc.document();
      return ctx ? foldingRanges(ctx) : [];
    }),
  );

  connection.onSelectionRanges(
    handler(state, 'selection ranges', [], (rc, params) => {
      const ctx = rc.document();
      if (!ctx || !Array.isArray(params.positions)) return [];
      return selectionRanges(
        ctx,
        params.positions.map((p) => ctx.doc.lines.offsetAt(p)),
      );
    }),
  );

  connection.languages.semanticTokens.on(
    handler(state, 'semantic tokens', { data: [] } as SemanticTokens, (rc): SemanticTokens => {
      const ctx = rc.document();
      if (!ctx) return { data: [] };
      const data: number[] = [];
      let prevLine = 0;
      let prevChar = 0;
      for (const t of semanticTokens(ctx)) {
        const start = ctx.doc.lines.positionAt(t.start);
        const end = ctx.doc.lines.positionAt(t.end);
        if (end.line !== start.line || end.character <= start.character) continue;
        const dl = start.line - prevLine;
        const dc = dl === 0 ? start.character - prevChar : start.character;
        let mods = 0;
        for (const m of t.modifiers ?? []) mods |= 1 << SEMANTIC_TOKEN_MODIFIERS.indexOf(m);
        data.push(dl, dc, end.character - start.character, SEMANTIC_TOKEN_TYPES.indexOf(t.type), mods);
        prevLine = start.line;
        prevChar = start.character;
      }
      return { data };
    }),
  );
}
