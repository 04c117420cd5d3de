/**
 * Request latencies of the real server on a generated TOSCA workspace (phase `tosca`): the server
 * indexes the whole workspace, then one service template is opened (didOpen -> diagnostics, closed and
 * opened again for each sample), edited (didChange -> diagnostics: a digit of a `label:` value toggled,
 * as the LM phase toggles a `quantity:` digit, so the findings stay the same) and
 * hover, definition and completion are timed on its `type:` values, which resolve through the
 * imports (a type file for 1.3, profiles by name and namespace for 2.0), and references of those types,
 * which are used across the workspace. The same file shape in both versions, so the figures compare per
 * version. A primitive type (`type: string` of the 2.0 template's output) has hover but no declaration to go to
 * and no references by design (it is built into the language), so definition and references skip those names:
 * an empty answer there is then a fault, not the cursor's choice.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { primitiveOf } from '../server/src/model/tosca/primitives.js';
import { BenchClient } from './lspClient.js';
import { dist, shuffled, type Dist } from './util.js';

export interface ToscaRequestFigures {
  readyMs: number;
  /** The first sample is the session's first open (it meets the background work after ready). */
  didOpen: Dist & { samples: number[] };
  /** A digit toggled in a `label:` value, one edit per version, each waited for. */
  didChange: Dist & { samples: number[] };
  /**
   * A new property line typed one character per change (`typeLines`), each waited for: the YAML is broken until its
   * colon is typed. `broken`: the keystrokes whose diagnostics held a syntax error.
   */
  typed?: Dist & { samples: number[]; broken: Dist & { n: number } };
  diagnostics: number;
  hover: Dist & { empty: number };
  definition: Dist & { empty: number };
  completion: Dist & { empty: number };
  /** References of the type names, declaration included: each type is used across many files of the workspace. */
  references: Dist & { empty: number };
  rssMB?: number;
}

interface Pos {
  line: number;
  character: number;
}

/** What `typeLines` types after a `label:` line, one character per change. */
const TYPED_LINE = '\n        endpoint_note: x';

/**
 * `count` times: after a `label:` line (every seventh of `at`), a new property line typed one character per change,
 * each change waited for (15 ms apart, as `toggleDigits`), then removed in one change. The TOSCA000 diagnostics of
 * each keystroke say whether the text was broken then (a key without its colon yet).
 */
