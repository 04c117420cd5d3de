/** Normative artifact types (spec §5.4; §5.3 in 1.0). */
import { ALL, V1_3, secs } from './helpers.js';
import type { NormativeType } from './types.js';

export const ARTIFACT_TYPES: readonly NormativeType[] = [
  {
    kind: 'artifact',
    name: 'tosca.artifacts.Root',
    prefixed: 'tosca.artifacts.Root',
    description: 'Common ancestor of every artifact type.',
    versions: ALL,
    ...secs(ALL, '5.3.1', '5.4.1', '5.4.1', '5.4.1'),
  },
  {
    kind: 'artifact',
    name: 'tosca.artifacts.File',
    shorthand: 'File',
    prefixed: 'tosca:File',
    derivedFrom: 'tosca.artifacts.Root',
    description:
      'A plain file that the orchestrator just makes available, without treating it as a deployment or ' +
      'implementation artifact.',
    versions: ALL,
    ...secs(ALL, '5.3.2', '5.4.2', '5.4.2', '5.4.2'),
  },
  {
    kind: 'artifact',
    name: 'tosca.artifacts.Deployment',
    shorthand: 'Deployment',
    shorthandInferred: true,
    prefixed: 'tosca:Deployment',
    derivedFrom: 'tosca.artifacts.Root',
    description:
      'Parent of artifacts that package the thing to install or deploy (packages, archives, images). Orchestrators ' +
      'may reject deployment subtypes they do not know.',
    versions: ALL,
    ...secs(ALL, '5.3.3.1', '5.4.3.1', '5.4.3.1', '5.4.3.1'),
    notes: ['The specification text lost the definition block of this type; only its prose survives.'],
  },
  {
    kind: 'artifact',
    name: 'tosca.artifacts.Deployment.Image',
    shorthand: 'Deployment.Image',
    prefixed: 'tosca:Deployment.Image',
    derivedFrom: 'tosca.artifacts.Deployment',
    description:
      'Parent of opaque, already installed and configured images that are ready to run on a known kind of host.',
    versions: ALL,
    ...secs(ALL, '5.3.3.3', '5.4.3.3', '5.4.3.3', '5.4.3.3'),
  },
  {
    kind: 'artifact',
    name: 'tosca.artifacts.Deployment.Image.VM',
    shorthand: 'Deployment.Image.VM',
    shorthandInferred: true,
    prefixed: 'tosca:Deployment.Image.VM',
    derivedFrom: 'tosca.artifacts.Deployment.Image',
    description:
      'Parent of virtual machine (and container) images: a captured machine state that a hypervisor can boot.',
    versions: ALL,
    ...secs(ALL, '5.3.3.4', '5.4.3.4', '5.4.3.4', '5.4.3.4'),
  },
  {
    kind: 'artifact',
    name: 'tosca.artifacts.Implementation',
    shorthand: 'Implementation',
    shorthandInferred: true,
    prefixed: 'tosca:Implementation',
    derivedFrom: 'tosca.artifacts.Root',
    description:
      'Parent of artifacts that implement interface operations, such as scripts or configuration files. ' +
      'Orchestrators may reject implementation subtypes they do not know.',
    versions: ALL,
    ...secs(ALL, '5.3.4.1', '5.4.4.1', '5.4.4.1', '5.4.4.1'),
    notes: ['The specification text lost the definition block of this type; only its prose survives.'],
  },
  {
    kind: 'artifact',
    name: 'tosca.artifacts.Implementation.Bash',
    shorthand: 'Bash',
    altNames: ['Implementation.Bash'],
    prefixed: 'tosca:Bash',
    derivedFrom: 'tosca.artifacts.Implementation',
    description: 'A shell script to run with Bash.',
    versions: ALL,
    ...secs(ALL, '5.3.4.3', '5.4.4.3', '5.4.4.3', '5.4.4.3'),
    mimeType: 'application/x-sh',
    fileExt: ['sh'],
  },
  {
    kind: 'artifact',
    name: 'tosca.artifacts.Implementation.Python',
    shorthand: 'Python',
    altNames: ['Implementation.Python'],
    prefixed: 'tosca:Python',
    derivedFrom: 'tosca.artifacts.Implementation',
    description: 'A Python source file to run with a Python interpreter.',
    versions: ALL,
    ...secs(ALL, '5.3.4.4', '5.4.4.4', '5.4.4.4', '5.4.4.4'),
    mimeType: 'application/x-python',
    fileExt: ['py'],
  },
  {
    kind: 'artifact',
    name: 'tosca.artifacts.template',
    prefixed: 'tosca.artifacts.template',
    derivedFrom: 'tosca.artifacts.Root',
    description:
      'Parent of template files (e.g. Jinja2) that an operation or deployment renders before use. New in 1.3.',
    versions: [V1_3],
    ...secs([V1_3], undefined, undefined, undefined, '5.4.5.1'),
  },
];
