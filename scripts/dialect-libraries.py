#!/usr/bin/env python3
"""
Writes the compact type libraries of the TOSCA dialects (server/src/model/tosca/dialects/*-types.ts):
facts only (type names, derived_from, property names and types, capability / requirement / interface
names and types, interface operations), read from the orchestrators' public repositories, checked out
by the caller:

  python3 scripts/dialect-libraries.py unfurl <onecommons/unfurl checkout>
  python3 scripts/dialect-libraries.py onap <onap/policy-models checkout>
  python3 scripts/dialect-libraries.py cloudshell <QualiSystems/cloudshell-standards checkout>

Descriptions, defaults and constraints are left out on purpose: the library says what exists, and
properties are written `required: false` (what an orchestrator requires is its business at deploy time).
"""
import glob, json, os, sys
import yaml

SECTIONS = ['data_types', 'artifact_types', 'capability_types', 'interface_types', 'relationship_types',
            'node_types', 'group_types', 'policy_types']

def type_name(d):
    if isinstance(d, dict):
        t = d.get('type')
        return t if isinstance(t, str) else None
    return None

def props(src, keep_required=False):
    out = {}
    for name, d in (src or {}).items():
        if not isinstance(d, dict):
            continue
        p = {}
        t = type_name(d)
        if t:
            p['type'] = t
        es = d.get('entry_schema')
        est = es if isinstance(es, str) else type_name(es)
        if est:
            p['entry_schema'] = {'type': est}
        p['required'] = False
        out[str(name)] = p
    return out

def compact(section, d):
    if not isinstance(d, dict):
        return None
    out = {}
    if isinstance(d.get('derived_from'), str):
        out['derived_from'] = d['derived_from']
    md = d.get('metadata')
    if isinstance(md, dict) and md.get('additionalProperties') in (True, 'true'):
        out['metadata'] = {'additionalProperties': 'true'}
    for k in ('properties', 'attributes'):
        if isinstance(d.get(k), dict) and d[k]:
            out[k] = props(d[k])
            if k == 'attributes':
                for v in out[k].values():
                    v.pop('required', None)
    if isinstance(d.get('capabilities'), dict):
        caps = {}
        for n, c in d['capabilities'].items():
            t = c if isinstance(c, str) else type_name(c)
            if t:
                caps[str(n)] = {'type': t}
        if caps:
            out['capabilities'] = caps
    if isinstance(d.get('requirements'), list):
        reqs = []
        for r in d['requirements']:
            if not isinstance(r, dict) or len(r) != 1:
                continue
            (n, v), = r.items()
            rr = {}
            if isinstance(v, str):
                rr['capability'] = v
            elif isinstance(v, dict):
                for k in ('capability', 'node', 'relationship'):
                    x = v.get(k)
                    x = x if isinstance(x, str) else type_name(x)
                    if x:
                        rr[k] = x
                occ = v.get('occurrences')
                if isinstance(occ, list) and len(occ) == 2:
                    rr['occurrences'] = [0, occ[1]]
            if rr:
                reqs.append({str(n): rr})
        if reqs:
            out['requirements'] = reqs
    if isinstance(d.get('interfaces'), dict) and section != 'artifact_types':
        ifs = {}
        for n, i in d['interfaces'].items():
            t = type_name(i)
            if t:
                ifs[str(n)] = {'type': t}
        if ifs:
            out['interfaces'] = ifs
    if section == 'interface_types':
        for n, v in d.items():
            if n in ('derived_from', 'description', 'metadata', 'version', 'inputs', 'operations', 'notifications'):
                continue
            out.setdefault('operations', {})[str(n)] = {}
        if isinstance(d.get('operations'), dict):
            for n in d['operations']:
                out.setdefault('operations', {})[str(n)] = {}
    for k in ('valid_target_types', 'valid_source_types', 'members', 'targets'):
        if isinstance(d.get(k), list) and all(isinstance(x, str) for x in d[k]):
            out[k] = d[k]
    return out

def collect(files, version, keep=lambda name: True):
    lib = {}
    for f in files:
        try:
            docs = list(yaml.safe_load_all(open(f, encoding='utf-8')))
        except Exception:
            continue
        for doc in docs:
            if not isinstance(doc, dict):
                continue
            for s in SECTIONS:
                for name, d in (doc.get(s) or {}).items() if isinstance(doc.get(s), dict) else []:
                    if not keep(str(name)):
                        continue
                    c = compact(s, d)
                    if c is None or name in lib.setdefault(s, {}):
                        continue
                    lib[s][str(name)] = c
    out = {'tosca_definitions_version': version}
    for s in SECTIONS:
        if lib.get(s):
            out[s] = dict(sorted(lib[s].items()))
    return out

