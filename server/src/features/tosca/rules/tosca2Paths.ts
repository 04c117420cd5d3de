/**
 * TOSCA paths and inputs in TOSCA 2.0 calls: TOSCA240 a path that does not follow the grammar of
 * TOSCA Version 2.0 §10.3 (a keyword where a name belongs, no member name after the path, an
 * `$available_allocation` path that does not end on a capability), TOSCA241 the TOSCA 1.3 forms 2.0
 * dropped (HOST, a path starting with SOURCE or TARGET), TOSCA242 a path starting from a template
 * the service template does not have, TOSCA243 `$get_input` of an input it does not declare.
 */
import type { TreePath } from '../../../syntax/cursor.js';
import { asMap, asScalar, asSeq, entries, getIn, type YMap, type YNode } from '../../../syntax/tree.js';
import type { Tosca2Call } from '../../../model/tosca/v2/calls.js';
import { tosca2SelfAt } from '../../../model/tosca/scope.js';
import { isPathKeyword, pathItemOf, readPath, type PathContext } from '../../../model/tosca/v2/paths.js';
import { didYouMean } from '../../../util/suggest.js';
import { replaceWith } from '../../shared/fixData.js';
import type { ToscaRule, ToscaRuleContext } from './context.js';
import { callsOf, declaredFunctions, tosca2Only } from './tosca2Shared.js';

const PATH_FUNCTIONS: Readonly<Record<string, string>> = {
  get_property: '10.2.1.2',
  get_attribute: '10.2.1.3',
  get_artifact: '10.2.1.4',
  available_allocation: '10.2.1.8',
};

export const tosca2PathsRule: ToscaRule = {
  codes: ['TOSCA240', 'TOSCA241', 'TOSCA242', 'TOSCA243'],
  when: tosca2Only,
  check(ctx) {
    const declared = declaredFunctions(ctx);
    const st = asMap(getIn(ctx.root, 'service_template'));
    const names = (section: string): Set<string> => new Set(entries(getIn(st, section)).map((p) => p.key.text));
    const nodes = names('node_templates');
    const rels = names('relationship_templates');
    const inputs = names('inputs');
    for (const call of callsOf(ctx).calls) {
      if (declared.has(call.name)) continue;
      if (call.name === 'get_input') checkInput(ctx, call, st ? withWorkflow(st, call.path, inputs) : undefined);
      const section = PATH_FUNCTIONS[call.name];
      const items = asSeq(call.args)?.items;
      if (!section || !items || items.length < 2) continue;
      const inService = call.path[0] === 'service_template';
      const kind = (n: string): 'node' | 'rel' | undefined => (nodes.has(n) ? 'node' : rels.has(n) ? 'rel' : undefined);
      checkPath(ctx, call, items, section, tosca2SelfAt(ctx.model, call.path).ctx, kind);
      const first = asScalar(items[0]);
      const start = first && typeof first.value === 'string' ? first.value : undefined;
      if (inService && st && start !== undefined && !isPathKeyword(start) && !kind(start) && !start.includes('$')) {
        // A misspelt SELF (`SLEF`) is a template name to the grammar; it is offered with the templates.
        const suggestion = didYouMean(start, ['SELF', ...nodes, ...rels]);
        ctx.report({
          code: 'TOSCA242',
          severity: 'error',
          span: first!.span,
          message:
            `The service template has no node or relationship template \`${start}\`` +
            (suggestion ? `; did you mean \`${suggestion}\`?` : '.') +
            ` A TOSCA path starts with SELF or a template name (TOSCA Version 2.0 §10.3).`,
          ...replaceWith(suggestion),
        });
      }
    }
  },
};

/** Inside a workflow, `$get_input` also reads the workflow's own inputs. */
function withWorkflow(st: YMap, path: TreePath, inputs: Set<string>): Set<string> {
  if (path[1] !== 'workflows' || typeof path[2] !== 'string') return inputs;
  const own = entries(getIn(st, 'workflows', path[2], 'inputs')).map((p) => p.key.text);
  return new Set([...inputs, ...own]);
}

