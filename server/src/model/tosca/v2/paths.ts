/**
 * TOSCA paths (TOSCA Version 2.0 §10.3): the leading arguments of `$get_property`,
 * `$get_attribute`, `$get_artifact` and `$available_allocation` that walk the representation
 * graph from SELF or a template, through RELATIONSHIP / CAPABILITY / SOURCE / TARGET steps and
 * indexes, to the node, relationship or capability whose member the next argument names.
 *
 * The grammar cannot tell a keyword-less name from the member name that ends the path, so the
 * reading is greedy the way the standard's grammar is: a step keyword continues the path, anything
 * else ends it. Where SELF may be a node or a relationship, both readings are kept and only what
 * is wrong in both is reported.
 */

import { asScalar, type YNode } from '../../../syntax/tree.js';

/** One argument as the parser sees it. */
export interface PathItem {
  /** The string, for string scalars. */
  text?: string;
  /** The number, for integer scalars. */
  int?: number;
}

/** An argument node as a path item (a string, an integer, or neither). */
export function pathItemOf(n: YNode): PathItem {
  const s = asScalar(n);
  if (!s) return {};
  if (typeof s.value === 'string') return { text: s.value };
  if (typeof s.value === 'number' && Number.isInteger(s.value)) return { int: s.value };
  return {};
}

export type PathContext = 'node' | 'rel' | 'either';

export interface PathStep {
  /** Index into the items. */
  at: number;
  role: 'start' | 'keyword' | 'requirement' | 'capability' | 'index' | 'template';
}

export interface PathProblem {
  at: number;
  message: string;
  /** True for the TOSCA 1.3 forms that 2.0 changed (HOST, a leading SOURCE or TARGET). */
  legacy?: boolean;
}

export interface PathReading {
  /** Index of the first item after the path (the member name); equals items.length when none is left. */
  end: number;
  /** The context the path ends in: a capability context when it ends on a capability. */
  ends: PathContext | 'capability' | 'unknown';
  /** The requirement / capability names walked, with their position (for name checks). */
  steps: PathStep[];
  problems: PathProblem[];
}

const KEYWORDS = new Set(['SELF', 'SOURCE', 'TARGET', 'RELATIONSHIP', 'CAPABILITY', 'ALL', 'HOST']);

export function isPathKeyword(text: string | undefined): boolean {
  return text !== undefined && KEYWORDS.has(text);
}

/**
 * Reads a TOSCA path. `self` is what SELF means where the call is; `templateKind` says whether a
 * symbolic name is a node template, a relationship template, or unknown (undefined).
 */
