/**
 * The Node host of the language server: the disk, and the warm-start cache in the user's cache
 * folder (`$XDG_CACHE_HOME/lm-descriptors`, else `~/.cache/lm-descriptors`) unless the client names one.
 */
import { statSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cacheFileFor, diagnosticsFileFor, diskSummaryStore, diskTextStore } from './diskCache.js';
import { nodeFileSystem } from './nodeFileSystem.js';
import { passGrowthHold } from './heapGrowth.js';
import { PackageService } from './packageService.js';
import type { ServerHost } from './serverHost.js';

const cacheBase = (cacheDir: string | undefined) =>
  cacheDir ?? path.join(process.env['XDG_CACHE_HOME'] ?? path.join(os.homedir(), '.cache'), 'lm-descriptors');

/**
 * The build of the running server, for the persisted findings: the bundle's size and mtime
 * (`server-main.js` beside the `server.js` loader, else the script node ran) and node's version. A
 * new build (new or changed rules) never reuses the findings of another. Undefined when the script
 * cannot be identified: nothing is reused then.
 */
function buildId(): string | undefined {
  const script = process.argv[1];
  if (!script) return undefined;
  for (const f of [path.join(path.dirname(script), 'server-main.js'), script]) {
    try {
      const st = statSync(f);
      if (st.isFile()) return `${path.basename(f)}:${st.size}:${st.mtimeMs}:${process.version}`;
    } catch {
      // Not there: the next candidate.
    }
  }
  return undefined;
}

export const nodeHost: ServerHost = {
  fs: nodeFileSystem,
  summaryStore(roots, cacheDir) {
    return diskSummaryStore(cacheFileFor(cacheBase(cacheDir), roots));
  },
  diagnosticsStore(roots, cacheDir) {
    const build = buildId();
    return build === undefined ? undefined : diskTextStore(diagnosticsFileFor(cacheBase(cacheDir), roots), build);
  },
  homeDir: os.homedir(),
  packageService: (ready) => new PackageService(ready),
  passHeap: passGrowthHold(),
};