function checkPath(
  ctx: ToscaRuleContext,
  call: Tosca2Call,
  items: readonly YNode[],
  section: string,
  self: PathContext,
  kind: (n: string) => 'node' | 'rel' | undefined,
): void {
  const where = `(TOSCA Version 2.0 §${section}, §10.3)`;
  const reading = readPath(items.map(pathItemOf), self, kind);
  for (const p of reading.problems) {
    const item = items[p.at]!;
    const text = asScalar(item)?.value;
    const fix =
      p.legacy && p.at === 0 && (text === 'SOURCE' || text === 'TARGET') ? replaceWith(selfFirst(ctx, call, item)) : {};
    ctx.report({
      code: p.legacy ? 'TOSCA241' : 'TOSCA240',
      severity: 'error',
      span: item.span,
      message: `${p.message} ${where}`,
      ...fix,
    });
  }
  if (reading.problems.length || reading.ends === 'unknown') return;
  const member = items[reading.end];
  const what = call.name === 'get_artifact' ? 'an artifact name' : 'a property name';
  if (!member) {
    ctx.report({
      code: 'TOSCA240',
      severity: 'error',
      span: call.args!.span,
      message: `\`$${call.name}\` has a TOSCA path but no ${what.slice(what.indexOf(' ') + 1)} after it ${where}.`,
    });
    return;
  }
  const text = asScalar(member)?.value;
  if (typeof text === 'string' && isPathKeyword(text)) {
    const from =
      reading.ends === 'node'
        ? 'from a node the path goes on with RELATIONSHIP or CAPABILITY'
        : reading.ends === 'rel'
          ? 'from a relationship it goes on with SOURCE, TARGET or CAPABILITY'
          : 'a capability ends the path';
    ctx.report({
      code: 'TOSCA240',
      severity: 'error',
      span: member.span,
      message: `${text} cannot come here: ${from}, and then ${what} follows ${where}.`,
    });
    return;
  }
  if (call.name === 'available_allocation' && reading.ends !== 'capability') {
    ctx.report({
      code: 'TOSCA240',
      severity: 'error',
      span: call.args!.span,
      message:
        '`$available_allocation` reads a capability property: its path ends on a capability, e.g. ' +
        `\`[ SELF, CAPABILITY, host, num_cpus ]\` ${where}.`,
    });
    return;
  }
  const extra = items.length - reading.end - 1;
  if ((call.name === 'get_artifact' || call.name === 'available_allocation') && extra > 0)
    ctx.report({
      code: 'TOSCA240',
      severity: 'error',
      span: items[reading.end + 1]!.span,
      message: `\`$${call.name}\` ends with ${what}; nothing follows it ${where}.`,
    });
}

function checkInput(ctx: ToscaRuleContext, call: Tosca2Call, inputs: Set<string> | undefined): void {
  if (!inputs || call.path[0] !== 'service_template' || call.bare) return;
  const first = asScalar(call.args) ?? asScalar(asSeq(call.args)?.items[0]);
  if (!first || typeof first.value !== 'string' || first.value.startsWith('$')) return;
  const name = first.value;
  if (inputs.has(name)) return;
  const suggestion = didYouMean(name, inputs);
  ctx.report({
    code: 'TOSCA243',
    // In a workflow, the orchestrator may pass inputs the workflow does not declare (the OASIS suite
    // accepts it): said, not an error.
    severity: call.path[1] === 'workflows' ? 'warning' : 'error',
    span: first.span,
    message:
      `The service template declares no input \`${name}\`` +
      (suggestion ? `; did you mean \`${suggestion}\`?` : '.') +
      ' Declare it under `service_template: inputs:` (TOSCA Version 2.0 §10.2.1.1).',
    ...replaceWith(suggestion),
  });
}

/**
 * The text that puts SELF before a 1.3 path start (`SOURCE`, `TARGET`): `SELF, SOURCE` in a flow list;
 * in a block list a `- SELF` entry above, at the same indentation (only when the entry is alone on its
 * line after its dash, so the new line is a sibling entry).
 */
function selfFirst(ctx: ToscaRuleContext, call: Tosca2Call, item: YNode): string | undefined {
  const text = String(asScalar(item)?.value);
  if (asSeq(call.args)?.flow) return `SELF, ${text}`;
  const src = ctx.doc.text;
  const lineStart = src.lastIndexOf('\n', item.span.start - 1) + 1;
  const prefix = src.slice(lineStart, item.span.start);
  return /^ *- +$/.test(prefix) ? `SELF\n${prefix}${text}` : undefined;
}
