/**
 * The workspace phase of the benchmark: a client with pull diagnostics on the warm bench workspace.
 *
 * - the full workspace diagnostics pass (`workspace/diagnostic` with no previous results): time to
 *   the answer, reports streamed, and the server's peak RSS. The findings persisted by an earlier
 *   run (lsp/diagnosticsCache.ts) are removed first, so this is the pass that checks every file;
 * - after everything below, a second server on the same (unchanged) workspace: its first pass,
 *   which republishes the findings the first server stored (`restartPass`), with the same reports
 *   required (`sameReports`);
 * - a resource edit -> the refreshed report of the assembly that uses it (the held workspace
 *   request answers with it);
 * - references p95 on the properties of resources, rename of the most used resource property, and
 *   workspace-symbol p95 over a set of queries.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { BenchClient } from './lspClient.js';
import { dist, log, ms, shuffled, type Dist } from './util.js';

export interface WorkspaceFigures {
  readyMs?: number;
  fullPass?: PassFigures;
  /** A second server's first pass on the unchanged workspace (the first server's findings reused). */
  restartPass?: PassFigures & { sameReports: boolean };
  editToUsers?: { ms: number; reports: number };
  references?: Dist & { empty: number };
  rename?: Dist & { files: number; edits: number };
  workspaceSymbol?: Dist & { results: number; firstMs?: number };
  hwmMB?: number;
  error?: string;
}

export interface PassFigures {
  ms: number;
  /** The server's CPU time over the pass (from /proc; whatever else it did meanwhile included). */
  cpuMs?: number;
  /** The server's main thread's CPU time over the pass. */
  mainCpuMs?: number;
  reports: number;
  withProblems: number;
  hwmMB?: number;
  rssMB?: number;
}

export interface Report {
  kind: string;
  uri: string;
  items?: unknown[];
  resultId?: string;
}

/** A project of the bench workspace with a resource and the assembly that composes it. */
function pickProject(root: string): { assembly: string; resources: string[] } {
  for (const name of readdirSync(root).sort()) {
    const contains = path.join(root, name, 'Contains');
    let subs: string[];
    try {
      subs = readdirSync(contains).sort();
    } catch {
      continue;
    }
    const resources = subs.map((s) => path.join(contains, s, 'Definitions', 'lm', 'resource.yaml'));
    return { assembly: path.join(root, name, 'Descriptor', 'assembly.yml'), resources };
  }
  throw new Error(`no project with Contains/ under ${root}`);
}

/** Positions of the top-level property keys of a descriptor. */
function propertyKeys(text: string): { line: number; character: number; name: string }[] {
  const out: { line: number; character: number; name: string }[] = [];
  let inside = false;
  text.split('\n').forEach((l, line) => {
    if (/^properties:\s*$/.test(l)) inside = true;
    else if (/^\S/.test(l)) inside = false;
    else if (inside) {
      const m = /^ {2}([\w-]+):/.exec(l);
      if (m) out.push({ line, character: 3, name: m[1]! });
    }
  });
  return out;
}

/** A property of `resource` that the assembly maps into the component of that resource's type. */
function mappedProperty<K extends { name: string }>(assembly: string, resource: string, keys: K[]): K | undefined {
  const sub = path.basename(path.dirname(path.dirname(path.dirname(resource))));
  const doc = parse(readFileSync(assembly, 'utf8')) as {
    composition?: Record<string, { type?: string; properties?: Record<string, unknown> }>;
  };
  for (const c of Object.values(doc.composition ?? {})) {
    const t = c.type ?? '';
    if (!t.includes(`/${sub}:/`) && !t.includes(`::${sub}-`)) continue;
    const mapped = new Set(Object.keys(c.properties ?? {}));
    return keys.find((k) => mapped.has(k.name) && k.name !== 'deploymentLocation' && k.name !== 'resourceManager');
  }
  return undefined;
}

/** The reports of a pass, order aside, as one comparable text. */
const digest = (reports: Report[]) =>
  reports
    .map((r) => JSON.stringify([r.uri, r.items ?? []]))
    .sort()
    .join('\n');

/** Starts a server on `root` with pull diagnostics and waits for `ready`. */
export async function startServer(client: BenchClient, root: string, cacheDir: string): Promise<number> {
  await client.initializeWorkspace(root, {
    capabilities: {
      textDocument: { diagnostic: { dynamicRegistration: false } },
      workspace: { symbol: { resolveSupport: { properties: ['location.range'] } } },
    },
    initializationOptions: { cacheDir, settings: { diagnostics: { debounceMs: 0 } } },
  });
  const ready = await client.waitFor(() => client.statuses.find((x) => x.state === 'ready'), 120_000, 'ready');
  return ready.at - client.spawnedAt;
}

