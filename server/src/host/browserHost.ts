/**
 * The browser host of the language server (vscode.dev, github.dev, any web worker): workspace
 * files come from the client on three requests and are held in memory (clientFileSystem.ts), the
 * editor's URIs of any scheme become index paths (uriPaths.ts), there is no summary cache (a
 * worker has no disk; the walk refills memory each start), no home folder, and no package checks
 * of `TOSCA.meta` / manifests (they hash files on a disk). Nothing here names a Node module or a
 * Node global: the web bundle starts in a bare worker.
 */
import { URI } from 'vscode-uri';
import { setTurnYielder } from '../util/turn.js';
import {
  ClientFileSystem,
  DEFAULT_PREFETCH_LIMITS,
  type ClientRequests,
  type PrefetchLimits,
} from './clientFileSystem.js';
import type { ServerHost } from './serverHost.js';
import { schemeUriPaths } from './uriPaths.js';

export interface BrowserHost extends ServerHost {
  readonly fs: ClientFileSystem;
}

export function browserHost(
  client: ClientRequests,
  limits: Partial<PrefetchLimits> = {},
  log: (msg: string) => void = () => undefined,
): BrowserHost {
  installMessageChannelTurn();
  const uriOf = (path: string) => schemeUriPaths.uriOf(path) ?? URI.file(path).toString();
  const fs = new ClientFileSystem(client, uriOf, { ...DEFAULT_PREFETCH_LIMITS, ...limits }, log);
  return {
    fs,
    summaryStore: () => undefined,
    uriPaths: schemeUriPaths,
    prefetch: (roots, grown, filter) => fs.prefetch(roots, grown, filter),
  };
}

/**
 * A worker yields fastest through a message to itself: zero-delay timers are clamped to 4 ms
 * once nested. Where MessageChannel is missing, util/turn.ts keeps its timer.
 */
function installMessageChannelTurn(): void {
  const MC = (globalThis as unknown as { MessageChannel?: new () => MessagePortPair }).MessageChannel;
  if (typeof MC !== 'function') return;
  const channel = new MC();
  const waiting: (() => void)[] = [];
  channel.port1.onmessage = () => waiting.shift()?.();
  setTurnYielder(
    () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        channel.port2.postMessage(0);
      }),
  );
}

interface MessagePortPair {
  port1: { onmessage: ((ev: unknown) => void) | null };
  port2: { postMessage(message: unknown): void };
}
