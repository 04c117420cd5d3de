// UI smoke test: Debian chromium (playwright-core) drives code-server's workbench with the
// extension installed from the .vsix, on the seeded copy of examples/video-streamer.
// Run through e2e/vscode/run.sh ui. Screenshots go to $LM_E2E_RUN/shots/ and, with
// E2E_UPDATE_SCREENSHOTS=1, to docs/screenshots/ (the README uses those).
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { env, launch, makeChecker, lineIn, origin, until, workbench } from './lib.mjs';
import { planChecks } from './ui-plan.mjs';

const { check, counts, summary } = makeChecker('vscode-ui');
const shots = path.join(env.run, 'shots');
const update = process.env.E2E_UPDATE_SCREENSHOTS === '1';
const docsShots = path.join(env.repo, 'docs', 'screenshots');
mkdirSync(shots, { recursive: true });

const { context, page } = await launch();
// Record every text the LM status bar item shows, from the first paint on.
await page.addInitScript(() => {
  window.__lmStatus = [];
  const seen = () => {
    for (const el of document.querySelectorAll('.statusbar-item')) {
      const t = (el.textContent || '').trim();
      if (t.startsWith('LM:') && window.__lmStatus[window.__lmStatus.length - 1] !== t) window.__lmStatus.push(t);
    }
  };
  new MutationObserver(seen).observe(document, { subtree: true, childList: true, characterData: true });
});

const shot = async (name) => {
  const file = path.join(shots, name);
  await page.screenshot({ path: file, animations: 'disabled' }); // hovers fade in: finish that first
  if (update) {
    mkdirSync(docsShots, { recursive: true });
    copyFileSync(file, path.join(docsShots, name));
  }
  return file;
};
const { editor, statusItem, goTo, showHover, closeWidgets, openRootAssembly, cursorLine } = workbench(page);

let ok = await check('workbench loads the seeded workspace', async () => {
  await page.goto(`${origin}/?folder=${encodeURIComponent(env.ws)}`);
  await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 30000 });
  await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: 30000 });
  return `title "${await page.title()}"`;
});
const loaded = ok;

ok &&= await check(
  'status bar shows "LM: 6 descriptors · 3 TOSCA" and a tooltip that says what was indexed',
  async () => {
    // The client's settings arrive after the first build and may index again ("indexing 31/31" between two
    // ready states), so wait for the final text rather than the first "descriptors" and read it once.
    let text = '';
    await until(
      'status bar item "LM: 6 descriptors · 3 TOSCA"',
      async () =>
        /LM: 6 descriptors · 3 TOSCA$/.test((text = (await statusItem.textContent({ timeout: 1000 })).trim())),
      30000,
      200,
    ).catch(() => undefined);
    // 2 assemblies + 4 resources; TOSCA: the network's discover.yaml, tosca/three-tier.yaml and the Cloudify
    // blueprint tosca/cloudify/blueprint.yaml (Cloudify's DSL counts with TOSCA, as its version key says).
    if (!/LM: 6 descriptors · 3 TOSCA$/.test(text))
      throw new Error(`"${text}": expected "LM: 6 descriptors · 3 TOSCA"`);
    const history = await page.evaluate(() => window.__lmStatus);
    // The tooltip shows as a hover over the item.
    await statusItem.hover();
    const hover = page.locator('.workbench-hover, .monaco-hover', { hasText: 'indexed' }).first();
    await hover.waitFor({ state: 'visible', timeout: 10000 });
    const tooltip = (await hover.textContent()).trim();
    if (!/6 LM descriptors .* and 3 TOSCA files/.test(tooltip)) throw new Error(`tooltip "${tooltip}"`);
    await page.mouse.move(640, 400);
    return `"${text}"; texts seen: ${history.map((t) => `"${t}"`).join(' -> ')}; tooltip "${tooltip}"`;
  },
);

