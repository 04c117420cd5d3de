/**
 * The `Name: value` text of a package's `TOSCA-Metadata/TOSCA.meta` and of its manifest (`.mf`),
 * line by line with the columns of each key and value: ETSI GS NFV-SOL 004 writes both as blocks
 * of `Key: value` lines separated by blank lines (the manifest also nests `metadata:` and
 * `non_mano_artifact_sets:` by indentation, and may end with a CMS signature between PEM-style
 * armour lines). Never throws; what is not `Key: value` is kept as a problem with its line.
 */

export interface KvLine {
  /** Zero-based line number. */
  line: number;
  indent: number;
  key: string;
  value: string;
  keyStart: number;
  keyEnd: number;
  valueStart: number;
  valueEnd: number;
}

/** Lines between blank lines. */
export interface KvBlock {
  lines: KvLine[];
  /** First and last line numbers of the block. */
  start: number;
  end: number;
}

/** A `-----BEGIN X-----` … `-----END X-----` section (a CMS signature, a certificate). */
export interface Armour {
  label: string;
  start: number;
  /** The END line, or the last line of the text when the section is never closed. */
  end: number;
  closed: boolean;
}

export interface KvProblem {
  line: number;
  start: number;
  end: number;
  text: string;
}

export interface KvText {
  blocks: KvBlock[];
  armour: Armour[];
  /** Lines that are neither `Key: value`, blank, nor armour. */
  problems: KvProblem[];
  lineCount: number;
  /** Each line's length, for ranges that cover a whole line. */
  lengths: number[];
}

const BEGIN = /^-----BEGIN ([A-Z0-9 ]+)-----\s*$/;
const END = /^-----END ([A-Z0-9 ]+)-----\s*$/;

export function parseKeyValueText(text: string): KvText {
  const raw = text.split(/\r\n|\r|\n/);
  const blocks: KvBlock[] = [];
  const armour: Armour[] = [];
  const problems: KvProblem[] = [];
  let current: KvBlock | undefined;
  let open: Armour | undefined;
  for (let i = 0; i < raw.length; i++) {
    const s = raw[i]!;
    if (open) {
      const e = END.exec(s.trim());
      if (e) {
        open.end = i;
        open.closed = true;
        open = undefined;
      }
      continue;
    }
    const b = BEGIN.exec(s.trim());
    if (b) {
      current = undefined;
      open = { label: b[1]!, start: i, end: raw.length - 1, closed: false };
      armour.push(open);
      continue;
    }
    if (!s.trim()) {
      current = undefined;
      continue;
    }
    const indent = s.length - s.trimStart().length;
    const colon = s.indexOf(':', indent);
    if (colon <= indent) {
      problems.push({ line: i, start: indent, end: s.trimEnd().length, text: s.trim() });
      continue;
    }
    const keyText = s.slice(indent, colon);
    const key = keyText.trimEnd();
    const after = s.slice(colon + 1);
    const value = after.trim();
    const valueStart = value ? colon + 1 + (after.length - after.trimStart().length) : colon + 1;
    const entry: KvLine = {
      line: i,
      indent,
      key,
      value,
      keyStart: indent,
      keyEnd: indent + key.length,
      valueStart,
      valueEnd: valueStart + value.length,
    };
    if (!current) {
      current = { lines: [], start: i, end: i };
      blocks.push(current);
    }
    current.lines.push(entry);
    current.end = i;
  }
  return { blocks, armour, problems, lineCount: raw.length, lengths: raw.map((l) => l.length) };
}

/** The first line of `block` whose key is `key` (exact), or undefined. */
export function lineOf(block: KvBlock | undefined, key: string): KvLine | undefined {
  return block?.lines.find((l) => l.key === key);
}
