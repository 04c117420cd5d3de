/**
 * The pull diagnostics requests: one document (open ones, while the user types), and the whole
 * workspace (held open until something changes, then what changed). When results are computed is
 * the scheduler's business (host/diagnosticsScheduler.ts); these handlers answer on the request's
 * context.
 */
import { LSPErrorCodes, ResponseError, type Connection } from 'vscode-languageserver';
import { computeDiagnosticsInSlices } from '../features/diagnostics.js';
import type { DiagnosticsScheduler } from '../host/diagnosticsScheduler.js';
import { packsCheckedBy } from './languagePack.js';
import { keyOfUri } from './convert.js';
import { pauseTurn, resultIdOf, toLspDiagnostic } from './diagnostics.js';
import { requestContext, type ServerState } from './requestContext.js';
import type { WorkspaceDiagnostics } from './workspaceDiagnostics.js';

export interface DiagnosticRequestDeps {
  scheduler: DiagnosticsScheduler<unknown>;
  workspaceDiagnostics: WorkspaceDiagnostics;
  /** Resolves when the index build under way (or a new one) is done. */
  indexBuilt(): Promise<void>;
  /** Told the language pack of each document checked (`ServerHost.checked`). */
  checked?(pack: string): void;
}

export function registerDiagnosticRequests(connection: Connection, state: ServerState, d: DiagnosticRequestDeps): void {
  connection.languages.diagnostics.on(async (params, token) => {
    // A pull is a document's check the user waits for, as a push check is: background work steps aside (`quiet`).
    state.requested?.();
    const rc = requestContext(state, params, token);
    const uri = rc.documentUri();
    if (rc.packages.isPackage(uri) && rc.docs.documents.get(uri)) {
      const items = rc.packages.diagnostics(uri);
      const resultId = resultIdOf(items);
      return params.previousResultId === resultId ? { kind: 'unchanged', resultId } : { kind: 'full', resultId, items };
    }
    const s = rc.session;
    const model = rc.docs.modelOf(s, uri) ?? s.modelOf(keyOfUri(uri));
    if (!model) return { kind: 'full', items: [] };
    const diags = await computeDiagnosticsInSlices(s.context(model), rc.diagnosticOptions(), pauseTurn);
    for (const pack of packsCheckedBy(model)) d.checked?.(pack);
    if (token.isCancellationRequested) {
      throw new ResponseError(LSPErrorCodes.ServerCancelled, 'The document changed', { retriggerRequest: true });
    }
    const items = diags.map(toLspDiagnostic);
    const resultId = resultIdOf(items);
    d.scheduler.pulled(uri, !model.syntaxChecked);
    return params.previousResultId === resultId ? { kind: 'unchanged', resultId } : { kind: 'full', resultId, items };
  });

  connection.languages.diagnostics.onWorkspace(async (params, token, workDone, partial) => {
    const rc = requestContext(state, params, token);
    if (rc.session.index.state !== 'ready') {
      // Nothing to report yet: wait for the index or for the client to cancel, so it does not poll.
      // (With the `openFiles` scope the pass finds no workspace file and the request stays held,
      // after clearing what an earlier `workspace` scope reported.)
      await new Promise<void>((resolve) => {
        const sub = token.onCancellationRequested(() => {
          sub.dispose();
          resolve();
        });
        void d.indexBuilt().then(() => {
          sub.dispose();
          resolve();
        });
      });
      if (token.isCancellationRequested) return { items: [] };
    }
    const previous = Array.isArray(params?.previousResultIds) ? params.previousResultIds : [];
    let begun = false;
    const items = await d.workspaceDiagnostics.request(
      previous,
      token,
      partial ? (batch) => partial.report({ items: batch }) : undefined,
      rc.uriOf,
      (done, total) => {
        if (!begun) workDone.begin('Checking the workspace', 0, undefined, true);
        begun = true;
        workDone.report(Math.round((done / Math.max(1, total)) * 100), `${done}/${total} files`);
      },
    );
    if (begun) workDone.done();
    return { items };
  });
}