/** One full `workspace/diagnostic` pass with no previous results. */
export async function fullPass(client: BenchClient): Promise<{ figures: PassFigures; reports: Report[] }> {
  const t0 = performance.now();
  const c0 = client.cpuMs();
  const m0 = client.cpuMs('main');
  const first = await client.request<{ items: Report[] }>('workspace/diagnostic', { previousResultIds: [] }, 300_000);
  const c1 = client.cpuMs();
  const m1 = client.cpuMs('main');
  const reports = first.items;
  const mem = client.memory();
  const figures: PassFigures = {
    ms: performance.now() - t0,
    ...(c0 !== undefined && c1 !== undefined ? { cpuMs: c1 - c0 } : {}),
    ...(m0 !== undefined && m1 !== undefined ? { mainCpuMs: m1 - m0 } : {}),
    reports: reports.length,
    withProblems: reports.filter((r) => (r.items?.length ?? 0) > 0).length,
    ...(mem.hwmMB !== undefined ? { hwmMB: mem.hwmMB } : {}),
    ...(mem.rssMB !== undefined ? { rssMB: mem.rssMB } : {}),
  };
  return { figures, reports };
}

/**
 * `samples` workspace symbol queries cycling through `queries` (a digit appended after the first round). The first
 * query builds the symbol lists (reading the summaries the warm start left on disk) and the next few compile the
 * matcher: the first is reported apart (`firstMs`), and the first five are a warm-up, not counted.
 */
export async function symbolQueries(
  client: BenchClient,
  queries: readonly string[],
  samples: number,
): Promise<Dist & { results: number; firstMs: number }> {
  const times: number[] = [];
  let results = 0;
  let firstMs = 0;
  for (let i = 0; i < samples + 5; i++) {
    const q = queries[i % queries.length]! + (i >= queries.length ? String(i % 7) : '');
    const t = performance.now();
    const syms = await client.request<unknown[]>('workspace/symbol', { query: q }, 10_000);
    const took = performance.now() - t;
    if (i === 0) firstMs = took;
    if (i >= 5) times.push(took);
    results = Math.max(results, syms?.length ?? 0);
  }
  return { ...dist(times), results, firstMs };
}

