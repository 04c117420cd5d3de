/**
 * Why a constraint of a published type file fails where practice differs, appended to TOSCA051's message.
 * ETSI GS NFV-SOL 001's VNF node type constrains each `vnfm_info` entry to `etsivnfm:vX.Y.Z` (an ETSI VNFM) or
 * `<digits>:<name>` (a VNFM named by its provider's IANA enterprise number). Tacker's samples write
 * `vnfm_info: [Tacker]`, and onboard, because their VNF type redefines `vnfm_info` with `valid_values: [Tacker]`;
 * without that redefinition tosca-parser (which Tacker onboards with) applies the SOL001 pattern and refuses the
 * package, so the finding stays an error and says what to do.
 */
export function constraintHint(what: string, op: string, pattern: unknown): string {
  if (op !== 'pattern' || typeof pattern !== 'string' || !pattern.includes('etsivnfm')) return '';
  if (!/\bproperty `vnfm_info`/.test(what)) return '';
  return (
    ' ETSI GS NFV-SOL 001 (tosca.nodes.nfv.VNF, vnfm_info): an entry is `etsivnfm:vX.Y.Z` or ' +
    '`<IANA enterprise number>:<VNFM name>`. A VNFM-specific value such as `Tacker` needs the VNF type to ' +
    "redefine `vnfm_info` (Tacker's samples give it `valid_values: [ Tacker ]`); without it tosca-parser, and so " +
    'Tacker, refuses the package too.'
  );
}
