/**
 * The public documents LM facts come from, by short id, and how hovers cite them. Every `source`
 * of the LM grammar is written with `cite`, so a user always sees a document they can look up
 * (title and section), never a note of ours.
 */
export const DOCUMENTS = {
  /** The assembly descriptor page of the CP4NA orchestration documentation (ibm.com/docs). */
  cp4na: 'IBM Cloud Pak for Network Automation documentation, "Assembly descriptors"',
  /** The older Stratoss LM documentation page. */
  stratoss: 'Stratoss LM documentation, "Assembly Descriptor"',
  /** ibm.github.io/telco-network-cloud-drivers: reference/descriptor-specification/resource-descriptor. */
  tncoResource: 'TNC-O drivers documentation, "Resource descriptor"',
  /** ibm.github.io/telco-network-cloud-drivers: reference/descriptor-specification/assembly-descriptor. */
  tncoAssembly: 'TNC-O drivers documentation, "Assembly descriptor"',
  /** github.com/IBM/lmctl: docs/projects (project configuration, layout, naming). */
  lmctl: 'lmctl documentation, "Projects"',
} as const;

export type DocumentId = keyof typeof DOCUMENTS;

/** `Document › section`, for one or more documents: `cite(['cp4na', 'properties'], ['tncoResource'])`. */
export function cite(...refs: [DocumentId, string?][]): string {
  return refs.map(([id, section]) => (section ? `${DOCUMENTS[id]} › ${section}` : DOCUMENTS[id])).join('; ');
}
