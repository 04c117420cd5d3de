/**
 * Orders the activities of a deployment plan, for both packs: each activity names the activities
 * that must finish before it; the order puts every activity in a stage one after the longest chain
 * of activities it waits for (the plan builder's "abstract control flow", as the OpenTOSCA
 * Container documentation, Plan Builder, describes it), so independent branches share a stage and
 * may run in parallel. Within a stage, activities keep the order the packs list them in (the
 * declaration order of the file), so the plan is the same on every run.
 */
import type { PlanStep } from '../../protocol.js';

/** One activity before ordering. */
export interface PlanActivity {
  /** Unique among the activities of a plan. */
  key: string;
  subject: string;
  activity: PlanStep['activity'];
  operations: PlanStep['operations'];
  label: string;
  /** Keys of the activities that must finish first (unknown keys are ignored). */
  after: string[];
}

/**
 * The steps in order: stage = 1 + the longest chain of activities before it; index by stage, then
 * by list order. Undefined when the `after` relation has a loop (the packs find and report loops
 * on their dependency graphs before they get here; this is the safety net).
 */
export function orderActivities(activities: readonly PlanActivity[]): PlanStep[] | undefined {
  const position = new Map(activities.map((a, i) => [a.key, i] as const));
  const waiting = new Map<string, number>();
  const next = new Map<string, string[]>();
  for (const a of activities) {
    const before = [...new Set(a.after)].filter((k) => position.has(k) && k !== a.key);
    waiting.set(a.key, before.length);
    for (const b of before) (next.get(b) ?? next.set(b, []).get(b)!).push(a.key);
    if (a.after.includes(a.key)) return undefined;
  }
  const stage = new Map<string, number>();
  const ready = activities.filter((a) => waiting.get(a.key) === 0).map((a) => a.key);
  for (const k of ready) stage.set(k, 1);
  for (let i = 0; i < ready.length; i++) {
    const k = ready[i]!;
    for (const n of next.get(k) ?? []) {
      stage.set(n, Math.max(stage.get(n) ?? 1, stage.get(k)! + 1));
      const left = waiting.get(n)! - 1;
      waiting.set(n, left);
      if (left === 0) ready.push(n);
    }
  }
  if (ready.length !== activities.length) return undefined;
  const sorted = [...activities].sort(
    (a, b) => stage.get(a.key)! - stage.get(b.key)! || position.get(a.key)! - position.get(b.key)!,
  );
  return sorted.map((a, i) => ({
    index: i + 1,
    stage: stage.get(a.key)!,
    subject: a.subject,
    activity: a.activity,
    operations: a.operations,
    label: a.label,
  }));
}

/**
 * The `after` relation turned around: for each key, the activities that wait for it. A
 * termination plan runs the build plan backwards, so an activity waits there for every activity
 * that waited for it while building.
 */
export function waitedBy(activities: readonly PlanActivity[]): Map<string, string[]> {
  const out = new Map<string, string[]>(activities.map((a) => [a.key, []]));
  for (const a of activities) for (const b of new Set(a.after)) out.get(b)?.push(a.key);
  return out;
}

/** Makes ids unique in order of appearance: the second `x` becomes `x#2`, and so on. */
export function uniqueIds(): (id: string) => string {
  const seen = new Map<string, number>();
  return (id) => {
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    return n === 1 ? id : `${id}#${n}`;
  };
}
