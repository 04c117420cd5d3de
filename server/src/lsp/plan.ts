/**
 * The deployment plan request (PLAN_REQUEST): the plan of an open document, or of a file on disk
 * the editor has not opened, straight away (the workspace scan is never awaited: what the index
 * does not hold yet is read on demand). Its `uri` fields come back as URIs.
 */
import { ErrorCodes, ResponseError, type Connection } from 'vscode-languageserver';
import { deploymentPlan, withUris } from '../features/plan.js';
import { PLAN_REQUEST, type PlanKind, type PlanParams, type PlanResult } from '../protocol.js';
import { keyOfUri } from './convert.js';
import { handler, type ServerState } from './requestContext.js';

const KINDS: readonly PlanKind[] = ['build', 'termination', 'scaleOut'];

/** Checks the parameters, answering a client's mistake with InvalidParams and what is wrong. */
export function planParams(params: unknown): PlanParams {
  const p = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>;
  const invalid = (m: string) => new ResponseError(ErrorCodes.InvalidParams, m);
  if (typeof p['uri'] !== 'string') throw invalid('The request needs `uri` (a string).');
  const kind = p['kind'] ?? 'build';
  if (!KINDS.includes(kind as PlanKind)) throw invalid('`kind` must be `build`, `termination` or `scaleOut`.');
  if (p['node'] !== undefined && typeof p['node'] !== 'string') throw invalid('`node` must be a string.');
  return { uri: p['uri'], kind: kind as PlanKind, ...(typeof p['node'] === 'string' ? { node: p['node'] } : {}) };
}

export function registerPlan(connection: Connection, state: ServerState): void {
  connection.onRequest(
    PLAN_REQUEST,
    handler(state, 'deployment plan', null as PlanResult | null, (rc, params: unknown) => {
      const p = planParams(params);
      const model = rc.docs.modelOf(rc.session, p.uri) ?? rc.session.modelOf(keyOfUri(p.uri));
      if (!model) return null;
      const plan = deploymentPlan(rc.session.context(model), {
        kind: p.kind ?? 'build',
        ...(p.node ? { node: p.node } : {}),
      });
      return withUris(plan, rc.uriOf);
    }),
  );
}
