/**
 * Deterministic generator of a synthetic lmctl workspace for the benchmark.
 *
 * Layout (per assembly project `<project>`):
 *   <project>/lmproject.yml
 *   <project>/Descriptor/assembly.yml                       (no `name:` for most)
 *   <project>/Contains/<sub>/Definitions/lm/resource.yaml   (x resourcesPerAssembly)
 * plus one extra project `bench-big` whose assembly is a ~2,000-line file with many components and
 * `${...}` mappings (used for the didOpen/didChange and request latencies).
 *
 * The descriptors are meant to be clean (mappings form a DAG, required inputs are mapped,
 * relationship capabilities/requirements/operations exist), except three deliberate misspellings in
 * the big assembly. Only descriptors and lmproject files are written: resource packages have no
 * `Lifecycle/` folders, so layout rules (LM103/LM105) report on lmproject and resource files.
 *
 * Everything comes from a seeded PRNG (mulberry32), so the same parameters always give the same
 * bytes. `ensureWorkspace` keeps a stamp file next to the workspace and regenerates only when the
 * workspace is missing or the parameters (or this file) changed.
 *
 * Run directly: `node --import tsx bench/generate.ts [--assemblies N] [--out DIR] [--force]`.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the benchmark workspace is generated unless --out / --workspace says otherwise: outside the
 * repository, so that the checker run on a folder of this repository (whose workspace root is the
 * repository, by the root rule) does not index 12,000 generated files.
 */
export const DEFAULT_WORKSPACE = path.join(os.tmpdir(), 'lm-descriptors-bench', 'workspace');

/** Bump when the generated content changes in a way the parameters do not capture. */
export const GENERATOR_VERSION = 5;

export interface GenParams {
  assemblies: number;
  resourcesPerAssembly: number;
  /** Input properties per resource (outputs, operations etc. come on top). */
  propsPerResource: number;
  seed: number;
  /** Target line count of the big assembly. */
  bigLines: number;
  /** Share of assemblies that compose another project's assembly and reference its resources. */
  crossRefRate: number;
  /** Share of descriptors that carry an explicit `name:` (always the name lmctl would derive). */
  explicitNameRate: number;
}

export const DEFAULT_PARAMS: GenParams = {
  assemblies: 2000,
  resourcesPerAssembly: 4,
  propsPerResource: 8,
  seed: 20240611,
  bigLines: 2000,
  crossRefRate: 0.3,
  explicitNameRate: 0.1,
};

export interface GenResult {
  root: string;
  params: GenParams;
  /** YAML files written (lmproject + descriptors). */
  files: number;
  descriptors: number;
  bytes: number;
  big: { path: string; lines: number; bytes: number; components: number };
  generatedMs: number;
}

// ---------------------------------------------------------------------------------------------
// PRNG

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(arr: readonly T[]): T {
    return arr[Math.floor(this.next() * arr.length)]!;
  }
  /** `n` distinct elements, in random order. */
  sample<T>(arr: readonly T[], n: number): T[] {
    const a = arr.slice();
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [a[i], a[j]] = [a[j]!, a[i]!];
    }
    return a.slice(0, Math.min(n, a.length));
  }
}

// ---------------------------------------------------------------------------------------------
// Vocabulary

interface Role {
  sub: string;
  caps: string[];
  reqs: string[];
  ops: string[];
  props: string[];
  infra: 'Openstack' | 'Kubernetes';
}

