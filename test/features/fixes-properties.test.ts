/** Quick fixes for LM048 (map a required property) and LM049 (add placement mappings), with golden results. */
import { test } from 'node:test';
import { checkFix } from '../support/features.js';

/** A resource with a required input, composed by the assemblies below. */
const LIB = `
#- /ws/res/a/Definitions/lm/resource.yaml
name: resource::a::1.0
properties:
  key_name:
    type: string
    required: true
lifecycle:
  Create: {}
#- /ws/asm/Descriptor/assembly.yml
`;

test('fix LM048: map a required property under existing properties (value left to fill in, cursor there)', async () => {
  await checkFix(
    `${LIB}composition:
  $0a:
    type: resource::a::1.0
    properties:
      deploymentLocation:
        value: \${deploymentLocation}
      resourceManager:
        value: \${resourceManager}
  b:
    type: resource::elsewhere::1.0
`,
    'Map required property `key_name`',
    `
composition:
  a:
    type: resource::a::1.0
    properties:
      deploymentLocation:
        value: \${deploymentLocation}
      resourceManager:
        value: \${resourceManager}
      key_name:
        value: 
  b:
    type: resource::elsewhere::1.0
`,
    // Clients that take snippet edits get the cursor in the value; the others get the empty value, which LM029 flags.
    { snippet: '      key_name:\n        value: $1\n' },
  );
});

test(
  "fix LM048: creates `properties` with the file's indentation; passes a same-named assembly property " + 'down',
  async () => {
    await checkFix(
      `${LIB}properties:
    key_name:
        type: string
composition:
    a$0:
        type: resource::a::1.0
        quantity: 1
`,
      'Map required property `key_name`',
      `
properties:
    key_name:
        type: string
composition:
    a:
        type: resource::a::1.0
        quantity: 1
        properties:
            key_name:
                value: \${key_name}
`,
      // The snippet selects the property name inside `${…}`, ready to be changed.
      {
        snippet: '        properties:\n            key_name:\n                value: \\${${1:key_name}}\n',
      },
    );
  },
);

test('fix LM049: add both mappings in a new properties section', async () => {
  await checkFix(
    `${LIB}composition:
  n$0fs:
    type: resource::elsewhere::1.0
    quantity: 1

  other:
    type: resource::elsewhere::1.0
`,
    'Add `deploymentLocation` / `resourceManager` mappings',
    `
composition:
  nfs:
    type: resource::elsewhere::1.0
    quantity: 1
    properties:
      deploymentLocation:
        value: \${deploymentLocation}
      resourceManager:
        value: \${resourceManager}

  other:
    type: resource::elsewhere::1.0
`,
  );
});

test('fix LM049: add the one missing mapping to a reference, and under an empty `properties:`', async () => {
  await checkFix(
    `${LIB}references:
  ne$0t:
    type: resource::elsewhere::1.0
    properties:
      deploymentLocation: {value: '\${deploymentLocation}'}
      name:
        value: mynet
`,
    'Add `resourceManager` mapping',
    `
references:
  net:
    type: resource::elsewhere::1.0
    properties:
      deploymentLocation: {value: '\${deploymentLocation}'}
      name:
        value: mynet
      resourceManager:
        value: \${resourceManager}
`,
  );
  await checkFix(
    `${LIB}composition:
  $0s:
    type: resource::elsewhere::1.0
    properties:
`,
    'Add `deploymentLocation` / `resourceManager` mappings',
    `
composition:
  s:
    type: resource::elsewhere::1.0
    properties:
      deploymentLocation:
        value: \${deploymentLocation}
      resourceManager:
        value: \${resourceManager}
`,
  );
});
