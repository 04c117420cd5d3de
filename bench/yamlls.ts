/**
 * The anchor of the keystroke goal (issue 21: our didChange -> diagnostics work at most 0.2x
 * yaml-language-server's on the same edit): yaml-language-server, started the way editors start it
 * (`--stdio`, validation on, no schema), opens the same 2,000-line assembly and gets the same digit
 * edits as our server in the `server` phase; the time from each didChange to its next
 * publishDiagnostics for the file is its work on that edit.
 *
 * yaml-language-server is not a dependency of this project: when `node_modules/yaml-language-server`
 * is absent the anchor is skipped with a message saying so (`npm install --save-dev
 * yaml-language-server@1` adds it).
 */
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BenchClient } from './lspClient.js';
import { dist, sleep, type Dist } from './util.js';

export interface AnchorFigures {
  /** Why the anchor was not measured. */
  skipped?: string;
  version?: string;
  didOpen?: Dist;
  didChange?: Dist & { samples: number[] };
  error?: string;
}

/** The server script of an installed yaml-language-server, or undefined. */
function serverScript(repo: string): { bin: string; version: string } | undefined {
  const dir = path.join(repo, 'node_modules', 'yaml-language-server');
  const bin = path.join(dir, 'bin', 'yaml-language-server');
  if (!existsSync(bin)) return undefined;
  try {
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version?: string };
    return { bin, version: pkg.version ?? '?' };
  } catch {
    return { bin, version: '?' };
  }
}

/**
 * Opens `file` in yaml-language-server and applies `edits` (offsets of single digits to toggle, the
 * same the server phase uses), one at a time, each waited for.
 */
export async function yamlLanguageServerAnchor(
  repo: string,
  root: string,
  file: string,
  edits: { line: number; character: number }[],
  samples: number,
): Promise<AnchorFigures> {
  const found = serverScript(repo);
  if (!found)
    return {
      skipped:
        'yaml-language-server is not installed (node_modules/yaml-language-server): ' +
        '`npm install --save-dev yaml-language-server@1` to measure the anchor',
    };
  const out: AnchorFigures = { version: found.version };
  const client = new BenchClient(found.bin, repo);
  try {
    await client.initializeWorkspace(root, { capabilities: { textDocument: { publishDiagnostics: {} } } });
    client.notify('workspace/didChangeConfiguration', {
      settings: {
        yaml: { validate: true, hover: true, completion: true, schemas: {}, schemaStore: { enable: false } },
      },
    });
    const uri = pathToFileURL(file).href;
    const lines = readFileSync(file, 'utf8').split('\n');
    const next = (after: number) => () =>
      client.publications.slice(after).find((p) => p.uri === uri) ? true : undefined;
    const opens: number[] = [];
    for (let i = 0; i < 3; i++) {
      if (i > 0) {
        client.notify('textDocument/didClose', { textDocument: { uri } });
        await sleep(100);
      }
      const before = client.publications.length;
      const t0 = performance.now();
      client.notify('textDocument/didOpen', {
        textDocument: { uri, languageId: 'yaml', version: i + 1, text: lines.join('\n') },
      });
      await client.waitFor(next(before), 20_000, 'yaml-language-server diagnostics after didOpen');
      opens.push(performance.now() - t0);
    }
    out.didOpen = dist(opens);
    const changes: number[] = [];
    let version = 10;
    for (let i = 0; i < samples && edits.length; i++) {
      const e = edits[i % edits.length]!;
      const cur = lines[e.line]!.charAt(e.character);
      const to = cur === '1' ? '2' : '1';
      lines[e.line] = lines[e.line]!.slice(0, e.character) + to + lines[e.line]!.slice(e.character + 1);
      const before = client.publications.length;
      const t0 = performance.now();
      client.notify('textDocument/didChange', {
        textDocument: { uri, version: ++version },
        contentChanges: [{ range: { start: e, end: { line: e.line, character: e.character + 1 } }, text: to }],
      });
      await client.waitFor(next(before), 20_000, 'yaml-language-server diagnostics after didChange');
      changes.push(performance.now() - t0);
      await sleep(15);
    }
    out.didChange = { ...dist(changes), samples: changes };
  } catch (e) {
    out.error = e instanceof Error ? e.message : String(e);
  } finally {
    await client.close();
  }
  return out;
}
