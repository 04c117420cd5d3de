/**
 * Eclipse Winery's repository layout (the RADON particles use it): one definition per file,
 * `<root>/<kind folder>/<namespace>/<name>/<Kind>.tosca`, names resolved across the repository
 * without `imports`. Only files laid out so count as one repository.
 */
const KIND_FOLDERS =
  'nodetypes|datatypes|capabilitytypes|relationshiptypes|artifacttypes|policytypes|grouptypes|interfacetypes|' +
  'requirementtypes|servicetemplates|nodetypeimplementations|relationshiptypeimplementations|artifacttemplates|' +
  'policytemplates';
const LAYOUT = new RegExp(`^(.*)/(?:${KIND_FOLDERS})/[^/]+/[^/]+/[^/]+\\.tosca$`);

/** The root folder of the Winery repository `path` lies in, or undefined when it is not laid out so. */
export function wineryRoot(path: string): string | undefined {
  return LAYOUT.exec(path)?.[1];
}
