/**
 * Source workspaces of the edit-sequence fuzzer: the bundled LM example, a small TOSCA service
 * (a template importing a types file that imports a base types file) and a seeded subset of the
 * shared corpus. Each builder returns a folder that the fuzzer then copies twice (one copy per
 * server), so the servers never see each other's files.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../support/protocolClient.js';
import { EXAMPLE_DIR, tempDir } from '../support/protocolWorkspace.js';
import { Rng } from './rng.js';

export type WorkspaceName = 'lm' | 'tosca' | 'corpus';

export const WORKSPACE_NAMES: readonly WorkspaceName[] = ['lm', 'tosca', 'corpus'];

/** ../shared/corpus next to the repository (absent on machines without the shared folder). */
export const CORPUS_DIR = path.resolve(REPO_ROOT, '..', 'shared', 'corpus');

export function corpusAvailable(): boolean {
  return existsSync(path.join(CORPUS_DIR, 'lm')) && existsSync(path.join(CORPUS_DIR, 'tosca'));
}

/** The TOSCA workspace: relative path -> text. Clean for the checker (0 errors, 0 warnings). */
export const TOSCA_FILES: Readonly<Record<string, string>> = {
  'service.yaml': `tosca_definitions_version: tosca_simple_yaml_1_3
description: A web shop built on the fuzz types.
metadata:
  template_name: fuzz-shop
  template_version: "1.0"
imports:
  - types/shop-types.yaml
topology_template:
  inputs:
    db_port:
      type: integer
      default: 5432
      constraints:
        - in_range: [1024, 65535]
    site_name:
      type: string
      default: shop
    flavour:
      type: string
      default: small
      constraints:
        - valid_values: [small, large]
  node_templates:
    host:
      type: tosca.nodes.Compute
      capabilities:
        host:
          properties:
            num_cpus: 2
            mem_size: 4 GB
        os:
          properties:
            type: linux
    database:
      type: shop.nodes.Database
      properties:
        port: { get_input: db_port }
        flavour: { get_input: flavour }
      requirements:
        - host: host
    web:
      type: shop.nodes.WebApp
      properties:
        site_name: { get_input: site_name }
        db_port: { get_property: [database, port] }
        settings:
          title: Fuzz shop
          replicas: 2
      requirements:
        - host:
            node: host
        - database:
            node: database
            relationship: shop.relationships.UsesDatabase
  outputs:
    web_url:
      description: Where the shop answers.
      value: { concat: ["http://", { get_attribute: [host, public_address] }, ":", { get_property: [web, port] }] }
    db_port:
      value: { get_property: [database, port] }
`,
  'types/shop-types.yaml': `tosca_definitions_version: tosca_simple_yaml_1_3
description: Node, capability and relationship types of the fuzz shop.
imports:
  - base-types.yaml
node_types:
  shop.nodes.Database:
    derived_from: shop.nodes.Service
    properties:
      flavour:
        type: string
        default: small
    capabilities:
      database_endpoint:
        type: shop.capabilities.DatabaseEndpoint
  shop.nodes.WebApp:
    derived_from: shop.nodes.Service
    properties:
      site_name:
        type: string
      db_port:
        type: integer
        required: false
      settings:
        type: shop.datatypes.Settings
        required: false
    requirements:
      - database:
          capability: shop.capabilities.DatabaseEndpoint
          node: shop.nodes.Database
          relationship: shop.relationships.UsesDatabase
          occurrences: [1, 1]
relationship_types:
  shop.relationships.UsesDatabase:
    derived_from: tosca.relationships.ConnectsTo
    valid_target_types: [shop.capabilities.DatabaseEndpoint]
    properties:
      pool_size:
        type: integer
        default: 10
`,
  'types/base-types.yaml': `tosca_definitions_version: tosca_simple_yaml_1_3
description: Base types shared by the fuzz shop types.
data_types:
  shop.datatypes.Settings:
    derived_from: tosca.datatypes.Root
    properties:
      title:
        type: string
      replicas:
        type: integer
        default: 1
        constraints:
          - greater_or_equal: 1
capability_types:
  shop.capabilities.DatabaseEndpoint:
    derived_from: tosca.capabilities.Endpoint.Database
node_types:
  shop.nodes.Service:
    derived_from: tosca.nodes.SoftwareComponent
    properties:
      port:
        type: integer
        default: 8080
        constraints:
          - in_range: [1, 65535]
`,
  // A Cloudify blueprint and the file it merges in (Cloudify's own rules; names checked in the blueprint only).
  'cloudify/blueprint.yaml': `tosca_definitions_version: cloudify_dsl_1_4
description: A VM and an app on it.
imports:
  - cloudify/types/types.yaml
  - includes/app.yaml
inputs:
  image:
    type: string
    default: ubuntu
  port:
    type: integer
    default: 8080
node_templates:
  vm:
    type: cloudify.nodes.Compute
    properties:
      ip: { get_input: image }
groups:
  all:
    members: [vm]
outputs:
  ip:
    value: { get_attribute: [vm, ip] }
`,
  'cloudify/includes/app.yaml': `tosca_definitions_version: cloudify_dsl_1_4
node_templates:
  app:
    type: cloudify.nodes.ApplicationModule
    properties:
      port: { get_input: port }
    relationships:
      - type: cloudify.relationships.contained_in
        target: vm
    interfaces:
      cloudify.interfaces.lifecycle:
        start:
          implementation: scripts/start.sh
          inputs:
            host: { get_attribute: [SELF, ip] }
`,
};

