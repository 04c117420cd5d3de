/** Compares two YAML trees on what the model reads: structure, keys, scalar values and spans. */
import type { YNode } from '../../server/src/syntax/tree.js';

export function treeDiff(a: YNode | null, b: YNode | null, path = '$'): string | null {
  if (!a || !b) return a === b ? null : `${path}: ${a ? a.kind : 'null'} vs ${b ? b.kind : 'null'}`;
  if (a.kind !== b.kind) return `${path}: ${a.kind} vs ${b.kind}`;
  if (a.kind === 'scalar' && b.kind === 'scalar') {
    const same = Object.is(a.value, b.value) && a.text === b.text && a.style === b.style;
    if (!same)
      return (
        `${path}: scalar ${JSON.stringify([a.value, a.text, a.style])} vs ` +
        `${JSON.stringify([b.value, b.text, b.style])}`
      );
    if (a.span.start !== b.span.start || a.span.end !== b.span.end)
      return `${path}: span ${JSON.stringify(a.span)} vs ${JSON.stringify(b.span)}`;
    return null;
  }
  if (a.kind === 'alias' && b.kind === 'alias') {
    // The target is a node compared where it stands in the tree: here, which node it is (kind and span).
    const at = a.target;
    const bt = b.target;
    const same =
      a.name === b.name &&
      a.span.start === b.span.start &&
      a.span.end === b.span.end &&
      !!a.tooLarge === !!b.tooLarge &&
      (at && bt ? at.kind === bt.kind && at.span.start === bt.span.start && at.span.end === bt.span.end : at === bt);
    if (!same)
      return (
        `${path}: alias ${JSON.stringify([a.name, a.span, at?.kind, at?.span])} vs ` +
        `${JSON.stringify([b.name, b.span, bt?.kind, bt?.span])}`
      );
    return null;
  }
  if ((a.kind === 'map' || a.kind === 'seq') && (b.kind === 'map' || b.kind === 'seq')) {
    if (a.span.start !== b.span.start || a.span.end !== b.span.end)
      return `${path}: ${a.kind} span ${JSON.stringify(a.span)} vs ${JSON.stringify(b.span)}`;
    if (a.flow !== b.flow) return `${path}: flow ${a.flow} vs ${b.flow}`;
  }
  if (a.kind === 'map' && b.kind === 'map') {
    if (a.pairs.length !== b.pairs.length) return `${path}: ${a.pairs.length} vs ${b.pairs.length} keys`;
    for (let i = 0; i < a.pairs.length; i++) {
      const pa = a.pairs[i]!;
      const pb = b.pairs[i]!;
      const k = treeDiff(pa.key, pb.key, `${path}.<key ${pa.key.text}>`);
      if (k) return k;
      const v = treeDiff(pa.value, pb.value, `${path}.${pa.key.text}`);
      if (v) return v;
    }
    return null;
  }
  if (a.kind === 'seq' && b.kind === 'seq') {
    if (a.items.length !== b.items.length) return `${path}: ${a.items.length} vs ${b.items.length} items`;
    for (let i = 0; i < a.items.length; i++) {
      const d = treeDiff(a.items[i]!, b.items[i]!, `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  return null;
}
