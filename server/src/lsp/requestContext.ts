/**
 * What a request handler works with, gathered once per request by one function: the session, the
 * settings, what the client supports, the open documents, the cancellation token, and the open
 * document (and offset) the request names. Handlers receive it from `handler`, which also turns a
 * client's mistake into a protocol error (a request before `initialize`, malformed params) and a
 * fault of ours into the handler's empty answer plus a log line.
 */
import { ResponseError, type CancellationToken } from 'vscode-languageserver';
import type { DiagnosticOptions } from '../features/diagnostics.js';
import type { FeatureContext } from '../features/types.js';
import type { AnalysisSession } from '../host/analysisSession.js';
import { uriOfKey } from './convert.js';
import type { OpenDocuments } from './documents.js';
import type { PackageDocuments } from './packageDocuments.js';
import { positionParams, requireInitialized, textDocumentParams } from './requests.js';
import type { Settings } from './settings.js';

/** What the client said it supports (read at `initialize`). */
export interface ClientFeatures {
  /** A client command that opens completion (VS Code: `editor.action.triggerSuggest`). */
  triggerSuggest: string | undefined;
  /** Snippets in workspace edits (`snippetEditSupport` with document changes). */
  snippetEdits: boolean;
  /** Workspace symbol ranges resolved lazily (`workspaceSymbol/resolve`). */
  symbolResolve: boolean;
}

/** The server's state as request handlers read it (lsp/server.ts holds it). */
export interface ServerState {
  readonly docs: OpenDocuments;
  readonly packages: PackageDocuments;
  readonly client: Readonly<ClientFeatures>;
  initialized(): boolean;
  /** The session (throws before `initialize`). */
  session(): AnalysisSession;
  settings(): Settings;
  diagnosticOptions(): DiagnosticOptions;
  logError(what: string, e: unknown): void;
  /** A language request came in (background work steps aside for a moment: the scheduler's `didRequest`). */
  requested?(): void;
}

export interface RequestContext {
  readonly session: AnalysisSession;
  readonly settings: Settings;
  readonly client: Readonly<ClientFeatures>;
  readonly docs: OpenDocuments;
  readonly packages: PackageDocuments;
  /** The request's cancellation (undefined for handlers the library calls without one). */
  readonly token: CancellationToken | undefined;
  diagnosticOptions(): DiagnosticOptions;
  /** The URI of an index path: the editor's own for an open document. */
  uriOf(path: string): string;
  /** The feature context of an open document; undefined when it is not open. */
  contextOf(uri: string): FeatureContext | undefined;
  /** The request's `textDocument.uri` (InvalidParams when the params have none). */
  documentUri(): string;
  /** The open document the request names; undefined when it is not open. */
  document(): FeatureContext | undefined;
  /** The open document and the offset of the request's `position`; undefined when it is not open. */
  at(): { ctx: FeatureContext; offset: number } | undefined;
}

/** Builds the context of one request; throws ServerNotInitialized before `initialize`. */
export function requestContext(state: ServerState, params: unknown, token?: CancellationToken): RequestContext {
  requireInitialized(state.initialized());
  const session = state.session();
  const { docs } = state;
  const contextOf = (uri: string): FeatureContext | undefined => {
    const model = docs.modelOf(session, uri);
    return model ? session.context(model) : undefined;
  };
  return {
    session,
    settings: state.settings(),
    client: state.client,
    docs,
    packages: state.packages,
    token,
    diagnosticOptions: () => state.diagnosticOptions(),
    uriOf: (path) => docs.uriOfKey(path) ?? uriOfKey(path),
    contextOf,
    documentUri: () => textDocumentParams(params).textDocument.uri,
    document: () => contextOf(textDocumentParams(params).textDocument.uri),
    at: () => {
      const p = positionParams(params);
      const ctx = contextOf(p.textDocument.uri);
      return ctx ? { ctx, offset: ctx.doc.lines.offsetAt(p.position) } : undefined;
    },
  };
}

/**
 * A request handler for the connection: builds the request's context and runs `body` with it. A
 * protocol error goes back to the client; anything else is our fault, so it is logged and
 * `fallback` is answered.
 */
export function handler<P, R>(
  state: ServerState,
  what: string,
  fallback: R,
  body: (rc: RequestContext, params: P) => R,
): (params: P, token?: CancellationToken) => R {
  return (params, token) => {
    state.requested?.();
    try {
      return body(requestContext(state, params, token), params);
    } catch (e) {
      if (e instanceof ResponseError) throw e;
      state.logError(what, e);
      return fallback;
    }
  };
}