/** YAML files under `dir`, relative paths with `/`, sorted (so choices made from them are deterministic). */
export function listYaml(dir: string, maxBytes = Infinity): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    const abs = path.join(dir, rel);
    for (const name of readdirSync(abs).sort()) {
      const r = rel ? `${rel}/${name}` : name;
      const st = statSync(path.join(dir, r));
      if (st.isDirectory()) walk(r);
      else if (st.isFile() && /\.ya?ml$/i.test(name) && st.size <= maxBytes) out.push(r);
    }
  };
  walk('');
  return out.sort();
}

export interface SourceWorkspace {
  name: string;
  /** Folder to copy (never edited). */
  dir: string;
  /** Removes the folder when the builder created it. */
  dispose(): void;
}

/** A fresh temp root with a `src` folder in it, and how to remove the root. */
function tempSource(prefix: string): { dir: string; dispose: () => void } {
  const root = tempDir(prefix);
  const dir = path.join(root, 'src');
  mkdirSync(dir, { recursive: true });
  return { dir, dispose: () => rmSync(root, { recursive: true, force: true }) };
}

/** Copies `count` seeded-random YAML files of `from` (at most `maxBytes` each) under `to/<under>`. */
function copySubset(rng: Rng, from: string, to: string, under: string, count: number, maxBytes: number): number {
  const all = listYaml(from, maxBytes);
  const picked = rng.sample(all, count).sort();
  for (const rel of picked) {
    const f = path.join(to, under, rel);
    mkdirSync(path.dirname(f), { recursive: true });
    writeFileSync(f, new Uint8Array(readFileSync(path.join(from, rel))));
  }
  return picked.length;
}

export function sourceWorkspace(name: WorkspaceName, seed: number, corpusFiles = 30): SourceWorkspace {
  if (name === 'lm') return { name, dir: EXAMPLE_DIR, dispose: () => undefined };
  if (name === 'tosca') {
    const t = tempSource('fuzz-tosca-src');
    for (const [rel, text] of Object.entries(TOSCA_FILES)) {
      const f = path.join(t.dir, rel);
      mkdirSync(path.dirname(f), { recursive: true });
      writeFileSync(f, text);
    }
    return { name, ...t };
  }
  if (!corpusAvailable()) throw new Error(`the corpus workspace needs ${CORPUS_DIR}, which is absent`);
  const t = tempSource('fuzz-corpus-src');
  // Its own stream, so the subset depends on the seed only (not on how many draws the run makes).
  const rng = new Rng(seed ^ 0x5eedc0de);
  copySubset(rng, path.join(CORPUS_DIR, 'lm'), t.dir, 'lm', corpusFiles, 64 * 1024);
  copySubset(rng, path.join(CORPUS_DIR, 'tosca'), t.dir, 'tosca', corpusFiles, 64 * 1024);
  return { name, ...t };
}
