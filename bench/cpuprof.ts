/**
 * Summarises a V8 `.cpuprofile` (from `node --cpu-prof`): top functions by self time and by
 * inclusive time. Usage: `node --import tsx bench/cpuprof.ts FILE.cpuprofile [--top N]`.
 *
 * Example, profiling the cold index build:
 *   node --cpu-prof --cpu-prof-dir=.bench/prof --import tsx bench/indexChild.ts /tmp/lm-descriptors-bench/workspace
 *   node --import tsx bench/cpuprof.ts .bench/prof/CPU.*.cpuprofile
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export function summarise(file: string, top = 25): string {
  const prof = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map<number, ProfileNode>();
  const parent = new Map<number, number>();
  for (const n of prof.nodes) byId.set(n.id, n);
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfUs = new Map<number, number>();
  for (let i = 0; i < prof.samples.length; i++) {
    const id = prof.samples[i]!;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0));
  }
  const label = (n: ProfileNode) => {
    const f = n.callFrame;
    const where = f.url ? `${path.basename(f.url.replace(/^file:\/\//, ''))}:${f.lineNumber + 1}` : '';
    return `${f.functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
  };
  const self = new Map<string, number>();
  const incl = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const n = byId.get(id)!;
    self.set(label(n), (self.get(label(n)) ?? 0) + us);
    // Inclusive: count each label once per stack.
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const l = label(byId.get(cur)!);
      if (seen.has(l)) continue;
      seen.add(l);
      incl.set(l, (incl.get(l) ?? 0) + us);
    }
  }
  const total = (prof.endTime - prof.startTime) / 1000;
  const fmt = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(
        ([l, us]) =>
          `${(us / 1000).toFixed(0).padStart(7)} ms ${((us / 1000 / total) * 100).toFixed(1).padStart(5)}%  ${l}`,
      )
      .join('\n');
  return `${file}: ${total.toFixed(0)} ms profiled\n\nself time:\n${fmt(self)}\n\ninclusive time:\n${fmt(incl)}\n`;
}

const argv = process.argv.slice(2);
const ti = argv.indexOf('--top');
const top = ti >= 0 ? Number(argv[ti + 1]) : 25;
for (const f of argv.filter((a, i) => !a.startsWith('--') && (ti < 0 || i !== ti + 1)))
  process.stdout.write(summarise(f, top) + '\n');
