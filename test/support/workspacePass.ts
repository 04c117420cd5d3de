/**
 * The workspace pass as the server runs it, without a client, for the tests that drive `WorkspaceDiagnostics`
 * directly: no file open, any failure thrown (a test must not pass over a logged error).
 */
import type { AnalysisSession } from '../../server/src/host/analysisSession.js';
import type { DiagnosticOptions } from '../../server/src/features/diagnostics.js';
import { WorkspaceDiagnostics } from '../../server/src/lsp/workspaceDiagnostics.js';

export function workspacePass(s: AnalysisSession, options: () => DiagnosticOptions = () => ({})): WorkspaceDiagnostics {
  return new WorkspaceDiagnostics(
    () => s,
    options,
    () => false,
    (what, e) => {
      throw new Error(`${what}: ${String(e)}`);
    },
  );
}

const NEVER_CANCELLED = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };

/** One full pass of `wd` with nothing known to the client, its reports dropped (read them with `resultOf`). */
export function passAll(wd: WorkspaceDiagnostics): Promise<void> {
  return wd.pass(
    new Map(),
    NEVER_CANCELLED,
    () => undefined,
    (p) => 'file://' + p,
  );
}
