/** `uriOfKey`'s short cut for plain POSIX paths gives what vscode-uri gives. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { URI } from 'vscode-uri';
import { uriOfKey } from '../../server/src/lsp/convert.js';

test('file URIs of paths: the same as vscode-uri, plain or not', () => {
  const paths = [
    '/ws/p1/Contains/r-1/Definitions/lm/resource.yaml',
    '/a/b~c/d_e.f-g',
    '/',
    '/a//b',
    '//server/share/x.yaml',
    '/a b/c.yaml',
    '/a%20b/c.yaml',
    '/a#b/c?.yaml',
    '/a:b/c.yaml',
    '/ä/ü.yaml',
    '/a+b/c@d/e!f/(g)/[h]/x,y;z=1&2$.yaml',
    'c:/ws/x.yaml',
    'C:\\ws\\x.yaml',
  ];
  // Every printable ASCII character in a segment.
  for (let c = 32; c < 127; c++) paths.push(`/ws/x${String.fromCharCode(c)}y/z.yaml`);
  for (const p of paths) assert.equal(uriOfKey(p), URI.file(p).toString(), p);
});
