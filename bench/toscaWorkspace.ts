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
const TOSCA_GENERATOR_VERSION = 2;

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

/** The three layered profiles every app profile and template builds on (one file each). */
function profiles20(dir: string): void {
  const base = [
    'tosca_definitions_version: tosca_2_0',
    'profile: org.example.base:1.0',
    'description: Base types of the benchmark workspace',
    '',
    'data_types:',
    '  Port:',
    '    derived_from: integer',
    '    validation: { $and: [ { $greater_or_equal: [ $value, 1 ] }, { $less_or_equal: [ $value, 65535 ] } ] }',
    '  Endpoint:',
    '    properties:',
    '      host: { type: string }',
    '      port: { type: Port }',
    '      protocol:',
    '        type: string',
    '        default: tcp',
    '        validation: { $valid_values: [ $value, [ tcp, udp ] ] }',
    '',
    'capability_types:',
    '  Root:',
    '    description: Root of the capability types',
    '  Host:',
    '    derived_from: Root',
    '  Endpoint:',
    '    derived_from: Root',
    '    properties:',
    '      port: { type: Port, required: false }',
    '',
    'relationship_types:',
    '  Root:',
    '    description: Root of the relationship types',
    '  HostedOn:',
    '    derived_from: Root',
    '    valid_capability_types: [ Host ]',
    '  ConnectsTo:',
    '    derived_from: Root',
    '    valid_capability_types: [ Endpoint ]',
    '',
    'interface_types:',
    '  Lifecycle:',
    '    operations:',
    '      create: { description: Creates the node }',
    '      start: { description: Starts the node }',
    '',
    'node_types:',
    '  Root:',
    '    description: Root of the node types',
    '    attributes:',
    '      state: { type: string }',
    '    interfaces:',
    '      lifecycle: { type: Lifecycle }',
    '  Compute:',
    '    derived_from: Root',
    '    properties:',
    '      num_cpus: { type: integer, validation: { $greater_or_equal: [ $value, 1 ] } }',
    '    capabilities:',
    '      host: { type: Host }',
    '  SoftwareComponent:',
    '    derived_from: Root',
    '    requirements:',
    '      - host: { capability: Host, node: Compute, relationship: HostedOn, count_range: [ 1, 1 ] }',
  ];
  const net = [
    'tosca_definitions_version: tosca_2_0',
    'profile: org.example.net:1.0',
    'description: Network types, built on the base profile',
    '',
    'imports:',
    '  - profile: org.example.base:1.0',
    '    namespace: base',
    '',
    'data_types:',
    '  Cidr:',
    '    derived_from: string',
    "    validation: { $matches: [ $value, '^[0-9.]+/[0-9]+$' ] }",
    '',
    'capability_types:',
    '  Link:',
    '    derived_from: base:Endpoint',
    '',
    'relationship_types:',
    '  LinksTo:',
    '    derived_from: base:ConnectsTo',
    '    valid_capability_types: [ Link ]',
    '',
    'node_types:',
    '  Network:',
    '    derived_from: base:Root',
    '    properties:',
    '      cidr: { type: Cidr }',
    '      mtu: { type: integer, default: 1500, validation: { $less_or_equal: [ $value, 9000 ] } }',
    '    capabilities:',
    '      link: { type: Link }',
  ];
  const sub = path.join(dir, 'profiles');
  mkdirSync(sub, { recursive: true });
  writeFileSync(path.join(sub, 'base.yaml'), base.join('\n') + '\n');
  writeFileSync(path.join(sub, 'net.yaml'), net.join('\n') + '\n');
}

/**
 * TOSCA 2.0: three layered profiles (`org.example.base:1.0`; `org.example.net:1.0` importing it
 * under `base:`; per 40 files an `org.example.app<t>:1.0` importing both), the rest service
 * templates importing the profiles by name under namespaces, with inputs, node templates of `ns:Type`
 * names, requirements and `$get_input` / `$get_property` / `$get_attribute` calls.
 */
function tosca20(dir: string, files: number): void {
  profiles20(dir);
  const appFiles = Math.max(1, Math.round(files / 40));
  for (let t = 0; t < appFiles; t++) {
    const o = [
      'tosca_definitions_version: tosca_2_0',
      `profile: org.example.app${t}:1.0`,
      '',
      'imports:',
      '  - profile: org.example.base:1.0',
      '    namespace: base',
      '  - profile: org.example.net:1.0',
      '    namespace: net',
      '',
      'node_types:',
    ];
    for (let j = 0; j < 6; j++)
      o.push(
        `  App${j}:`,
        '    derived_from: base:SoftwareComponent',
        '    properties:',
        `      port: { type: base:Port, default: ${8000 + j} }`,
        '      label: { type: string, required: false }',
        '      replicas: { type: integer, default: 1, validation: { $greater_or_equal: [ $value, 1 ] } }',
        '      endpoint: { type: base:Endpoint, required: false }',
        '    attributes:',
        '      url: { type: string }',
        '    requirements:',
        '      - network: { capability: net:Link, relationship: net:LinksTo, count_range: [ 0, 1 ] }',
      );
    writeFileSync(path.join(dir, 'profiles', `app${t}.yaml`), o.join('\n') + '\n');
  }
  const templates = files - appFiles - 2;
  for (let k = 0; k < templates; k++) {
    const t = k % appFiles;
    const o = [
      'tosca_definitions_version: tosca_2_0',
      `description: Service ${k}`,
      'imports:',
      '  - profile: org.example.base:1.0',
      '    namespace: base',
      '  - profile: org.example.net:1.0',
      '    namespace: net',
      `  - profile: org.example.app${t}:1.0`,
      '    namespace: app',
      'service_template:',
      '  inputs:',
      `    port: { type: base:Port, default: ${9000 + (k % 100)} }`,
      `    cpus: { type: integer, default: ${1 + (k % 4)}, validation: { $greater_or_equal: [ $value, 1 ] } }`,
      '  node_templates:',
      '    lan:',
      '      type: net:Network',
      `      properties: { cidr: 10.${k % 250}.0.0/24 }`,
      '    host:',
      '      type: base:Compute',
      '      properties:',
      '        num_cpus: { $get_input: cpus }',
    ];
    for (let j = 0; j < 6; j++)
      o.push(
        `    app${j}:`,
        `      type: app:App${j}`,
        '      properties:',
        '        port: { $get_input: port }',
        `        label: app ${j} of ${k}`,
        '        replicas: { $get_property: [ host, num_cpus ] }',
        '      requirements:',
        '        - host: host',
        '        - network: lan',
      );
    o.push('  outputs:', '    url:', '      type: string', '      value: { $get_attribute: [ app0, url ] }');
    const sub = path.join(dir, `services${Math.floor(k / 100)}`);
    mkdirSync(sub, { recursive: true });
    writeFileSync(path.join(sub, `service${k}.yaml`), o.join('\n') + '\n');
  }
}

export const GENERATORS: Record<string, ToscaGenerator | undefined> = {
  '1.3': tosca13,
  '2.0': tosca20,
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
