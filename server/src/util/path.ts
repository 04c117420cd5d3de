/**
 * Posix path arithmetic for the layers below `host/`, which must not import `node:` modules (the
 * browser build has none). Paths inside the server are absolute posix paths; hosts convert at
 * their edge (a Windows drive path becomes `/c:/…` through its URI). The functions behave as
 * `node:path`'s posix ones for absolute paths; `resolve` of a relative path has no working
 * folder to fall back on and resolves against `/`.
 */

export const sep = '/';

/** Collapses `.`, `..` and repeated slashes; keeps a leading slash; never climbs above the root. */
function normalizeParts(parts: readonly string[], absolute: boolean): string[] {
  const out: string[] = [];
  for (const p of parts) {
    if (p === '' || p === '.') continue;
    if (p === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!absolute) out.push('..');
      continue;
    }
    out.push(p);
  }
  return out;
}

export function isAbsolute(p: string): boolean {
  return p.startsWith('/');
}

/** True when `p` has nothing `normalize` would change: no `.` or `..` segment, no empty segment inside. */
const NEEDS_WORK = /\/\/|(^|\/)\.\.?(\/|$)/;

export function normalize(p: string): string {
  if (p === '') return '.';
  // The common case on every request path (an absolute path joined with a plain name) costs one scan.
  if (!NEEDS_WORK.test(p)) return p;
  const abs = isAbsolute(p);
  const trailing = p.endsWith('/');
  const body = normalizeParts(p.split('/'), abs).join('/');
  if (abs) return '/' + body + (trailing && body ? '/' : '');
  if (!body) return trailing ? './' : '.';
  return body + (trailing ? '/' : '');
}

export function join(...parts: string[]): string {
  const nonEmpty = parts.filter((p) => p !== '');
  return nonEmpty.length === 0 ? '.' : normalize(nonEmpty.join('/'));
}

/** The absolute path of the last absolute argument joined with the ones after it (`/` if none is absolute). */
export function resolve(...parts: string[]): string {
  let acc = '';
  for (let i = parts.length - 1; i >= 0; i--) {
    const p = parts[i]!;
    if (p === '') continue;
    acc = acc ? `${p}/${acc}` : p;
    if (isAbsolute(p)) break;
  }
  if (acc.startsWith('/') && !NEEDS_WORK.test(acc)) return acc.length > 1 && acc.endsWith('/') ? acc.slice(0, -1) : acc;
  const body = normalizeParts(acc.split('/'), true).join('/');
  return '/' + body;
}

export function dirname(p: string): string {
  if (p === '') return '.';
  // Node's algorithm: the text before the last slash that follows a non-slash character.
  const hasRoot = p.startsWith('/');
  let end = -1;
  let matchedSlash = true;
  for (let i = p.length - 1; i >= 1; i--) {
    if (p[i] === '/') {
      if (!matchedSlash) {
        end = i;
        break;
      }
    } else matchedSlash = false;
  }
  if (end === -1) return hasRoot ? '/' : '.';
  if (hasRoot && end === 1) return '//';
  return p.slice(0, end);
}

export function basename(p: string, ext?: string): string {
  const trimmed = p.length > 1 ? p.replace(/\/+$/, '') : p;
  if (trimmed === '/') return '';
  const base = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  return ext && base !== ext && base.endsWith(ext) ? base.slice(0, -ext.length) : base;
}

export function extname(p: string): string {
  const base = basename(p);
  const dot = base.lastIndexOf('.');
  // `..` and dot files have no extension, as in node.
  return dot <= 0 || base === '..' ? '' : base.slice(dot);
}

/** The relative path from `from` to `to`, both resolved first (as node's posix `relative`). */
export function relative(from: string, to: string): string {
  const a = resolve(from).split('/').filter(Boolean);
  const b = resolve(to).split('/').filter(Boolean);
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return [...a.slice(i).map(() => '..'), ...b.slice(i)].join('/');
}

export const posix = { sep, isAbsolute, normalize, join, resolve, dirname, basename, extname, relative };
