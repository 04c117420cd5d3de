/**
 * The fixture mini-language (YAML-safe; every marker is a YAML comment or a `$0`):
 * - `#- /path/to/file.yaml` starts a new file (paths are absolute inside a virtual workspace `/ws`);
 * - `$0` marks the cursor; `$0…$0` (two markers) marks a range;
 * - `# ^^^ LABEL` on its own line marks columns of the previous content line; annotation lines are
 *   removed from the file text so positions stay true. Annotations must not sit in block scalars.
 *   For a range starting at column 0 write `#^^ LABEL`: the `#` itself is the first caret.
 */
export interface FixtureFile {
  path: string;
  text: string;
}

export interface Annotation {
  path: string;
  line: number;
  startCol: number;
  endCol: number;
  label: string;
}

export interface Fixture {
  files: FixtureFile[];
  /** File holding the `$0` cursor, its offset and optional range end. */
  cursor?: { path: string; offset: number; end?: number };
  annotations: Annotation[];
}

const ANNOTATION = /^(\s*)#(\s*)(\^+)\s*(.*)$/;

export function parseFixture(src: string, defaultPath = '/ws/Descriptor/assembly.yml'): Fixture {
  const chunks: FixtureFile[] = [];
  let current: { path: string; lines: string[] } | undefined;
  const all = src.replace(/^\n/, '').split('\n');
  for (const line of all) {
    const m = /^#-\s+(\S+)\s*$/.exec(line);
    if (m) {
      if (current) chunks.push({ path: current.path, text: current.lines.join('\n') });
      current = { path: m[1]!, lines: [] };
      continue;
    }
    if (!current) current = { path: defaultPath, lines: [] };
    current.lines.push(line);
  }
  if (current) chunks.push({ path: current.path, text: current.lines.join('\n') });

  const fixture: Fixture = { files: [], annotations: [] };
  for (const c of chunks) {
    const kept: string[] = [];
    for (const line of dedent(c.text).split('\n')) {
      const a = ANNOTATION.exec(line);
      if (a && kept.length > 0) {
        const fromZero = a[1] === '' && a[2] === '';
        const startCol = fromZero ? 0 : line.indexOf('^');
        fixture.annotations.push({
          path: c.path,
          line: kept.length - 1,
          startCol,
          endCol: startCol + a[3]!.length + (fromZero ? 1 : 0),
          label: a[4]!.trim(),
        });
        continue;
      }
      kept.push(line);
    }
    let text = kept.join('\n');
    const first = text.indexOf('$0');
    if (first >= 0) {
      const second = text.indexOf('$0', first + 2);
      if (second >= 0) {
        text = text.slice(0, first) + text.slice(first + 2, second) + text.slice(second + 2);
        fixture.cursor = { path: c.path, offset: first, end: second - 2 };
      } else {
        text = text.slice(0, first) + text.slice(first + 2);
        fixture.cursor = { path: c.path, offset: first };
      }
    }
    fixture.files.push({ path: c.path, text });
  }
  return fixture;
}

/** Removes the common indentation of non-blank lines, so fixtures can be indented in test code. */
export function dedent(s: string): string {
  const lines = s.split('\n');
  let min = Infinity;
  for (const l of lines) if (l.trim()) min = Math.min(min, l.length - l.trimStart().length);
  if (!Number.isFinite(min) || min === 0) return s.replace(/\s+$/, '') + '\n';
  return (
    lines
      .map((l) => l.slice(Math.min(min, l.length - l.trimStart().length)))
      .join('\n')
      .replace(/\s+$/, '') + '\n'
  );
}
