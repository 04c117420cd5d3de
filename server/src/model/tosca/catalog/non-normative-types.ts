/**
 * The spec's non-normative types (TOSCA Simple Profile in YAML 1.0 §8, 1.1–1.3 §9): "used only in
 * examples and use cases ... Implementations are not required to support these types". Real
 * templates use them without importing a definition (tosca-parser ships the Docker ones, ARIA all
 * of them), so they are known here, marked `nonNormative` (the hover says so and that other
 * processors need an imported definition), and never an unknown type. A definition in a file of
 * the workspace wins over these, as for normative types. Kept apart from NORMATIVE_TYPES: the
 * OASIS normative profiles the catalog is cross-checked against do not contain them.
 */
import { ALL, V1_0, V1_1, V1_2, V1_3, opt, req, secs, since, upTo } from './helpers.js';
import type { NormativeType, ToscaVersion } from './types.js';

const TO_1_1 = upTo(V1_1);
const FROM_1_2 = since(V1_2);
const TO_1_2 = upTo(V1_2);

/** Section numbers: chapter 8 in 1.0, chapter 9 from 1.1 on (same sub-numbers). */
function nn(versions: readonly ToscaVersion[], sub: string): ReturnType<typeof secs> {
  const at = (v: ToscaVersion) => (versions.includes(v) ? `${v === V1_0 ? 8 : 9}.${sub}` : undefined);
  return secs(versions, at(V1_0), at(V1_1), at(V1_2), at(V1_3));
}

/** The hosting capability of the normative software types: Container up to 1.1, Compute from 1.2. */
function hostCap(versions: readonly ToscaVersion[]): string {
  return versions.includes(V1_2) ? 'tosca.capabilities.Compute' : 'tosca.capabilities.Container';
}

function dbmsMySql(versions: readonly ToscaVersion[]): NormativeType {
  return {
    kind: 'node',
    name: 'tosca.nodes.DBMS.MySQL',
    prefixed: 'tosca.nodes.DBMS.MySQL',
    nonNormative: true,
    derivedFrom: 'tosca.nodes.DBMS',
    description: 'MySQL database management system software (non-normative, from the spec examples).',
    versions,
    ...nn(versions, '3.2'),
    properties: {
      port: opt('integer', { default: 3306, description: 'The MySQL server port.' }),
      root_password: req('string', { description: 'MySQL needs a root password for its configuration.' }),
    },
    capabilities: { host: { type: hostCap(versions), validSourceTypes: ['tosca.nodes.Database.MySQL'] } },
  };
}

function databaseMySql(versions: readonly ToscaVersion[]): NormativeType {
  return {
    kind: 'node',
    name: 'tosca.nodes.Database.MySQL',
    prefixed: 'tosca.nodes.Database.MySQL',
    nonNormative: true,
    derivedFrom: 'tosca.nodes.Database',
    description: 'A logical MySQL database, hosted by a MySQL DBMS (non-normative, from the spec examples).',
    versions,
    ...nn(versions, '3.1'),
    requirements: [
      {
        name: 'host',
        capability: hostCap(versions),
        node: 'tosca.nodes.DBMS.MySQL',
        relationship: 'tosca.relationships.HostedOn',
      },
    ],
  };
}

function containerDocker(versions: readonly ToscaVersion[]): NormativeType {
  return {
    kind: 'capability',
    name: 'tosca.capabilities.Container.Docker',
    shorthand: 'Container.Docker',
    prefixed: 'tosca:Container.Docker',
    nonNormative: true,
    // The 1.2 text derives it from Container; the 1.3 profile from Compute (1.3's Container no longer carries the
    // compute properties).
    derivedFrom: versions.includes(V1_3) ? 'tosca.capabilities.Compute' : 'tosca.capabilities.Container',
    description: 'A Docker runtime environment (client) able to host containers (non-normative).',
    versions,
    ...nn(versions, '2.1'),
    properties: {
      version: opt('list', { entrySchema: 'version', description: 'Docker versions supported.' }),
      publish_all: opt('boolean', {
        default: false,
        description: 'Publish every port the Dockerfile exposes (EXPOSE).',
      }),
      publish_ports: opt('list', {
        entrySchema: 'tosca.datatypes.network.PortSpec',
        description: 'Port mappings from the container to the host to publish.',
      }),
      expose_ports: opt('list', {
        entrySchema: 'tosca.datatypes.network.PortSpec',
        description: 'Ports exposed to other containers only.',
      }),
      volumes: opt('list', { entrySchema: 'string', description: 'Dockerfile VOLUME directories on the host.' }),
      host_id: opt('string', { description: 'An existing host to run the container on.' }),
      volume_id: opt('string', { description: 'An existing storage volume for the container’s mount points.' }),
    },
  };
}

