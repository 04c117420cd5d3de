/** Normative data types (spec §5.3; §5.2 in 1.0). */
import { ALL, V1_1, V1_2, opt, req, secs, since } from './helpers.js';
import type { NormativeType } from './types.js';

const PORT_RANGE = [{ in_range: [1, 65535] }] as const;

export const DATA_TYPES: readonly NormativeType[] = [
  {
    kind: 'data',
    name: 'tosca.datatypes.Root',
    prefixed: 'tosca.datatypes.Root',
    description: 'Common ancestor of every complex (structured) normative data type. It declares no properties.',
    versions: ALL,
    ...secs(ALL, '5.2.1', '5.3.1', '5.3.1', '5.3.1'),
  },
  {
    kind: 'data',
    name: 'tosca.datatypes.json',
    shorthand: 'json',
    prefixed: 'tosca:json',
    derivedFrom: 'string',
    description:
      'A string whose content must be well-formed JSON. A `schema` constraint on the property may carry a JSON ' +
      'Schema to validate it against.',
    versions: since(V1_2),
    ...secs(since(V1_2), undefined, undefined, '5.3.2', '5.3.2'),
    notes: ['The 1.2 specification text (csd01) lost the `derived_from: string` line of this type.'],
  },
  {
    kind: 'data',
    name: 'tosca.datatypes.xml',
    shorthand: 'xml',
    prefixed: 'tosca:xml',
    derivedFrom: 'string',
    description:
      'A string whose content must be well-formed XML. A `schema` constraint on the property may carry an XML ' +
      'Schema to validate it against.',
    versions: since(V1_2),
    ...secs(since(V1_2), undefined, undefined, '5.3.4', '5.3.4'),
    notes: ['The 1.2 specification text (csd01) lost the `derived_from: string` line of this type.'],
  },
  {
    kind: 'data',
    name: 'tosca.datatypes.Credential',
    shorthand: 'Credential',
    prefixed: 'tosca:Credential',
    derivedFrom: 'tosca.datatypes.Root',
    description:
      'Authentication material for reaching a networked resource: a token plus its kind, with optional user name, ' +
      'protocol and extra keys. The orchestrator interprets `token` according to `token_type`.',
    versions: ALL,
    ...secs(ALL, '5.2.2', '5.3.2', '5.3.6', '5.3.6'),
    properties: {
      protocol: opt('string', { description: 'Protocol the credential is meant for (e.g. http, ssh).' }),
      token_type: req('string', {
        default: 'password',
        description: 'How to read `token` (password, basic_auth, X-Auth-Token, ...).',
      }),
      token: req('string', { description: 'The secret itself, or a reference to it.' }),
      keys: opt('map', { entrySchema: 'string', description: 'Extra protocol-specific keys or assertions.' }),
      user: opt('string', { description: 'User name or id, for credentials that are not token based.' }),
    },
  },
  {
    kind: 'data',
    name: 'tosca.datatypes.TimeInterval',
    shorthand: 'TimeInterval',
    prefixed: 'tosca:TimeInterval',
    derivedFrom: 'tosca.datatypes.Root',
    description: 'A span of time given by two ISO 8601 timestamps; both ends are included.',
    versions: since(V1_1),
    ...secs(since(V1_1), undefined, '5.3.3', '5.3.7', '5.3.7'),
    properties: {
      start_time: req('timestamp', { description: 'First instant of the interval (inclusive).' }),
      end_time: req('timestamp', { description: 'Last instant of the interval (inclusive).' }),
    },
  },
  {
    kind: 'data',
    name: 'tosca.datatypes.network.NetworkInfo',
    shorthand: 'NetworkInfo',
    prefixed: 'tosca:NetworkInfo',
    derivedFrom: 'tosca.datatypes.Root',
    description:
      'Facts about one logical network a compute instance is attached to: its name, provider id and assigned IP ' +
      'addresses.',
    versions: ALL,
    ...secs(ALL, '5.2.3', '5.3.4', '5.3.8', '5.3.8'),
    properties: {
      network_name: opt('string', { description: 'Logical network name, e.g. public or private.' }),
      network_id: opt('string', { description: 'Id the network provider gave the network.' }),
      addresses: opt('list', { entrySchema: 'string', description: 'IP addresses taken from this network.' }),
    },
    notes: [
      'The YAML gives no `required` keyname, but the prose says the fields may or may not be required depending on ' +
        'context; the catalog treats them as optional.',
    ],
  },
  {
    kind: 'data',
    name: 'tosca.datatypes.network.PortInfo',
    shorthand: 'PortInfo',
    prefixed: 'tosca:PortInfo',
    derivedFrom: 'tosca.datatypes.Root',
    description: 'Facts about one network port (virtual NIC): names and ids, MAC address and assigned IP addresses.',
    versions: ALL,
    ...secs(ALL, '5.2.4', '5.3.5', '5.3.9', '5.3.9'),
    properties: {
      port_name: opt('string', { description: 'Logical port name.' }),
      port_id: opt('string', { description: 'Id the network provider gave the port.' }),
      network_id: opt('string', { description: 'Id of the network the port belongs to.' }),
      mac_address: opt('string', { description: 'MAC address of the port.' }),
      addresses: opt('list', { entrySchema: 'string', description: 'IP addresses assigned to the port.' }),
    },
    notes: [
      'The YAML gives no `required` keyname, but the prose says the fields may or may not be required depending on ' +
        'context; the catalog treats them as optional.',
    ],
  },
  {
    kind: 'data',
    name: 'tosca.datatypes.network.PortDef',
    shorthand: 'PortDef',
    prefixed: 'tosca:PortDef',
    derivedFrom: 'integer',
    description: 'A TCP/UDP port number: an integer from 1 to 65535.',
    versions: ALL,
    ...secs(ALL, '5.2.5', '5.3.6', '5.3.10', '5.3.10'),
    constraints: PORT_RANGE,
    notes: ['The 1.2 specification text (csd01) lost the `derived_from: integer` line of this type.'],
  },
  {
    kind: 'data',
    name: 'tosca.datatypes.network.PortSpec',
    shorthand: 'PortSpec',
    prefixed: 'tosca:PortSpec',
    derivedFrom: 'tosca.datatypes.Root',
    description:
      'Describes the ports of a network connection: protocol plus source and/or target port or port range. At ' +
      'least one of the four port fields must be set, and a port must lie inside its range when both are given.',
    versions: ALL,
    ...secs(ALL, '5.2.6', '5.3.7', '5.3.11', '5.3.11'),
    properties: {
      protocol: req('string', {
        default: 'tcp',
        constraints: [{ valid_values: ['udp', 'tcp', 'igmp'] }],
        description: 'Transport protocol of the port.',
      }),
      source: opt('tosca.datatypes.network.PortDef', { description: 'Source port.' }),
      source_range: opt('range', { constraints: PORT_RANGE, description: 'Allowed source port range.' }),
      target: opt('tosca.datatypes.network.PortDef', { description: 'Target port.' }),
      target_range: opt('range', { constraints: PORT_RANGE, description: 'Allowed target port range.' }),
    },
    notes: [
      'The property table of the specification text says in_range [1, 65536]; the YAML (followed here) says 65535.',
    ],
  },
];
