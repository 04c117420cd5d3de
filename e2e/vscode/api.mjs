// API suite driver: opens code-server's workbench with a `payload` that makes it run
// api-tests/index.js (`extensionTestsPath`) in the Node extension host, with a stub
// `extensionDevelopmentPath` (api-tests/, a package.json without `main`), so the extension under
// test is the one installed from the .vsix. The workbench reports the end through
// window.codeAutomationExit(code) and forwards the host's console through codeAutomationLog.
// The test module writes its check results to $LM_E2E_RUN/api-results.json as it goes.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { env, launch, makeChecker, origin, until, elapsed } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const devDir = path.join(here, 'api-tests');
const testsFile = path.join(devDir, 'index.js');
const resultsFile = path.join(env.run, 'api-results.json');
const { check, counts, summary } = makeChecker('vscode-api');
const verbose = process.env.E2E_VERBOSE === '1';

const { context, page } = await launch();
let exitCode;
const hostLog = [];
await page.exposeFunction('codeAutomationLog', (type, args) => {
  const line = `[exthost ${type}] ${(Array.isArray(args) ? args : [args]).join(' ')}`;
  hostLog.push(line);
  if (verbose) console.log(line);
});
await page.exposeFunction('codeAutomationExit', (code) => {
  exitCode = code;
});
page.on('pageerror', (e) => verbose && console.log(`[page error] ${e.message}`));

const a = `127.0.0.1:${env.port}`;
const payload = JSON.stringify([
  ['extensionDevelopmentPath', `vscode-remote://${a}${devDir}`],
  ['extensionTestsPath', `vscode-remote://${a}${testsFile}`],
]);
await page.goto(`${origin}/?folder=${encodeURIComponent(env.ws)}&payload=${encodeURIComponent(payload)}`);

const budgetMs = Math.max(30, env.timeoutS - 20) * 1000;
let finished = true;
try {
  await until('codeAutomationExit from the extension tests', () => exitCode !== undefined, budgetMs, 200);
} catch (e) {
  finished = false;
  console.log(`not ok - extension tests did not finish: ${e.message}`);
  counts.failed++;
}

// The host-side results, printed by this driver (one line per check).
let results = { checks: [] };
try {
  results = JSON.parse(readFileSync(resultsFile, 'utf8'));
} catch (e) {
  console.log(`not ok - no readable ${resultsFile}: ${e.message}`);
  counts.failed++;
}
for (const c of results.checks) {
  if (c.ok) {
    counts.passed++;
    console.log(`ok - ${c.name}${c.detail ? ` (${c.detail})` : ''} [${c.ms} ms]`);
  } else {
    counts.failed++;
    console.log(`not ok - ${c.name}: ${String(c.error).replace(/\s+/g, ' ').slice(0, 400)}`);
  }
}
if (finished) {
  await check(`extension host reported exit code 0 (run() settled after ${elapsed()})`, () => {
    if (exitCode !== 0) throw new Error(`codeAutomationExit(${exitCode})`);
    if (results.checks.length < 5) throw new Error(`only ${results.checks.length} checks ran`);
  });
}

// Server log lines reach the "LM Descriptors" output channel: a LogOutputChannel is backed by a
// file in the profile's logs folder, so look for the server's own "indexed ..." line there.
await check('server log reaches the "LM Descriptors" output channel', async () => {
  const file = await until(
    'a "LM Descriptors" log file with the server\'s index line',
    () => {
      const f = findFiles(path.join(env.run, 'user', 'logs'), (p) =>
        path.basename(p).endsWith('LM Descriptors.log'),
      )[0];
      return f && /\[lm-descriptors\] indexed \d+ YAML files/.test(readFileSync(f, 'utf8')) ? f : undefined;
    },
    5000,
  );
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => l.includes('[lm-descriptors] indexed'));
  return `${path.relative(env.run, file)}: ${line.trim().slice(0, 110)}`;
});
if (results.killedServerPid) {
  await check('the server crash shows as an [error] line in the "LM Descriptors" output channel', async () => {
    const f = findFiles(path.join(env.run, 'user', 'logs'), (p) => path.basename(p).endsWith('LM Descriptors.log'))[0];
    const line = await until(
      'an [error] line about the killed server',
      () =>
        readFileSync(f, 'utf8')
          .split('\n')
          .find((l) => /\[error\].*Server process exited with signal SIGKILL/.test(l)),
      5000,
    );
    return line.trim();
  });
}

if (counts.failed && !verbose && hostLog.length) {
  console.log('--- last extension host console lines:');
  for (const l of hostLog.slice(-15)) console.log(l);
}
await context.close().catch(() => {});
console.log(summary());
process.exit(counts.failed || counts.passed === 0 ? 1 : 0);

function findFiles(dir, pred, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) findFiles(p, pred, out);
    else if (pred(p)) out.push(p);
  }
  return out;
}
