/**
 * The one did-you-mean threshold (util/suggest.ts) that every suggestion of both packs uses: a
 * slip is suggested, a different word is not, however long the words.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { didYouMean, editDistance, suggestionLimit } from '../../server/src/util/suggest.js';
import { ASSEMBLY_GRAMMAR, RESOURCE_GRAMMAR, mapSpecOf } from '../../server/src/model/lm/grammar.js';

const topKeys = (g: typeof RESOURCE_GRAMMAR) => mapSpecOf(g)!.keys.map((k) => k.key);

test('a generator key such as `meta-type` is too far from `data-types` to be suggested', () => {
  assert.equal(editDistance('meta-type', 'data-types'), 3);
  assert.equal(suggestionLimit('meta-type'), 2);
  assert.equal(didYouMean('meta-type', topKeys(RESOURCE_GRAMMAR)), undefined);
  assert.equal(didYouMean('meta-type', topKeys(ASSEMBLY_GRAMMAR)), undefined);
});

test('slips within the threshold are suggested: one for short words, two up to 11 characters, three beyond', () => {
  assert.equal(didYouMean('lifecyle', topKeys(RESOURCE_GRAMMAR)), 'lifecycle');
  assert.equal(didYouMean('nmae', ['name']), 'name');
  assert.equal(didYouMean('nmea', ['name']), undefined);
  assert.equal(didYouMean('data-typse', topKeys(RESOURCE_GRAMMAR)), 'data-types');
  assert.equal(didYouMean('private_propertys', topKeys(RESOURCE_GRAMMAR)), 'private-properties');
  assert.equal(didYouMean('lb', ['vs']), undefined);
  assert.equal(didYouMean('derived_from4', ['derived_from']), 'derived_from');
});