const ROLES: Role[] = [
  {
    sub: 'gateway',
    caps: ['HttpEndpoint', 'PublicAddress'],
    reqs: ['Backend', 'Network'],
    ops: ['AddRoute', 'RemoveRoute', 'RotateCertificate'],
    props: ['listen_port', 'tls_enabled', 'route_table_size', 'upstream_timeout_ms'],
    infra: 'Openstack',
  },
  {
    sub: 'database',
    caps: ['SqlEndpoint', 'Backup'],
    reqs: ['Storage', 'Network'],
    ops: ['CreateSchema', 'GrantAccess', 'RevokeAccess'],
    props: ['db_port', 'db_engine', 'max_connections', 'replica_count'],
    infra: 'Openstack',
  },
  {
    sub: 'cache',
    caps: ['CacheEndpoint'],
    reqs: ['Network'],
    ops: ['Flush', 'Warmup'],
    props: ['cache_port', 'memory_mb', 'eviction_policy', 'ttl_seconds'],
    infra: 'Kubernetes',
  },
  {
    sub: 'broker',
    caps: ['MessageBus', 'Topic'],
    reqs: ['Storage', 'Network'],
    ops: ['CreateTopic', 'DeleteTopic'],
    props: ['broker_port', 'partitions', 'retention_hours', 'replication_factor'],
    infra: 'Kubernetes',
  },
  {
    sub: 'worker',
    caps: ['JobRunner'],
    reqs: ['MessageBus', 'Backend', 'Network'],
    ops: ['Drain', 'Resume'],
    props: ['worker_threads', 'queue_name', 'batch_size', 'heartbeat_seconds'],
    infra: 'Kubernetes',
  },
  {
    sub: 'firewall',
    caps: ['PacketFilter'],
    reqs: ['Network'],
    ops: ['AddRule', 'RemoveRule'],
    props: ['default_policy', 'rule_set', 'log_dropped', 'mgmt_port'],
    infra: 'Openstack',
  },
  {
    sub: 'router',
    caps: ['Routing', 'Network'],
    reqs: ['Network'],
    ops: ['AddPeer', 'RemovePeer'],
    props: ['asn', 'router_id', 'bgp_timer', 'mtu'],
    infra: 'Openstack',
  },
  {
    sub: 'dns',
    caps: ['NameService'],
    reqs: ['Network'],
    ops: ['AddRecord', 'RemoveRecord'],
    props: ['zone_name', 'dns_port', 'forwarders', 'record_ttl'],
    infra: 'Kubernetes',
  },
  {
    sub: 'monitor',
    caps: ['MetricsSink'],
    reqs: ['Backend', 'Network'],
    ops: ['AddTarget', 'RemoveTarget'],
    props: ['scrape_interval', 'retention_days', 'alert_email', 'ui_port'],
    infra: 'Kubernetes',
  },
  {
    sub: 'storage',
    caps: ['Storage', 'NfsExport'],
    reqs: ['Network'],
    ops: ['MountStorage', 'UnmountStorage'],
    props: ['volume_size_gb', 'export_path', 'storage_class', 'snapshot_hours'],
    infra: 'Openstack',
  },
  {
    sub: 'proxy',
    caps: ['Backend', 'HttpEndpoint'],
    reqs: ['Backend', 'Network'],
    ops: ['AddBackend', 'RemoveBackend'],
    props: ['proxy_port', 'backend_pool_size', 'keepalive_seconds', 'sticky_sessions'],
    infra: 'Openstack',
  },
  {
    sub: 'identity',
    caps: ['AuthService'],
    reqs: ['SqlEndpoint', 'Network'],
    ops: ['CreateRealm', 'RotateKeys'],
    props: ['realm', 'token_lifetime', 'admin_user', 'auth_port'],
    infra: 'Kubernetes',
  },
];

const DOMAINS = [
  'edge',
  'core',
  'video',
  'voice',
  'iot',
  'billing',
  'radio',
  'transport',
  'analytics',
  'portal',
  'mobile',
  'enterprise',
  'campus',
  'metro',
  'cloud',
  'sdwan',
];
const NOUNS = ['service', 'slice', 'stack', 'platform', 'cluster', 'fabric', 'suite', 'network', 'bundle', 'hub'];
const FILLER_PROPS = [
  'log_level',
  'log_retention_days',
  'ntp_server',
  'syslog_host',
  'timezone',
  'admin_email',
  'backup_window',
  'patch_channel',
  'cpu_limit',
  'memory_limit',
  'disk_quota_gb',
  'health_check_path',
  'health_check_interval',
  'drain_timeout',
  'api_version',
  'feature_flags',
  'labels',
  'annotations',
  'proxy_url',
  'ca_bundle',
  'license_key',
  'support_tier',
  'cost_center',
  'owner_team',
  'maintenance_day',
  'audit_enabled',
  'tracing_endpoint',
  'metrics_port',
  'debug_mode',
  'locale',
];
const TYPES = ['string', 'string', 'string', 'integer', 'integer', 'boolean', 'float', 'map', 'list'];

const W_VERB = [
  'Controls',
  'Sets',
  'Defines',
  'Selects',
  'Limits',
  'Enables',
  'Configures',
  'Names',
  'Gives',
  'Chooses',
];
const W_ADJ = [
  'primary',
  'secondary',
  'internal',
  'external',
  'regional',
  'default',
  'shared',
  'dedicated',
  'redundant',
  'standby',
  'public',
  'private',
  'tenant',
];
const W_NOUN = [
  'address',
  'network',
  'pool',
  'cluster',
  'volume',
  'endpoint',
  'interface',
  'zone',
  'host',
  'certificate',
  'listener',
  'route',
  'queue',
  'image',
  'flavor',
  'port',
  'region',
  'subnet',
  'gateway',
  'policy',
];
const W_TAIL = [
  'used by every instance of this resource',
  'applied when the component is installed',
  'passed to the lifecycle scripts as a variable',
  'read by the driver during Create',
  'that operators may override at instantiation',
  'kept stable across upgrades',
  'reported back to the assembly after Start',
  'taken from the deployment location when empty',
  'checked again on every Reconfigure',
  'shared with the other members of the cluster',
];

