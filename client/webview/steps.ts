/**
 * The numbered steps of the plan, grouped by stage. Steps of one stage do not wait for each other,
 * so a stage of several steps is drawn as one bracketed row marked "parallel"; each step lists the
 * operations it invokes and on which template.
 */
import type { PlanResult, PlanStep } from '../../server/src/protocol.js';
import { operationRuns, stagesOf } from './layout.js';

const ACTIVITY: Record<PlanStep['activity'], string> = {
  provision: 'provision',
  terminate: 'terminate',
  connect: 'connect',
  disconnect: 'disconnect',
  select: 'select instance',
};

export interface StepHandlers {
  activate(subject: string): void;
  hover(subject: string | undefined): void;
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  cls?: string,
  text?: string,
  parent?: Element,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  parent?.appendChild(e);
  return e;
}

export function renderSteps(plan: PlanResult, on: StepHandlers): HTMLElement {
  const section = h('section', 'steps');
  const stages = stagesOf(plan.steps);
  const what = plan.kind === 'termination' ? 'Termination' : plan.kind === 'scaleOut' ? 'Scale-out' : 'Build';
  const heading = h('h2', 'steps-heading', `${what} plan`, section);
  section.setAttribute('aria-label', `${what} plan steps`);
  if (plan.steps.length === 0) {
    h('p', 'placeholder', plan.cycles.length ? 'No order exists while the cycle remains.' : 'No steps.', section);
    return section;
  }
  const parallel = stages.filter((s) => s.steps.length > 1).length;
  h(
    'span',
    'steps-summary',
    ` · ${plan.steps.length} steps in ${stages.length} stages${parallel ? `, ${parallel} with parallel steps` : ''}`,
    heading,
  );
  if (plan.steps.some((s) => s.operations.some((o) => o.implemented === false))) {
    const note = h('p', 'steps-note', undefined, section);
    h('code', 'unimplemented', 'greyed', note);
    h('span', undefined, ' operations have no implementation in the template or its type.', note);
  }
  const list = h('ol', 'stages', undefined, section);
  for (const { stage, steps } of stages) {
    const li = h('li', `stage${steps.length > 1 ? ' parallel' : ''}`, undefined, list);
    li.dataset.stage = String(stage);
    const head = h('div', 'stage-head', undefined, li);
    h('span', 'stage-no', `Stage ${stage}`, head);
    if (steps.length > 1) h('span', 'parallel-tag', `parallel × ${steps.length}`, head);
    const row = h('ol', 'stage-steps', undefined, li);
    for (const s of steps) row.appendChild(step(s, on));
  }
  return section;
}

function step(s: PlanStep, on: StepHandlers): HTMLElement {
  const li = h('li', `step activity-${s.activity}`);
  li.tabIndex = 0;
  li.setAttribute('role', 'button');
  li.dataset.subject = s.subject;
  li.dataset.index = String(s.index);
  li.title = 'Click to show the template';
  h('span', 'step-no', String(s.index), li);
  const body = h('div', 'step-body', undefined, li);
  const title = h('div', 'step-title', undefined, body);
  h('span', 'step-label', s.label, title);
  // "Provision web_vm" needs no "provision" tag; a label that is just a name does.
  if (!s.label.toLowerCase().startsWith(s.activity)) h('span', 'activity', ACTIVITY[s.activity], title);
  if (s.operations.length) {
    const ops = h('ul', 'ops', undefined, body);
    for (const run of operationRuns(s.operations)) {
      const op = h('li', undefined, undefined, ops);
      if (run.iface) h('span', 'iface', `${run.iface}: `, op);
      run.names.forEach((n, i) => {
        if (i) h('span', 'then', ' → ', op);
        const code = h('code', n.implemented === false ? 'unimplemented' : undefined, n.name, op);
        if (n.implemented === false) code.title = 'No implementation in the template or its type: nothing runs';
      });
      // Operations on the step's own node go without saying; a connection's name their end.
      if (run.on && run.on !== s.subject) h('span', 'on', ` on ${run.on}`, op);
    }
  }
  li.addEventListener('click', () => on.activate(s.subject));
  li.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      on.activate(s.subject);
    }
  });
  li.addEventListener('mouseenter', () => on.hover(s.subject));
  li.addEventListener('mouseleave', () => on.hover(undefined));
  return li;
}
