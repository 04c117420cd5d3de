/**
 * Equality of two plain-data values (what JSON can hold: objects, arrays, strings, numbers, booleans, null) without
 * building their JSON texts: it stops at the first difference and allocates no more than each object's key list.
 *
 * Never looser than comparing `JSON.stringify` of both: when it answers true, both texts are the same (objects must
 * have the same own enumerable keys in the same order, arrays the same length, other values be `===`). It may answer
 * false where the texts agree (a key holding `undefined` on one side only, `NaN` against `null`), which only costs a
 * caller the reuse it was checking for.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const arrayA = Array.isArray(a);
  if (arrayA !== Array.isArray(b)) return false;
  if (arrayA) {
    const x = a as unknown[];
    const y = b as unknown[];
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!sameData(x[i], y[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  // Indexed loops over the key lists: this runs on every keystroke in a large TOSCA file (model.ts).
  const kx = Object.keys(x);
  const ky = Object.keys(y);
  if (kx.length !== ky.length) return false;
  for (let i = 0; i < kx.length; i++) {
    const k = kx[i]!;
    if (k !== ky[i] || !sameData(x[k], y[k])) return false;
  }
  return true;
}
