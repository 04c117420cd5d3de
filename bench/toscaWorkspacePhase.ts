/**
 * The workspace figures of a generated 2,000-file TOSCA workspace (the `tosca` phase, one per version), as the
 * `workspace` phase measures them on the LM workspace: a pull client on a warm start, the first full
 * `workspace/diagnostic` pass (no stored findings: time to the answer, reports, the server's CPU and peak RSS), then
 * workspace symbol queries on the workspace's type and template names (the first query apart, five not counted).
 */
import { readdirSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { BenchClient } from './lspClient.js';
import type { Dist } from './util.js';
import { fullPass, startServer, symbolQueries, type PassFigures } from './workspacePhase.js';

export interface ToscaWorkspaceFigures {
  readyMs: number;
  fullPass: PassFigures;
  workspaceSymbol: Dist & { results: number; firstMs: number };
  /** The server's peak RSS over the session (VmHWM). */
  hwmMB?: number;
}

/** Names the generated workspaces declare (types, templates, profiles, namespaces), and partial ones. */
const QUERIES = ['App', 'Compute', 'Network', 'Port', 'host', 'lan', 'service', 'org.example', 'base', 'ap3', 'x'];

export async function toscaWorkspacePhase(
  serverJs: string,
  repo: string,
  dir: string,
  cacheDir: string,
  nodeFlags: string[],
  samples: number,
): Promise<ToscaWorkspaceFigures> {
  // The first pass checks every file: no findings from an earlier run.
  for (const f of readdirSync(cacheDir, { withFileTypes: true }))
    if (f.isFile() && /^diagnostics-.*\.cache$/.test(f.name)) rmSync(path.join(cacheDir, f.name), { force: true });
  const client = new BenchClient(serverJs, repo, nodeFlags);
  try {
    const readyMs = await startServer(client, dir, cacheDir);
    const pass = await fullPass(client);
    const workspaceSymbol = await symbolQueries(client, QUERIES, samples);
    const mem = client.memory();
    return {
      readyMs,
      fullPass: pass.figures,
      workspaceSymbol,
      ...(mem.hwmMB !== undefined ? { hwmMB: mem.hwmMB } : {}),
    };
  } finally {
    await client.close();
  }
}
