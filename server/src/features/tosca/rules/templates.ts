/**
 * Topology templates: TOSCA060 required property missing, TOSCA061 property/attribute the type does
 * not declare, TOSCA062 unknown requirement / capability name, TOSCA063 requirement target that is
 * not a node template or cannot satisfy the requirement, TOSCA064 (warning) a required requirement
 * left unassigned, TOSCA065 group members / policy targets, TOSCA066 substitution mappings; values
 * are checked against their definitions (TOSCA050–054 via values.ts).
 */
import { entries, getIn, asMap, type YMap, type YNode, type YPair } from '../../../syntax/tree.js';
import type { TNodeTemplate, TRequirementAssignment } from '../../../model/tosca/summary.js';
import type { CapInfo, PropInfo, ReqInfo, ToscaType, TypeTable } from '../../../model/tosca/typeTable.js';
import { modelInputs } from './modelInputs.js';
import { isOnce, memoKey, revalidated } from '../../../model/document.js';
import { chainComplete, checkValue, propTarget, cap } from '../values.js';
import { checkTypeRef } from './typeRefs.js';
import {
  alienDialect,
  ampDialect,
  isTosca2,
  simpleProfileOnly,
  type ToscaRule,
  type ToscaRuleContext,
} from './context.js';
import { didYouMean, suggestion } from '../../../util/suggest.js';
import { replaceWith } from '../../shared/fixData.js';
import { relationshipKind } from '../../../model/tosca/graph.js';
import { canSatisfy, nodeTemplateType, typedTemplate } from '../../../model/tosca/satisfy.js';
import { countRange } from './tosca2Shared.js';
import { entryFindings, regionKey } from '../../shared/regions.js';
import { TOPOLOGY_REGIONS } from '../topologyRegions.js';

const NODE_TEMPLATE_FINDINGS = regionKey('tosca.nodeTemplateFindings');

export const templatesRule: ToscaRule = {
  codes: ['TOSCA060', 'TOSCA061', 'TOSCA062', 'TOSCA063', 'TOSCA064', 'TOSCA065', 'TOSCA066'],
  when: simpleProfileOnly,
  check(ctx) {
    const topo = getIn(ctx.root, ctx.grammar.topologyKey);
    const nodes = entries(getIn(topo, 'node_templates'));
    // A keystroke in one node template of a large topology checks that template again; the others keep their
    // findings while nothing they read outside their own text changed (`nodeTemplateInputs`).
    // A model checked once (the workspace pass) keeps nothing for a next version: no inputs to compare.
    const inputs = nodes.length > 1 && !isOnce(ctx.doc) ? nodeTemplateInputs(ctx, nodes.length) : undefined;
    for (const p of nodes)
      entryFindings(
        ctx.doc,
        NODE_TEMPLATE_FINDINGS,
        p,
        inputs,
        ctx.report,
        (report) => checkNodeTemplate({ ...ctx, report }, p),
        TOPOLOGY_REGIONS,
      );
    for (const p of entries(getIn(topo, 'relationship_templates'))) checkRelationshipTemplate(ctx, p);
    for (const p of entries(getIn(topo, 'groups'))) checkGroup(ctx, p);
    for (const p of entries(getIn(topo, 'policies'))) checkPolicy(ctx, p);
    checkSubstitution(ctx, asMap(getIn(topo, 'substitution_mappings')));
    checkImportedSubstitutions(ctx);
  },
};

/**
 * Everything a node template's findings read besides its own text, as one string: the type table, whether the
 * imports were all read, the version, grammar and options, and of the topology the names the checks look up (every
 * node template's name, type and `copy`, which decide what a requirement may target; the relationship templates'
 * names and types; the group and input names; the substitution mappings' requirement targets). Undefined when two
 * node templates share a name: a template is then looked up by a name that is another's.
 */
function nodeTemplateInputs(ctx: ToscaRuleContext, written: number): string | undefined {
  const model = ctx.model;
  if (model.nodeTemplates.size !== written) return undefined;
  const parts = [modelInputs(ctx)];
  for (const n of model.nodeTemplates.values())
    parts.push(`n${n.name}\u0001${n.type?.name ?? ''}\u0001${n.copy?.name ?? ''}`);
  for (const r of model.relationshipTemplates.values()) parts.push(`r${r.name}\u0001${r.type?.name ?? ''}`);
  for (const g of model.groups.keys()) parts.push(`g${g}`);
  for (const i of model.inputs.keys()) parts.push(`i${i}`);
  for (const mp of model.summary.topology?.substitution?.requirements ?? [])
    parts.push(`s${mp.target.map((t) => t.name).join('\u0001')}`);
  return parts.join('\u0000');
}

