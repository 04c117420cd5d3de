/**
 * The Node host of the language server: the disk, and the warm-start cache in the user's cache
 * folder (`$XDG_CACHE_HOME/lm-descriptors`, else `~/.cache/lm-descriptors`) unless the client names one.
 */
import * as os from 'node:os';
import * as path from 'node:path';
import { cacheFileFor, diskSummaryStore } from './diskCache.js';
import { nodeFileSystem } from './nodeFileSystem.js';
import { PackageService } from './packageService.js';
import type { ServerHost } from './serverHost.js';

export const nodeHost: ServerHost = {
  fs: nodeFileSystem,
  summaryStore(roots, cacheDir) {
    const base =
      cacheDir ?? path.join(process.env['XDG_CACHE_HOME'] ?? path.join(os.homedir(), '.cache'), 'lm-descriptors');
    return diskSummaryStore(cacheFileFor(base, roots));
  },
  homeDir: os.homedir(),
  packageService: (ready) => new PackageService(ready),
};
