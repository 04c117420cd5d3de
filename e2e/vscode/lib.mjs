// Shared helpers for the code-server drivers (api.mjs, ui.test.mjs): Debian chromium through
// playwright-core, with a browser profile inside the run folder, and TAP-like check lines.
import { mkdirSync, readFileSync } from 'node:fs';
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

/**
 * The keyboard moves every workbench driver makes (desktop UI and web build alike), so a change in
 * the workbench (a new quick-input class, a slower machine) is fixed in one place.
 */
export function workbench(page) {
  const editor = page.locator('.part.editor .monaco-editor').first();
  const statusItem = page.locator('.part.statusbar .statusbar-item', { hasText: 'LM:' }).first();
  const quickInput = page.locator('.quick-input-widget input');
  /** Ctrl+G opens the quick input with the ':' (go to line) prefix. */
  const goTo = async (lineCol) => {
    await page.keyboard.press('Control+G');
    await quickInput.waitFor({ state: 'visible', timeout: 5000 });
    await quickInput.fill(':' + lineCol);
    await page.keyboard.press('Enter');
    await quickInput.waitFor({ state: 'hidden', timeout: 5000 });
  };
  const showHover = async () => {
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
  };
  const closeWidgets = async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
  };
  const runCommand = async (title) => {
    await page.keyboard.press('F1');
    await quickInput.waitFor({ state: 'visible', timeout: 10000 });
    await quickInput.fill(`>${title}`);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor({ timeout: 10000 });
    await page.keyboard.press('Enter');
    await quickInput.waitFor({ state: 'hidden', timeout: 5000 });
  };
  /**
   * Quick Open of a file by (part of) its path; Enter only once the list is filtered to it (and its first
   * row's label passes `accept`, where several files share the name).
   */
  const quickOpen = async (name, accept = () => true) => {
    await page.keyboard.press('Control+P');
    await quickInput.waitFor({ state: 'visible', timeout: 10000 });
    await quickInput.fill(name);
    // Before the list is filtered, the first row is a recently opened file.
    const first = page.locator('.quick-input-list .monaco-list-row').first();
    await until(
      `Quick Open lists ${name} first`,
      async () => {
        const label = await first.getAttribute('aria-label', { timeout: 1000 });
        return label?.includes(path.basename(name)) && accept(label);
      },
      10000,
    );
    await page.keyboard.press('Enter');
    await quickInput.waitFor({ state: 'hidden', timeout: 5000 });
    await page
      .locator('.tabs-container .tab.active', { hasText: path.basename(name) })
      .first()
      .waitFor({
        timeout: 10000,
      });
  };
  /** The root assembly of the seeded example, with its first lines shown (the checks' usual start). */
  const openRootAssembly = async () => {
    // The root one, not a nested assembly such as Contains/storage/Descriptor/assembly.yml.
    await quickOpen('Descriptor/assembly.yml', (label) => !/storage/.test(label));
    await editor
      .locator('.view-lines', { hasText: 'Root assembly of the streamer-cluster project' })
      .waitFor({ timeout: 10000 });
  };
  /**
   * Ctrl+Space at the cursor until the suggest list shows a row with `text`: on a busy machine the
   * keystroke can be swallowed while the editor settles (as the hover's can), so it is pressed again.
   */
  const suggestUntil = async (text, attempts = 3) => {
    const suggest = page.locator('.editor-widget.suggest-widget');
    const row = suggest.locator('.monaco-list-row', { hasText: text }).first();
    for (let attempt = 1; ; attempt++) {
      await page.keyboard.press('Control+Space');
      try {
        await row.waitFor({ timeout: 7000 });
        return suggest;
      } catch (e) {
        if (attempt === attempts) throw e;
        await page.keyboard.press('Escape');
      }
    }
  };
  const cursorLine = async () => {
    const sel = page.locator('.part.statusbar .statusbar-item', { hasText: /Ln \d+, Col \d+/ }).first();
    return Number(/Ln (\d+),/.exec(await sel.textContent())[1]);
  };
  return {
    editor,
    statusItem,
    goTo,
    showHover,
    closeWidgets,
    runCommand,
    quickOpen,
    openRootAssembly,
    suggestUntil,
    cursorLine,
  };
}

/** 1-based number of the first line of the seeded workspace file `rel` that matches `re`. */
export function lineIn(rel, re) {
  return (
    readFileSync(path.join(env.ws, rel), 'utf8')
      .split('\n')
      .findIndex((l) => re.test(l)) + 1
  );
}
