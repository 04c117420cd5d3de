/**
 * The TOSCA workspaces of the benchmark (phase `tosca`): 2,000 files per TOSCA version, generated
 * deterministically beside the LM workspace, and the figures the LM workspace gets where they carry
 * over without an lmctl project: the plain `yaml` parse of every file (the reference), a cold index
 * and its ratio to the reference, the warm start from the cache (in-process) and the peak RSS of both.
 *
 * One generator per version in GENERATORS; a version without one is reported as not generated (the
 * TOSCA 2.0 workspace is the 2.0 engineers' to add: a function writing the files into `dir`).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

/** Writes a workspace of about `files` TOSCA files into `dir` (empty or missing). */
export type ToscaGenerator = (dir: string, files: number) => void;

/** Bump when a generator's output changes. */
const TOSCA_GENERATOR_VERSION = 1;

/**
 * TOSCA 1.3: one type file per 20 files (node and data types with properties, constraints,
 * interfaces), the rest service templates importing one type file, with inputs, templates using
 * get_input / get_property, requirements on hosts and outputs.
 */
function tosca13(dir: string, files: number): void {
  const typeFiles = Math.max(1, Math.round(files / 20));
  for (let t = 0; t < typeFiles; t++) {
    const o = ['tosca_definitions_version: tosca_simple_yaml_1_3', '', 'data_types:'];
    o.push(`  bench.datatypes.Endpoint${t}:`, '    derived_from: tosca.datatypes.Root', '    properties:');
    o.push(
      '      host: { type: string }',
      '      port: { type: integer, constraints: [ { in_range: [ 1, 65535 ] } ] }',
    );
    o.push('', 'node_types:');
    for (let j = 0; j < 6; j++)
      o.push(
        `  bench.nodes.App${t}_${j}:`,
        '    derived_from: tosca.nodes.SoftwareComponent',
        '    properties:',
        `      port: { type: integer, default: ${8000 + j}, constraints: [ { in_range: [ 1, 65535 ] } ] }`,
        '      label: { type: string, required: false }',
        `      endpoint: { type: bench.datatypes.Endpoint${t}, required: false }`,
        '    attributes:',
        '      url: { type: string }',
        '    interfaces:',
        '      Standard:',
        '        operations:',
        '          create: scripts/create.sh',
      );
    const sub = path.join(dir, `types${t}`);
    mkdirSync(path.join(sub, 'scripts'), { recursive: true });
    writeFileSync(path.join(sub, 'scripts', 'create.sh'), '#!/bin/sh\n');
    writeFileSync(path.join(sub, 'types.yaml'), o.join('\n') + '\n');
  }
  for (let k = 0; k < files - typeFiles; k++) {
    const t = k % typeFiles;
    const o = [
      'tosca_definitions_version: tosca_simple_yaml_1_3',
      `description: Service ${k}`,
      'imports:',
      `  - ../types${t}/types.yaml`,
      'topology_template:',
      '  inputs:',
      `    port: { type: integer, default: ${9000 + (k % 100)} }`,
      '  node_templates:',
      '    host:',
      '      type: tosca.nodes.Compute',
      '      capabilities:',
      '        host:',
      `          properties: { num_cpus: ${1 + (k % 4)}, mem_size: 2 GB }`,
    ];
    for (let j = 0; j < 6; j++)
      o.push(
        `    app${j}:`,
        `      type: bench.nodes.App${t}_${j}`,
        '      properties:',
        '        port: { get_input: port }',
        `        label: app ${j} of ${k}`,
        '      requirements:',
        '        - host: host',
      );
    o.push('  outputs:', '    url:', '      value: { get_attribute: [ app0, url ] }');
    const sub = path.join(dir, `services${Math.floor(k / 100)}`);
    mkdirSync(sub, { recursive: true });
    // Imports are relative to the file: `services<n>/` and `types<t>/` are siblings.
    writeFileSync(path.join(sub, `service${k}.yaml`), o.join('\n') + '\n');
  }
}

export const GENERATORS: Record<string, ToscaGenerator | undefined> = {
  '1.3': tosca13,
  // '2.0': the TOSCA 2.0 engineers' generator (profiles, service templates) goes here.
  '2.0': undefined,
};

/** Generates (or reuses, by a stamp) the workspace of `version` under `base`; undefined without a generator. */
export function ensureToscaWorkspace(base: string, version: string, files = 2000): string | undefined {
  const gen = GENERATORS[version];
  if (!gen) return undefined;
  const dir = path.join(base, `tosca-${version}`);
  const stampFile = `${dir}.stamp.json`;
  const stamp = JSON.stringify({ version: TOSCA_GENERATOR_VERSION, files });
  if (existsSync(dir) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return dir;
  rmSync(dir, { recursive: true, force: true });
  rmSync(stampFile, { force: true });
  mkdirSync(dir, { recursive: true });
  gen(dir, files);
  writeFileSync(stampFile, stamp);
  return dir;
}