/** Checks property (or attribute) assignments of a template against its type's definitions. */
export function checkAssignments(
  ctx: ToscaRuleContext,
  section: YNode | null,
  defs: ReadonlyMap<string, PropInfo>,
  what: string,
  opts: { complete: boolean; attributes?: boolean; alsoKnown?: ReadonlyMap<string, PropInfo> },
): void {
  const m = asMap(section);
  if (!m) return;
  for (const p of m.pairs) {
    const def = defs.get(p.key.text) ?? opts.alsoKnown?.get(p.key.text);
    if (!def) {
      // Cloudsoft AMP maps attributes to sensors: a template may set any.
      if (!opts.complete || (opts.attributes && ampDialect(ctx))) continue;
      const hint = didYouMean(p.key.text, defs.keys());
      ctx.report({
        code: 'TOSCA061',
        // Judgement: undeclared attribute values are common in dialects (Cloudsoft AMP assigns sensors); properties
        // must be declared.
        severity: opts.attributes ? 'warning' : 'error',
        span: p.key.span,
        message:
          `${cap(what)} declares no ` +
          `${opts.attributes ? 'attribute' : 'property'} \`${p.key.text}\`` +
          `${suggestion(hint, { label: 'it has', names: defs.keys(), most: 10 })}.`,
        ...replaceWith(hint),
      });
      continue;
    }
    let value = p.value;
    // Attribute assignments have a long notation, `{ description: ..., value: ... }` (§3.6.12).
    const long = opts.attributes ? asMap(value) : null;
    if (
      long &&
      long.pairs.some((q) => q.key.text === 'value') &&
      long.pairs.every((q) => q.key.text === 'value' || q.key.text === 'description')
    ) {
      value = long.pairs.find((q) => q.key.text === 'value')!.value;
    }
    checkValue(
      ctx,
      value,
      propTarget(def),
      `${opts.attributes ? 'attribute' : 'property'} \`${p.key.text}\` of ${what}`,
    );
  }
}

/** TOSCA060 for every required property without default that the template does not assign. */
function checkRequired(
  ctx: ToscaRuleContext,
  section: YNode | null,
  defs: ReadonlyMap<string, PropInfo>,
  what: string,
  span: { start: number; end: number },
  unassigned?: string,
): void {
  const m = asMap(section);
  const note = unassigned ?? (alienDialect(ctx) ? ALIEN_UNSET : undefined);
  // `forEach` and a loop, not `for...of` over the entries and `some`: this runs for every template and capability,
  // in V8's interpreter and baseline code, where those allocate per step.
  defs.forEach((def, name) => {
    if (!def.required || def.hasDefault || def.hasValue) return;
    if (m && hasKey(m.pairs, name)) return;
    ctx.report({
      code: 'TOSCA060',
      severity: note ? 'warning' : 'error',
      span,
      message:
        `${cap(what)} does not set the required property \`${name}\` (declared by \`${def.owner.name}\`, no ` +
        `default).${note ? ` ${note}` : ''}`,
    });
  });
}

function hasKey(pairs: readonly YPair[], key: string): boolean {
  for (let i = 0; i < pairs.length; i++) if (pairs[i]!.key.text === key) return true;
  return false;
}

/**
 * Judgement: a capability a template does not mention at all may be supplied by the orchestrator (Tacker's
 * Kubernetes VDUs take theirs from the Kubernetes resource), and tosca-parser checks only the capabilities a
 * template assigns, so its missing required properties are a warning.
 */
/**
 * Judgement: Alien4Cloud imports a topology whose required values are missing and asks for them before it deploys
 * (its topology editor lists them as tasks; a location's resource or the deployer fills them in).
 */
const ALIEN_UNSET =
  'Alien4Cloud accepts the topology and asks for the value before deploying it (a task in its topology editor).';

const UNASSIGNED_CAPABILITY =
  'The template does not assign this capability; tosca-parser checks only assigned capabilities, and an ' +
  'orchestrator may supply it.';

