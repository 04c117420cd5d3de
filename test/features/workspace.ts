/** A small lmctl project shared by the feature tests; append an assembly with `#- ` headers. */
export const PROJECT = `
#- /ws/lmproject.yml
schema: '2.0'
name: cluster
version: '1.0'
type: Assembly
contains:
- name: lb
  type: Resource
  resource-manager: brent
- name: vs
  type: Resource
  resource-manager: brent
- name: store
  type: Assembly
#- /ws/Contains/lb/Definitions/lm/resource.yaml
description: Load balancer
properties:
  publicIp:
    type: string
    read-only: true
    description: The floating address
  privateIp:
    type: string
    read-only: true
  port:
    type: integer
    default: 80
infrastructure:
  Openstack: {}
lifecycle:
  Create: {}
  Install: {}
default-driver:
  ansible:
    selector:
      infrastructure-type: ['*']
operations:
  AddBackend:
    description: Adds a back-end server
    properties:
      ip:
        value: \${privateIp}
capabilities:
  Balancer:
    type: http
requirements:
  Backend:
    type: http
metrics:
  load:
    type: metric::load
#- /ws/Contains/vs/Definitions/lm/resource.yaml
description: Video streamer
properties:
  streamIp:
    type: string
    read-only: true
capabilities:
  Stream:
    type: http
operations:
  Register: {}
#- /ws/Contains/store/Descriptor/assembly.yml
description: Storage
properties:
  exportPath:
    type: string
composition:
  nfs:
    type: resource::nfsbox::1.0
operations:
  Mount:
    source-operation: nfs.Mount
`;

export const ASSEMBLY_HEADER = `#- /ws/Descriptor/assembly.yml`;
