/**
 * YAML that PyYAML reads but YAML 1.2 forbids: the continuation lines of a flow collection
 * (`[ ... ]`, `{ ... }`) or of a quoted scalar that start at or left of the column of the key that
 * holds it. YAML 1.2 requires them indented more than that key; PyYAML ignores indentation inside
 * flow collections and quoted scalars (its scanner says so: "in the flow context, indentation is
 * ignored"), so tosca-parser, Tacker, heat-translator and most orchestrators load such files, and
 * real ones exist (ETSI SOL001's `etsi_nfv_sol001_vnfd_types.yaml` wraps a `valid_values` list at
 * column 0). eemeli/yaml rejects them and misreads everything after.
 *
 * `lenientContinuations` finds those constructs with one linear pass over the text; the parser
 * wrapper (parse.ts) re-reads the text with the lines indented, which is what PyYAML reads, and
 * reports one warning per construct with the re-indentation as its fix.
 */

/** An under-indented continuation line: where it starts and how far it is indented now. */
export interface LenientLine {
  /** Offset of the first character of the line. */
  start: number;
  /** Its indentation (spaces). */
  indent: number;
}

/** One flow collection or quoted scalar with continuation lines YAML 1.2 reads differently than PyYAML. */
export interface LenientConstruct {
  kind: 'flow' | 'quoted';
  /** Offset of the opening bracket or quote. */
  open: number;
  /** Offset just past the closing bracket or quote (the end of the text when never closed). */
  end: number;
  /** Column of the key (or list dash) that holds the construct: continuation lines must be indented more. */
  ownerColumn: number;
  /** The continuation lines at or left of `ownerColumn`. */
  lines: LenientLine[];
}

/** Constructs with more under-indented lines than this are not a wrapped line but a missing bracket or quote. */
const MAX_LINES = 100;

interface Open {
  kind: 'flow' | 'quoted';
  open: number;
  ownerColumn: number;
  lines: LenientLine[];
}

/** The constructs of `text` with under-indented continuation lines, in text order. */
export function lenientContinuations(text: string): LenientConstruct[] {
  return lenientScan(text).constructs;
}

/**
 * `lenientContinuations`' pass, with whether a flow collection is still open where the text ends (`flowOpen`): the
 * entry probe (recover.ts) gives up on an entry that leaves one open, and asks this pass for both answers at once.
 */
export function lenientScan(text: string): { constructs: LenientConstruct[]; flowOpen: boolean } {
  const out: LenientConstruct[] = [];
  let flow = 0;
  let quote: '' | "'" | '"' = '';
  let current: Open | undefined;
  let blockScalarIndent = -1;
  const n = text.length;
  const close = (end: number) => {
    if (current && current.lines.length) out.push({ ...current, end });
    current = undefined;
  };
  // A collection or string still open at the end of the text is simply unclosed (PyYAML rejects it too).
  const unclosed = () => {
    current = undefined;
  };
  for (let lineStart = 0; lineStart <= n;) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = n;
    let i = lineStart;
    while (i < lineEnd && text[i] === ' ') i++;
    const col = i - lineStart;
    const blank = i >= lineEnd || text[i] === '\r' || (text[i] === '#' && !quote);
    const inside = flow > 0 || quote !== '';
    if (!inside && blockScalarIndent >= 0) {
      if (blank || col > blockScalarIndent || text[i] === '\t') {
        lineStart = lineEnd + 1;
        continue;
      }
      blockScalarIndent = -1;
    }
    if (inside && current && !blank && text[i] !== '\t' && col <= current.ownerColumn) {
      // PyYAML stops at a document marker even inside a flow collection or quoted scalar.
      if (!(col === 0 && /^(---|\.\.\.)(\s|$)/.test(text.slice(i, i + 4))))
        current.lines.push({ start: lineStart, indent: col });
    }
    // Where a value may start on this line (block context): after the list dashes, after `key: `,
    // after anchors and tags. Only there does `[`, `{` or a quote open a collection or scalar.
    let keyColumn = -1;
    let lastDash = -1;
    let valueStart = -1;
    if (!inside) {
      while (text[i] === '-' && (text[i + 1] === ' ' || i + 1 >= lineEnd || text[i + 1] === '\r')) {
        lastDash = i - lineStart;
        i++;
        while (i < lineEnd && text[i] === ' ') i++;
      }
      keyColumn = i - lineStart;
      valueStart = i;
    }
    let tokenStart = true;
    let lastContent = -1;
    for (; i < lineEnd; i++) {
      const c = text[i]!;
      if (quote) {
        if (c === quote) {
          if (quote === "'" && text[i + 1] === "'") i++;
          else {
            quote = '';
            if (flow === 0) close(i + 1);
          }
        } else if (c === '\\' && quote === '"') i++;
        lastContent = i;
        continue;
      }
      if (c === '#' && (i === lineStart || text[i - 1] === ' ' || text[i - 1] === '\t')) break;
      if (flow === 0) {
        // Skip anchors and tags before a value.
        if (i === valueStart && (c === '&' || c === '!')) {
          while (i < lineEnd && text[i] !== ' ') i++;
          while (i + 1 < lineEnd && text[i + 1] === ' ') i++;
          valueStart = i + 1;
          continue;
        }
        if (i === valueStart && (c === '[' || c === '{' || c === '"' || c === "'")) {
          const column = i - lineStart;
          const owner = column === keyColumn ? lastDash : keyColumn;
          current = { kind: c === '[' || c === '{' ? 'flow' : 'quoted', open: i, ownerColumn: owner, lines: [] };
          if (c === '"' || c === "'") quote = c;
          else flow = 1;
          lastContent = i;
          continue;
        }
        if (c === ':' && (text[i + 1] === ' ' || text[i + 1] === '\t')) {
          let j = i + 1;
          while (j < lineEnd && (text[j] === ' ' || text[j] === '\t')) j++;
          valueStart = j;
        }
        if (c !== ' ' && c !== '\t' && c !== '\r') lastContent = i;
        continue;
      }
      // Inside a flow collection.
      if ((c === '"' || c === "'") && tokenStart) {
        quote = c;
        lastContent = i;
        continue;
      }
      if (c === '[' || c === '{') flow++;
      else if (c === ']' || c === '}') {
        flow--;
        if (flow === 0) close(i + 1);
      }
      if (c !== ' ' && c !== '\t' && c !== '\r') lastContent = i;
      tokenStart = c === ' ' || c === '\t' || c === ',' || c === '[' || c === '{' || c === ':';
    }
    // A block scalar header (`key: |`, `- >-`) as the last token of a line: its content follows.
    if (flow === 0 && quote === '' && lastContent >= 0) {
      const tail = /(?:^|[\s:-])[|>][0-9+-]{0,2}$/.exec(text.slice(lineStart, lastContent + 1));
      if (tail) blockScalarIndent = col;
    }
    lineStart = lineEnd + 1;
  }
  unclosed();
  return { constructs: out.filter((c) => c.lines.length <= MAX_LINES), flowOpen: flow > 0 };
}

/** How far a continuation line of `c` is indented by the fix: one step (two columns) past its owner. */
export function lenientIndent(c: LenientConstruct): number {
  return c.ownerColumn + 2;
}