function checkNodeTemplate(ctx: ToscaRuleContext, p: YPair): void {
  const m = asMap(p.value);
  const tpl = ctx.model.nodeTemplates.get(p.key.text);
  if (!m || !tpl) return;
  const what = `node template \`${p.key.text}\``;
  // A template with `copy` and no `type` of its own has the type of the template it copies.
  const t = tpl.type || !tpl.copy ? checkTypeRef(ctx, tpl.type, ['node'], `the type of ${what}`) : copiedType(ctx, tpl);
  if (!t) {
    checkCopy(ctx, tpl);
    return;
  }
  const types = ctx.model.types;
  const complete = chainComplete(ctx, t);
  const props = types.properties(t);
  const abstract =
    !!tpl.copy ||
    tpl.hasNodeFilter ||
    tpl.directives.some(
      (d) => d.name === 'substitute' || d.name === 'select' || d.name === 'substitutable' || d.name === 'selectable',
    );
  const withType = `${what} (type \`${t.name}\`)`;
  // With `copy`, a data type value is merged over the copied template's, so it may give only some fields (TOSCA054).
  const vctx: ToscaRuleContext = tpl.copy ? { ...ctx, report: (f) => f.code !== 'TOSCA054' && ctx.report(f) } : ctx;
  checkAssignments(vctx, getIn(m, 'properties'), props, withType, { complete });
  if (complete && !abstract) checkRequired(ctx, getIn(m, 'properties'), props, withType, p.key.span);
  checkAssignments(ctx, getIn(m, 'attributes'), types.attributes(t), withType, {
    complete,
    attributes: true,
    alsoKnown: props,
  });
  // Capabilities.
  const caps = types.capabilities(t);
  const assigned = entries(getIn(m, 'capabilities'));
  if (complete && !abstract) {
    // Required capability properties without a default, whether or not the template mentions the capability.
    caps.forEach((def, name) => {
      const ct = types.resolve(def.type, 'capability');
      if (!ct || !chainComplete(ctx, ct)) return;
      const cp = assigned.find((x) => x.key.text === name);
      const cwhat = `capability \`${name}\` of ${what}`;
      checkRequired(
        ctx,
        getIn(asMap(cp?.value), 'properties'),
        capabilityProps(ctx, def, ct),
        cwhat,
        cp?.key.span ?? p.key.span,
        // TOSCA 2.0 §9.4: a required property with no value and no default is an error, mentioned or not.
        cp || ctx.grammar.id === '2_0' ? undefined : UNASSIGNED_CAPABILITY,
      );
    });
  }
  for (const cp of assigned) {
    const def = caps.get(cp.key.text);
    if (!def) {
      if (complete) {
        const hint = didYouMean(cp.key.text, caps.keys());
        ctx.report({
          code: 'TOSCA062',
          severity: 'error',
          span: cp.key.span,
          message:
            `Node type \`${t.name}\` has no capability ` +
            `\`${cp.key.text}\`${suggestion(hint, { label: 'capabilities', names: caps.keys() })}.`,
          ...replaceWith(hint),
        });
      }
      continue;
    }
    const ct = types.resolve(def.type, 'capability');
    if (!ct) continue;
    const capProps = capabilityProps(ctx, def, ct);
    const cm = asMap(cp.value);
    const cwhat = `capability \`${cp.key.text}\` of ${what}`;
    const ccomplete = chainComplete(ctx, ct);
    checkAssignments(vctx, getIn(cm, 'properties'), capProps, cwhat, { complete: ccomplete });
    checkAssignments(ctx, getIn(cm, 'attributes'), types.attributes(ct), cwhat, {
      complete: ccomplete,
      attributes: true,
      alsoKnown: capProps,
    });
  }
  checkRequirements(ctx, m, tpl, t, complete, abstract);
  const typeArtifacts = types.artifacts(t);
  for (const a of tpl.artifacts) {
    if (a.type) checkTypeRef(ctx, a.type, ['artifact'], `artifact \`${a.name}\` of ${what}`);
    // Alien4Cloud's topologies may leave an artifact's file to be uploaded in its editor (or taken from
    // `input_artifacts` by `get_input_artifact`) before deployment.
    if (!a.file && !a.fileFunction && !typeArtifacts.has(a.name) && complete && !alienDialect(ctx)) {
      ctx.report({
        code: 'TOSCA011',
        severity: 'error',
        span: a.keySpan,
        message:
          `Artifact \`${a.name}\` of ${what} has no \`file\`, and the node type defines no artifact of that ` +
          `name to refine.`,
      });
    }
  }
  checkCopy(ctx, tpl);
}

