/**
 * LM048: map a required property of the component's descriptor under the component's `properties`.
 *
 * The value: the assembly's own property of the same name when there is one (`value: ${prop}`). Otherwise
 * nothing can be guessed, and a made-up placeholder could be deployed as a value, so the line is left as
 * `value: ` for the user to complete: clients that accept snippet edits in code actions (VS Code through
 * LSP 3.18 `SnippetTextEdit`) put the cursor there, and everywhere the empty value is flagged (LM029) until
 * it is written. With a same-named property the snippet selects its name inside `${…}`, ready to change.
 */
import { topLevelProperties } from '../../../model/lm/summary.js';
import { action, defineFix } from '../../shared/fix.js';
import { escapeSnippet } from '../../shared/snippets.js';
import { addComponentProperties } from './propertyInsertion.js';

export const mapRequiredPropertyFix = defineFix('map-required-property', (ctx, d, data) => {
  const prop = data.properties[0];
  if (!prop) return [];
  const summary = ctx.doc.summary;
  const same = summary.kind === 'assembly' && topLevelProperties(summary).some((p) => p.name === prop);
  const edit = addComponentProperties(ctx, data.section, data.component, [
    { name: prop, value: same ? `\${${prop}}` : '', snippet: same ? `\\\${\${1:${escapeSnippet(prop)}}}` : '$1' },
  ]);
  return edit ? [action(ctx, d, `Map required property \`${prop}\``, [edit], true)] : [];
});
