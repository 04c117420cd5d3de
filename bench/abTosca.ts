/**
 * TOSCA didOpen / didChange through the real server, two builds alternated (A/B), on the bench's
 * generated TOSCA workspaces (`npm run bench -- --phases tosca` generates them first):
 *
 *   node --import tsx bench/abTosca.ts <dist/server.js of A> <dist/server.js of B> [--pairs N] [--edits N]
 *     [--samples N] [--versions 1.3,2.0] [--settle ms]
 *
 * prints one line per run: didOpen p50 / p95 (the first open included) and didChange p50 / p95, and with
 * `--samples N` (requests per kind, as the bench's `--samples`) the references p50 / p95 and their slowest.
 * `--settle ms` waits that long after ready before the first open (a user opens a file later than the bench).
 */
import { rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { toscaRequests } from './toscaRequests.js';

const [a, b, ...rest] = process.argv.slice(2);
if (!a || !b) throw new Error('usage: abTosca.ts <server.js A> <server.js B> [--pairs N] [--edits N]');
const arg = (name: string, def: number) => {
  const i = rest.indexOf(`--${name}`);
  return i >= 0 ? Number(rest[i + 1]) : def;
};
const base = path.join(os.tmpdir(), 'lm-descriptors-bench');

async function main(): Promise<void> {
  for (let pair = 0; pair < arg('pairs', 2); pair++)
    for (const version of (rest.includes('--versions') ? rest[rest.indexOf('--versions') + 1]! : '1.3,2.0').split(','))
      for (const [name, serverJs] of [
        ['A', a],
        ['B', b],
      ] as const) {
        const dir = path.join(base, `tosca-${version}`);
        const cacheDir = path.join(os.tmpdir(), `lm-ab-tosca-${name}-${version}`);
        rmSync(cacheDir, { recursive: true, force: true });
        const r = await toscaRequests(
          { serverJs, cwd: path.dirname(path.dirname(serverJs)), nodeFlags: [], cacheDir },
          dir,
          path.join(dir, 'services0', 'service0.yaml'),
          arg('samples', 5),
          { opens: 8, edits: arg('edits', 30), settleMs: arg('settle', 0) },
        );
        const f = (x: number) => x.toFixed(1);
        console.log(
          `${version} ${name}: didOpen p50/p95 ${f(r.didOpen.p50)}/${f(r.didOpen.p95)} ms, ` +
            `didChange p50/p95 ${f(r.didChange.p50)}/${f(r.didChange.p95)} ms (${r.diagnostics} diagnostics)` +
            (arg('samples', 5) > 5
              ? `, references p50/p95/max ${f(r.references.p50)}/${f(r.references.p95)}/${f(r.references.max)} ms`
              : ''),
        );
      }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(`${String(e)}\n`);
    process.exit(1);
  },
);