/** The node type a template without `type` gets through its `copy` chain (undefined when it ends nowhere). */
function copiedType(ctx: ToscaRuleContext, tpl: TNodeTemplate): ToscaType | undefined {
  const source = typedTemplate(ctx.model, tpl);
  return source === tpl ? undefined : nodeTemplateType(ctx.model, tpl);
}

function checkCopy(ctx: ToscaRuleContext, tpl: TNodeTemplate): void {
  if (tpl.copy && !ctx.model.nodeTemplates.has(tpl.copy.name)) {
    const hint = didYouMean(tpl.copy.name, ctx.model.nodeTemplates.keys());
    ctx.report({
      code: 'TOSCA063',
      severity: 'error',
      span: tpl.copy.span,
      message: `\`copy\` names \`${tpl.copy.name}\`, which is not a node template of this topology${suggestion(hint)}.`,
      ...replaceWith(hint),
    });
  }
}

/**
 * `capabilityProps` per capability definition and capability type, for one type table: a topology of hundreds of
 * templates of a few types asks for the same few, and a keystroke that keeps the type table (the model taken over)
 * keeps them too. Read only by the callers.
 */
interface CapPropsMemo {
  types: TypeTable;
  byDef: Map<CapInfo, Map<ToscaType, ReadonlyMap<string, PropInfo>>>;
}
const CAP_PROPS = memoKey<CapPropsMemo>('tosca.capabilityProps');

/** The properties of a capability of a node type: its capability type's, with the refinements the definition writes. */
function capabilityProps(ctx: ToscaRuleContext, def: CapInfo, ct: ToscaType): ReadonlyMap<string, PropInfo> {
  const types = ctx.model.types;
  // Checked again after an imported file changed, the same version has another table: the entries of the old one
  // (keyed by its own objects, so never answered again) are let go instead of kept with the version.
  const memo = revalidated(
    ctx.doc,
    CAP_PROPS,
    (own) => own.types === types,
    () => ({ types, byDef: new Map() }),
  );
  let byType = memo.byDef.get(def);
  if (!byType) memo.byDef.set(def, (byType = new Map()));
  let out = byType.get(ct);
  if (!out) byType.set(ct, (out = buildCapabilityProps(ctx, def, ct)));
  return out;
}

function buildCapabilityProps(ctx: ToscaRuleContext, def: CapInfo, ct: ToscaType): ReadonlyMap<string, PropInfo> {
  const capProps = new Map(ctx.model.types.properties(ct));
  for (const r of def.properties) {
    const prev = capProps.get(r.name);
    if (prev)
      capProps.set(r.name, {
        ...prev,
        constraints: [...prev.constraints],
        ...(r.type ? { type: r.type.name } : {}),
        ...(r.hasDefault ? { hasDefault: true } : {}),
        ...(r.hasValue ? { hasValue: true } : {}),
        ...(r.required !== undefined ? { required: r.required } : {}),
      });
  }
  return capProps;
}