function sentence(r: Rng): string {
  return `${r.pick(W_VERB)} the ${r.pick(W_ADJ)} ${r.pick(W_NOUN)} ${r.pick(W_TAIL)}.`;
}

function paragraph(r: Rng, n: number): string[] {
  // A folded block scalar: several short lines.
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(sentence(r));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Specs

interface Prop {
  name: string;
  type: string;
  description: string;
  default?: string;
  required?: boolean;
  readOnly?: boolean;
}

interface ResourceSpec {
  sub: string;
  role: Role;
  inputs: Prop[];
  outputs: Prop[];
  explicitName: boolean;
}

interface ProjectSpec {
  index: number;
  name: string;
  resources: ResourceSpec[];
  explicitName: boolean;
  /** Input property names of the assembly (usable as mapping targets by other assemblies). */
  assemblyInputs: string[];
}

function defaultFor(r: Rng, type: string, name: string): string | undefined {
  switch (type) {
    case 'integer':
      return String(r.int(1, 9000));
    case 'float':
      return `${r.int(0, 99)}.${r.int(0, 9)}`;
    case 'boolean':
      return r.chance(0.5) ? 'true' : 'false';
    case 'map':
    case 'list':
      return undefined;
    default:
      return r.chance(0.5) ? `${name.replace(/_/g, '-')}-${r.int(1, 99)}` : undefined;
  }
}

function resourceSpec(r: Rng, role: Role, params: GenParams, nProps: number): ResourceSpec {
  const base = ['key_name', 'flavor', 'image', 'server_name', 'network_id'];
  const names = [...base, ...role.props];
  const fillers = r.sample(FILLER_PROPS, Math.max(0, nProps - names.length));
  names.push(...fillers);
  const inputs: Prop[] = names.slice(0, Math.max(nProps, base.length)).map((name, i) => {
    const type = i < 5 ? 'string' : r.pick(TYPES);
    const p: Prop = { name, type, description: sentence(r) };
    const d = defaultFor(r, type, name);
    if (d !== undefined) p.default = d;
    if (name === 'key_name' || name === 'network_id') p.required = true;
    return p;
  });
  const outputs: Prop[] = ['publicIp', 'privateIp', `${role.sub}_endpoint`, 'instance_uuid'].map((name) => ({
    name,
    type: 'string',
    description: sentence(r),
    readOnly: true,
  }));
  return { sub: role.sub, role, inputs, outputs, explicitName: r.chance(params.explicitNameRate) };
}

function buildSpecs(params: GenParams): ProjectSpec[] {
  const r = new Rng(params.seed);
  const specs: ProjectSpec[] = [];
  for (let i = 0; i < params.assemblies; i++) {
    const name = `${r.pick(DOMAINS)}-${r.pick(NOUNS)}-${String(i).padStart(4, '0')}`;
    const roles = r.sample(ROLES, params.resourcesPerAssembly);
    const resources = roles.map((role) => resourceSpec(r, role, params, params.propsPerResource + r.int(-2, 2)));
    specs.push({ index: i, name, resources, explicitName: r.chance(params.explicitNameRate), assemblyInputs: [] });
  }
  return specs;
}

// ---------------------------------------------------------------------------------------------
// Writers

class Out {
  readonly lines: string[] = [];
  push(indent: number, s: string): void {
    this.lines.push(' '.repeat(indent) + s);
  }
  text(): string {
    return this.lines.join('\n') + '\n';
  }
}

function writeProp(o: Out, indent: number, p: Prop): void {
  o.push(indent, `${p.name}:`);
  o.push(indent + 2, `type: ${p.type}`);
  if (p.type === 'list' || p.type === 'map') {
    o.push(indent + 2, 'entry-schema:');
    o.push(indent + 4, 'type: string');
  }
  if (p.required) o.push(indent + 2, 'required: true');
  if (p.default !== undefined) o.push(indent + 2, `default: ${p.default}`);
  if (p.readOnly) o.push(indent + 2, 'read-only: true');
  o.push(indent + 2, `description: ${p.description}`);
}

function lmprojectText(p: ProjectSpec): string {
  const o = new Out();
  o.push(0, "schema: '2.0'");
  o.push(0, `name: ${p.name}`);
  o.push(0, "version: '1.0'");
  o.push(0, 'type: Assembly');
  o.push(0, 'packaging: tgz');
  o.push(0, 'contains:');
  for (const res of p.resources) {
    o.push(0, `- name: ${res.sub}`);
    o.push(2, 'type: Resource');
    o.push(2, 'resource-manager: brent');
    o.push(2, `directory: ${res.sub}`);
  }
  return o.text();
}

function resourceText(r: Rng, p: ProjectSpec, res: ResourceSpec): string {
  const o = new Out();
  const role = res.role;
  if (res.explicitName) o.push(0, `name: resource::${res.sub}-${p.name}::1.0`);
  o.push(0, 'description: >-');
  for (const l of paragraph(r, r.int(2, 4))) o.push(2, l);
  o.push(0, 'properties:');
  for (const prop of res.inputs) writeProp(o, 2, prop);
  for (const prop of res.outputs) writeProp(o, 2, prop);
  if (r.chance(0.3)) {
    o.push(0, 'private-properties:');
    writeProp(o, 2, { name: 'ssh_key', type: 'key', description: sentence(r) });
  }
  o.push(0, 'infrastructure:');
  o.push(2, `${role.infra}: {}`);
  const vim = role.infra === 'Openstack' ? 'openstack' : 'kubernetes';
  o.push(0, 'lifecycle:');
  for (const t of ['Create', 'Install', 'Configure', 'Start', 'Stop', 'Uninstall', 'Delete']) {
    if (t === 'Create' || t === 'Delete') {
      o.push(2, `${t}:`);
      o.push(4, 'drivers:');
      o.push(6, `${vim}:`);
      o.push(8, 'selector:');
      o.push(10, 'infrastructure-type:');
      o.push(10, `- ${role.infra}`);
      if (t === 'Create' && vim === 'openstack') {
        o.push(8, 'properties:');
        o.push(10, 'template-type:');
        o.push(12, 'value: HEAT');
      }
    } else o.push(2, `${t}: {}`);
  }
  o.push(0, 'default-driver:');
  o.push(2, 'ansible:');
  o.push(4, 'selector:');
  o.push(6, 'infrastructure-type:');
  o.push(6, "- '*'");
  o.push(0, 'operations:');
  for (const op of role.ops) {
    o.push(2, `${op}:`);
    o.push(4, `description: ${sentence(r)}`);
    o.push(4, 'properties:');
    const n = r.int(1, 3);
    for (let k = 0; k < n; k++) {
      o.push(6, `${op.toLowerCase()}_arg${k}:`);
      o.push(8, `type: ${r.pick(['string', 'integer', 'string'])}`);
      o.push(8, `description: ${sentence(r)}`);
    }
    o.push(6, 'target_ip:');
    o.push(8, 'type: string');
    o.push(8, 'value: ${privateIp}');
    o.push(6, 'owner:');
    o.push(8, 'type: string');
    o.push(8, "value: '${instance.name}-" + op.toLowerCase() + "'");
  }
  o.push(0, 'capabilities:');
  for (const c of role.caps) {
    o.push(2, `${c}:`);
    o.push(4, `type: ${c.charAt(0).toLowerCase()}${c.slice(1)}`);
  }
  o.push(0, 'requirements:');
  for (const q of role.reqs) {
    o.push(2, `${q}:`);
    o.push(4, `type: ${q.charAt(0).toLowerCase()}${q.slice(1)}`);
  }
  o.push(0, 'metrics:');
  o.push(2, 'integrity:');
  o.push(4, 'type: metric::integrity');
  o.push(4, `publication-period: ${r.pick([15, 30, 60])}`);
  o.push(2, 'load:');
  o.push(4, 'type: metric::load');
  o.push(4, `publication-period: ${r.pick([15, 30, 60])}`);
  o.push(0, 'policies:');
  o.push(2, 'heal:');
  o.push(4, 'type: policy::heal');
  o.push(4, 'metric: integrity');
  o.push(4, 'properties:');
  o.push(6, 'smoothing:');
  o.push(8, `value: ${r.int(2, 5)}`);
  return o.text();
}

interface Comp {
  name: string;
  /** Type text as written. */
  type: string;
  /** Resource spec behind it (for literal/lmctl resource types). */
  res?: ResourceSpec;
  /** Assembly project behind it (for assembly types). */
  asm?: ProjectSpec;
  cluster: boolean;
}

/** Writes one composition entry with mappings; returns nothing (lines go to `o`). */
function writeComponent(r: Rng, o: Out, c: Comp, topProps: string[], others: Comp[]): void {
  o.push(2, `${c.name}:`);
  o.push(4, `type: ${c.type}`);
  if (c.cluster) {
    o.push(4, 'cluster:');
    const min = r.int(1, 2);
    const max = min + r.int(2, 6);
    o.push(6, `initial-quantity: ${min + 1}`);
    o.push(6, `minimum-nodes: ${min}`);
    o.push(6, `maximum-nodes: ${max}`);
    o.push(6, 'scaling-increment: 1');
  } else o.push(4, 'quantity: 1');
  o.push(4, 'properties:');
  o.push(6, 'deploymentLocation:');
  o.push(8, 'value: ${deploymentLocation}');
  o.push(6, 'resourceManager:');
  o.push(8, 'value: ${resourceManager}');
  // Required inputs without a default are always mapped (as a deployable assembly must).
  const required = c.res
    ? c.res.inputs.filter((p) => p.required && p.default === undefined).map((p) => p.name)
    : REQUIRED_ASSEMBLY_INPUTS;
  for (const key of required) {
    o.push(6, `${key}:`);
    o.push(8, `value: \${${key === 'key_name' ? 'tenant_key_name' : key}}`);
  }
  const skip = new Set(['server_name', 'deploymentLocation', 'resourceManager', ...required]);
  const targets = (c.res ? c.res.inputs.map((p) => p.name) : (c.asm?.assemblyInputs ?? [])).filter((n) => !skip.has(n));
  const n = Math.min(targets.length, r.int(3, 6));
  // Only components declared earlier: mappings form a DAG, as in a deployable assembly (LM036).
  const peers = others.slice(0, Math.max(0, others.indexOf(c))).filter((x) => x.res);
  for (const key of r.sample(targets, n)) {
    o.push(6, `${key}:`);
    const roll = r.float();
    if (roll < 0.45 && topProps.length) o.push(8, `value: \${${r.pick(topProps)}}`);
    else if (roll < 0.8 && peers.length) {
      const peer = r.pick(peers);
      const outputNames = peer.res!.outputs.map((p) => p.name);
      const inputNames = peer.res!.inputs.slice(0, 4).map((p) => p.name);
      const member = r.pick([...outputNames, ...inputNames]);
      o.push(8, `value: \${${peer.name}.${member}}`);
    } else if (roll < 0.9) o.push(8, `value: '\${instance.name}-${c.name}'`);
    else o.push(8, `value: ${key.replace(/_/g, '-')}-fixed`);
  }
  if (c.res) {
    o.push(6, 'server_name:');
    o.push(8, `value: '\${instance.name}-${c.name}'`);
  }
}

function writeRelationship(r: Rng, o: Out, name: string, src: Comp, tgt: Comp, topProps: string[]): void {
  const s = src.res!;
  const t = tgt.res!;
  o.push(2, `${name}:`);
  o.push(4, 'source-capabilities:');
  o.push(4, `- ${src.name}.${r.pick(s.role.caps)}`);
  o.push(4, 'target-requirements:');
  o.push(4, `- ${tgt.name}.${r.pick(t.role.reqs)}`);
  o.push(4, `source-state: ${r.pick(['Active', 'Inactive'])}`);
  o.push(4, 'source-state-modifier: post');
  o.push(4, `target-state: ${r.pick(['Active', 'Inactive', 'Installed'])}`);
  o.push(4, 'target-state-modifier: pre');
  o.push(4, 'properties:');
  o.push(6, 'peer_address:');
  o.push(8, 'value: ${source.privateIp}');
  o.push(6, 'peer_name:');
  o.push(8, 'value: ${target.server_name}');
  o.push(6, 'endpoint:');
  o.push(8, `value: \${source.${s.sub}_endpoint}`);
  if (topProps.length) {
    o.push(6, 'setting:');
    o.push(8, `value: \${${r.pick(topProps)}}`);
  }
  o.push(4, 'lifecycle:');
  o.push(6, 'Create:');
  o.push(6, `- ${tgt.name}.${t.role.ops[0]}`);
  o.push(6, 'Cease:');
  o.push(6, `- target.${t.role.ops[1] ?? t.role.ops[0]}`);
}

/** Required top-level inputs (no default) of every generated assembly, besides deploymentLocation. */
const REQUIRED_ASSEMBLY_INPUTS = ['tenant_key_name', 'network_id'];

function resourceName(p: ProjectSpec, res: ResourceSpec): string {
  return `resource::${res.sub}-${p.name}::1.0`;
}

/** Top-level properties of an assembly; fills `p.assemblyInputs`. Returns the input names. */
function writeAssemblyProps(r: Rng, o: Out, p: ProjectSpec, comps: Comp[], extraInputs: number): string[] {
  o.push(0, 'properties:');
  const inputs: string[] = [];
  const add = (prop: Prop) => {
    writeProp(o, 2, prop);
    if (!prop.readOnly) inputs.push(prop.name);
  };
  add({
    name: 'deploymentLocation',
    type: 'string',
    required: true,
    description: 'Placement target (the OpenStack project or Kubernetes namespace) for every component.',
  });
  add({
    name: 'resourceManager',
    type: 'string',
    default: 'brent',
    description: 'Resource manager responsible for the components.',
  });
  add({ name: 'tenant_key_name', type: 'string', required: true, description: sentence(r) });
  add({
    name: 'network_id',
    type: 'string',
    required: true,
    description: 'Id of the tenant network every server is plugged into.',
  });
  for (const c of comps) {
    if (!c.res) continue;
    for (const rp of c.res.role.props.slice(0, 2))
      add({ name: `${c.name}_${rp}`, type: 'string', description: sentence(r) });
  }
  for (let k = 0; k < extraInputs; k++)
    add({ name: `${r.pick(FILLER_PROPS)}_${k}`, type: r.pick(TYPES), description: sentence(r) });
  for (const c of comps.slice(0, 2)) {
    if (!c.res) continue;
    writeProp(o, 2, { name: `${c.name}_address`, type: 'string', readOnly: true, description: sentence(r) });
    o.push(4, `value: \${${c.name}.publicIp}`);
  }
  p.assemblyInputs = inputs;
  return inputs;
}

function writeTail(r: Rng, o: Out, comps: Comp[], clustered: Comp | undefined): void {
  const resComps = comps.filter((c) => c.res);
  o.push(0, 'operations:');
  for (const c of resComps.slice(0, 3)) {
    const op = c.res!.role.ops[0]!;
    o.push(2, `${c.name}${op}:`);
    o.push(4, `source-operation: ${c.name}.${op}`);
    o.push(4, `multiple-instances: ${r.pick(['every', 'any'])}`);
  }
  o.push(0, 'metrics:');
  for (const c of resComps.slice(0, 2)) {
    o.push(2, `${c.name}_load:`);
    o.push(4, `source-metric: ${c.name}.load`);
  }
  if (clustered) {
    o.push(0, 'policies:');
    o.push(2, `scale_${clustered.name}:`);
    o.push(4, 'type: policy::scale');
    o.push(4, `metric: ${clustered.name}.load`);
    o.push(4, `target: ${clustered.name}`);
    o.push(4, 'properties:');
    o.push(6, 'scaleOut_threshold:');
    o.push(8, `value: ${r.int(70, 90)}`);
    o.push(6, 'scaleIn_threshold:');
    o.push(8, `value: ${r.int(10, 30)}`);
    o.push(6, 'smoothing:');
    o.push(8, `value: ${r.int(2, 5)}`);
  }
}

function assemblyText(r: Rng, p: ProjectSpec, specs: ProjectSpec[], params: GenParams): string {
  const o = new Out();
  if (p.explicitName) o.push(0, `name: assembly::${p.name}::1.0`);
  else o.push(0, `# Root assembly of ${p.name}; lmctl derives assembly::${p.name}::1.0 at build time.`);
  o.push(0, 'description: >-');
  for (const l of paragraph(r, r.int(3, 5))) o.push(2, l);
  const comps: Comp[] = p.resources.map((res, i) => ({
    name: res.sub,
    // Alternate the two ways of naming a subproject's resource.
    type: i % 2 === 0 ? `$lmctl:/contains:/${res.sub}:/descriptor_name` : resourceName(p, res),
    res,
    cluster: false,
  }));
  const clustered = comps[1] ?? comps[0];
  if (clustered) clustered.cluster = true;
  let upstream: ProjectSpec | undefined;
  if (p.index >= 10 && r.chance(params.crossRefRate)) upstream = specs[r.int(0, p.index - 1)];
  if (upstream)
    comps.push({ name: 'upstream', type: `assembly::${upstream.name}::1.0`, asm: upstream, cluster: false });
  const topProps = writeAssemblyProps(r, o, p, comps, r.int(2, 5));
  o.push(0, 'composition:');
  for (const c of comps) writeComponent(r, o, c, topProps, comps);
  if (upstream && upstream.resources[0]) {
    const res = upstream.resources[0];
    o.push(0, 'references:');
    o.push(2, `shared_${res.sub}:`);
    o.push(4, `type: ${resourceName(upstream, res)}`);
    o.push(4, 'properties:');
    o.push(6, 'deploymentLocation:');
    o.push(8, 'value: ${deploymentLocation}');
    o.push(6, 'resourceManager:');
    o.push(8, 'value: ${resourceManager}');
  }
  const resComps = comps.filter((c) => c.res);
  o.push(0, 'relationships:');
  for (let k = 0; k + 1 < resComps.length; k++)
    writeRelationship(
      r,
      o,
      `${resComps[k]!.name}-to-${resComps[k + 1]!.name}`,
      resComps[k]!,
      resComps[k + 1]!,
      topProps,
    );
  writeTail(r, o, comps, clustered);
  return o.text();
}

/** The big assembly: many components over resources of other projects, grown until `bigLines`. */
function bigAssemblyText(
  p: ProjectSpec,
  specs: ProjectSpec[],
  params: GenParams,
): { text: string; components: number } {
  const build = (nComp: number) => {
    const rr = new Rng(params.seed ^ 0x5bd1e995);
    const o = new Out();
    o.push(0, '# A deliberately large assembly for latency measurements.');
    o.push(0, 'description: >-');
    for (const l of paragraph(rr, 6)) o.push(2, l);
    const comps: Comp[] = p.resources.map((res, i) => ({
      name: res.sub,
      type: i % 2 === 0 ? `$lmctl:/contains:/${res.sub}:/descriptor_name` : resourceName(p, res),
      res,
      cluster: i === 1,
    }));
    for (let k = 0; comps.length < nComp; k++) {
      const other = specs.length ? specs[rr.int(0, specs.length - 1)]! : undefined;
      if (!other) break;
      if (k % 10 === 9)
        comps.push({ name: `asm${k}`, type: `assembly::${other.name}::1.0`, asm: other, cluster: false });
      else {
        const res = rr.pick(other.resources);
        comps.push({ name: `${res.sub}${k}`, type: resourceName(other, res), res, cluster: false });
      }
    }
    const topProps = writeAssemblyProps(rr, o, p, comps.slice(0, 30), 10);
    o.push(0, 'composition:');
    for (const c of comps) writeComponent(rr, o, c, topProps, comps);
    const resComps = comps.filter((c) => c.res);
    o.push(0, 'relationships:');
    for (let k = 0; k + 1 < resComps.length; k += 4)
      writeRelationship(rr, o, `rel-${k}`, resComps[k]!, resComps[k + 1]!, topProps);
    writeTail(
      rr,
      o,
      comps,
      comps.find((c) => c.cluster),
    );
    return { text: o.text(), lines: o.lines.length };
  };
  let n = 8;
  let out = build(n);
  // Grow in coarse steps, then fine ones, until the target line count is reached.
  while (out.lines < params.bigLines && n < 2000 && specs.length) {
    n += out.lines < params.bigLines * 0.8 ? 8 : 1;
    out = build(n);
  }
  // A file being edited is rarely clean: a few misspelt top-level references (LM031 with a
  // suggestion), so the diagnostics path does real work. They are not `${component.member}`
  // references, so the request positions the bench picks are unaffected.
  let k = 0;
  const text = out.text.replace(/value: \$\{deploymentLocation\}/g, (m) =>
    ++k % 25 === 3 ? 'value: ${deploymentLocaton}' : m,
  );
  return { text, components: n };
}

// ---------------------------------------------------------------------------------------------
// Driver

export function generateWorkspace(root: string, params: GenParams = DEFAULT_PARAMS): GenResult {
  const t0 = performance.now();
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const specs = buildSpecs(params);
  let files = 0;
  let descriptors = 0;
  let bytes = 0;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    files++;
    bytes += Buffer.byteLength(text);
  };
  for (const p of specs) {
    // One PRNG per project, so a project's bytes do not depend on the others' sizes.
    const r = new Rng((params.seed * 31 + p.index * 7919) >>> 0);
    const dir = path.join(root, p.name);
    write(path.join(dir, 'lmproject.yml'), lmprojectText(p));
    for (const res of p.resources) {
      write(path.join(dir, 'Contains', res.sub, 'Definitions', 'lm', 'resource.yaml'), resourceText(r, p, res));
      descriptors++;
    }
    // Assemblies need the assembly inputs of earlier projects, which writeAssemblyProps fills.
    write(path.join(dir, 'Descriptor', 'assembly.yml'), assemblyText(r, p, specs, params));
    descriptors++;
  }
  // The big project: 4 own resources plus the large assembly.
  const br = new Rng(params.seed ^ 0x9e3779b9);
  const big: ProjectSpec = {
    index: params.assemblies,
    name: 'bench-big',
    resources: br
      .sample(ROLES, 4)
      .map((role) => resourceSpec(br, role, { ...params, explicitNameRate: 0 }, params.propsPerResource)),
    explicitName: false,
    assemblyInputs: [],
  };
  const bigDir = path.join(root, big.name);
  write(path.join(bigDir, 'lmproject.yml'), lmprojectText(big));
  for (const res of big.resources) {
    write(path.join(bigDir, 'Contains', res.sub, 'Definitions', 'lm', 'resource.yaml'), resourceText(br, big, res));
    descriptors++;
  }
  const bigOut = bigAssemblyText(big, specs, params);
  const bigPath = path.join(bigDir, 'Descriptor', 'assembly.yml');
  write(bigPath, bigOut.text);
  descriptors++;
  const lines = bigOut.text.split('\n').length - 1;
  return {
    root,
    params,
    files,
    descriptors,
    bytes,
    big: { path: bigPath, lines, bytes: Buffer.byteLength(bigOut.text), components: bigOut.components },
    generatedMs: performance.now() - t0,
  };
}

