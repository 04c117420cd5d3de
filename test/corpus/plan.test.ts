/**
 * Deployment plans over the shared corpus (../shared/corpus/tosca and lm): every topology template
 * and assembly gets its build, termination and scale-out plans without throwing, every step list
 * is consistent (indexes 1..n, stages that never go back), and the only loops found are the ones
 * the corpus holds on purpose.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Session } from '../../server/src/host/session.js';
import { deploymentPlan } from '../../server/src/features/plan.js';
import type { PlanResult } from '../../server/src/protocol.js';

const SHARED = join(fileURLToPath(new URL('../../..', import.meta.url)), 'shared', 'corpus');

/** Files whose topology has a loop on purpose, and the loop. */
const KNOWN_LOOPS: Record<string, string> = {
  'tosca/Orange-OpenSource__Cloudnet-TOSCA-toolbox/examples/OASIS_TOSCA_1.2/cyclic-dependencies.yaml':
    'node1 → node2 → node1',
};

function consistent(plan: PlanResult, where: string): void {
  let stage = 1;
  plan.steps.forEach((s, i) => {
    assert.equal(s.index, i + 1, where);
    assert.ok(s.stage >= stage, `${where}: stages go back at step ${s.index}`);
    stage = s.stage;
  });
  const ids = new Set([...plan.nodes.map((n) => n.id), ...plan.edges.map((e) => e.id)]);
  for (const s of plan.steps) {
    if (s.activity !== 'select') assert.ok(ids.has(s.subject), `${where}: step ${s.index} acts on ${s.subject}`);
  }
  if (plan.cycles.length) assert.deepEqual(plan.steps, [], where);
}

for (const family of ['tosca', 'lm']) {
  const root = join(SHARED, family);
  test(
    `plans over the ${family} corpus: no throw, consistent steps, only the known loops`,
    {
      skip: !existsSync(root),
      timeout: 600_000,
    },
    async (t) => {
      let planned = 0;
      let steps = 0;
      const loops: string[] = [];
      for (const name of readdirSync(root).sort()) {
        const dir = join(root, name);
        if (!statSync(dir).isDirectory()) continue;
        const session = new Session();
        session.index.addRoot(dir);
        await session.index.build();
        for (const e of [...session.index.allEntries()].sort((a, b) => a.path.localeCompare(b.path))) {
          if (e.kind !== 'tosca' && e.kind !== 'assembly') continue;
          const ctx = session.context(session.analyse(e.path, readFileSync(e.path, 'utf8')));
          const where = relative(SHARED, e.path);
          const build = deploymentPlan(ctx, { kind: 'build' });
          if (build.problem && !build.cycles.length) continue;
          consistent(build, where);
          if (build.cycles.length) loops.push(`${where}: ${build.cycles.map((c) => c.nodes?.join(' → ')).join('; ')}`);
          else planned++;
          steps += build.steps.length;
          consistent(deploymentPlan(ctx, { kind: 'termination' }), `${where} (termination)`);
          for (const n of build.nodes.slice(0, 3)) {
            const out = deploymentPlan(ctx, { kind: 'scaleOut', node: n.id });
            consistent(out, `${where} (scale-out of ${n.id})`);
          }
        }
      }
      t.diagnostic(`${planned} ${family} plans, ${steps} build steps, ${loops.length} with a loop`);
      const expected = Object.entries(KNOWN_LOOPS)
        .filter(([p]) => p.startsWith(`${family}/`))
        .map(([p, loop]) => `${p}: ${loop}`);
      assert.deepEqual(loops, expected);
      assert.ok(planned > (family === 'tosca' ? 200 : 10), `only ${planned} plans`);
    },
  );
}