function checkRequirements(
  ctx: ToscaRuleContext,
  m: YMap,
  tpl: TNodeTemplate,
  t: ToscaType,
  complete: boolean,
  abstract: boolean,
): void {
  const types = ctx.model.types;
  const reqs = types.requirements(t);
  const what = `node template \`${tpl.name}\``;
  for (const ra of tpl.requirements) {
    const def = reqs.get(ra.name);
    if (!def) {
      if (complete) {
        const hint = didYouMean(ra.name, reqs.keys());
        ctx.report({
          code: 'TOSCA062',
          severity: 'error',
          span: ra.keySpan,
          message:
            `Node type \`${t.name}\` has no requirement ` +
            `\`${ra.name}\`${suggestion(hint, { label: 'requirements', names: reqs.keys() })}.`,
          ...replaceWith(hint),
        });
      }
      checkRequirementTarget(ctx, ra, undefined, what);
      continue;
    }
    checkRequirementTarget(ctx, ra, def, what);
  }
  if (!complete || abstract) return;
  // Requirements exported through `substitution_mappings` are fulfilled by whoever uses the substituted node.
  const exported = new Set(
    (ctx.model.summary.topology?.substitution?.requirements ?? [])
      .filter((mp) => mp.target[0]?.name === tpl.name && mp.target[1])
      .map((mp) => mp.target[1]!.name),
  );
  // A mapping that names a requirement the type lacks is TOSCA066; the requirement it meant is exposed.
  for (const n of [...exported]) {
    if (reqs.has(n)) continue;
    const meant = [...reqs.keys()].find((k) => n.includes(k) || k.includes(n)) ?? didYouMean(n, reqs.keys());
    if (meant) exported.add(meant);
  }
  // ETSI GS NFV-SOL 001: the VNF node of a VNFD (a type derived from tosca.nodes.nfv.VNF) stands for the VNF
  // in the NS; its requirements (virtual_link_external, ...) are bound by the NSD, never inside the VNFD.
  const ancestors = [t, ...types.ancestors(t)].map((x) => x.name);
  if (ancestors.includes('tosca.nodes.nfv.VNF') && !ancestors.includes('tosca.nodes.Compute')) return;
  const nfvCp = ancestors.includes('tosca.nodes.nfv.CP');
  const v2 = isTosca2(ctx);
  reqs.forEach((def, name) => {
    // TOSCA 2.0 counts relationships with `count_range`, [0, UNBOUNDED] when not declared (TOSCA Version 2.0
    // §8.4): only a declared minimum of one or more makes a requirement one a template must assign.
    const range = v2 ? (countRange(ctx, t, name) ?? def.occurrences ?? { min: 0, max: 'UNBOUNDED' }) : def.occurrences;
    if (range && range.min < 1) return;
    if (tpl.requirements.some((r) => r.name === name) || exported.has(name)) return;
    // A SOL001 VduCp without its VDU is reported by TOSCA352 (sol001VduCp.ts), with what to do.
    if (name === 'virtual_binding' && ancestors.includes('tosca.nodes.nfv.VduCp')) return;
    // The NFV 1.0 profile's CP names Port's `link` / `binding` `virtualLink` / `virtualBinding`.
    const nfvName = { link: 'virtualLink', binding: 'virtualBinding' }[name];
    if (nfvCp && nfvName && def.owner.name === 'tosca.nodes.network.Port') {
      if (tpl.requirements.some((r) => r.name === nfvName) || exported.has(nfvName)) return;
    }
    // Cloudsoft AMP runs a node without a host in its location (or its parent's).
    if (ampDialect(ctx) && relationshipKind(types, types.resolve(def.relationship, 'relationship')) === 'HostedOn')
      return;
    // Judgement (EXPECTED §5): the orchestrator may fulfil a dangling requirement, so only a warning.
    ctx.report({
      code: 'TOSCA064',
      severity: 'warning',
      span: tpl.keySpan,
      message:
        `${cap(what)} does not assign the requirement \`${name}\` (${v2 ? 'count_range' : 'occurrences'} ` +
        (`${range ? `[${range.min}, ${range.max}]` : '[1, 1] by default'}, from ` +
          `\`${def.owner.name}\`); an orchestrator must find a target for it.`),
    });
  });
  void m;
}

/** Names of the node templates (other than the requiring one) that can satisfy `def` (all when it is unknown). */
function satisfyingTemplates(ctx: ToscaRuleContext, def: ReqInfo | undefined, what: string): string[] {
  const out: string[] = [];
  for (const n of ctx.model.nodeTemplates.values()) {
    if (what === `node template \`${n.name}\``) continue;
    const t = nodeTemplateType(ctx.model, n);
    if (!def || !t || canSatisfy(ctx.model.types, def, t)) out.push(n.name);
  }
  return out;
}

