/**
 * Plain (JSON) values out of YAML nodes, bounded so that alias bombs and huge literals stay cheap.
 * Summaries store defaults and constraint operands this way: they must survive JSON persistence.
 */
import { deref, type YNode } from '../../syntax/tree.js';

export type PlainValue = string | number | boolean | null | PlainValue[] | { [key: string]: PlainValue };

/** Converts a node to a plain value; aliases are followed, at most `budget` nodes are visited. */
export function toPlain(node: YNode | null | undefined, budget = 2000): PlainValue {
  let left = budget;
  const conv = (n: YNode | null | undefined, depth: number): PlainValue => {
    const v = deref(n);
    if (!v || left-- <= 0 || depth > 50) return null;
    if (v.kind === 'scalar') return v.value;
    if (v.kind === 'seq') return v.items.map((it) => conv(it, depth + 1));
    if (v.kind === 'map') {
      const o: { [key: string]: PlainValue } = {};
      for (const p of v.pairs) o[p.key.text] = conv(p.value, depth + 1);
      return o;
    }
    return null;
  };
  return conv(node, 0);
}

/** Short display text of a plain value (for messages and hover). */
export function showPlain(v: unknown, budget = 60): string {
  let s: string;
  if (typeof v === 'string') s = JSON.stringify(v);
  else if (v === undefined) s = 'nothing';
  else {
    try {
      s = JSON.stringify(v) ?? String(v);
    } catch {
      s = String(v);
    }
  }
  return s.length > budget ? s.slice(0, budget - 1) + '…' : s;
}
