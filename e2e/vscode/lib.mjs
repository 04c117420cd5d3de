// Shared helpers for the code-server drivers (api.mjs, ui.test.mjs): Debian chromium through
// playwright-core, with a browser profile inside the run folder, and TAP-like check lines.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const env = {
  port: Number(must('LM_E2E_PORT')),
  run: must('LM_E2E_RUN'),
  ws: must('LM_E2E_WS'),
  repo: must('LM_E2E_REPO'),
  extensionId: must('LM_E2E_EXTENSION_ID'),
  chromium: process.env.LM_E2E_CHROMIUM || '/usr/bin/chromium',
  timeoutS: Number(process.env.LM_E2E_TIMEOUT_S || 180),
};
export const origin = `http://127.0.0.1:${env.port}`;

function must(name) {
  const v = process.env[name];
  if (!v) {
    console.error(`${name} is not set: run this through e2e/vscode/run.sh`);
    process.exit(2);
  }
  return v;
}

const t0 = Date.now();
export const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

/** Counts and prints `ok - name (detail)` / `not ok - name: error`; never throws. */
export function makeChecker(prefix) {
  const counts = { passed: 0, failed: 0 };
  const check = async (name, fn) => {
    const s = Date.now();
    try {
      const detail = await fn();
      counts.passed++;
      console.log(`ok - ${name}${detail ? ` (${detail})` : ''} [${Date.now() - s} ms]`);
      return true;
    } catch (e) {
      counts.failed++;
      console.log(`not ok - ${name}: ${e instanceof Error ? e.message : String(e)}`);
      return false;
    }
  };
  const summary = () => `${prefix}: ${counts.passed} passed, ${counts.failed} failed (${elapsed()})`;
  return { check, counts, summary };
}

/** Debian's chromium, headless, loopback only, profile in the run folder (removed with it). */
export async function launch() {
  const profile = path.join(env.run, 'chromium-profile');
  mkdirSync(profile, { recursive: true });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: env.chromium,
    headless: true,
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--no-proxy-server',
      '--disable-features=Translate,MediaRouter',
    ],
    handleSIGINT: true,
    handleSIGTERM: true,
    handleSIGHUP: true,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

/** Polls `fn` until it returns a truthy value; throws `what` with the last error after `ms`. */
export async function until(what, fn, ms = 20000, every = 100) {
  const end = Date.now() + ms;
  let last;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms${last ? ` (${last.message ?? last})` : ''}`);
    await new Promise((r) => setTimeout(r, every));
  }
}