ok &&= await check('Quick Open Descriptor/assembly.yml shows the LM031 error squiggle', async () => {
  await page
    .locator('.monaco-workbench')
    .click({ position: { x: 640, y: 400 } })
    .catch(() => {});
  await openRootAssembly();
  await goTo('75:18');
  await editor.locator('.squiggly-error').first().waitFor({ timeout: 20000 });
  const n = await editor.locator('.squiggly-error').count();
  await editor.locator('.squiggly-warning').first().waitFor({ timeout: 20000 });
  return `${n} error squiggle(s) and a warning squiggle (LM032)`;
});

ok &&= await check('hover on the error shows the diagnostic "Did you mean `deploymentLocation`?"', async () => {
  const hover = page.locator('.monaco-hover:visible', { hasText: 'deploymentLocation' }).first();
  // The keyboard hover can be swallowed while the editor is still settling (a slow machine): ask again.
  for (let attempt = 1; ; attempt++) {
    await showHover();
    try {
      await hover.waitFor({ timeout: 5000 });
      break;
    } catch (e) {
      if (attempt === 3) throw e;
      await closeWidgets();
      await goTo('75:18');
    }
  }
  const text = (await hover.textContent()).replace(/\s+/g, ' ');
  if (!/LM031/.test(text)) throw new Error(`no LM031 in hover: ${text}`);
  await shot('diagnostics.png');
  return text.slice(0, 120);
});

ok &&= await check('hover on ${balancer.publicIp} shows the markdown docs from the balancer descriptor', async () => {
  await closeWidgets();
  await goTo('62:26');
  await showHover();
  const hover = page.locator('.monaco-hover:visible', { hasText: 'Floating address published to viewers' }).first();
  await hover.waitFor({ timeout: 10000 });
  if ((await hover.locator('strong, code').count()) === 0) throw new Error('hover is not rendered markdown');
  const text = (await hover.textContent()).replace(/\s+/g, ' ');
  await shot('hover.png');
  return text.slice(0, 120);
});

