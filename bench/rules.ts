/**
 * The per-rule time table of `npm run bench` (phase `rules`): what each rule costs on a keystroke in
 * the big assembly and in a large TOSCA service template, so the next rule that costs too much is
 * seen before it lands.
 *
 * In a fresh process (so the figures belong to this work alone): the workspace index is built (from
 * the warm-start cache when there is one), then each file is opened and, for every sample, one digit
 * is toggled and the file analysed again as the server does on didChange (the outline scanner first,
 * then every rule); each rule's time comes from the runner's `timeRule` hook. Times are CPU time of
 * this process (`process.cpuUsage`), which other work on a shared machine does not inflate as it does
 * wall time. Rows: the median and p95 of each rule over the samples, plus `analyse` (parse, summary
 * and index update of the edited text) and `total` (analyse + diagnostics), heaviest first.
 *
 *   node --import tsx bench/rules.ts <workspace root> <big assembly> [--cache FILE] [--samples N]
 *
 * prints one JSON line (`RuleTable`).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { Session } from '../server/src/host/session.js';
import { diskSummaryStore } from '../server/src/host/diskCache.js';
import { computeDiagnostics } from '../server/src/features/diagnostics.js';
import { percentile } from './util.js';

export interface RuleRow {
  rule: string;
  p50: number;
  p95: number;
  /** Share of the median total. */
  share: number;
}

export interface RuleFile {
  file: string;
  lines: number;
  diagnostics: number;
  samples: number;
  rows: RuleRow[];
}

export interface RuleTable {
  files: RuleFile[];
}

/**
 * A large TOSCA 1.3 service template (about `lines` lines): node and data types with properties,
 * constraints and interfaces, then a topology of templates using them (inputs, get_input,
 * get_property, requirements on hosts, outputs). Clean by construction; deterministic.
 */
export function bigToscaText(lines = 2000): string {
  const o: string[] = ['tosca_definitions_version: tosca_simple_yaml_1_3', '', 'description: Bench service', ''];
  const types = Math.max(4, Math.round(lines / 100));
  o.push('data_types:', '  bench.datatypes.Endpoint:', '    derived_from: tosca.datatypes.Root', '    properties:');
  o.push('      host: { type: string }', '      port: { type: integer, constraints: [ { in_range: [ 1, 65535 ] } ] }');
  o.push('', 'node_types:');
  for (let t = 0; t < types; t++) {
    o.push(
      `  bench.nodes.App${t}:`,
      '    derived_from: tosca.nodes.SoftwareComponent',
      '    properties:',
      `      port: { type: integer, default: ${8000 + t}, constraints: [ { in_range: [ 1, 65535 ] } ] }`,
      '      label: { type: string, required: false }',
      '      endpoint: { type: bench.datatypes.Endpoint, required: false }',
      '    attributes:',
      '      url: { type: string }',
      '    interfaces:',
      '      Standard:',
      '        operations:',
      '          create: scripts/create.sh',
      '          configure:',
      '            implementation: scripts/configure.sh',
      '            inputs:',
      '              port: { get_property: [ SELF, port ] }',
    );
  }
  o.push('', 'topology_template:', '  inputs:');
  for (let t = 0; t < types; t++) o.push(`    port_${t}: { type: integer, default: ${9000 + t} }`);
  o.push('  node_templates:');
  const hosts = Math.max(2, Math.round(types / 4));
  for (let h = 0; h < hosts; h++)
    o.push(
      `    host_${h}:`,
      '      type: tosca.nodes.Compute',
      '      capabilities:',
      '        host:',
      `          properties: { num_cpus: ${1 + (h % 4)}, mem_size: 2 GB }`,
    );
  let n = 0;
  while (o.length < lines - 4) {
    const t = n % types;
    o.push(
      `    app_${n}:`,
      `      type: bench.nodes.App${t}`,
      '      properties:',
      `        port: { get_input: port_${t} }`,
      `        label: app ${n}`,
      `        endpoint: { host: 10.0.${n % 250}.1, port: ${1000 + (n % 9)} }`,
      '      requirements:',
      `        - host: host_${n % hosts}`,
    );
    n++;
  }
  o.push('  outputs:', '    first_url:', '      value: { get_attribute: [ app_0, url ] }');
  return o.join('\n') + '\n';
}

