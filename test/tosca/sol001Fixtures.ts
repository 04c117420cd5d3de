/** Fixture text the SOL001 rule tests share: a 1.2 file importing SOL001 2.6.1 by forge URL, and one VDU. */

/** The version line and the imports of the SOL001 2.6.1 common and VNFD type files (built in, never fetched). */
export const SOL001_261 = `tosca_definitions_version: tosca_simple_yaml_1_2
imports:
  - https://forge.etsi.org/rep/nfv/SOL001/raw/v2.6.1/etsi_nfv_sol001_common_types.yaml
  - https://forge.etsi.org/rep/nfv/SOL001/raw/v2.6.1/etsi_nfv_sol001_vnfd_types.yaml
`;

/** A `VDU1` node template of `tosca.nodes.nfv.Vdu.Compute` with a 1..3 `vdu_profile`. */
export const VDU = `    VDU1:
      type: tosca.nodes.nfv.Vdu.Compute
      properties:
        name: VDU1
        description: VDU1
        vdu_profile: { min_number_of_instances: 1, max_number_of_instances: 3 }
      capabilities:
        virtual_compute:
          properties:
            virtual_memory: { virtual_mem_size: 512 MB }
            virtual_cpu: { num_virtual_cpu: 1 }
`;
