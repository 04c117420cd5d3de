/**
 * The manifest's metadata block (ETSI GS NFV-SOL 004 §4.3.2): the keys of a VNF package, a PNFD
 * archive or an NS package, and for a VNF package its agreement with the VNFD. Tacker does not
 * read this block, so every finding here is a warning.
 */
import type { Manifest } from '../../../model/tosca/package/manifest.js';
import type { VnfdFacts } from '../../../model/tosca/package/vnfd.js';
import type { Findings } from './check.js';

export const METADATA_KEYS = {
  VNF: ['vnf_provider_id', 'vnf_product_name', 'vnf_release_date_time', 'vnf_package_version'],
  PNF: ['pnfd_provider', 'pnfd_name', 'pnfd_release_date_time', 'pnfd_archive_version'],
  NS: ['nsd_designer', 'nsd_invariant_id', 'nsd_name', 'nsd_release_date_time', 'nsd_file_structure_version'],
} as const;

/** Optional keys SOL004 defines besides the required ones. */
export const METADATA_OPTIONAL = ['vnf_software_version', 'compatible_specification_versions', 'vnfm_info'];

/** RFC 3339 date and time (SOL004 writes the release date that way). */
const RFC3339 = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

export function checkMetadata(file: string, mf: Manifest, facts: VnfdFacts | undefined, out: Findings): void {
  const md = mf.metadata;
  if (!md) {
    out.first(
      file,
      'warning',
      'TOSCA310',
      'This manifest has no `metadata:` block (for a VNF package: vnf_provider_id, vnf_product_name, ' +
        'vnf_release_date_time, vnf_package_version), which ETSI GS NFV-SOL 004 §4.3.2 requires. ' +
        'Tacker onboards the package without it.',
    );
    return;
  }
  const keys = new Map(md.entries.map((l) => [l.key, l]));
  const kind = md.entries.some((l) => l.key.startsWith('pnfd_'))
    ? 'PNF'
    : md.entries.some((l) => l.key.startsWith('nsd_'))
      ? 'NS'
      : 'VNF';
  const required = METADATA_KEYS[kind];
  const missing = required.filter((k) => !keys.get(k)?.value);
  if (missing.length) {
    out.line(
      file,
      md.header,
      'warning',
      'TOSCA310',
      `The ${kind} metadata lacks ${missing.map((k) => '`' + k + '`').join(', ')} (ETSI GS NFV-SOL 004 §4.3.2 ` +
        `requires ${required.join(', ')}). Tacker onboards the package without them.`,
    );
  }
  const date = keys.get(
    kind === 'VNF' ? 'vnf_release_date_time' : kind === 'PNF' ? 'pnfd_release_date_time' : 'nsd_release_date_time',
  );
  if (date?.value && !RFC3339.test(date.value.replace(/^["']|["']$/g, ''))) {
    out.value(
      file,
      date,
      'warning',
      'TOSCA310',
      `\`${date.value}\` is not an IETF RFC 3339 date and time (e.g. 2024-01-31T10:00:00+01:00), as ETSI GS ` +
        `NFV-SOL 004 §4.3.2 asks.`,
    );
  }
  if (kind !== 'VNF' || !facts) return;
  const pairs = [
    ['vnf_provider_id', facts.provider, 'provider'],
    ['vnf_product_name', facts.productName, 'product_name'],
    ['vnf_software_version', facts.softwareVersion, 'software_version'],
  ] as const;
  for (const [key, vnfd, prop] of pairs) {
    const l = keys.get(key);
    if (!l?.value || vnfd === undefined) continue;
    const v = l.value.replace(/^["']|["']$/g, '');
    if (v === vnfd) continue;
    out.value(
      file,
      l,
      'warning',
      'TOSCA311',
      `\`${key}\` is \`${v}\` but the VNFD's \`${prop}\` is \`${vnfd}\`: ETSI GS NFV-SOL 004 §4.3.2 has the ` +
        `manifest's metadata match the VNFD. Tacker does not compare them.`,
    );
  }
}
