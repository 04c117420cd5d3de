/**
 * A/B of the workspace phase's passes between two builds, alternated (the machine is shared):
 *   node --import tsx bench/abPass.ts <root> <label>=<dist/server.js>:<cacheDir> ... [--rounds N]
 * Prints, per run, the first pass and the restart pass (time, reports, peak RSS). AB_NODE_FLAGS adds node
 * flags to the servers (e.g. "--cpu-prof --cpu-prof-dir=DIR"). `--first-only`: the first pass alone (no edits,
 * requests or restart), which is quicker on a loaded machine. Each build keeps its V8 code cache in `<cacheDir>/xdg`.
 */
import * as path from 'node:path';
import { workspacePhase } from './workspacePhase.js';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const ri = args.indexOf('--rounds');
  const rounds = ri >= 0 ? Number(args[ri + 1]) : 2;
  const root = args[0]!;
  const builds = args
    .slice(1)
    .filter((a, i) => a.includes('=') && (ri < 0 || i + 1 !== ri + 1))
    .map((a) => {
      const [label, rest] = a.split('=') as [string, string];
      const [serverJs, cacheDir] = rest.split(':') as [string, string];
      return { label, serverJs, cacheDir };
    });
  for (let r = 0; r < rounds; r++) {
    for (const b of builds) {
      const flags = process.env['AB_NODE_FLAGS']?.split(' ').filter(Boolean) ?? [];
      // Each build its own V8 code-cache folder: builds sharing one evict each other's cache (host/codeCache.ts).
      process.env['XDG_CACHE_HOME'] = path.join(b.cacheDir, 'xdg');
      const f = await workspacePhase(
        b.serverJs,
        process.cwd(),
        root,
        b.cacheDir,
        flags,
        5,
        args.includes('--first-only'),
      );
      process.stdout.write(
        JSON.stringify({
          round: r,
          build: b.label,
          first: f.fullPass && {
            ms: Math.round(f.fullPass.ms),
            cpuMs: f.fullPass.cpuMs,
            mainCpuMs: f.fullPass.mainCpuMs,
            reports: f.fullPass.reports,
            hwmMB: f.fullPass.hwmMB,
          },
          restart: f.restartPass && {
            ms: Math.round(f.restartPass.ms),
            same: f.restartPass.sameReports,
            hwmMB: f.restartPass.hwmMB,
          },
          error: f.error,
        }) + '\n',
      );
    }
  }
}

void main();
