/**
 * Alternates LM keystroke runs (bench/keystrokeChild.ts) of this tree's server code and another
 * tree's (e.g. `git archive main | tar -x -C DIR`), each bundled with esbuild as the server is, so an
 * A/B pair sees the same machine load. The other tree is used for `server/src` only; the measurement
 * is this tree's.
 *
 *   node --import tsx bench/abKeystrokes.ts <other tree> <root> <big assembly> [--cache FILE]
 *       [--pairs N] [--edits N] [--warmup N] [--heap-top N] [--per-keystroke]
 *       [--opens N] [--flags-other "..."] [--flags-this "..."] [--args-other "..."] [--args-this "..."]
 *
 * `--flags-other` / `--flags-this`: node (V8) flags for each side's child, e.g. the tree given twice with
 * different flags (the server's loader sets `--always-sparkplug`; the child has no loader, so give it here);
 * `--args-other` / `--args-this`: more arguments of each side's child (e.g. `--warm-edit 10` on one side).
 * Prints one JSON line per run (`tree`: `other` or `this`).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';

const REPO = path.resolve(new URL('..', import.meta.url).pathname);

/** Bundles the child, with `server/src` taken from `tree`. */
async function bundle(tree: string, out: string): Promise<void> {
  const src = path.join(REPO, 'server', 'src');
  const other = path.join(path.resolve(tree), 'server', 'src');
  await esbuild.build({
    entryPoints: [path.join(REPO, 'bench', 'keystrokeChild.ts')],
    outfile: out,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    mainFields: ['module', 'main'],
    logLevel: 'warning',
    plugins: [
      {
        name: 'server-from-tree',
        setup(build) {
          build.onResolve({ filter: /server\/src\// }, (args) => {
            const abs = path.resolve(args.resolveDir, args.path);
            if (!abs.startsWith(src + path.sep) || other === src) return undefined;
            return { path: path.join(other, path.relative(src, abs)).replace(/\.js$/, '.ts') };
          });
        },
      },
    ],
  });
}

async function main(): Promise<void> {
  const [tree, root, big, ...rest] = process.argv.slice(2);
  if (!tree || !root || !big) throw new Error('usage: abKeystrokes.ts <other tree> <root> <big assembly> [...]');
  const opt = (name: string) => {
    const i = rest.indexOf(`--${name}`);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  const dir = path.join(REPO, '.bench', 'ab-keystrokes');
  mkdirSync(dir, { recursive: true });
  const builds = { other: path.join(dir, 'other.cjs'), this: path.join(dir, 'this.cjs') };
  await bundle(tree, builds.other);
  await bundle(REPO, builds.this);
  const args = [root, big, '--edits', opt('edits') ?? '200'];
  for (const name of ['cache', 'warmup', 'heap-top', 'opens']) {
    const v = opt(name);
    if (v !== undefined) args.push(`--${name}`, v);
  }
  if (rest.includes('--per-keystroke')) args.push('--per-keystroke');
  const sideArgs = (which: string) => (opt(`args-${which}`) ?? '').split(' ').filter(Boolean);
  const pairs = Number(opt('pairs') ?? 3);
  for (let i = 0; i < pairs; i++) {
    // Alternate which one goes first, so neither always meets the same moment of the load.
    const order = i % 2 === 0 ? (['other', 'this'] as const) : (['this', 'other'] as const);
    for (const which of order) {
      const flags = (opt(`flags-${which}`) ?? '').split(' ').filter(Boolean);
      const r = spawnSync(process.execPath, [...flags, builds[which], ...args, ...sideArgs(which)], {
        encoding: 'utf8',
      });
      if (r.status !== 0) throw new Error(`${which}: ${r.stderr}`);
      process.stdout.write(`{"tree":"${which}","pair":${i},${r.stdout.trim().slice(1)}\n`);
    }
  }
}

void main().then(
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  },
);
