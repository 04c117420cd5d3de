// The web build in a real browser: Debian chromium (playwright-core) drives code-server's workbench
// with the extension from the .vsix forced into the browser's web-worker extension host
// (`remote.extensionKind: web` in the profile), so VS Code loads the package.json `browser` entry
// (dist/web/extension.js), which starts dist/web/server.js in a web worker; the server reads the
// workspace (`vscode-remote:` URIs) only through the three file requests the client answers.
// Run through e2e/vscode/run.sh web.
import path from 'node:path';
import { env, launch, makeChecker, lineIn, origin, until, workbench } from './lib.mjs';

const { check, counts, summary } = makeChecker('vscode-web');
const { context, page } = await launch();
const { editor, statusItem, goTo, closeWidgets, runCommand, openRootAssembly, suggestUntil, cursorLine } =
  workbench(page);

let ok = await check('workbench loads the seeded workspace', async () => {
  await page.goto(`${origin}/?folder=${encodeURIComponent(env.ws)}`);
  await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 30000 });
  await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: 30000 });
  return `title "${await page.title()}"`;
});

ok &&= await check('the status bar counts the workspace the web worker fetched: "LM: 6 descriptors"', async () => {
  await until(
    'status bar item "LM: <n> descriptors"',
    async () => /LM: 6 descriptors/.test(await statusItem.textContent({ timeout: 1000 })),
    60000,
    200,
  );
  return (await statusItem.textContent()).trim();
});

ok &&= await check('the server is the web build: its log says it fetched the files from the client', async () => {
  await runCommand('LM Descriptors: Show output');
  const out = page.locator('.part.panel .monaco-editor .view-lines', { hasText: 'fetched' }).first();
  await out.waitFor({ timeout: 15000 });
  // The panel wraps long lines: read the text without the line breaks.
  const text = (await out.textContent()).replace(/\u00a0/g, ' ').replace(/\s+/g, ' ');
  const line = /fetched \d+ files \(.*?\) ?from ?the ?client in \d+ ms/.exec(text);
  if (!line) throw new Error(`no "fetched … from the client" line in: ${text.slice(0, 300)}`);
  await closeWidgets();
  return line[0];
});

ok &&= await check('Quick Open Descriptor/assembly.yml shows the LM031 error and LM032 warning squiggles', async () => {
  await openRootAssembly();
  await goTo('75:18');
  await editor.locator('.squiggly-error').first().waitFor({ timeout: 20000 });
  await editor.locator('.squiggly-warning').first().waitFor({ timeout: 20000 });
  return `${await editor.locator('.squiggly-error').count()} error squiggle(s) and a warning squiggle`;
});

ok &&= await check('hover on ${balancer.publicIp} shows the docs from the balancer descriptor', async () => {
  await closeWidgets();
  await goTo('62:26');
  const hover = page.locator('.monaco-hover:visible', { hasText: 'Floating address published to viewers' }).first();
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    try {
      await hover.waitFor({ timeout: 5000 });
      break;
    } catch (e) {
      if (attempt === 3) throw e;
      await closeWidgets();
      await goTo('62:26');
    }
  }
  // The hover may fade as soon as it was seen: its text was matched by the locator already.
  const text = await hover.textContent({ timeout: 2000 }).catch(() => 'Floating address published to viewers');
  return text.replace(/\s+/g, ' ').slice(0, 100);
});

ok &&= await check('completion after `${balancer.` lists the balancer resource properties', async () => {
  await closeWidgets();
  // Right after `${balancer.` (before `publicIp`), where every member is a candidate.
  await goTo('62:23');
  const suggest = await suggestUntil('privateIp');
  const labels = await suggest
    .locator('.monaco-list-row')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label')));
  await closeWidgets();
  return `${labels.length} rows: ${labels.slice(0, 3).join(' | ')}`;
});

ok &&= await check('F12 on ${balancer.publicIp} opens the balancer resource.yaml at publicIp', async () => {
  await closeWidgets();
  await goTo('62:26');
  await page.keyboard.press('F12');
  await page.locator('.tabs-container .tab.active', { hasText: 'resource.yaml' }).waitFor({ timeout: 10000 });
  const want = lineIn('Contains/balancer/Definitions/lm/resource.yaml', /^ {2}publicIp:/);
  await until(`cursor on line ${want}`, async () => (await cursorLine()) === want, 5000);
  return `active tab resource.yaml, cursor on line ${want}`;
});

if (!ok) {
  const file = path.join(env.run, 'shots', 'web-failure.png');
  await page
    .screenshot({ path: file })
    .then(() => console.log(`screenshot of the failure: ${file}`))
    .catch(() => {});
}
await context.close().catch(() => {});
console.log(summary());
process.exit(counts.failed || counts.passed === 0 ? 1 : 0);
