/**
 * How the TOSCA pack cuts a document into regions for incremental analysis (features/shared/regions.ts): the
 * entries of every top-level section (one type of `node_types`), and one level deeper under `topology_template`
 * (2.0: `service_template`), whose entries are sections themselves, so that one node template is a region.
 */
import { regionScheme } from '../shared/regions.js';

export const TOPOLOGY_REGIONS = regionScheme('tosca', ['topology_template', 'service_template']);