export const NON_NORMATIVE_TYPES: readonly NormativeType[] = [
  {
    kind: 'artifact',
    name: 'tosca.artifacts.Deployment.Image.Container.Docker',
    prefixed: 'tosca.artifacts.Deployment.Image.Container.Docker',
    nonNormative: true,
    derivedFrom: 'tosca.artifacts.Deployment.Image',
    description: 'A Docker image: layers from snapshots of the Docker union file system (non-normative).',
    versions: ALL,
    ...nn(ALL, '1.1'),
  },
  {
    kind: 'artifact',
    name: 'tosca.artifacts.Deployment.Image.VM.ISO',
    prefixed: 'tosca.artifacts.Deployment.Image.VM.ISO',
    nonNormative: true,
    derivedFrom: 'tosca.artifacts.Deployment.Image.VM',
    description: 'A virtual machine image in ISO disk format (non-normative).',
    versions: ALL,
    ...nn(ALL, '1.2'),
    mimeType: 'application/octet-stream',
    fileExt: ['iso'],
  },
  {
    kind: 'artifact',
    name: 'tosca.artifacts.Deployment.Image.VM.QCOW2',
    prefixed: 'tosca.artifacts.Deployment.Image.VM.QCOW2',
    nonNormative: true,
    derivedFrom: 'tosca.artifacts.Deployment.Image.VM',
    description: 'A virtual machine image in QEMU copy-on-write v2 disk format (non-normative).',
    versions: ALL,
    ...nn(ALL, '1.3'),
    mimeType: 'application/octet-stream',
    fileExt: ['qcow2'],
  },
  containerDocker(TO_1_2),
  containerDocker([V1_3]),
  databaseMySql(TO_1_1),
  databaseMySql(FROM_1_2),
  dbmsMySql(TO_1_1),
  dbmsMySql(FROM_1_2),
  {
    kind: 'node',
    name: 'tosca.nodes.WebServer.Apache',
    prefixed: 'tosca.nodes.WebServer.Apache',
    nonNormative: true,
    derivedFrom: 'tosca.nodes.WebServer',
    description: 'Apache web server software (non-normative, from the spec examples).',
    versions: ALL,
    ...nn(ALL, '3.3'),
  },
  {
    kind: 'node',
    name: 'tosca.nodes.WebApplication.WordPress',
    prefixed: 'tosca.nodes.WebApplication.WordPress',
    nonNormative: true,
    derivedFrom: 'tosca.nodes.WebApplication',
    description: 'The WordPress web application (non-normative, from the spec examples).',
    versions: ALL,
    ...nn(ALL, '3.4'),
    // Required by the definition's letter (no `required: false`), but the spec's own WordPress examples never set
    // them, so they are optional here.
    properties: {
      admin_user: opt('string', { description: 'The WordPress administrator account.' }),
      admin_password: opt('string', { description: 'The WordPress administrator password.' }),
      db_host: opt('string', { description: 'The server hosting the WordPress database.' }),
    },
    requirements: [
      {
        name: 'database_endpoint',
        capability: 'tosca.capabilities.Endpoint.Database',
        node: 'tosca.nodes.Database',
        relationship: 'tosca.relationships.ConnectsTo',
      },
    ],
  },
  {
    kind: 'node',
    name: 'tosca.nodes.WebServer.Nodejs',
    prefixed: 'tosca.nodes.WebServer.Nodejs',
    nonNormative: true,
    derivedFrom: 'tosca.nodes.WebServer',
    description: 'Node.js web application server (non-normative, from the spec examples).',
    versions: ALL,
    ...nn(ALL, '3.5'),
    properties: {
      github_url: opt('string', {
        default: 'https://github.com/mmm/testnode.git',
        description: 'Where the application is in its GitHub repository.',
      }),
    },
  },
  {
    kind: 'node',
    name: 'tosca.nodes.Container.Application.Docker',
    prefixed: 'tosca.nodes.Container.Application.Docker',
    nonNormative: true,
    derivedFrom: 'tosca.nodes.Container.Application',
    description: 'Application software packaged to run in a Docker container (non-normative).',
    versions: ALL,
    ...nn(ALL, '3.6'),
    requirements: [
      { name: 'host', capability: 'tosca.capabilities.Container.Docker', relationship: 'tosca.relationships.HostedOn' },
    ],
  },
];

/** The non-normative types of `version`. */
export function nonNormativeTypesFor(version: ToscaVersion): NormativeType[] {
  return NON_NORMATIVE_TYPES.filter((t) => t.versions.includes(version));
}
