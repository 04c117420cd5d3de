/**
 * Resource lifecycle and driver facts shared by the lifecycle, driver and package-layout rules
 * (TNC-O "Resource descriptor" › lifecycle, infrastructure; lmctl "Projects" › layout): where driver entries
 * sit, which driver runs a transition, and which resource manager (hence which descriptor era) the lmctl
 * project declares.
 */
import * as path from '../../util/path.js';
import {
  asMap,
  asScalar,
  asSeq,
  get,
  getPair,
  type YMap,
  type YNode,
  type YPair,
  type YScalar,
} from '../../syntax/tree.js';
import type { FeatureContext } from '../types.js';

/** lmctl's resource manager values (`lmctl/project/types.py`), case-sensitive as lmctl compares them. */
export const BRENT_RM_VALUES = ['lm', 'brent', 'Brent'] as const;
export const BRENT21_RM_VALUES = ['lm2.1', 'brent2.1', 'Brent2.1'] as const;
export const ANSIBLE_RM_VALUES = ['ansible-rm', 'ansiblerm'] as const;
export const RM_VALUES: readonly string[] = [...ANSIBLE_RM_VALUES, ...BRENT_RM_VALUES, ...BRENT21_RM_VALUES];

/**
 * `brent22` = Brent 2.2+ (`lm`, `brent`), `brent21` = Brent 2.1, `ansible` = Ansible RM, `unknown` = no lmctl project
 * says.
 */
export type RmEra = 'brent22' | 'brent21' | 'ansible' | 'unknown';

export function eraOf(rm: string | undefined): RmEra {
  const r = rm?.toLowerCase();
  if (r === undefined) return 'unknown';
  if (r === 'lm' || r === 'brent') return 'brent22';
  if (r === 'lm2.1' || r === 'brent2.1') return 'brent21';
  if (r === 'ansible-rm' || r === 'ansiblerm') return 'ansible';
  return 'unknown';
}

/** The resource manager the lmctl project gives this descriptor (as written, lower case) and its era. */
export function projectRm(feature: FeatureContext, filePath: string): { rm?: string; era: RmEra } {
  const pc = feature.index.projectContext(filePath);
  const rm = pc?.resourceManager;
  return rm ? { rm, era: eraOf(rm) } : { era: 'unknown' };
}

export function rmLabel(rm: string | undefined): string {
  return rm ? `\`resource-manager: ${rm}\`` : 'no resource manager';
}

export type DriverPlace = 'lifecycle' | 'operations' | 'default-driver' | 'queries';

/** One `<driverType>: {...}` entry under `drivers`, `default-driver` or `queries.drivers`. */
export interface DriverEntry {
  place: DriverPlace;
  /** Transition or operation name for lifecycle/operations entries. */
  owner?: string;
  pair: YPair;
  body: YMap | null;
}

function entriesOf(drivers: YNode | null, place: DriverPlace, owner?: string): DriverEntry[] {
  const m = asMap(drivers);
  if (!m) return [];
  return m.pairs.map((pair) => {
    const e: DriverEntry = { place, pair, body: asMap(pair.value) };
    if (owner !== undefined) e.owner = owner;
    return e;
  });
}

/** Every driver entry of a resource descriptor, in document order of the sections. */
export function driverEntries(root: YNode | null): DriverEntry[] {
  const m = asMap(root);
  const out: DriverEntry[] = [];
  for (const t of asMap(get(m, 'lifecycle'))?.pairs ?? [])
    out.push(...entriesOf(get(asMap(t.value), 'drivers'), 'lifecycle', t.key.text));
  for (const o of asMap(get(m, 'operations'))?.pairs ?? [])
    out.push(...entriesOf(get(asMap(o.value), 'drivers'), 'operations', o.key.text));
  out.push(...entriesOf(get(m, 'default-driver'), 'default-driver'));
  out.push(...entriesOf(get(asMap(get(m, 'queries')), 'drivers'), 'queries'));
  return out;
}

/** True when the descriptor shows Brent 2.2+ shapes somewhere (a `selector` under a driver, or `queries`). */
export function has22Shapes(root: YNode | null): boolean {
  if (getPair(asMap(root), 'queries')) return true;
  return driverEntries(root).some((e) => getPair(e.body, 'selector') !== undefined);
}

/** True when the descriptor looks like a Brent (2.1+) resource rather than a legacy RM one. */
export function isBrentStyle(root: YNode | null, era: RmEra): boolean {
  if (era === 'brent22' || era === 'brent21') return true;
  if (era === 'ansible') return false;
  const m = asMap(root);
  if (getPair(m, 'resource-manager-type')) return false;
  return (
    !!asMap(get(m, 'lifecycle')) ||
    !!getPair(m, 'default-driver') ||
    !!getPair(m, 'infrastructure') ||
    !!getPair(m, 'queries')
  );
}

/** Driver types of `default-driver` (empty when missing or empty). */
export function defaultDriverTypes(root: YNode | null): string[] {
  return asMap(get(asMap(root), 'default-driver'))?.pairs.map((p) => p.key.text) ?? [];
}

/** Driver types that run a lifecycle/operation entry: its own `drivers`, else `default-driver`. */
export function effectiveDrivers(
  entry: YNode | null,
  root: YNode | null,
): { types: string[]; own: boolean; keys: YScalar[] } {
  const own = asMap(get(asMap(entry), 'drivers'));
  if (own && own.pairs.length)
    return { types: own.pairs.map((p) => p.key.text), own: true, keys: own.pairs.map((p) => p.key) };
  const dd = asMap(get(asMap(root), 'default-driver'));
  return { types: dd?.pairs.map((p) => p.key.text) ?? [], own: false, keys: dd?.pairs.map((p) => p.key) ?? [] };
}

/** The infrastructure types declared under `infrastructure`. */
export function infrastructureTypes(root: YNode | null): string[] {
  return asMap(get(asMap(root), 'infrastructure'))?.pairs.map((p) => p.key.text) ?? [];
}

/** The lifecycle section as map entries or legacy list items. */
export function lifecycleOf(root: YNode | null): { pair?: YPair; map?: YMap; list?: YScalar[]; listNode?: YNode } {
  const pair = getPair(asMap(root), 'lifecycle');
  if (!pair) return {};
  const map = asMap(pair.value);
  if (map) return { pair, map };
  const seq = asSeq(pair.value);
  if (seq) {
    const list: YScalar[] = [];
    for (const it of seq.items) {
      const s = asScalar(it);
      if (s && s.value !== null) list.push(s);
    }
    return { pair, list, listNode: seq };
  }
  return { pair };
}

/**
 * The package folder of a Brent resource descriptor (`<pkg>/Definitions/lm/resource.yaml`), if the path has that
 * layout.
 */
export function brentPackageDir(filePath: string): string | undefined {
  const m = /^(.*)\/Definitions\/lm\/[^/]+$/.exec(filePath.replace(/\\/g, '/'));
  return m ? m[1] : undefined;
}

/** The first existing path among `candidates` (relative to `dir`), or undefined. */
export function firstExisting(feature: FeatureContext, dir: string, candidates: readonly string[]): string | undefined {
  for (const c of candidates) {
    const p = path.posix.join(dir, c);
    if (feature.fileExists(p)) return p;
  }
  return undefined;
}