/** Toggles the digit at `at` (1 <-> 2), as the bench's didChange does. */
function toggled(text: string, at: number): string {
  return text.slice(0, at) + (text[at] === '1' ? '2' : '1') + text.slice(at + 1);
}

/** Offsets of single digits to toggle: `quantity: N` in an assembly, `port: 100N` in TOSCA templates. */
function editOffsets(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/(?:quantity: |port: 100)(\d)\b/g)) out.push(m.index + m[0].length - 1);
  return out;
}

/** CPU time of this process in milliseconds. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function timeFile(session: Session, file: string, samples: number): RuleFile {
  const original = readFileSync(file, 'utf8');
  let text = original;
  const edits = editOffsets(text);
  const per = new Map<string, number[]>();
  const add = (k: string, v: number) => {
    let a = per.get(k);
    if (!a) per.set(k, (a = []));
    a.push(v);
  };
  let diagnostics = 0;
  // Two warm-up rounds (JIT, the TOSCA model's first build) are not counted.
  for (let i = -2; i < samples; i++) {
    if (edits.length) text = toggled(text, edits[(i + 2) % edits.length]!);
    const times = new Map<string, number>();
    const t0 = cpuMs();
    const model = session.openDocument(file, text, i + 3, true);
    const t1 = cpuMs();
    const diags = computeDiagnostics(session.context(model), {
      timeRule: (code, ms) => times.set(code, (times.get(code) ?? 0) + ms),
      ruleClock: cpuMs,
    });
    const t2 = cpuMs();
    diagnostics = diags.length;
    if (i < 0) continue;
    add('analyse', t1 - t0);
    add('total', t2 - t0);
    for (const [k, v] of times) add(k, v);
  }
  const total = percentile(per.get('total') ?? [], 50);
  const rows = [...per].map(([rule, xs]) => {
    const p50 = percentile(xs, 50);
    return { rule, p50, p95: percentile(xs, 95), share: total ? p50 / total : 0 };
  });
  rows.sort((a, b) => (a.rule === 'total' ? -1 : b.rule === 'total' ? 1 : b.p50 - a.p50));
  return { file, lines: original.split('\n').length, diagnostics, samples, rows };
}

async function main(): Promise<void> {
  const [root, big, ...rest] = process.argv.slice(2);
  if (!root || !big) throw new Error('usage: rules.ts <workspace root> <big assembly> [--cache FILE] [--samples N]');
  const opt = (name: string) => {
    const i = rest.indexOf(`--${name}`);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  const cache = opt('cache');
  const samples = Math.max(5, Number(opt('samples') ?? 40));
  const session = new Session(undefined, cache && existsSync(cache) ? { summaryStore: diskSummaryStore(cache) } : {});
  session.index.addRoot(root);
  // The TOSCA file sits in a folder of its own beside the workspace (never inside it: the workspace's
  // figures stay those of the LM workspace).
  const toscaDir = path.join(path.dirname(root), 'tosca-big');
  mkdirSync(toscaDir, { recursive: true });
  const tosca = path.join(toscaDir, 'service.yaml');
  const toscaText = bigToscaText();
  if (!existsSync(tosca) || readFileSync(tosca, 'utf8') !== toscaText) writeFileSync(tosca, toscaText);
  // The operations' scripts exist, so the file is clean but for the rules under test.
  mkdirSync(path.join(toscaDir, 'scripts'), { recursive: true });
  for (const f of ['create.sh', 'configure.sh']) writeFileSync(path.join(toscaDir, 'scripts', f), '#!/bin/sh\n');
  session.index.addRoot(toscaDir);
  await session.index.build();
  const table: RuleTable = { files: [timeFile(session, big, samples), timeFile(session, tosca, samples)] };
  process.stdout.write(JSON.stringify(table) + '\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname))
  main().then(
    () => process.exit(0),
    (e: unknown) => {
      process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exit(1);
    },
  );