function checkRequirementTarget(
  ctx: ToscaRuleContext,
  ra: TRequirementAssignment,
  def: ReqInfo | undefined,
  what: string,
): void {
  const types = ctx.model.types;
  const rwhat = `requirement \`${ra.name}\` of ${what}`;
  let targetType: ToscaType | undefined;
  let targetTemplate: TNodeTemplate | undefined;
  if (ra.node) {
    targetTemplate = ctx.model.nodeTemplates.get(ra.node.name);
    if (targetTemplate) {
      targetType = nodeTemplateType(ctx.model, targetTemplate);
    } else {
      const asType = types.resolve(ra.node.name, 'node');
      if (asType) targetType = asType;
      else if (
        ctx.model.relationshipTemplates.has(ra.node.name) ||
        ctx.model.groups.has(ra.node.name) ||
        ctx.model.inputs.has(ra.node.name)
      ) {
        ctx.report({
          code: 'TOSCA063',
          severity: 'error',
          span: ra.node.span,
          message: `\`${ra.node.name}\` (target of ${rwhat}) is not a node template.`,
        });
        return;
      } else {
        // Only templates that can satisfy the requirement are suggested: accepting the suggestion must not give a
        // new TOSCA063.
        const hint = didYouMean(ra.node.name, satisfyingTemplates(ctx, def, what));
        ctx.report({
          code: 'TOSCA063',
          severity: ctx.model.closure.incomplete ? 'warning' : 'error',
          span: ra.node.span,
          message:
            `The target \`${ra.node.name}\` of ${rwhat} is neither a node template of this topology nor a ` +
            `known node type${suggestion(hint)}.`,
          ...replaceWith(hint),
        });
        return;
      }
    }
  }
  // Relationship: a relationship template name or a relationship type.
  let relType: ToscaType | undefined;
  if (ra.relationship) {
    if (ra.relationshipInline)
      relType = checkTypeRef(ctx, ra.relationship, ['relationship'], `the relationship of ${rwhat}`);
    else {
      const rt = ctx.model.relationshipTemplates.get(ra.relationship.name);
      if (rt) relType = types.resolve(rt.type?.name, 'relationship');
      else
        relType = checkTypeRef(
          ctx,
          ra.relationship,
          ['relationship'],
          `the relationship of ${rwhat} (neither a relationship template nor a type)`,
        );
    }
  }
  if (!def || !targetType) return;
  // The target must be of the node type the definition asks for.
  const wantNode = def.node ? types.resolve(def.node, 'node') : undefined;
  if (wantNode && ra.node && !types.isA(targetType, wantNode) && chainComplete(ctx, targetType)) {
    // Alien4Cloud matches a requirement by its capability type and deploys such targets (a Tomcat hosted on a JDK).
    const alien = alienDialect(ctx);
    ctx.report({
      code: 'TOSCA063',
      severity: alien ? 'warning' : 'error',
      span: ra.node.span,
      message:
        `The target of ${rwhat} must be a \`${wantNode.name}\` (per \`${def.owner.name}\`), but ` +
        `\`${ra.node.name}\` is a \`${targetType.name}\`.` +
        (alien
          ? ' Alien4Cloud matches requirements by capability type only and accepts it; other processors do not.'
          : ''),
    });
    return;
  }
  // The target must offer a matching capability.
  const wantCapName = ra.capability?.name ?? def.capability;
  if (!wantCapName || !chainComplete(ctx, targetType)) return;
  const targetCaps = types.capabilities(targetType);
  if (targetCaps.has(wantCapName)) return; // named capability
  const wantCap = types.resolve(wantCapName, 'capability');
  if (!wantCap) {
    if (ra.capability) {
      ctx.report({
        code: 'TOSCA063',
        severity: 'error',
        span: ra.capability.span,
        message:
          `\`${wantCapName}\` (in ${rwhat}) is neither a capability of \`${targetType.name}\` nor a ` +
          `capability type.`,
      });
    }
    return;
  }
  const offers = [...targetCaps.values()].some((c) => {
    const ct = types.resolve(c.type, 'capability');
    return ct ? types.isA(ct, wantCap) : false;
  });
  if (!offers) {
    const defect = KNOWN_SPEC_DEFECTS.find(
      (k) => k.type === def.owner.name && k.requirement === def.name && def.owner.source === 'catalog',
    );
    ctx.report({
      code: 'TOSCA063',
      severity: defect ? 'warning' : 'error',
      span: ra.capability?.span ?? ra.node?.span ?? ra.keySpan,
      message:
        `\`${ra.node?.name ?? targetType.name}\` (a \`${targetType.name}\`) offers no capability of type ` +
        (`\`${wantCap.name}\` that ` +
          `${rwhat} needs${
            targetCaps.size
              ? ` (it offers: ` + `${[...targetCaps.values()].map((c) => `${c.name}: ${c.type ?? '?'}`).join(', ')})`
              : ''
          }.${defect ? ` ${defect.note}` : ''}`),
    });
  }
  void relType;
}

/**
 * Normative requirement definitions the spec itself gets wrong: a mismatch there is only a
 * warning (judgement), since the spec's own examples break it.
 */
const KNOWN_SPEC_DEFECTS = [
  {
    type: 'tosca.nodes.Container.Application',
    requirement: 'network',
    note:
      "The spec is inconsistent here (its definition says Endpoint, Puccini's profile says Network, and the " +
      ("spec's own Container example targets a tosca.nodes.network.Network node; see tliron/go-puccini#142), so " +
        'this is a warning.'),
  },
];

