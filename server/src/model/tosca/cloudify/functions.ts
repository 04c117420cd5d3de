/** Facts of Cloudify's intrinsic functions the rules and the editor share (Cloudify's "Blueprint DSL"). */

/** The functions whose first argument names a node template (or `SELF`, `SOURCE`, `TARGET`). */
export const CLOUDIFY_NODE_FUNCTIONS: ReadonlySet<string> = new Set([
  'get_property',
  'get_attribute',
  'get_attributes_list',
  'get_attributes_dict',
]);

/** The node keywords those functions take in place of a node template's name. */
export const CLOUDIFY_NODE_KEYWORDS: ReadonlySet<string> = new Set(['SELF', 'SOURCE', 'TARGET']);
