// UI checks of the deployment plan view (run by ui.test.mjs after its own checks): opens
// tosca/three-tier.yaml (seeded by e2e/lib/seed-workspace.sh), runs "Show deployment plan", and
// checks the webview's own DOM: the templates as SVG nodes, the numbered steps in stages, a click
// revealing the template, the view following edits and the active editor, and the code lens.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { env, until, workbench } from './lib.mjs';

const FILE = 'tosca/three-tier.yaml';
const TEMPLATES = ['storefront', 'web_server', 'web_vm', 'catalog_db', 'dbms', 'db_vm'];

/** 1-based line of `    <name>:` in the seeded template. */
const lineOf = (name) =>
  readFileSync(path.join(env.ws, FILE), 'utf8')
    .split('\n')
    .findIndex((l) => l === `    ${name}:`) + 1;

export async function planChecks({ page, check, shot, editor }) {
  // VS Code hosts a webview in an iframe holding another iframe with the page itself.
  const view = page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
  const app = view.locator('#app');
  const nodes = view.locator('svg.graph g.node');
  const steps = view.locator('.steps .step');
  const nodeNamed = (name) =>
    nodes.filter({ has: view.locator('text.node-label', { hasText: new RegExp(`^${name}$`) }) });
  const { cursorLine, quickOpen, runCommand } = workbench(page);
  const seq = async () => Number(await app.getAttribute('data-seq', { timeout: 2000 }));
  let ok = true;

  ok &&= await check('"Show deployment plan" on tosca/three-tier.yaml opens the plan view beside it', async () => {
    await page.keyboard.press('Escape');
    // Room for the screenshot: no side bar, no panel.
    await runCommand('View: Close Primary Side Bar').catch(() => {});
    await runCommand('View: Hide Panel').catch(() => {});
    await quickOpen(FILE);
    await editor.locator('.view-lines', { hasText: 'tosca_definitions_version' }).waitFor({ timeout: 10000 });
    const t0 = Date.now();
    await runCommand('LM Descriptors: Show deployment plan');
    await page.locator('.tabs-container .tab', { hasText: 'Deployment plan' }).waitFor({ timeout: 20000 });
    await view.locator('#app[data-state="ready"]').waitFor({ timeout: 30000 });
    const groups = await page.locator('.editor-group-container').count();
    if (groups !== 2) throw new Error(`expected the view in a second editor group, found ${groups} group(s)`);
    const active = await page.locator('.tabs-container .tab.active').allTextContents();
    return `drawn ${Date.now() - t0} ms after the command; 2 editor groups; active tabs ${JSON.stringify(active)}`;
  });
  if (!ok) return false;

  ok &&= await check('the view draws the six templates as SVG nodes and the numbered steps in stages', async () => {
    await until('six nodes', async () => (await nodes.count()) === TEMPLATES.length, 10000);
    const labels = await view.locator('svg.graph g.node text.node-label').allTextContents();
    if ([...labels].sort().join() !== [...TEMPLATES].sort().join()) throw new Error(`node labels ${labels}`);
    const types = await view.locator('svg.graph g.node text.node-type').allTextContents();
    if (!types.includes('tosca.nodes.Compute')) throw new Error(`node types ${types}`);
    const hosted = await view.locator('svg.graph g.edge.kind-hostedOn').count();
    const connects = await view.locator('svg.graph g.edge.kind-connectsTo').count();
    if (hosted !== 4 || connects !== 1) throw new Error(`${hosted} hostedOn and ${connects} connectsTo edges`);
    const numbers = (await view.locator('.steps .step .step-no').allTextContents()).map(Number);
    if (numbers.length < TEMPLATES.length || numbers.some((n, i) => n !== i + 1)) {
      throw new Error(`step numbers ${numbers}`);
    }
    const parallel = await view.locator('.stage.parallel').count();
    if (parallel === 0) throw new Error('no stage marked parallel (the two machines do not wait for each other)');
    // The database's icon is a workspace file, loaded through the webview's resource URI; the others get the glyph.
    const href = await nodeNamed('catalog_db').locator('image').getAttribute('href', { timeout: 5000 });
    if (!/^https:\/\/.*vscode-(resource|cdn)|^vscode-(webview-)?resource:/.test(href)) throw new Error(`icon ${href}`);
    const glyphs = await view.locator('svg.graph g.node path.node-glyph').count();
    const violations = await app.getAttribute('data-csp-violations');
    if (violations) throw new Error(`content security policy violations: ${violations}`);
    const stages = await view.locator('.stage').count();
    const timing = await view.locator('footer.timing').textContent();
    const icon = `icon ${href.slice(0, 40)}…, ${glyphs} glyphs`;
    return `${numbers.length} steps in ${stages} stages (${parallel} parallel), ${icon}; ${timing}`;
  });

  ok &&= await check('clicking a node, then a step, puts the editor selection on that template', async () => {
    await nodeNamed('dbms').click();
    const want = lineOf('dbms');
    await until(`cursor on line ${want} (dbms)`, async () => (await cursorLine()) === want, 10000);
    const tab = await page.locator('.tabs-container .tab.active', { hasText: 'three-tier.yaml' }).count();
    if (tab === 0) throw new Error('three-tier.yaml is not the active tab of its group');
    const step = steps.filter({ has: view.locator('.step-label', { hasText: /web_vm/ }) }).first();
    await step.click();
    const want2 = lineOf('web_vm');
    await until(`cursor on line ${want2} (web_vm)`, async () => (await cursorLine()) === want2, 10000);
    // For the screenshot: the storefront selected, in the graph and in the editor.
    await nodeNamed('storefront').click();
    const want3 = lineOf('storefront');
    await until(`cursor on line ${want3} (storefront)`, async () => (await cursorLine()) === want3, 10000);
    await page.waitForTimeout(500); // the editor scrolls smoothly to the revealed line
    await shot('plan.png');
    const label = (await step.locator('.step-label').textContent()).trim();
    return `node dbms -> Ln ${want}, step "${label}" -> Ln ${want2}, node storefront -> Ln ${want3}`;
  });

  ok &&= await check('Termination reverses the order; Scale-out of the storefront marks its region', async () => {
    const labels = async () => (await view.locator('.steps .step .step-label').allTextContents()).map((s) => s.trim());
    const build = await labels();
    await view.locator('button.kind[data-kind="termination"]').click();
    await view.locator('#app[data-kind="termination"]').waitFor({ timeout: 15000 });
    const down = await labels();
    const at = (list, name) => list.findIndex((l) => new RegExp(`\\b${name}\\b`).test(l));
    // Built first, removed last: the machines; the storefront goes before its web server.
    if (!(at(build, 'web_vm') < at(build, 'storefront') && at(down, 'storefront') < at(down, 'web_vm'))) {
      throw new Error(`build ${JSON.stringify(build)}; termination ${JSON.stringify(down)}`);
    }
    await view.locator('button.kind[data-kind="scaleOut"]').click();
    await view.locator('#app[data-kind="scaleOut"]').waitFor({ timeout: 15000 });
    const target = await view.locator('.scale-node select').inputValue();
    const region = await view.locator('svg.graph g.node.region text.node-label').allTextContents();
    if (!region.includes(target)) throw new Error(`scale-out of ${target}: region ${region}`);
    await view.locator('button.kind[data-kind="build"]').click();
    await view.locator('#app[data-kind="build"]').waitFor({ timeout: 15000 });
    return `termination starts with "${down[0]}"; scale-out of ${target}: region [${region.join(', ')}]`;
  });

  ok &&= await check('typing a new node template: the view follows the file', async () => {
    const before = await seq();
    const stepsBefore = await steps.count();
    await editor.locator('.view-lines').click();
    await page.keyboard.press('Control+End');
    // The file ends with a newline: the cursor is at column 1 of the empty last line.
    await page.keyboard.type('    cache_vm:', { delay: 15 });
    await page.keyboard.press('Enter');
    await page.keyboard.type('  type: tosca.nodes.Compute', { delay: 15 });
    await page.keyboard.press('Escape');
    await until('a seventh node, cache_vm', async () => (await nodeNamed('cache_vm').count()) === 1, 20000);
    const after = await seq();
    const stepsAfter = await steps.count();
    if (stepsAfter <= stepsBefore) throw new Error(`steps ${stepsBefore} -> ${stepsAfter}`);
    return `plan #${before} -> #${after}, ${stepsBefore} -> ${stepsAfter} steps, ${await nodes.count()} nodes`;
  });

  ok &&= await check('switching to the LM assembly shows its plan; a file without a plan keeps it', async () => {
    await quickOpen('Descriptor/assembly.yml');
    await until(
      'the view shows the assembly',
      async () => /LM assembly/i.test(await view.locator('header .lang').textContent({ timeout: 2000 })),
      20000,
    );
    const title = (await view.locator('header h1').textContent()).trim();
    const count = await nodes.count();
    const s = await seq();
    await quickOpen('lmproject.yml');
    await editor.locator('.view-lines', { hasText: 'name' }).first().waitFor({ timeout: 10000 });
    await page.waitForTimeout(1500); // the switch is a request: give a wrong answer time to show
    const still = (await view.locator('header h1').textContent()).trim();
    if (still !== title || (await seq()) !== s) throw new Error(`the view changed to "${still}" for lmproject.yml`);
    return `assembly plan "${title}" with ${count} nodes, kept for lmproject.yml`;
  });

  ok &&= await check('the "Show deployment plan" code lens on topology_template reopens the view', async () => {
    const tab = page.locator('.tabs-container .tab', { hasText: 'Deployment plan' });
    await tab.click();
    await page.keyboard.press('Control+W');
    await tab.waitFor({ state: 'detached', timeout: 10000 });
    await quickOpen(FILE);
    await page.keyboard.press('Control+Home'); // the lens sits above `topology_template:`, near the top
    const lens = page.locator('.codelens-decoration a', { hasText: 'Show deployment plan' }).first();
    await lens.waitFor({ timeout: 20000 });
    const stepLens = await page.locator('.codelens-decoration a', { hasText: /build step \d+ of \d+/ }).count();
    await lens.click();
    await view.locator('#app[data-state="ready"]').waitFor({ timeout: 30000 });
    const title = (await view.locator('header h1').textContent()).trim();
    if (title !== 'three-tier.yaml') throw new Error(`the view shows "${title}"`);
    return `reopened on ${title}; ${stepLens} "build step k of n" lenses visible`;
  });

  return ok;
}