function checkRelationshipTemplate(ctx: ToscaRuleContext, p: YPair): void {
  const m = asMap(p.value);
  const tpl = ctx.model.relationshipTemplates.get(p.key.text);
  if (!m || !tpl) return;
  const what = `relationship template \`${p.key.text}\``;
  const t = checkTypeRef(ctx, tpl.type, ['relationship'], `the type of ${what}`);
  if (!t) return;
  const types = ctx.model.types;
  const complete = chainComplete(ctx, t);
  const props = types.properties(t);
  checkAssignments(ctx, getIn(m, 'properties'), props, `${what} (type \`${t.name}\`)`, { complete });
  if (complete && !tpl.copy) checkRequired(ctx, getIn(m, 'properties'), props, what, p.key.span);
  checkAssignments(ctx, getIn(m, 'attributes'), types.attributes(t), what, {
    complete,
    attributes: true,
    alsoKnown: props,
  });
}

function checkGroup(ctx: ToscaRuleContext, p: YPair): void {
  const m = asMap(p.value);
  const g = ctx.model.groups.get(p.key.text);
  if (!m || !g) return;
  const what = `group \`${p.key.text}\``;
  const t = checkTypeRef(ctx, g.type, ['group'], `the type of ${what}`);
  const types = ctx.model.types;
  const allowed = t ? [t, ...types.ancestors(t)].find((x) => x.body.members)?.body.members : undefined;
  for (const mem of g.members) {
    const node = ctx.model.nodeTemplates.get(mem.name);
    const grp = ctx.model.groups.get(mem.name);
    if (!node && !grp) {
      const hint = didYouMean(mem.name, ctx.model.nodeTemplates.keys());
      ctx.report({
        code: 'TOSCA065',
        severity: 'error',
        span: mem.span,
        message: `Member \`${mem.name}\` of ${what} is not a node template${suggestion(hint)}.`,
        ...replaceWith(hint),
      });
      continue;
    }
    if (node && allowed?.length) {
      const nt = types.resolve(node.type?.name, 'node');
      if (
        nt &&
        chainComplete(ctx, nt) &&
        !allowed.some((a) => {
          const at = types.resolve(a, 'node');
          return at ? types.isA(nt, at) : true;
        })
      ) {
        ctx.report({
          code: 'TOSCA065',
          severity: 'error',
          span: mem.span,
          message:
            `Member \`${mem.name}\` (a \`${nt.name}\`) is not of a type group type \`${t!.name}\` allows ` +
            `(${allowed.join(', ')}).`,
        });
      }
    }
  }
  if (g.members.length !== new Set(g.members.map((x) => x.name)).size) {
    const seen = new Set<string>();
    for (const mem of g.members) {
      if (seen.has(mem.name))
        ctx.report({
          code: 'TOSCA065',
          severity: 'warning',
          span: mem.span,
          message: `\`${mem.name}\` is listed twice in the members of ${what}.`,
        });
      seen.add(mem.name);
    }
  }
  if (!t) return;
  const props = types.properties(t);
  const complete = chainComplete(ctx, t);
  checkAssignments(ctx, getIn(m, 'properties'), props, `${what} (type \`${t.name}\`)`, { complete });
  if (complete) checkRequired(ctx, getIn(m, 'properties'), props, what, p.key.span);
}

function checkPolicy(ctx: ToscaRuleContext, p: YPair): void {
  const m = asMap(p.value);
  const pol = [...ctx.model.policies.values()].find((x) => x.keySpan.start === p.key.span.start);
  if (!m || !pol) return;
  const what = `policy \`${p.key.text}\``;
  const t = checkTypeRef(ctx, pol.type, ['policy'], `the type of ${what}`);
  for (const tg of pol.targets) {
    if (ctx.model.nodeTemplates.has(tg.name) || ctx.model.groups.has(tg.name)) continue;
    const hint = didYouMean(tg.name, [...ctx.model.nodeTemplates.keys(), ...ctx.model.groups.keys()]);
    ctx.report({
      code: 'TOSCA065',
      severity: 'error',
      span: tg.span,
      message: `Target \`${tg.name}\` of ${what} is neither a node template nor a group${suggestion(hint)}.`,
      ...replaceWith(hint),
    });
  }
  if (!t) return;
  const types = ctx.model.types;
  const props = types.properties(t);
  // Cloudsoft AMP's tosca.policies.Scaling wraps its AutoScalerPolicy, whose configuration keys are the properties.
  const ampScaling = ampDialect(ctx) && types.isA(t, 'tosca.policies.Scaling');
  const complete = chainComplete(ctx, t) && !ampScaling;
  checkAssignments(ctx, getIn(m, 'properties'), props, `${what} (type \`${t.name}\`)`, { complete });
  if (complete) checkRequired(ctx, getIn(m, 'properties'), props, what, p.key.span);
}

