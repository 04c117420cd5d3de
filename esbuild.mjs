// One build script for every bundle. Type checking is separate (`npm run typecheck`).
// The client keeps `vscode` external; the server and the CLI bundle everything they need so the
// .vsix ships no node_modules. Output is CommonJS because VS Code loads extensions with require().
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** Prints errors in a shape VS Code's $esbuild-watch problem matcher understands. */
const problemMatcher = {
  name: 'problem-matcher',
  setup(build) {
    build.onStart(() => console.log('[watch] build started'));
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      console.log('[watch] build finished');
    });
  },
};

/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: production ? false : 'linked',
  minify: production,
  // Prefer the ESM builds of vscode-languageserver-* so esbuild does not bundle UMD wrappers.
  mainFields: ['module', 'main'],
  logLevel: 'warning',
  plugins: watch ? [problemMatcher] : [],
};

const entries = [
  { entryPoints: ['client/src/extension.ts'], outfile: 'dist/client.js', external: ['vscode'] },
  { entryPoints: ['server/src/server.ts'], outfile: 'dist/server.js' },
  // The command: a small loader (bin.ts) that runs the checker (entry.ts) through V8's code cache.
  { entryPoints: ['server/src/cli/bin.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
  { entryPoints: ['server/src/cli/entry.ts'], outfile: 'dist/cli-main.js' },
];

if (watch) {
  for (const e of entries) {
    const ctx = await esbuild.context({ ...common, ...e });
    await ctx.watch();
  }
} else {
  await Promise.all(entries.map((e) => esbuild.build({ ...common, ...e })));
}
