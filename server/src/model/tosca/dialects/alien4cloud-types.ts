/**
 * Alien4Cloud's own types, as its archives import them: its normative types (`tosca-normative-types`,
 * 1.0.0-ALIEN20, the same content in every Alien4Cloud 2.x and 3.x) and `alien-base-types` (3.0.0), from
 * alien4cloud/tosca-normative-types and alien4cloud/alien4cloud-extended-types (Apache-2.0). Facts only (names,
 * parents, properties with their types and defaults, requirements, capabilities), written here in our own layout.
 *
 * Alien4Cloud's normative types differ from the Simple Profile's where its archives rely on it, and these
 * definitions stand in for the catalog's of the same names: `tosca.capabilities.Endpoint`'s `port` is an integer
 * (no PortDef), `tosca.nodes.Compute` has a `network` requirement (Connectivity) and an `attach` capability and no
 * `local_storage`, `tosca.nodes.BlockStorage` requires its attachment, the network types are `tosca.nodes.Network`,
 * `tosca.relationships.Network` and `tosca.capabilities.Connectivity`, and nearly every node type is abstract.
 */
export const ALIEN4CLOUD_TYPES = `
tosca_definitions_version: tosca_simple_yaml_1_2
data_types:
  tosca.datatypes.Credential:
    derived_from: tosca.datatypes.Root
    properties:
      protocol: {type: string, required: false}
      token_type: {type: string, default: password}
      token: {type: string}
      keys: {type: map, entry_schema: {type: string}, required: false}
      user: {type: string, required: false}
  org.alien4cloud.data.EndpointVarMapping:
    derived_from: tosca.datatypes.Root
    properties:
      ip_address: {type: string, required: false}
      protocol: {type: string, required: false}
      port: {type: string, required: false}
      url_path: {type: string, required: false}
artifact_types:
  org.alien4cloud.artifacts.BatchScript: {derived_from: tosca.artifacts.Root, file_ext: [bat, cmd]}
  org.alien4cloud.artifacts.AnsiblePlaybook:
    {derived_from: tosca.artifacts.Root, mime_type: application/zip, file_ext: [ansible]}
  org.alien4cloud.artifacts.GangjaConfig: {derived_from: tosca.artifacts.Root, mime_type: text/plain, file_ext: [ja]}
capability_types:
  tosca.capabilities.Node: {derived_from: tosca.capabilities.Root}
  tosca.capabilities.Container:
    derived_from: tosca.capabilities.Root
    properties:
      num_cpus: {type: integer, required: false, constraints: [{greater_or_equal: 1}]}
      cpu_frequency: {type: scalar-unit.frequency, required: false, constraints: [{greater_or_equal: 0.1 GHz}]}
      disk_size: {type: scalar-unit.size, required: false, constraints: [{greater_or_equal: 0 MB}]}
      mem_size: {type: scalar-unit.size, required: false, constraints: [{greater_or_equal: 0 MB}]}
  tosca.capabilities.Endpoint:
    derived_from: tosca.capabilities.Root
    properties:
      protocol: {type: string, default: tcp}
      port: {type: integer, required: false, constraints: [{in_range: [1, 65535]}]}
      secure: {type: boolean, default: false}
      url_path: {type: string, required: false}
      port_name: {type: string, required: false}
      network_name: {type: string, required: false, default: PRIVATE}
      initiator: {type: string, default: source, constraints: [{valid_values: [source, target, peer]}]}
    attributes:
      ip_address: {type: string}
  tosca.capabilities.Endpoint.Public:
    derived_from: tosca.capabilities.Endpoint
    properties:
      network_name: {type: string, default: PUBLIC, constraints: [{equal: PUBLIC}]}
  tosca.capabilities.Endpoint.Admin:
    derived_from: tosca.capabilities.Endpoint
    properties:
      secure: {type: boolean, default: true, constraints: [{equal: true}]}
  tosca.capabilities.Endpoint.Database: {derived_from: tosca.capabilities.Endpoint}
  tosca.capabilities.Attachment: {derived_from: tosca.capabilities.Root}
  tosca.capabilities.OperatingSystem:
    derived_from: tosca.capabilities.Root
    properties:
      architecture: {type: string, required: false}
      type: {type: string, required: false}
      distribution: {type: string, required: false}
      version: {type: version, required: false}
  tosca.capabilities.Scalable:
    derived_from: tosca.capabilities.Root
    properties:
      min_instances: {type: integer, default: 1}
      max_instances: {type: integer, default: 1}
      default_instances: {type: integer, required: false, default: 1}
  tosca.capabilities.network.Bindable: {derived_from: tosca.capabilities.Node}
  tosca.capabilities.Connectivity: {derived_from: tosca.capabilities.Root}
  org.alien4cloud.capabilities.ClusterController:
    derived_from: tosca.capabilities.Root
    properties:
      min_instances: {type: integer, default: 1}
      max_instances: {type: integer, default: 1}
      default_instances: {type: integer, required: false, default: 1}
  org.alien4cloud.capabilities.Proxy:
    derived_from: tosca.capabilities.Endpoint
    properties:
      proxy_for: {type: string}
  org.alien4cloud.capabilities.StaticEndpoint: {derived_from: tosca.capabilities.Endpoint}
relationship_types:
  tosca.relationships.Root:
    attributes:
      tosca_id: {type: string}
      tosca_name: {type: string}
      state: {type: string, default: initial}
    interfaces:
      Configure: {type: tosca.interfaces.relationship.Configure}
  tosca.relationships.DependsOn: {derived_from: tosca.relationships.Root, valid_target_types: [tosca.capabilities.Node]}
  tosca.relationships.HostedOn:
    {derived_from: tosca.relationships.Root, valid_target_types: [tosca.capabilities.Container]}
  tosca.relationships.ConnectsTo:
    derived_from: tosca.relationships.Root
    valid_target_types: [tosca.capabilities.Endpoint]
    properties:
      credential: {type: tosca.datatypes.Credential, required: false}
  tosca.relationships.AttachTo:
    {derived_from: tosca.relationships.Root, valid_target_types: [tosca.capabilities.Attachment]}
  tosca.relationships.RoutesTo:
    {derived_from: tosca.relationships.ConnectsTo, valid_target_types: [tosca.capabilities.Endpoint]}
  tosca.relationships.Network:
    {derived_from: tosca.relationships.Root, valid_target_types: [tosca.capabilities.Connectivity]}
  org.alien4cloud.relationships.ConnectsToStaticEndpoint:
    derived_from: tosca.relationships.ConnectsTo
    valid_target_types: [org.alien4cloud.capabilities.StaticEndpoint]
    properties:
      var_mapping: {type: org.alien4cloud.data.EndpointVarMapping, required: false}
node_types:
  tosca.nodes.Root:
    attributes:
      tosca_id: {type: string}
      tosca_name: {type: string}
      state: {type: string}
    requirements:
      - dependency:
          capability: tosca.capabilities.Node
          node: tosca.nodes.Root
          relationship: tosca.relationships.DependsOn
          occurrences: [0, UNBOUNDED]
    capabilities:
      feature: {type: tosca.capabilities.Node}
    interfaces:
      Standard: {type: tosca.interfaces.node.lifecycle.Standard}
  tosca.nodes.Compute:
    derived_from: tosca.nodes.Root
    attributes:
      ip_address: {type: string}
      private_address: {type: string}
      public_ip_address: {type: string}
      public_address: {type: string}
    requirements:
      - network:
          capability: tosca.capabilities.Connectivity
          occurrences: [0, UNBOUNDED]
    capabilities:
      host: {type: tosca.capabilities.Container}
      os: {type: tosca.capabilities.OperatingSystem}
      scalable: {type: tosca.capabilities.Scalable}
      endpoint: {type: tosca.capabilities.Endpoint.Admin}
      attach: {type: tosca.capabilities.Attachment}
  tosca.nodes.SoftwareComponent:
    derived_from: tosca.nodes.Root
    properties:
      component_version: {type: version, required: false}
    requirements:
      - host:
          capability: tosca.capabilities.Container
          node: tosca.nodes.Compute
          relationship: tosca.relationships.HostedOn
  tosca.nodes.WebServer:
    derived_from: tosca.nodes.SoftwareComponent
    capabilities:
      data_endpoint: {type: tosca.capabilities.Endpoint}
      admin_endpoint: {type: tosca.capabilities.Endpoint.Admin}
      host: {type: tosca.capabilities.Container, valid_source_types: [tosca.nodes.WebApplication]}
  tosca.nodes.WebApplication:
    derived_from: tosca.nodes.Root
    requirements:
      - host:
          capability: tosca.capabilities.Container
          node: tosca.nodes.WebServer
          relationship: tosca.relationships.HostedOn
    capabilities:
      app_endpoint: {type: tosca.capabilities.Endpoint}
  tosca.nodes.DBMS:
    derived_from: tosca.nodes.SoftwareComponent
    properties:
      root_password: {type: string, required: false}
      port: {type: integer, required: false}
    capabilities:
      host: {type: tosca.capabilities.Container, valid_source_types: [tosca.nodes.Database]}
  tosca.nodes.Database:
    derived_from: tosca.nodes.Root
    properties:
      name: {type: string}
      port: {type: integer, required: false}
      user: {type: string, required: false}
      password: {type: string, required: false}
    requirements:
      - host:
          capability: tosca.capabilities.Container
          node: tosca.nodes.DBMS
          relationship: tosca.relationships.HostedOn
    capabilities:
      database_endpoint: {type: tosca.capabilities.Endpoint.Database}
  tosca.nodes.ObjectStorage:
    derived_from: tosca.nodes.Root
    properties:
      name: {type: string}
      size: {type: scalar-unit.size, required: false, constraints: [{greater_or_equal: 0 GB}]}
      maxsize: {type: scalar-unit.size, required: false, constraints: [{greater_or_equal: 0 GB}]}
    capabilities:
      storage_endpoint: {type: tosca.capabilities.Endpoint}
  tosca.nodes.BlockStorage:
    derived_from: tosca.nodes.Root
    properties:
      size: {type: scalar-unit.size, constraints: [{greater_or_equal: 1 MB}]}
      volume_id: {type: string, required: false}
      snapshot_id: {type: string, required: false}
      device: {type: string, required: false}
    requirements:
      - attachment: {capability: tosca.capabilities.Attachment}
  tosca.nodes.Container.Runtime:
    derived_from: tosca.nodes.SoftwareComponent
    capabilities:
      host: {type: tosca.capabilities.Container}
      scalable: {type: tosca.capabilities.Scalable}
  tosca.nodes.Container.Application:
    derived_from: tosca.nodes.Root
    requirements:
      - host:
          capability: tosca.capabilities.Container
          node: tosca.nodes.Container.Runtime
          relationship: tosca.relationships.HostedOn
  tosca.nodes.LoadBalancer:
    derived_from: tosca.nodes.Root
    requirements:
      - application:
          capability: tosca.capabilities.Endpoint
          relationship: tosca.relationships.RoutesTo
          occurrences: [0, UNBOUNDED]
    capabilities:
      client: {type: tosca.capabilities.Endpoint.Public, occurrences: [0, UNBOUNDED]}
  tosca.nodes.Network:
    derived_from: tosca.nodes.Root
    properties:
      ip_version: {type: integer, required: false, default: 4, constraints: [{valid_values: [4, 6]}]}
      cidr: {type: string, required: false}
      gateway_ip: {type: string, required: false}
      network_name: {type: string, required: false}
      network_id: {type: string, required: false}
    capabilities:
      connection: {type: tosca.capabilities.Connectivity}
  org.alien4cloud.nodes.Job: {derived_from: tosca.nodes.Root}
policy_types:
  org.alien4cloud.policies.LabelPlacement:
    derived_from: tosca.policies.Placement
    properties:
      labels: {type: map, entry_schema: {type: string}, required: false}
  org.alien4cloud.policies.Affinity:
    derived_from: tosca.policies.Placement
    properties:
      level: {type: string, required: false, constraints: [{valid_values: [host, zone, region]}]}
  org.alien4cloud.policies.AntiAffinity:
    derived_from: tosca.policies.Placement
    properties:
      level: {type: string, required: false, constraints: [{valid_values: [host, zone, region]}]}
  org.alien4cloud.policies.ScheduleWorkflowPolicy:
    derived_from: tosca.policies.Root
    properties:
      cron_expression: {type: string}
      workflow_name: {type: string, default: run}
`;
