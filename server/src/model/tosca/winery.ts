/**
 * Eclipse Winery's repository layout (the RADON particles use it): one definition per file,
 * `<root>/<kind folder>/<namespace>/<name>/<Kind>.tosca`, names resolved across the repository
 * without `imports`. Only files laid out so count as one repository.
 */
const KIND_FOLDERS =
  'nodetypes|datatypes|capabilitytypes|relationshiptypes|artifacttypes|policytypes|grouptypes|interfacetypes|' +
  'requirementtypes|servicetemplates|nodetypeimplementations|relationshiptypeimplementations|artifacttemplates|' +
  'policytemplates';
// Files further down (a service template's `templates/` folder) belong to the same repository.
const LAYOUT = new RegExp(`^(.*?)/(?:${KIND_FOLDERS})/[^/]+/[^/]+/(?:[^/]+/)*[^/]+\\.tosca$`);

/** The root folder of the Winery repository `path` lies in, or undefined when it is not laid out so. */
export function wineryRoot(path: string): string | undefined {
  return LAYOUT.exec(path)?.[1];
}

/** Winery keeps its own copies of the normative types (`nodetypes/tosca.nodes/Compute/...`): the catalog has them. */
const NORMATIVE_COPY = new RegExp(`/(?:${KIND_FOLDERS})/tosca\\.[^/]*/[^/]+/[^/]+\\.tosca$`);

/** True for a Winery file that holds a copy of a normative type. */
export function isNormativeCopy(path: string): boolean {
  return NORMATIVE_COPY.test(path);
}