export async function workspacePhase(
  serverJs: string,
  repo: string,
  root: string,
  cacheDir: string,
  nodeFlags: string[],
  samples: number,
  /** Only the first full pass (for alternated A/B runs of it: bench/abPass.ts `--first-only`). */
  firstOnly = false,
): Promise<WorkspaceFigures> {
  const f: WorkspaceFigures = {};
  // The first pass checks every file: no findings from an earlier run.
  for (const f of readdirSync(cacheDir))
    if (/^diagnostics-.*\.cache$/.test(f)) rmSync(path.join(cacheDir, f), { force: true });
  const client = new BenchClient(serverJs, repo, nodeFlags);
  let firstDigest: string | undefined;
  try {
    f.readyMs = await startServer(client, root, cacheDir);

    // The full pass.
    const pass = await fullPass(client);
    f.fullPass = pass.figures;
    const reports = pass.reports;
    firstDigest = digest(reports);
    log(
      `workspace diagnostics: full pass ${ms(f.fullPass.ms)}, ${reports.length} reports, peak ${f.fullPass.hwmMB} MB`,
    );
    if (firstOnly) return f;
    const previous = new Map(reports.filter((r) => r.resultId).map((r) => [r.uri, r.resultId!]));

    // A resource edit -> the refreshed report of its assembly.
    const project = pickProject(root);
    const resource = project.resources[0]!;
    const resUri = pathToFileURL(resource).href;
    const asmUri = pathToFileURL(project.assembly).href;
    const resText = readFileSync(resource, 'utf8');
    const keys = propertyKeys(resText);
    client.notify('textDocument/didOpen', {
      textDocument: { uri: resUri, languageId: 'yaml', version: 1, text: resText },
    });
    // Drain what the open itself changed, if anything, so the measured request is the edit's (with
    // nothing changed the request is held: cancel it).
    await client.requestOrCancel(
      'workspace/diagnostic',
      { previousResultIds: [...previous].map(([uri, value]) => ({ uri, value })) },
      3_000,
    );
    const held = client.request<{ items: Report[] }>(
      'workspace/diagnostic',
      { previousResultIds: [...previous].map(([uri, value]) => ({ uri, value })) },
      60_000,
    );
    // A property the assembly maps into the component (a key under `composition.<c>.properties`),
    // so renaming it changes the assembly's report.
    const mapped = mappedProperty(project.assembly, resource, keys) ?? keys[0]!;
    const renamed = resText.replace(`\n  ${mapped.name}:`, `\n  ${mapped.name}_renamed:`);
    const te = performance.now();
    client.notify('textDocument/didChange', {
      textDocument: { uri: resUri, version: 2 },
      contentChanges: [{ text: renamed }],
    });
    let got = await held;
    // Another report may come first (the edited file's own); wait for the assembly's.
    let rounds = 0;
    while (!got.items.some((r) => r.uri === asmUri) && rounds++ < 5) {
      got = await client.request('workspace/diagnostic', { previousResultIds: [] }, 60_000);
    }
    f.editToUsers = { ms: performance.now() - te, reports: got.items.length };
    log(`resource edit -> refreshed report of its assembly ${ms(f.editToUsers.ms)}`);
    client.notify('textDocument/didChange', {
      textDocument: { uri: resUri, version: 3 },
      contentChanges: [{ text: resText }],
    });

    // References on resource properties (across the resources of the project).
    const positions: { uri: string; line: number; character: number }[] = [];
    for (const r of project.resources) {
      const text = readFileSync(r, 'utf8');
      const uri = pathToFileURL(r).href;
      client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
      for (const k of propertyKeys(text)) positions.push({ uri, line: k.line, character: k.character });
    }
    const refTimes: number[] = [];
    let empty = 0;
    let best: { uri: string; line: number; character: number; n: number } | undefined;
    const order = shuffled(positions, 23);
    for (let i = 0; i < Math.min(samples, order.length * 4); i++) {
      const p = order[i % order.length]!;
      const t = performance.now();
      const locs = await client.request<unknown[] | null>(
        'textDocument/references',
        {
          textDocument: { uri: p.uri },
          position: { line: p.line, character: p.character },
          context: { includeDeclaration: true },
        },
        10_000,
      );
      refTimes.push(performance.now() - t);
      const n = locs?.length ?? 0;
      if (n === 0) empty++;
      if (!best || n > best.n) best = { ...p, n };
    }
    f.references = { ...dist(refTimes), empty };
    // Rename of the most referenced property (computed, not applied).
    if (best) {
      const times: number[] = [];
      let files = 0;
      let edits = 0;
      for (let i = 0; i < 10; i++) {
        const t = performance.now();
        const edit = await client.request<{ changes?: Record<string, unknown[]> } | null>(
          'textDocument/rename',
          {
            textDocument: { uri: best.uri },
            position: { line: best.line, character: best.character },
            newName: `renamed_${i}`,
          },
          10_000,
        );
        times.push(performance.now() - t);
        files = Object.keys(edit?.changes ?? {}).length;
        edits = Object.values(edit?.changes ?? {}).reduce((a, e) => a + e.length, 0);
      }
      f.rename = { ...dist(times), files, edits };
    }
    // Workspace symbols.
    const queries = ['bench', 'res', 'analytics', 'big', 'asm', 'Prop', 'x', 'service', 'net', 'db', 'cache', 'edge'];
    f.workspaceSymbol = await symbolQueries(client, queries, samples);
    log(
      `references p95 ${ms(f.references.p95)}, rename p95 ${ms(f.rename?.p95)}, ` +
        `workspace symbol p95 ${ms(f.workspaceSymbol.p95)}`,
    );
    f.hwmMB = client.memory().hwmMB;
  } catch (e) {
    f.error = e instanceof Error ? e.message : String(e);
  } finally {
    await client.close();
  }
  // A warm restart: a second server on the unchanged workspace; its first pass may reuse the findings
  // the first server stored after its full pass.
  if (firstDigest !== undefined && !f.error) {
    const again = new BenchClient(serverJs, repo, nodeFlags);
    try {
      await startServer(again, root, cacheDir);
      const pass = await fullPass(again);
      f.restartPass = { ...pass.figures, sameReports: digest(pass.reports) === firstDigest };
      log(
        `workspace diagnostics after a restart: ${ms(f.restartPass.ms)}, ${pass.reports.length} reports ` +
          `(${f.restartPass.sameReports ? 'the same' : 'NOT the same'} as the first pass), ` +
          `peak ${f.restartPass.hwmMB} MB`,
      );
    } catch (e) {
      f.error = e instanceof Error ? e.message : String(e);
    } finally {
      await again.close();
    }
  }
  return f;
}