export function readPath(
  items: readonly PathItem[],
  self: PathContext,
  templateKind: (name: string) => 'node' | 'rel' | undefined,
): PathReading {
  const problems: PathProblem[] = [];
  const steps: PathStep[] = [];
  const first = items[0];
  if (!first || first.text === undefined) {
    problems.push({ at: 0, message: 'A TOSCA path starts with SELF or the name of a node or relationship template.' });
    return { end: items.length, ends: 'unknown', steps, problems };
  }
  let i = 1;
  let ctx: PathContext;
  if (first.text === 'SELF') {
    ctx = self;
    steps.push({ at: 0, role: 'start' });
  } else if (first.text === 'SOURCE' || first.text === 'TARGET') {
    problems.push({
      at: 0,
      legacy: true,
      message:
        `TOSCA 2.0 paths start from SELF: write \`SELF, ${first.text}\` ` +
        `(the 1.3 form \`${first.text}, ...\` changed).`,
    });
    ctx = 'node';
    steps.push({ at: 0, role: 'keyword' });
  } else if (first.text === 'HOST') {
    problems.push({ at: 0, legacy: true, message: hostMessage() });
    return { end: items.length, ends: 'unknown', steps, problems };
  } else if (KEYWORDS.has(first.text)) {
    problems.push({
      at: 0,
      message: `A TOSCA path cannot start with ${first.text}: start with SELF or a template name.`,
    });
    return { end: items.length, ends: 'unknown', steps, problems };
  } else {
    steps.push({ at: 0, role: 'template' });
    const kind = templateKind(first.text);
    ctx = kind ?? 'either';
    // <node_symbolic_name>, <idx>: the representation of the template (an index, ALL, or none).
    if (kind !== 'rel' && isIndex(items[1])) {
      checkIndex(items[1]!, 1, problems);
      steps.push({ at: 1, role: 'index' });
      i = 2;
    }
  }
  let ends: PathReading['ends'] = ctx;
  while (i < items.length) {
    const t = items[i]!.text;
    if (t === 'HOST') {
      problems.push({ at: i, legacy: true, message: hostMessage() });
      return { end: items.length, ends: 'unknown', steps, problems };
    }
    if (t === 'RELATIONSHIP' && ctx !== 'rel') {
      // node: RELATIONSHIP, <requirement_name>, <idx>, <rel_context>
      steps.push({ at: i, role: 'keyword' });
      const name = items[i + 1];
      if (!name || name.text === undefined || KEYWORDS.has(name.text)) {
        problems.push({
          at: Math.min(i + 1, items.length - 1),
          message: 'RELATIONSHIP is followed by a requirement name.',
        });
        return { end: items.length, ends: 'unknown', steps, problems };
      }
      steps.push({ at: i + 1, role: 'requirement' });
      i += 2;
      i = optionalIndex(items, i, steps, problems);
      ctx = 'rel';
      ends = 'rel';
      continue;
    }
    if ((t === 'SOURCE' || t === 'TARGET') && ctx !== 'node') {
      steps.push({ at: i, role: 'keyword' });
      ctx = 'node';
      ends = 'node';
      i++;
      continue;
    }
    if (t === 'CAPABILITY') {
      steps.push({ at: i, role: 'keyword' });
      const next = items[i + 1];
      if (next?.text === 'RELATIONSHIP') {
        // rel: CAPABILITY, RELATIONSHIP, <idx>, <rel_context> (incoming relationships of the target capability).
        if (ctx === 'node') {
          problems.push({ at: i + 1, message: 'From a node, CAPABILITY is followed by a capability name.' });
          return { end: items.length, ends: 'unknown', steps, problems };
        }
        steps.push({ at: i + 1, role: 'keyword' });
        i += 2;
        i = optionalIndex(items, i, steps, problems);
        ctx = 'rel';
        ends = 'rel';
        continue;
      }
      if (ctx === 'rel') return { end: i + 1, ends: 'capability', steps, problems };
      // node (or either): CAPABILITY, <capability_name> [, RELATIONSHIP, <idx>, <rel_context>]
      if (!next || next.text === undefined || KEYWORDS.has(next.text)) {
        if (ctx === 'node' || next) {
          problems.push({
            at: Math.min(i + 1, items.length - 1),
            message: 'From a node, CAPABILITY is followed by a capability name.',
          });
          return { end: items.length, ends: 'unknown', steps, problems };
        }
        return { end: i + 1, ends: 'capability', steps, problems };
      }
      steps.push({ at: i + 1, role: 'capability' });
      if (items[i + 2]?.text === 'RELATIONSHIP') {
        steps.push({ at: i + 2, role: 'keyword' });
        i += 3;
        i = optionalIndex(items, i, steps, problems);
        ctx = 'rel';
        ends = 'rel';
        continue;
      }
      // SELF may be a relationship here: then the name after CAPABILITY is the member, not a capability.
      if (ctx === 'either') return { end: i + 1, ends: 'unknown', steps, problems };
      return { end: i + 2, ends: 'capability', steps, problems };
    }
    break;
  }
  return { end: i, ends, steps, problems };
}

function hostMessage(): string {
  return (
    'TOSCA 2.0 paths have no HOST keyword: follow the hosting requirement instead, e.g. ' +
    '`SELF, RELATIONSHIP, host, TARGET, <property>`.'
  );
}

function isIndex(item: PathItem | undefined): boolean {
  return !!item && (item.int !== undefined || item.text === 'ALL');
}

/** The optional `<idx>` after a relationship step: checked and recorded; returns where the path goes on. */
function optionalIndex(items: readonly PathItem[], i: number, steps: PathStep[], problems: PathProblem[]): number {
  if (!isIndex(items[i])) return i;
  checkIndex(items[i]!, i, problems);
  steps.push({ at: i, role: 'index' });
  return i + 1;
}

function checkIndex(item: PathItem, at: number, problems: PathProblem[]): void {
  if (item.int !== undefined && item.int < 0)
    problems.push({ at, message: 'A TOSCA path index is a non-negative integer or ALL.' });
}
