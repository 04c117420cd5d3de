/**
 * A shape check for summaries that come back from the warm-start cache: the cache is data the
 * server did not just compute, so before a rule reads a summary from it, its structure is checked
 * (every list a list, every declaration named and spanned). A summary that fails is never used; the
 * file is read again instead.
 */
import type { FileKind } from './kinds.js';
import type { FileSummary } from './summary.js';
import { TOSCA_SUMMARY_FORMAT } from './tosca/summary.js';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const optStr = (v: unknown) => v === undefined || isStr(v);
const isSpan = (v: unknown) => isObj(v) && isNum(v['start']) && isNum(v['end']) && v['start'] <= v['end'];
const optSpan = (v: unknown) => v === undefined || isSpan(v);
const listOf = (v: unknown, item: (x: unknown) => boolean) => Array.isArray(v) && v.every(item);

/** A declaration: a name, the span of its key and of the whole entry. */
const isDecl = (v: unknown): v is Obj => isObj(v) && isStr(v['name']) && isSpan(v['keySpan']) && isSpan(v['span']);

const isProperty = (v: unknown) => isDecl(v) && optStr(v['type']) && optStr(v['default']) && optSpan(v['valueSpan']);

const isComponent = (v: unknown) =>
  isDecl(v) &&
  (v['section'] === 'composition' || v['section'] === 'references') &&
  optStr(v['type']) &&
  listOf(v['properties'], isProperty);

const isOperation = (v: unknown) => isDecl(v) && listOf(v['properties'], isProperty);

const isSubproject = (v: unknown): boolean => isDecl(v) && isStr(v['directory']) && listOf(v['contains'], isSubproject);

function isDescriptor(s: Obj): boolean {
  const name = s['explicitName'];
  return (
    (name === undefined || (isObj(name) && isStr(name['text']) && isSpan(name['span']))) &&
    listOf(s['properties'], isProperty) &&
    listOf(s['privateProperties'], isProperty) &&
    listOf(s['components'], isComponent) &&
    listOf(s['operations'], isOperation) &&
    ['relationships', 'capabilities', 'requirements', 'metrics', 'policies', 'dataTypes', 'transitions'].every((k) =>
      listOf(s[k], isDecl),
    )
  );
}

const isNamed = (v: unknown) => isObj(v) && isStr(v['text']) && isSpan(v['span']);
const optNamed = (v: unknown) => v === undefined || isNamed(v);

function isBehaviour(s: Obj): boolean {
  return (
    (s['role'] === 'configuration' || s['role'] === 'scenario') &&
    optNamed(s['name']) &&
    optNamed(s['descriptorName']) &&
    listOf(s['properties'], (p) => isNamed(p) && isSpan((p as Obj)['entry'])) &&
    listOf(s['configurationRefs'], isNamed)
  );
}

function isTosca(s: Obj): boolean {
  const topo = s['topology'];
  return (
    s['format'] === TOSCA_SUMMARY_FORMAT &&
    ['metadata', 'repositories', 'imports', 'types'].every((k) => listOf(s[k], isObj)) &&
    (topo === undefined ||
      (isObj(topo) &&
        ['inputs', 'nodeTemplates', 'relationshipTemplates', 'groups', 'policies', 'outputs'].every(
          (k) => topo[k] === undefined || listOf(topo[k], isDecl),
        )))
  );
}

/** True when `v` has the structure of a summary of a file of kind `kind`. */
export function isSummaryOf(kind: FileKind, v: unknown): v is FileSummary {
  if (!isObj(v) || v['kind'] !== kind) return false;
  switch (kind) {
    case 'assembly':
    case 'resource':
    case 'assembly-template':
    case 'type':
      return isDescriptor(v);
    case 'lmproject':
      return listOf(v['contains'], isSubproject) && optStr(v['name']) && optStr(v['version']);
    case 'behaviour':
      return isBehaviour(v);
    case 'tosca':
      return isTosca(v);
    default:
      return true;
  }
}