function generatorHash(): string {
  try {
    return createHash('sha1')
      .update(readFileSync(fileURLToPath(import.meta.url), 'utf8'))
      .digest('hex')
      .slice(0, 12);
  } catch {
    return 'unknown';
  }
}

interface Stamp {
  version: number;
  generator: string;
  params: GenParams;
  result: GenResult;
}

export function stampFileOf(root: string): string {
  return `${root.replace(/\/+$/, '')}.stamp.json`;
}

/** Generates the workspace unless an up-to-date one (same parameters and generator) exists. */
export function ensureWorkspace(
  root: string,
  params: GenParams,
  force = false,
): { result: GenResult; regenerated: boolean } {
  const stampFile = stampFileOf(root);
  const gen = generatorHash();
  if (!force && existsSync(stampFile) && existsSync(root)) {
    try {
      const s = JSON.parse(readFileSync(stampFile, 'utf8')) as Stamp;
      if (
        s.version === GENERATOR_VERSION &&
        s.generator === gen &&
        JSON.stringify(s.params) === JSON.stringify(params) &&
        existsSync(s.result.big.path)
      ) {
        return { result: s.result, regenerated: false };
      }
    } catch {
      // Unreadable stamp: regenerate.
    }
  }
  rmSync(stampFile, { force: true });
  const result = generateWorkspace(root, params);
  const stamp: Stamp = { version: GENERATOR_VERSION, generator: gen, params, result };
  writeFileSync(stampFile, JSON.stringify(stamp, null, 2));
  return { result, regenerated: true };
}