function checkSubstitution(ctx: ToscaRuleContext, m: YMap | null): void {
  const sub = ctx.model.summary.topology?.substitution;
  if (!m || !sub) return;
  const t = checkTypeRef(ctx, sub.nodeType, ['node'], 'the `node_type` of `substitution_mappings`');
  const types = ctx.model.types;
  for (const mp of sub.properties) {
    const target = mp.target;
    if (mp.list && target.length === 1 && !ctx.model.inputs.has(target[0]!.name)) {
      ctx.report({
        code: 'TOSCA066',
        severity: 'error',
        span: target[0]!.span,
        message:
          `Property mapping \`${mp.name}\` names \`${target[0]!.name}\`, which is not an input of this ` + `topology.`,
      });
    }
  }
  for (const mp of [...sub.capabilities, ...sub.requirements]) {
    const tpl = mp.target[0];
    if (!tpl || mp.target.length < 2) continue;
    const node = ctx.model.nodeTemplates.get(tpl.name);
    if (!node) {
      ctx.report({
        code: 'TOSCA066',
        severity: 'error',
        span: tpl.span,
        message: `Mapping \`${mp.name}\` names \`${tpl.name}\`, which is not a node template of this topology.`,
      });
      continue;
    }
    const nt = nodeTemplateType(ctx.model, node);
    const member = mp.target[1]!;
    if (!nt || !chainComplete(ctx, nt)) continue;
    const isCap = sub.capabilities.includes(mp);
    const has = isCap ? types.capabilities(nt).has(member.name) : types.requirements(nt).has(member.name);
    if (!has)
      ctx.report({
        code: 'TOSCA066',
        severity: 'error',
        span: member.span,
        message:
          `Node template \`${tpl.name}\` (a \`${nt.name}\`) has no ` +
          `${isCap ? 'capability' : 'requirement'} \`${member.name}\`.`,
      });
  }
  if (t && chainComplete(ctx, t) && !sub.properties.length) {
    for (const [name, def] of types.properties(t)) {
      if (!def.required || def.hasDefault || def.hasValue || ctx.model.inputs.has(name)) continue;
      const alien = alienDialect(ctx);
      ctx.report({
        code: 'TOSCA066',
        severity: alien ? 'warning' : 'error',
        span: sub.nodeType?.span ?? sub.span,
        message:
          `The substituted node type \`${t.name}\` requires property \`${name}\`, but the topology has no ` +
          `input \`${name}\` to receive it (and no \`properties\` mapping).${alien ? ` ${ALIEN_UNSET}` : ''}`,
      });
    }
  }
}

/**
 * An imported file whose topology substitutes a node type must take that type's required properties as inputs
 * (tosca-parser checks this through the importer).
 */
function checkImportedSubstitutions(ctx: ToscaRuleContext): void {
  const types = ctx.model.types;
  for (const r of ctx.model.closure.rootImports) {
    if (r.status.kind !== 'ok') continue;
    const f = ctx.model.closure.files.find((x) => x.path === (r.status as { path: string }).path);
    const sub = f?.summary.topology?.substitution;
    if (!f || !sub || sub.properties.length || f.path === ctx.model.path) continue;
    const t = types.resolve(sub.nodeType?.name, 'node');
    if (!t || !chainComplete(ctx, t)) continue;
    const inputs = new Set(f.summary.topology!.inputs.map((i) => i.name));
    const missing = [...types.properties(t)]
      .filter(([n, d]) => d.required && !d.hasDefault && !d.hasValue && !inputs.has(n))
      .map(([n]) => n);
    if (missing.length) {
      ctx.report({
        code: 'TOSCA066',
        severity: 'error',
        span: r.imp.file?.span ?? r.imp.span,
        message:
          `The imported topology substitutes \`${t.name}\` but has no input for its required ` +
          `propert${missing.length > 1 ? 'ies' : 'y'} ${missing.map((x) => `\`${x}\``).join(', ')}.`,
      });
    }
  }
}
