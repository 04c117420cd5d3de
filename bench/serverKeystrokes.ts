/**
 * LM keystrokes through the real server with given node flags: a warm start from `cacheDir`, the index
 * checked against the disk, the big assembly opened, then `edits` `quantity` digits toggled (15 ms apart, so
 * the server's idle-time collection runs as between real keystrokes). Prints one JSON line: the server's CPU
 * time per keystroke (from /proc: the check and whatever the server did beside it, collections included),
 * the latency p50 / p95 (all and the first 30) and the server's peak RSS. For A/B runs of V8 flags the
 * client would pass (e.g. `--max-semi-space-size`), alternated by the caller, one cache folder (and
 * `XDG_CACHE_HOME`, for the code cache) per flag set:
 *
 *   node --import tsx bench/serverKeystrokes.ts <dist/server.js> <root> <big assembly> <cacheDir> "<flags>" [edits]
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { BenchClient } from './lspClient.js';
import { dist } from './util.js';

async function main(): Promise<void> {
  const [serverJs, root, big, cacheDir, flags, edits] = process.argv.slice(2);
  if (!serverJs || !root || !big || !cacheDir)
    throw new Error('usage: serverKeystrokes.ts <server> <root> <big> <dir>');
  const client = new BenchClient(serverJs, process.cwd(), (flags ?? '').split(' ').filter(Boolean));
  await client.initializeWorkspace(root, {
    capabilities: {},
    initializationOptions: { cacheDir, settings: { diagnostics: { debounceMs: 0 } } },
  });
  const checked = () => client.statuses.find((x) => x.state === 'ready' && x.verifying !== true);
  await client.waitFor(checked, 120_000, 'the index checked against the disk');
  const uri = pathToFileURL(big).href;
  const text = readFileSync(big, 'utf8');
  client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
  await client.waitFor(() => client.publications.find((p) => p.uri === uri && p.version === 1), 20_000, 'open');
  const lines = text.split('\n');
  const at: { line: number; character: number }[] = [];
  lines.forEach((l, line) => {
    const q = /^( {4}quantity: )(\d)\s*$/.exec(l);
    if (q) at.push({ line, character: q[1]!.length });
  });
  const c0 = client.cpuMs();
  const typed = await client.toggleDigits(uri, lines, at, Number(edits ?? 200), 1);
  const c1 = client.cpuMs();
  const all = dist(typed.times);
  process.stdout.write(
    JSON.stringify({
      flags,
      cpuMsPerEdit: c0 !== undefined && c1 !== undefined ? (c1 - c0) / typed.times.length : undefined,
      p50: all.p50,
      p95: all.p95,
      first30p95: dist(typed.times.slice(0, 30)).p95,
      hwmMB: client.memory().hwmMB,
    }) + '\n',
  );
  await client.close();
}

void main().then(
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  },
);
