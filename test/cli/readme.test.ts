/**
 * The README's example session cannot go stale: the console block marked
 * `<!-- readme-test: check-example -->` is run command by command (bash, in a temporary folder
 * holding a copy of examples/, with `node dist/cli.js` the bundled checker) and each command's
 * output must equal the lines the README shows after it. Needs `npm run build` first.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { CLI_JS, REPO_ROOT } from '../support/protocolClient.js';
import { tempDir } from '../support/protocolWorkspace.js';
import { runCli } from '../support/cli.js';

test('the README example session prints what the README says', { timeout: 60000 }, async () => {
  const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const m = /<!-- readme-test: check-example -->\n```console\n([\s\S]*?)```/.exec(readme);
  assert.ok(m, 'the marked console block is in the README');
  const steps: { command: string; output: string }[] = [];
  for (const line of m[1]!.split('\n').slice(0, -1)) {
    if (line.startsWith('$ ')) steps.push({ command: line.slice(2), output: '' });
    else steps.at(-1)!.output += line + '\n';
  }
  assert.ok(steps.length >= 2);
  const dir = tempDir('readme');
  try {
    cpSync(path.join(REPO_ROOT, 'examples'), path.join(dir, 'examples'), { recursive: true });
    for (const { command, output } of steps) {
      const shell = command.replace(/^node dist\/cli\.js /, `node ${JSON.stringify(CLI_JS)} `);
      const r = await runCli(['-c', `${shell} 2>&1`], { cwd: dir, command: ['bash'] });
      assert.equal(r.stdout, output, `$ ${command}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
