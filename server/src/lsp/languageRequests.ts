/**
 * Handlers of the editing requests: completion, definition, hover, code actions, and the read-only
 * views of TOSCA normative types. Each converts between the protocol and the features' plain data
 * on the request's context (requestContext.ts); package documents (TOSCA.meta, manifests) are
 * answered by PackageDocuments.
 */
import type { CompletionItem as LspCompletionItem, Connection } from 'vscode-languageserver';
import { codeActions } from '../features/codeActions.js';
import { complete } from '../features/completion.js';
import { definition } from '../features/definition.js';
import { hover } from '../features/hover.js';
import { NORMATIVE_SOURCE_REQUEST, type NormativeSourceResult } from '../protocol.js';
import { toLspDiagnostic } from './diagnostics.js';
import { workspaceEdit } from './edits.js';
import { handler, type ServerState } from './requestContext.js';
import { positionParams, rangeParams } from './requests.js';

export function registerLanguageRequests(connection: Connection, state: ServerState): void {
  connection.onCompletion(
    handler(state, 'completion', [] as LspCompletionItem[], (rc, params) => {
      const p = positionParams(params);
      if (rc.packages.isPackage(p.textDocument.uri)) return rc.packages.completion(p.textDocument.uri, p.position);
      const a = rc.at();
      if (!a) return [];
      const trigger = rc.client.triggerSuggest;
      return complete(a.ctx, a.offset).map(({ retrigger, ...item }): LspCompletionItem => {
        const lsp = item as LspCompletionItem;
        return retrigger && trigger ? { ...lsp, command: { title: 'Suggest', command: trigger } } : lsp;
      });
    }),
  );

  connection.onDefinition(
    handler(state, 'definition', null, (rc) => {
      const a = rc.at();
      if (!a) return null;
      return definition(a.ctx, a.offset).map((l) => ({
        ...(l.originSelectionRange ? { originSelectionRange: l.originSelectionRange } : {}),
        targetUri: rc.uriOf(l.targetPath),
        targetRange: l.targetRange,
        targetSelectionRange: l.targetSelectionRange,
      }));
    }),
  );

  connection.onHover(
    handler(state, 'hover', null, (rc, params) => {
      const p = positionParams(params);
      if (rc.packages.isPackage(p.textDocument.uri)) return rc.packages.hover(p.textDocument.uri, p.position);
      const a = rc.at();
      return a ? (hover(a.ctx, a.offset) ?? null) : null;
    }),
  );

  connection.onCodeAction(
    handler(state, 'code actions', [], (rc, params) => {
      const p = rangeParams(params);
      if (rc.packages.isPackage(p.textDocument.uri)) return rc.packages.codeActions(p.textDocument.uri, p.range);
      const ctx = rc.document();
      if (!ctx) return [];
      return codeActions(ctx, p.range, rc.diagnosticOptions()).map((a) => ({
        title: a.title,
        kind: a.kind,
        diagnostics: a.diagnostics.map(toLspDiagnostic),
        ...(a.isPreferred ? { isPreferred: true } : {}),
        edit: workspaceEdit(a.edit.changes, rc.uriOf, rc.client.snippetEdits),
      }));
    }),
  );

  // Read-only views of TOSCA normative types (targets of go to definition); the client shows them
  // through a text document content provider for the `tosca-normative:` scheme.
  connection.onRequest(
    NORMATIVE_SOURCE_REQUEST,
    handler(state, 'normative type source', null as NormativeSourceResult, (rc, params: unknown) => {
      const uri = typeof params === 'object' && params !== null ? (params as { uri?: unknown }).uri : undefined;
      return typeof uri === 'string' ? (rc.session.index.tosca.normative.sourceForUri(uri) ?? null) : null;
    }),
  );
}
