/**
 * Renders a deployment plan (the protocol's PlanResult, whatever the language) for the command
 * line: numbered steps grouped by stage (text), the result itself (json), or the topology as a
 * graph with edges styled by kind (Mermaid flowchart, Graphviz dot). Pure: a plan in, text out.
 */
import type { PlanEdgeKind, PlanResult, PlanStep } from '../protocol.js';

export type PlanFormat = 'text' | 'json' | 'mermaid' | 'dot';
export const PLAN_FORMATS: readonly PlanFormat[] = ['text', 'json', 'mermaid', 'dot'];

const KIND_TITLE = { build: 'Build plan', termination: 'Termination plan', scaleOut: 'Scale-out plan' } as const;

export function renderPlan(plan: PlanResult, format: PlanFormat): string {
  switch (format) {
    case 'json':
      return JSON.stringify(plan, null, 2) + '\n';
    case 'mermaid':
      return mermaid(plan);
    case 'dot':
      return dot(plan);
    case 'text':
      return text(plan);
  }
}

/** The operations of a step, wrapped to lines of about `width` characters. */
function operationLines(step: PlanStep, width = 96): string[] {
  const items = step.operations.map((o) => {
    const name = o.on === step.subject ? o.name : `${o.name} on ${o.on}`;
    return o.implemented === false ? `(${name})` : name;
  });
  const lines: string[] = [];
  let cur = '';
  for (const [i, item] of items.entries()) {
    const piece = item + (i < items.length - 1 ? ',' : '');
    if (cur && cur.length + 1 + piece.length > width) {
      lines.push(cur);
      cur = piece;
    } else cur = cur ? `${cur} ${piece}` : piece;
  }
  if (cur) lines.push(cur);
  return lines;
}

function text(plan: PlanResult): string {
  const lang = plan.language === 'tosca' ? 'TOSCA topology' : 'LM assembly';
  const head = `${KIND_TITLE[plan.kind]} of ${plan.title} (${lang})`;
  const out: string[] = [];
  if (plan.cycles.length) {
    out.push(`${head}: none, ${plan.cycles.length === 1 ? 'a loop makes' : 'loops make'} it impossible.`);
    for (const c of plan.cycles) out.push(`  ${c.message}`);
    return out.join('\n') + '\n';
  }
  if (plan.problem) return `${head}: none. ${plan.problem}\n`;
  const stages = Math.max(0, ...plan.steps.map((s) => s.stage));
  out.push(`${head}: ${plan.steps.length} step(s) in ${stages} stage(s).`);
  if (plan.scaleOut) {
    out.push(`New instance of ${plan.scaleOut.node}; region: ${plan.scaleOut.region.join(', ')}.`);
    out.push(
      `Existing instances selected: ${plan.scaleOut.selected.length ? plan.scaleOut.selected.join(', ') : 'none'}.`,
    );
  }
  if (plan.steps.some((s) => s.operations.some((o) => o.implemented === false))) {
    out.push('(operation): nothing implements it; the orchestrator has nothing to run there.');
  }
  for (let stage = 1; stage <= stages; stage++) {
    const steps = plan.steps.filter((s) => s.stage === stage);
    out.push(`stage ${stage}${steps.length > 1 ? ' (parallel)' : ''}`);
    for (const s of steps) {
      out.push(`  ${s.index}. ${s.label}`);
      for (const line of operationLines(s)) out.push(`       ${line}`);
    }
  }
  return out.join('\n') + '\n';
}

/** The step that acts on each node (its first), for graph labels. */
function stepOfNode(plan: PlanResult): Map<string, PlanStep> {
  const out = new Map<string, PlanStep>();
  for (const s of plan.steps) if (!out.has(s.subject)) out.set(s.subject, s);
  return out;
}

function cycleEdges(plan: PlanResult): Set<string> {
  return new Set(plan.cycles.flatMap((c) => c.edges));
}

/** Mermaid link shape by edge kind: hosting solid, dependencies dotted, connections thick. */
const MERMAID_LINK: Record<PlanEdgeKind, [string, string]> = {
  hostedOn: ['--', '-->'],
  dependsOn: ['-.', '.->'],
  connectsTo: ['==', '==>'],
  relationship: ['==', '==>'],
  mapping: ['-.', '.->'],
  upgrade: ['-.', '.->'],
};
const COLOUR: Record<PlanEdgeKind, string> = {
  hostedOn: '#4a6fa5',
  dependsOn: '#7a7a7a',
  connectsTo: '#2e8b57',
  relationship: '#2e8b57',
  mapping: '#b8860b',
  upgrade: '#8b4ca5',
};
const CYCLE_COLOUR = '#d0312d';

