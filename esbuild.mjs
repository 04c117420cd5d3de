// One build script for every bundle. Type checking is separate (`npm run typecheck`).
// The client keeps `vscode` external; the server and the CLI bundle everything they need so the
// .vsix ships no node_modules. Output is CommonJS because VS Code loads extensions with require().
// The plan view's page script is a browser bundle (dagre included, nothing fetched at run time)
// with its stylesheet beside it.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
// `--web`: the two web bundles only (the web build's test builds them).
const webOnly = process.argv.includes('--web');

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

/**
 * Output in ASCII only. esbuild escapes every string, template and regular expression, but keeps the
 * comments it carries over as they are, and a few of ours cite sections (`§`) or draw arrows: one
 * such character makes the whole 2 MB bundle a UTF-8 file that Node decodes the slow way (9 ms
 * instead of about 1 for ASCII) into a string of two bytes a character, on every start of the checker
 * and of the server, before the code cache is even read. A `\uXXXX` escape is what esbuild writes in
 * code too, so the program is the same; only source-map columns after it on the same (comment) line move.
 */
const asciiOnly = {
  name: 'ascii-only',
  setup(build) {
    build.onEnd((result) => {
      const file = build.initialOptions.outfile;
      if (result.errors.length || !file) return;
      const text = readFileSync(file, 'utf8');
      const ascii = text.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
      if (ascii !== text) writeFileSync(file, ascii);
    });
  },
};

/**
 * `import source from 'plan-layout-worker'` in the page script: the layout worker
 * (client/webview/layoutWorker.ts) bundled on its own and handed over as text, so the page can
 * start it from a blob: URL and the webview loads no second script file.
 */
const layoutWorker = {
  name: 'plan-layout-worker',
  setup(build) {
    build.onResolve({ filter: /^plan-layout-worker$/ }, () => ({ path: 'plan-layout-worker', namespace: 'worker' }));
    build.onLoad({ filter: /.*/, namespace: 'worker' }, async () => {
      const r = await esbuild.build({
        entryPoints: ['client/webview/layoutWorker.ts'],
        bundle: true,
        write: false,
        metafile: true,
        platform: 'browser',
        target: 'es2022',
        format: 'iife',
        minify: production,
        mainFields: ['browser', 'module', 'main'],
        logLevel: 'warning',
      });
      return {
        contents: `export default ${JSON.stringify(r.outputFiles[0].text)};`,
        loader: 'js',
        watchFiles: Object.keys(r.metafile.inputs).map((f) => path.resolve(f)),
      };
    });
  },
};

/**
 * Options of the two web bundles. A worker has no `process`: libraries that test for it (vscode-uri's
 * platform check) are told so at build time, so the bundles name no Node global.
 */
const webWorker = {
  platform: 'browser',
  target: 'es2022',
  format: 'iife',
  mainFields: ['browser', 'module', 'main'],
  define: { process: 'undefined' },
};

const entries = [
  { entryPoints: ['client/src/extension.ts'], outfile: 'dist/client.js', external: ['vscode'] },
  // The language server: a small loader (serverBin.ts) that runs the server (server.ts) through V8's code cache.
  { entryPoints: ['server/src/serverBin.ts'], outfile: 'dist/server.js' },
  {
    entryPoints: ['server/src/server.ts'],
    outfile: 'dist/server-main.js',
    plugins: [asciiOnly, ...(watch ? [problemMatcher] : [])],
  },
  // The command: a small loader (bin.ts) that runs the checker (entry.ts) through V8's code cache. The
  // checker is written as the function Node would wrap it in, which the loader compiles as it is
  // (WRAPPED_BUNDLE_HEAD in server/src/host/codeCache.ts: no copy of the bundle made at every start).
  { entryPoints: ['server/src/cli/bin.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
  // Minified in every build, as the shipped one is: each start of the checker reads the bundle, hands
  // it to V8 and deserialises its code cache, and all three shrink with it (2.14 -> 1.27 MB, about 490
  // fewer page faults and 11 million fewer instructions per check of xOpera's files; see
  // docs/performance.md). The source map still maps it back to the sources.
  {
    entryPoints: ['server/src/cli/entry.ts'],
    outfile: 'dist/cli-main.js',
    minify: true,
    banner: { js: '(function (exports, require, module, __filename, __dirname) {' },
    footer: { js: '})' },
    plugins: [asciiOnly, ...(watch ? [problemMatcher] : [])],
  },
  {
    entryPoints: ['client/webview/plan.ts'],
    outfile: 'dist/plan.js',
    platform: 'browser',
    target: 'es2022',
    format: 'iife',
    mainFields: ['browser', 'module', 'main'],
    plugins: [layoutWorker, ...(watch ? [problemMatcher] : [])],
    // dagre's published bundle keeps its licence in a separate file: carry it into ours.
    banner: { js: `/*! Bundles @dagrejs/dagre (MIT):\n${dagreLicence()}*/` },
  },
  { entryPoints: ['client/webview/plan.css'], outfile: 'dist/plan.css', platform: 'browser', format: undefined },
  // The web build (vscode.dev, github.dev): the server as a classic web-worker script and the
  // client for the web extension host (CommonJS, `vscode` external), the package.json `browser` entry.
  { entryPoints: ['server/src/webServer.ts'], outfile: 'dist/web/server.js', ...webWorker },
  {
    entryPoints: ['client/src/webExtension.ts'],
    outfile: 'dist/web/extension.js',
    ...webWorker,
    format: 'cjs',
    external: ['vscode'],
  },
];

function dagreLicence() {
  const text = readFileSync(new URL('./node_modules/@dagrejs/dagre/LICENSE', import.meta.url), 'utf8');
  return text.replaceAll('*/', '* /');
}

const selected = webOnly ? entries.filter((e) => e.outfile.startsWith('dist/web/')) : entries;

if (watch) {
  for (const e of selected) {
    const ctx = await esbuild.context({ ...common, ...e });
    await ctx.watch();
  }
} else {
  await Promise.all(selected.map((e) => esbuild.build({ ...common, ...e })));
}
