/**
 * The helper threads' priority (host/threadPriority.ts): in a fresh node, every thread but the main one gets the
 * helpers' nice value and the main thread keeps its own (Linux: `setpriority` on a thread id reaches that thread
 * alone). Read back from `/proc/self/task/<tid>/stat`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const MODULE = path.resolve('server/src/host/threadPriority.ts');

test(
  'the helper threads get the nice value, the main thread keeps its own',
  { skip: process.platform !== 'linux' },
  () => {
    const script =
      `const fs = require('node:fs'); const p = require(${JSON.stringify(MODULE)});` +
      `const n = p.lowerHelperThreads();` +
      // The nice value is the 19th field of stat, the 17th after the command name's closing parenthesis.
      `const stat = (t) => fs.readFileSync('/proc/self/task/' + t + '/stat', 'utf8');` +
      `const nice = (t) => Number(stat(t).split(')').pop().trim().split(' ')[16]);` +
      `const tasks = fs.readdirSync('/proc/self/task').map(Number);` +
      `const helpers = tasks.filter((t) => t !== process.pid).map(nice);` +
      `console.log(JSON.stringify({ n, main: nice(process.pid), helpers, want: p.HELPER_NICE }));`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout.trim()) as { n: number; main: number; helpers: number[]; want: number };
    assert.ok(out.n >= 1, 'V8 has worker threads from the start');
    assert.equal(out.main, 0);
    assert.ok(out.helpers.length >= out.n);
    // Threads started after the call (none expected here) would keep the main thread's value.
    assert.equal(out.helpers.filter((x) => x === out.want).length, out.n);
  },
);
