/**
 * Regions of an open document, for incremental analysis (issue 21): what a keystroke did not touch
 * keeps the results computed for the version before it.
 *
 * A region is one entry of a top-level block mapping section (a component under `composition`, a
 * relationship, a property, a node template's section...) or, for other top-level values, the
 * top-level entry itself: from its key to the end of its value. Results computed from a region's
 * subtree alone are kept per region (`regionFindings`) and taken over when the region is unchanged.
 *
 * When is a region unchanged? The edit is found once per version as the window between the longest
 * common prefix and suffix of the two texts. A region lying wholly in the common prefix, or wholly in
 * the common suffix together with the start of its line (so its column is the same), has the same
 * text and indentation as a region of the previous version at the same (or shifted) offset, and we
 * require that region to have existed there with the same length and under the same section. The
 * tree of an entry follows from its text and its column (a block scalar right under the key counts
 * its indentation from the key's), so the subtree, and what a rule computes from it alone, is the
 * same, only moved. Not on a tree the parser recovered from a syntax error (`damaged`): there the
 * tree of an entry may follow from the text around it, so every region counts as changed. A broken text the outline
 * scanner read once repaired (`readText`) is the exception: its tree is the exact reading of the repaired text, and
 * that text (`treeText`, a damaged region blanked) is what the reasoning above compares.
 *
 * A pack may cut some sections one level deeper (a `RegionScheme`): TOSCA's `topology_template` holds sections of
 * its own (`node_templates`, `inputs`...), so its regions are their entries (one node template), with the section
 * written `topology_template.node_templates`. The reasoning above holds for any entry of a block mapping.
 */
import {
  carried,
  isOnce,
  memo,
  memoized,
  memoKey,
  treeText,
  type DocumentModel,
  type MemoKey,
} from '../../model/document.js';
import { editWindowOf } from '../../syntax/outlineEdit.js';
import type { YNode, YPair } from '../../syntax/tree.js';
import type { Finding } from './rule.js';

export interface Region {
  /** The top-level key the region is an entry of (`a.b` in a nested section); '' for a top-level entry itself. */
  section: string;
  pair: YPair;
  start: number;
  end: number;
  /** The scheme that cut it (see `RegionScheme`): its regions of the version before are those it compares with. */
  scheme: RegionScheme;
  /**
   * `previousStart`'s answer, once asked (null: changed): every rule that keeps findings per region asks it of every
   * region on a keystroke. Set in the literal that makes the region, so that every region has the same shape.
   */
  old: number | null | undefined;
}

/**
 * How a pack cuts a document into regions: by default the entries of every top-level section; `nested` names
 * top-level sections whose block-mapping entries are sections themselves (their entries are the regions). Made
 * once per pack, at load: its memo keys keep one pack's regions apart from another's.
 */
export interface RegionScheme {
  readonly nested: ReadonlySet<string>;
  readonly regions: MemoKey<Region[] | null>;
  readonly byStart: MemoKey<Map<number, Region>>;
  readonly edit: MemoKey<EditWindow | null>;
}

export function regionScheme(name: string, nested: readonly string[] = []): RegionScheme {
  return {
    nested: new Set(nested),
    regions: memoKey<Region[] | null>(`${name}.regions`),
    byStart: memoKey<Map<number, Region>>(`${name}.regionsByStart`),
    edit: memoKey<EditWindow | null>(`${name}.editWindow`),
  };
}

/** The entries of every top-level section (what the LM pack uses). */
export const SECTION_ENTRIES = regionScheme('shared');

/** The edit from the previous version: the texts agree before `prefix` and over their last `suffix` characters. */
interface EditWindow {
  prefix: number;
  suffix: number;
  /** New offset minus old offset for text in the common suffix. */
  delta: number;
  /** Regions of the previous version by start offset (undefined when none can be taken over). */
  before: Map<number, Region> | undefined;
}

/**
 * The regions of the document in document order, or null when its root is not a block mapping or
 * the parser recovered from an error (then nothing is carried over).
 */
export function regionsOf(doc: DocumentModel, scheme: RegionScheme = SECTION_ENTRIES): readonly Region[] | null {
  return memo(doc, scheme.regions, () => {
    const root = doc.root;
    if (!root || root.kind !== 'map' || root.flow || (doc.damaged && doc.readText === undefined)) return null;
    const out: Region[] = [];
    const add = (section: string, pair: YPair) =>
      out.push({ section, pair, start: pair.key.span.start, end: endOf(pair), scheme, old: undefined });
    for (const tp of root.pairs) {
      const v = tp.value;
      if (!v || v.kind !== 'map' || v.flow) add('', tp);
      else if (!scheme.nested.has(tp.key.text)) for (const p of v.pairs) add(tp.key.text, p);
      else
        for (const p of v.pairs) {
          const w = p.value;
          if (w && w.kind === 'map' && !w.flow) for (const q of w.pairs) add(`${tp.key.text}.${p.key.text}`, q);
          else add(tp.key.text, p);
        }
    }
    return out;
  });
}

/**
 * The region whose key starts at `start` (a pair's `key.span.start`), if that pair is a region. None in a model
 * checked once (`markOnce`): its callers keep findings per region, which such a model does not, and check the entry
 * directly without one (what `regionFindings` does for it), so the table of regions by start is not built.
 */
export function regionAt(
  doc: DocumentModel,
  start: number,
  scheme: RegionScheme = SECTION_ENTRIES,
): Region | undefined {
  if (isOnce(doc)) return undefined;
  let byStart = memoized(doc, scheme.byStart);
  if (!byStart) {
    const regions = regionsOf(doc, scheme);
    if (!regions) return undefined;
    byStart = memo(doc, scheme.byStart, () => new Map(regions.map((r) => [r.start, r])));
  }
  return byStart.get(start);
}