ok &&= await check('typing `value: ${balancer.` opens completion with the balancer resource properties', async () => {
  await closeWidgets();
  await goTo('67');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  // The test profile sets "editor.autoIndent": "keep", so Enter keeps the indentation and Tab /
  // Shift+Tab move it by the file's 2 spaces.
  await page.keyboard.press('Shift+Tab'); // from the `value:` indentation back to a top-level property
  // The profile also sets "editor.acceptSuggestionOnEnter": "off": word-based quick suggestions
  // pop up while typing, and Enter must always make a new line here.
  await page.keyboard.type('balancer_port:', { delay: 10 });
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.type('type: integer', { delay: 10 });
  await page.keyboard.press('Enter');
  await page.keyboard.type('value: ${balancer.', { delay: 25 }); // the editor closes `{` itself
  const suggest = page.locator('.editor-widget.suggest-widget');
  if (
    !(await suggest
      .locator('.monaco-list-row', { hasText: 'publicIp' })
      .first()
      .isVisible({ timeout: 3000 })
      .catch(() => false))
  ) {
    await page.keyboard.press('Control+Space');
  }
  await suggest.locator('.monaco-list-row', { hasText: 'publicIp' }).first().waitFor({ timeout: 10000 });
  await suggest.locator('.monaco-list-row', { hasText: 'privateIp' }).first().waitFor({ timeout: 5000 });
  // For the screenshot: let the diagnostics of the half-typed text settle (they are debounced, and
  // markers published for intermediate text would otherwise show), keeping the list open.
  const squiggles = () =>
    editor.locator('.squiggly-error, .squiggly-warning').evaluateAll((els) =>
      els
        .map((e) => `${e.style.top},${e.style.left},${e.style.width},${e.className}`)
        .sort()
        .join('|'),
    );
  let last = await squiggles();
  let stableSince = Date.now();
  await until(
    'diagnostics settle',
    async () => {
      const now = await squiggles();
      if (now !== last) {
        last = now;
        stableSince = Date.now();
      }
      return Date.now() - stableSince >= 1000;
    },
    6000,
    100,
  ).catch(() => {});
  if (!(await suggest.locator('.monaco-list-row', { hasText: 'publicIp' }).first().isVisible())) {
    await page.keyboard.press('Control+Space');
    await suggest.locator('.monaco-list-row', { hasText: 'publicIp' }).first().waitFor({ timeout: 10000 });
  }
  // Ctrl+Space on an open list shows the focused item's documentation beside it.
  const details = page.locator('.suggest-details-container .suggest-details', { hasText: 'declared in' }).first();
  if (!(await details.isVisible())) await page.keyboard.press('Control+Space');
  await details.waitFor({ timeout: 5000 });
  const doc = (await details.textContent()).replace(/\s+/g, ' ').trim();
  const labels = await suggest
    .locator('.monaco-list-row')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label')));
  const line = (await editor.locator('.view-line', { hasText: 'value: ${balancer.' }).last().textContent()).replace(
    /\u00a0/g,
    ' ',
  );
  const typed = (await editor.locator('.view-line').allTextContents()).map((l) => l.replace(/\u00a0/g, ' '));
  const at = typed.indexOf('  balancer_port:');
  if (at < 0 || typed[at + 1] !== '    type: integer' || typed[at + 2] !== '    value: ${balancer.}') {
    throw new Error(`typing went wrong: ${JSON.stringify(typed.slice(Math.max(0, at), at + 3))}`);
  }
  await shot('completion.png');
  // Take the three typed lines out again (the lines below keep their numbers for the next steps).
  await closeWidgets();
  await goTo('68');
  await page.keyboard.press('Home');
  await page.keyboard.press('Home');
  for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Delete');
  await until(
    'typed lines removed',
    async () => (await editor.locator('.view-line', { hasText: 'balancer_port' }).count()) === 0,
    5000,
  );
  return `line "${line.trim()}", ${labels.length} rows: ${labels.slice(0, 3).join(' | ')}; docs: ${doc.slice(0, 80)}`;
});

ok &&= await check('F12 on ${balancer.publicIp} opens the balancer resource.yaml at publicIp', async () => {
  await closeWidgets();
  await goTo('62:26');
  await page.keyboard.press('F12');
  await page.locator('.tabs-container .tab.active', { hasText: 'resource.yaml' }).waitFor({ timeout: 10000 });
  await editor.locator('.view-lines', { hasText: 'Floating address published to viewers' }).waitFor({ timeout: 5000 });
  const want = lineIn('Contains/balancer/Definitions/lm/resource.yaml', /^ {2}publicIp:/);
  await until(`cursor on line ${want}`, async () => (await cursorLine()) === want, 5000);
  return `active tab resource.yaml, cursor on line ${want}`;
});

ok &&= await check(
  'clicking the status bar item shows the "LM Descriptors" output channel with the server log',
  async () => {
    await statusItem.click();
    const out = page.locator('.part.panel .monaco-editor .view-lines', { hasText: '[lm-descriptors] indexed' }).first();
    await out.waitFor({ timeout: 10000 });
    const line = (await out.locator('.view-line', { hasText: 'indexed' }).first().textContent()).replace(
      /\u00a0/g,
      ' ',
    );
    await shot('status-output.png');
    return line.trim().slice(0, 110);
  },
);

// The plan view's checks need only the workbench: they run even when an LM check above failed.
if (loaded) ok = (await planChecks({ page, check, shot, editor })) && ok;

if (!ok)
  await shot('failure.png')
    .then((f) => console.log(`screenshot of the failure: ${f}`))
    .catch(() => {});
await context.close().catch(() => {});
if (counts.failed === 0)
  console.log(`screenshots: ${shots}${update ? ` (copied to ${path.relative(env.repo, docsShots)}/)` : ''}`);
console.log(summary());
process.exit(counts.failed || counts.passed === 0 ? 1 : 0);
