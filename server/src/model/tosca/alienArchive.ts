/**
 * Alien4Cloud archives: an archive (a CSAR or a folder of type files) is known to Alien4Cloud by its
 * `template_name` and `template_version` (in `metadata`, or the Simple Profile 1.0 top-level keys of the
 * same names), and another archive imports it by `<template_name>:<template_version>`
 * (`tosca-normative-types:1.0.0-ALIEN20`). Read for files in Alien4Cloud's DSL (`alien_dsl_2_0_0` and its
 * siblings) only, so a standard file's metadata never becomes an import target.
 */
import { asMap, asScalar, getPair, type YMap, type YNode } from '../../syntax/tree.js';
import type { TRef } from './summary.js';

/**
 * `<template_name>:<template_version>` of an Alien4Cloud archive's file (its top-level mapping `m`), at the name's
 * span; undefined when either is missing. `metadata` wins over the top-level keys, as Alien4Cloud reads them.
 */
export function alienArchiveName(m: YMap): TRef | undefined {
  const meta = asMap(getPair(m, 'metadata')?.value);
  const name = scalar(getPair(meta, 'template_name')?.value) ?? scalar(getPair(m, 'template_name')?.value);
  const version = scalar(getPair(meta, 'template_version')?.value) ?? scalar(getPair(m, 'template_version')?.value);
  if (!name || !version) return undefined;
  return { name: `${name.text}:${version.text}`, span: name.span };
}

function scalar(n: YNode | null | undefined): { text: string; span: TRef['span'] } | undefined {
  const s = asScalar(n);
  return s && s.value !== null && s.text.trim() ? { text: s.text.trim(), span: s.span } : undefined;
}