/** The region holding `offset`, if any (regions are in document order and do not overlap: found by halving). */
export function regionContaining(doc: DocumentModel, offset: number): Region | undefined {
  const regions = regionsOf(doc);
  if (!regions) return undefined;
  let lo = 0;
  let hi = regions.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = regions[mid]!;
    if (offset < r.start) hi = mid - 1;
    else if (offset >= r.end) lo = mid + 1;
    else return r;
  }
  return undefined;
}

function endOf(pair: YPair): number {
  const v: YNode | null = pair.value;
  return v ? Math.max(v.span.end, pair.key.span.end) : pair.key.span.end;
}

function editWindow(doc: DocumentModel, scheme: RegionScheme): EditWindow | null {
  return memo(doc, scheme.edit, () => {
    const prev = doc.previous;
    if (!prev || prev.kind !== doc.kind) return null;
    const { prefix, suffix } = editWindowOf(treeText(prev), treeText(doc));
    const regions = regionsOf(prev, scheme);
    const before = regions && regionsOf(doc, scheme) ? new Map(regions.map((r) => [r.start, r])) : undefined;
    return { prefix, suffix, delta: doc.text.length - prev.text.length, before };
  });
}

/** The start of `region` in the previous version when it is unchanged there (see the header), else undefined. */
export function previousStart(doc: DocumentModel, region: Region): number | undefined {
  if (region.old === undefined) region.old = findPreviousStart(doc, region) ?? null;
  return region.old ?? undefined;
}

function findPreviousStart(doc: DocumentModel, region: Region): number | undefined {
  const w = editWindow(doc, region.scheme);
  if (!w?.before) return undefined;
  let old: number;
  if (region.end <= w.prefix) old = region.start;
  else {
    // The line break before the region's line is in the common suffix too, so the column is the same.
    const text = treeText(doc);
    const lineBreak = text.lastIndexOf('\n', region.start - 1);
    if (lineBreak < 0 || lineBreak < text.length - w.suffix) return undefined;
    old = region.start - w.delta;
  }
  const r = w.before.get(old);
  return r && r.section === region.section && r.end - r.start === region.end - region.start ? old : undefined;
}

/** Findings kept per region for one rule: this version's, and the previous version's to take over. */
export interface RegionStore {
  now: Map<number, { inputs: string; findings: Finding[] }>;
  before: Map<number, { inputs: string; findings: Finding[] }> | undefined;
  /**
   * The inputs last given (`given`) and the equal string of the version before that stands for them (`as`). A rule
   * builds its inputs once per version and passes the same string for every region: comparing it with the kept one
   * compares characters (kilobytes for a large topology) in every region, comparing `as` is one pointer.
   */
  same: { given: string; as: string } | undefined;
}

export type RegionKey = MemoKey<RegionStore>;

export function regionKey(name: string): RegionKey {
  return memoKey<RegionStore>(name);
}

function shiftFinding(f: Finding, by: number): Finding {
  return { ...f, span: { start: f.span.start + by, end: f.span.end + by } };
}

/** A version's store of findings, taking over the previous version's. */
function newStore(previous: RegionStore | undefined): RegionStore {
  // One step deep: the previous store lets go of its own predecessor.
  if (previous) previous.before = undefined;
  return { now: new Map(), before: previous?.now, same: undefined };
}

/**
 * Reports the findings of one region for the rule that owns `key`: those of the previous version
 * when the region is unchanged and `inputs` (whatever else the rule reads, as a string: the index's
 * resolution generation, names declared elsewhere in the file...) is the same, moved with the
 * region; else those `compute` reports, which must follow from the region's subtree and `inputs`
 * alone. Findings are reported in the order computed, so the collector sees the same sequence.
 */
export function regionFindings(
  doc: DocumentModel,
  key: RegionKey,
  region: Region,
  inputs: string,
  report: (f: Finding) => void,
  compute: (report: (f: Finding) => void) => void,
): void {
  // Nothing to keep for a next version: the findings go straight to `report`, in the order computed (as below).
  if (isOnce(doc)) return compute(report);
  const store = carried(doc, key, newStore);
  const old = store.before && previousStart(doc, region);
  const kept = old !== undefined ? store.before?.get(old) : undefined;
  if (store.same?.given === inputs) inputs = store.same.as;
  else if (kept && kept.inputs === inputs) {
    store.same = { given: inputs, as: kept.inputs };
    inputs = kept.inputs;
  }
  let findings: Finding[];
  if (kept && kept.inputs === inputs) {
    const by = region.start - old!;
    // Most regions have no finding: their (empty) array is taken over as it is, moved or not.
    findings = by === 0 || !kept.findings.length ? kept.findings : kept.findings.map((f) => shiftFinding(f, by));
  } else {
    findings = [];
    compute((f) => findings.push(f));
  }
  store.now.set(region.start, { inputs, findings });
  for (const f of findings) report(f);
}

/**
 * The findings `compute` reports for the entry `pair`: kept per region (`regionFindings`) when `inputs` is given and
 * `pair` is a region of `scheme`, else computed and reported directly (a model checked once, an entry that is no
 * region, inputs the rule could not state). Every rule that keeps findings per entry goes through here.
 */
export function entryFindings(
  doc: DocumentModel,
  key: RegionKey,
  pair: YPair,
  inputs: string | undefined,
  report: (f: Finding) => void,
  compute: (report: (f: Finding) => void) => void,
  scheme: RegionScheme = SECTION_ENTRIES,
): void {
  const region = inputs !== undefined ? regionAt(doc, pair.key.span.start, scheme) : undefined;
  if (region && region.pair === pair) regionFindings(doc, key, region, inputs!, report, compute);
  else compute(report);
}