def write(name, const, comment, lib):
    text = yaml.safe_dump(lib, sort_keys=False, default_flow_style=None, width=100)
    path = os.path.join(os.path.dirname(__file__), '..', 'server', 'src', 'model', 'tosca', 'dialects', f'{name}-types.ts')
    with open(path, 'w', encoding='utf-8') as o:
        o.write(f'/**\n * {comment}\n * Generated by scripts/dialect-libraries.py (facts only: names, parents, property types).\n */\n')
        body = text.replace('\\', '\\\\').replace('`', '\\`').replace('${', '\\${')
        o.write(f'export const {const} = `\n{body}`;\n')
    print(path, sum(len(v) for k, v in lib.items() if k in SECTIONS), 'types')

# The root models of CloudShell's standards (the attribute table under the root model's heading) and the type
# names Quali's developer guide derives shells from.
CLOUDSHELL_ROOTS = {
    'networking_standard.md': ['cloudshell.nodes.Switch', 'cloudshell.nodes.Router'],
    'shell_resource_standard.md': ['cloudshell.nodes.GenericResource'],
    'deployed_app_standard.md': ['cloudshell.nodes.DeployedApp'],
    'cloud_provider_standard.md': ['cloudshell.nodes.CustomCloudProvider'],
}
CLOUDSHELL_TYPES = {'String': 'string', 'Password': 'cloudshell.datatypes.Password', 'Numeric': 'float',
                    'Boolean': 'boolean', 'Integer': 'integer'}

def first_table(md):
    rows, started = [], False
    for line in md.splitlines():
        if line.startswith('Attribute Name'):
            started = True
            continue
        if started:
            if not line.strip() or '|' not in line:
                if rows:
                    break
                continue
            cells = [c.strip() for c in line.strip().strip('|').split('|')]
            if cells[0].startswith('---'):
                continue
            rows.append(cells)
    return rows

def cloudshell(root):
    lib = {'tosca_definitions_version': 'tosca_simple_yaml_1_0',
           'data_types': {'cloudshell.datatypes.Password': {'derived_from': 'string'}},
           'capability_types': {
               'cloudshell.capabilities.AutoDiscovery': {'derived_from': 'tosca.capabilities.Root', 'properties': {
                   'enable_auto_discovery': {'type': 'boolean', 'required': False},
                   'auto_discovery_description': {'type': 'string', 'required': False},
                   'inventory_description': {'type': 'string', 'required': False}}},
               'cloudshell.capabilities.SupportConcurrentCommands': {'derived_from': 'tosca.capabilities.Root'}},
           'node_types': {'cloudshell.nodes.CustomDeploymentOption': {'derived_from': 'tosca.nodes.Root'}}}
    for doc, names in CLOUDSHELL_ROOTS.items():
        rows = first_table(open(os.path.join(root, 'Documentation', doc), encoding='utf-8').read())
        properties = {}
        for r in rows:
            if len(r) >= 2 and r[0]:
                properties[r[0]] = {'type': CLOUDSHELL_TYPES.get(r[1], 'string'), 'required': False}
        for n in names:
            lib['node_types'][n] = {'derived_from': 'tosca.nodes.Root', **({'properties': properties} if properties else {})}
    lib['node_types'] = dict(sorted(lib['node_types'].items()))
    return lib

if __name__ == '__main__':
    which, root = sys.argv[1], sys.argv[2]
    if which == 'unfurl':
        files = [os.path.join(root, p) for p in [
            'unfurl/tosca_plugins/tosca-ext.yaml', 'unfurl/tosca_plugins/artifacts.yaml',
            'unfurl/tosca_plugins/k8s.yaml', 'unfurl/tosca_plugins/googlecloud.yaml',
            'unfurl/tosca_plugins/localhost.yaml', 'unfurl/configurators/templates/dns.yaml',
            'unfurl/configurators/templates/docker.yaml', 'unfurl/configurators/templates/helm.yaml',
            'unfurl/configurators/templates/supervisor.yaml']]
        write('unfurl', 'UNFURL_TYPES',
              "Unfurl's built-in types (its tosca_plugins and configurator templates, onecommons/unfurl, MIT).",
              collect(files, 'tosca_simple_yaml_1_3', lambda n: not n.startswith('tosca.')))
    elif which == 'onap':
        files = sorted(glob.glob(os.path.join(root, 'models-examples/src/main/resources/policytypes/*.yaml')))
        write('onap', 'ONAP_TYPES',
              "The ONAP policy framework's policy types and their data types (onap/policy-models, Apache-2.0).",
              collect(files, 'tosca_simple_yaml_1_1', lambda n: not n.startswith('tosca.')))
    elif which == 'cloudshell':
        write('cloudshell', 'CLOUDSHELL_TYPES',
              "Quali CloudShell's standard types (the root models of QualiSystems/cloudshell-standards, Apache-2.0).",
              cloudshell(root))