/** Reads `--name value` / `--name=value` from argv, then `BENCH_<NAME>` from the environment. */
export function argOf(argv: readonly string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === `--${name}`) return argv[i + 1];
    if (a.startsWith(`--${name}=`)) return a.slice(name.length + 3);
  }
  return process.env[`BENCH_${name.toUpperCase().replace(/-/g, '_')}`];
}

export function paramsFromArgs(argv: readonly string[]): GenParams {
  const num = (name: string, def: number) => {
    const v = argOf(argv, name);
    if (v === undefined) return def;
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} expects a non-negative number, got ${v}`);
    return n;
  };
  return {
    assemblies: Math.floor(num('assemblies', DEFAULT_PARAMS.assemblies)),
    resourcesPerAssembly: Math.max(
      2,
      Math.min(ROLES.length, Math.floor(num('resources-per-assembly', DEFAULT_PARAMS.resourcesPerAssembly))),
    ),
    propsPerResource: Math.max(5, Math.floor(num('props-per-resource', DEFAULT_PARAMS.propsPerResource))),
    seed: Math.floor(num('seed', DEFAULT_PARAMS.seed)),
    bigLines: Math.floor(num('big-lines', DEFAULT_PARAMS.bigLines)),
    crossRefRate: num('cross-ref-rate', DEFAULT_PARAMS.crossRefRate),
    explicitNameRate: num('explicit-name-rate', DEFAULT_PARAMS.explicitNameRate),
  };
}

const isMain = (() => {
  try {
    return process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
})();

if (isMain) {
  const argv = process.argv.slice(2);
  const root = path.resolve(argOf(argv, 'out') ?? DEFAULT_WORKSPACE);
  const { result, regenerated } = ensureWorkspace(root, paramsFromArgs(argv), argv.includes('--force'));
  process.stdout.write(
    `${regenerated ? 'generated' : 'up to date'}: ${result.root}\n` +
      `  ${result.files} YAML files (${result.descriptors} descriptors), ${(result.bytes / 1e6).toFixed(1)} MB` +
      `${regenerated ? ` in ${(result.generatedMs / 1000).toFixed(1)} s` : ''}\n` +
      `  big assembly: ${result.big.path} (${result.big.lines} lines, ${result.big.components} components)\n`,
  );
}
