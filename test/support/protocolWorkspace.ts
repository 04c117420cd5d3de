/** Temporary workspaces for protocol tests: copies of examples/ and generated filler files. */
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from './protocolClient.js';

export const EXAMPLE_DIR = path.join(REPO_ROOT, 'examples', 'video-streamer');

export interface TempWorkspace {
  /** Real path of the workspace folder (symlinks resolved, so URIs match the server's). */
  dir: string;
  /** Absolute path of a file in the workspace. */
  file(rel: string): string;
  read(rel: string): string;
  write(rel: string, text: string | Buffer): string;
  remove(rel: string): void;
  cleanup(): void;
}

/** A fresh temp directory; `name` is a prefix for humans reading /tmp. */
export function tempDir(name: string): string {
  return realpathSync(mkdtempSync(path.join(os.tmpdir(), `lm-${name}-`)));
}

/** A temp workspace, optionally starting as a copy of `from` (default: examples/video-streamer). */
export function tempWorkspace(name: string, from: string | null = EXAMPLE_DIR): TempWorkspace {
  const root = tempDir(name);
  const dir = path.join(root, 'ws');
  if (from) cpSync(from, dir, { recursive: true });
  else mkdirSync(dir, { recursive: true });
  const file = (rel: string) => path.join(dir, rel);
  return {
    dir,
    file,
    read: (rel) => readFileSync(file(rel), 'utf8'),
    write: (rel, text) => {
      const f = file(rel);
      mkdirSync(path.dirname(f), { recursive: true });
      writeFileSync(f, typeof text === 'string' ? text : new Uint8Array(text));
      return f;
    },
    remove: (rel) => rmSync(file(rel), { force: true }),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

export const ASSEMBLY = 'Descriptor/assembly.yml';
export const BALANCER = 'Contains/balancer/Definitions/lm/resource.yaml';
export const STREAMER = 'Contains/streamer/Definitions/lm/resource.yaml';
export const NETWORK = 'Contains/network/Definitions/lm/resource.yaml';
export const STORAGE = 'Contains/storage/Descriptor/assembly.yml';

/** A resource descriptor with `n` properties, used as indexing filler. */
export function fillerResource(i: number, n = 20): string {
  const lines = [
    `name: resource::filler${i}::1.0`,
    `description: Filler resource number ${i} for indexing tests.`,
    'properties:',
  ];
  for (let k = 0; k < n; k++)
    lines.push(
      `  prop${k}:`,
      '    type: string',
      `    description: Property ${k} of filler ${i}.`,
      `    default: value-${i}-${k}`,
    );
  lines.push(
    'lifecycle:',
    '  Install: {}',
    '  Start: {}',
    'operations:',
    '  Ping:',
    '    properties:',
    '      target:',
    '        type: string',
  );
  return lines.join('\n') + '\n';
}

/** Writes `count` filler resource descriptors under `<ws>/<under>/pNNNN/Definitions/lm/resource.yaml`. */
export function writeFillers(ws: TempWorkspace, count: number, under = 'filler', props = 20): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++)
    out.push(
      ws.write(`${under}/p${String(i).padStart(5, '0')}/Definitions/lm/resource.yaml`, fillerResource(i, props)),
    );
  return out;
}

/** Number of `.yml`/`.yaml` files under `dir` (what the server's index walks). */
export function countYamlFiles(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) n += countYamlFiles(path.join(dir, e.name));
    else if (e.isFile() && /\.ya?ml$/i.test(e.name)) n++;
  }
  return n;
}
