// Runs every test file under test/ with node's test runner (Node 20 does not expand globs itself).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const only = process.argv.slice(2);
const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (name === '.tmp' || name === 'fixtures' || name === 'node_modules') continue;
    if (statSync(p).isDirectory()) walk(p);
    else if (name.endsWith('.test.ts')) files.push(p);
  }
};
walk('test');
const selected = only.length ? files.filter((f) => only.some((o) => f.includes(o))) : files;
const r = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=2', ...selected],
  { stdio: 'inherit' },
);
process.exit(r.status ?? 1);