function mermaidText(s: string): string {
  return s.replace(/"/g, '#quot;').replace(/</g, '#lt;').replace(/>/g, '#gt;');
}

function mermaid(plan: PlanResult): string {
  const ids = new Map(plan.nodes.map((n, i) => [n.id, `n${i}`] as const));
  const steps = stepOfNode(plan);
  const cycles = cycleEdges(plan);
  const out = ['flowchart TB', `  %% ${KIND_TITLE[plan.kind]} of ${plan.title}`];
  for (const n of plan.nodes) {
    const step = steps.get(n.id);
    const lines = [n.label, ...(n.type ? [n.type] : []), ...(step ? [`step ${step.index} · stage ${step.stage}`] : [])];
    const label = `"${lines.map(mermaidText).join('<br/>')}"`;
    out.push(`  ${ids.get(n.id)!}${n.role === 'reference' ? `([${label}])` : `[${label}]`}`);
  }
  const styles: string[] = [];
  plan.edges.forEach((e, i) => {
    const [open, close] = MERMAID_LINK[e.kind];
    out.push(`  ${ids.get(e.source)!} ${open} "${mermaidText(e.label)}" ${close} ${ids.get(e.target)!}`);
    const colour = cycles.has(e.id) ? CYCLE_COLOUR : COLOUR[e.kind];
    styles.push(`  linkStyle ${i} stroke:${colour},color:${colour}${cycles.has(e.id) ? ',stroke-width:3px' : ''}`);
  });
  out.push(...styles);
  const selected = new Set(plan.scaleOut?.selected ?? []);
  const region = new Set(plan.scaleOut?.region ?? []);
  if (region.size || selected.size) {
    out.push('  classDef region stroke-width:3px', '  classDef selected stroke-dasharray:4 3');
    for (const n of plan.nodes) {
      if (region.has(n.id)) out.push(`  class ${ids.get(n.id)!} region`);
      else if (selected.has(n.id)) out.push(`  class ${ids.get(n.id)!} selected`);
    }
  }
  return out.join('\n') + '\n';
}

/** A quoted dot string: backslashes and quotes escaped, line breaks as dot's `\n`. */
function dotText(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

const DOT_STYLE: Record<PlanEdgeKind, string> = {
  hostedOn: 'solid',
  dependsOn: 'dashed',
  connectsTo: 'bold',
  relationship: 'bold',
  mapping: 'dashed',
  upgrade: 'dotted',
};

function dot(plan: PlanResult): string {
  const steps = stepOfNode(plan);
  const cycles = cycleEdges(plan);
  const region = new Set(plan.scaleOut?.region ?? []);
  const selected = new Set(plan.scaleOut?.selected ?? []);
  const out = [
    `digraph ${dotText(`${KIND_TITLE[plan.kind]} of ${plan.title}`)} {`,
    '  node [shape=box, style=rounded, fontname="Helvetica"];',
    '  edge [fontname="Helvetica", fontsize=10];',
  ];
  for (const n of plan.nodes) {
    const step = steps.get(n.id);
    const lines = [n.label, ...(n.type ? [n.type] : []), ...(step ? [`step ${step.index} · stage ${step.stage}`] : [])];
    const attrs = [`label=${dotText(lines.join('\n'))}`];
    if (n.role === 'reference') attrs.push('shape=ellipse');
    if (region.has(n.id)) attrs.push('penwidth=3');
    else if (selected.has(n.id)) attrs.push('style="rounded,dashed"');
    out.push(`  ${dotText(n.id)} [${attrs.join(', ')}];`);
  }
  for (const e of plan.edges) {
    const colour = cycles.has(e.id) ? CYCLE_COLOUR : COLOUR[e.kind];
    const attrs = [`label=${dotText(e.label)}`, `style=${DOT_STYLE[e.kind]}`, `color=${dotText(colour)}`];
    if (cycles.has(e.id)) attrs.push('penwidth=2');
    out.push(`  ${dotText(e.source)} -> ${dotText(e.target)} [${attrs.join(', ')}];`);
  }
  out.push('}');
  return out.join('\n') + '\n';
}
