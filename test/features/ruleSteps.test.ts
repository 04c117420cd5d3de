/**
 * The rule runner's `oneStep` (shared/rule.ts): `computeDiagnostics` never pauses between rules, so the runner
 * runs them without a step each; the rules, their order, a failing rule's warning and the budget's notice are
 * the same as with a step per rule.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ruleSteps, type Finding, type Rule, type RuleContextBase } from '../../server/src/features/shared/rule.js';

function run(oneStep: boolean, deadline?: number): { steps: number; ran: string[]; found: string[] } {
  const ran: string[] = [];
  const found: string[] = [];
  const rule = (code: string, fail = false, when = true): Rule<RuleContextBase> => ({
    codes: [code],
    when: () => when,
    check(ctx) {
      ran.push(code);
      if (fail) throw new Error('boom');
      ctx.report({ code, severity: 'warning', span: { start: 0, end: 0 }, message: code });
    },
  });
  const ctx = { report: (f: Finding) => found.push(`${f.code}: ${f.message}`) } as unknown as RuleContextBase;
  const rules = [rule('A1'), rule('A2', true), rule('A3', false, false), rule('A4')];
  let steps = 0;
  const opts = { internalErrorCode: 'X999', budgetCode: 'X998', ...(oneStep ? { oneStep } : {}) };
  for (const _ of ruleSteps(rules, ctx, deadline === undefined ? opts : { ...opts, deadline, budgetMs: 1 })) steps++;
  return { steps, ran, found };
}

test('oneStep: the same rules and findings as a step per rule, in no step', () => {
  const stepped = run(false);
  const once = run(true);
  assert.equal(stepped.steps, 4);
  assert.equal(once.steps, 0);
  assert.deepEqual(once.ran, stepped.ran);
  assert.deepEqual(once.found, stepped.found);
  assert.deepEqual(once.ran, ['A1', 'A2', 'A4']);
});

test('oneStep: a spent budget gives the same notice', () => {
  const stepped = run(false, -Infinity);
  const once = run(true, -Infinity);
  assert.deepEqual(once.found, stepped.found);
  assert.match(once.found[0]!, /^X998: .*A1, A2, A3, A4/);
});