async function typeLines(
  client: BenchClient,
  uri: string,
  lines: string[],
  at: readonly Pos[],
  count: number,
  version: number,
): Promise<NonNullable<ToscaRequestFigures['typed']>> {
  const times: number[] = [];
  const broken: number[] = [];
  const change = async (range: { start: Pos; end: Pos }, text: string) => {
    const v = ++version;
    const t0 = performance.now();
    client.notify('textDocument/didChange', { textDocument: { uri, version: v }, contentChanges: [{ range, text }] });
    const p = await client.waitFor(
      () => client.publications.find((x) => x.uri === uri && x.version === v),
      20_000,
      `diagnostics for didChange v${v}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 15));
    return { ms: p.at - t0, broken: p.diagnostics.some((d) => d.code === 'TOSCA000') };
  };
  for (let k = 0; k < count && at.length; k++) {
    const line = at[(k * 7) % at.length]!.line;
    const end = lines[line]!.length;
    for (let c = 0; c < TYPED_LINE.length; c++) {
      const pos = c === 0 ? { line, character: end } : { line: line + 1, character: c - 1 };
      const r = await change({ start: pos, end: pos }, TYPED_LINE[c]!);
      times.push(r.ms);
      if (r.broken) broken.push(r.ms);
    }
    await change({ start: { line, character: end }, end: { line: line + 1, character: TYPED_LINE.length - 1 } }, '');
  }
  return { ...dist(times), samples: times, broken: { ...dist(broken), n: broken.length } };
}

/**
 * Positions in every `type: <name>` value of the file: inside the name, inside the names that are declared
 * somewhere (not primitives: definition and references), and at its start (completion).
 */
function typePositions(text: string): { inside: Pos[]; declared: Pos[]; start: Pos[] } {
  const inside: Pos[] = [];
  const declared: Pos[] = [];
  const start: Pos[] = [];
  text.split('\n').forEach((l, line) => {
    const m = /^(\s+type: )(\S+)\s*$/.exec(l);
    if (!m) return;
    const at = { line, character: m[1]!.length + Math.floor(m[2]!.length / 2) };
    inside.push(at);
    if (!primitiveOf(m[2]!)) declared.push(at);
    start.push({ line, character: m[1]!.length });
  });
  return { inside, declared, start };
}

/** The digit after `label: app ` on each line that has one: changing it changes no finding. */
function labelDigits(text: string): Pos[] {
  const out: Pos[] = [];
  text.split('\n').forEach((l, line) => {
    const m = /^(\s+label: app )\d/.exec(l);
    if (m) out.push({ line, character: m[1]!.length });
  });
  return out;
}

export async function toscaRequests(
  opts: { serverJs: string; cwd: string; nodeFlags: string[]; cacheDir: string },
  dir: string,
  file: string,
  samples: number,
  counts: { opens: number; edits: number; settleMs?: number; typeLines?: number } = { opens: 8, edits: 30 },
): Promise<ToscaRequestFigures> {
  const client = new BenchClient(opts.serverJs, opts.cwd, opts.nodeFlags);
  try {
    await client.initializeWorkspace(dir, {
      name: 'tosca',
      initializationOptions: { cacheDir: opts.cacheDir, settings: { diagnostics: { debounceMs: 0 } } },
    });
    const ready = await client.waitFor(() => client.statuses.find((x) => x.state === 'ready'), 180_000, 'ready');
    // A user opens a file some time after ready (abTosca's --settle): what the server does while idle counts then.
    if (counts.settleMs) await new Promise((r) => setTimeout(r, counts.settleMs));
    const uri = pathToFileURL(file).href;
    const text = readFileSync(file, 'utf8');
    const published = (v: number) => () => client.publications.find((x) => x.uri === uri && x.version === v);
    const opens: number[] = [];
    let diagnostics = 0;
    let version = 0;
    for (let i = 0; i < counts.opens; i++) {
      if (i > 0) await client.closeAndWaitCleared(uri);
      const v = ++version;
      const t0 = performance.now();
      client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: v, text } });
      const p = await client.waitFor(published(v), 20_000, `diagnostics v${v}`);
      opens.push(p.at - t0);
      diagnostics = p.diagnostics.length;
    }
    const lines = text.split('\n');
    const digits = shuffled(labelDigits(text), 7);
    const toggled = await client.toggleDigits(uri, lines, digits, counts.edits, version);
    const changes = toggled.times;
    const typed = counts.typeLines
      ? await typeLines(client, uri, lines, digits, counts.typeLines, toggled.version)
      : undefined;
    const pos = typePositions(text);
    const time = async (
      method: string,
      positions: Pos[],
      seed: number,
      isEmpty: (r: unknown) => boolean,
      extra: Record<string, unknown> = {},
    ) => {
      const order = shuffled(positions, seed);
      const times: number[] = [];
      let empty = 0;
      for (let i = 0; i < samples + 5 && order.length; i++) {
        const t0 = performance.now();
        const r = await client.request<unknown>(
          method,
          { textDocument: { uri }, position: order[i % order.length], ...extra },
          10_000,
        );
        // The first five are a warm-up, not counted.
        if (i < 5) continue;
        times.push(performance.now() - t0);
        if (isEmpty(r)) empty++;
      }
      return { ...dist(times), empty };
    };
    const none = (r: unknown) => r === null || r === undefined || (Array.isArray(r) && r.length === 0);
    const noItems = (r: unknown) =>
      none(r) || (!Array.isArray(r) && ((r as { items?: unknown[] }).items ?? []).length === 0);
    return {
      readyMs: ready.at - client.spawnedAt,
      didOpen: { ...dist(opens), samples: opens },
      didChange: { ...dist(changes), samples: changes },
      ...(typed ? { typed } : {}),
      diagnostics,
      hover: await time('textDocument/hover', pos.inside, 17, none),
      definition: await time('textDocument/definition', pos.declared, 13, none),
      completion: await time('textDocument/completion', pos.start, 11, noItems),
      references: await time('textDocument/references', pos.declared, 19, none, {
        context: { includeDeclaration: true },
      }),
      ...(client.memory().hwmMB !== undefined ? { rssMB: client.memory().hwmMB } : {}),
    };
  } finally {
    await client.close();
  }
}
