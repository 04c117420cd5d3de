/** Every TOSCA rule, in the order they run. Add a rule by writing its file and listing it here. */
import { ampRule } from './amp.js';
import { artifactFilesRule } from './artifactFiles.js';
import { cloudifyRefsRule } from './cloudifyRefs.js';
import { cloudifyVersionsRule } from './cloudifyVersions.js';
import { cloudifyPropertiesRule } from './cloudifyProperties.js';
import { cloudifyTypesRule } from './cloudifyTypes.js';
import { cyclesRule } from './cycles.js';
import { definitionsRule } from './definitions.js';
import { dialectsRule } from './dialects.js';
import { functionsRule } from './functions.js';
import { idiomsRule } from './idioms.js';
import { importsRule } from './imports.js';
import { interfacesRule } from './interfaces.js';
import { keynamesRule } from './keynames.js';
import { metadataRule } from './metadata.js';
import { duplicateKeysRule } from '../../shared/duplicateKeys.js';
import type { ToscaRule, ToscaRuleContext } from './context.js';
import { sol001AspectsRule } from './sol001Aspects.js';
import { sol001FlavourRule } from './sol001Flavour.js';
import { sol001FlavourUniqueRule } from './sol001FlavourUnique.js';
import { sol001ImportsRule } from './sol001Imports.js';
import { sol001LevelsRule } from './sol001Levels.js';
import { sol001NsdVnfRule } from './sol001NsdVnf.js';
import { sol001NsdVnfdsRule } from './sol001NsdVnfds.js';
import { sol001NsdLevelsRule } from './sol001NsdLevels.js';
import { sol001VlBitrateRule } from './sol001VlBitrate.js';
import { sol001NsProfileRule } from './sol001NsProfile.js';
import { sol001PolicyTargetsRule } from './sol001PolicyTargets.js';
import { sol001ProtocolDataRule } from './sol001ProtocolData.js';
import { sol001SwImageRule } from './sol001SwImage.js';
import { sol001VduCpRule } from './sol001VduCp.js';
import { sol001VnfNodeRule } from './sol001VnfNode.js';
import { sol001VduProfileRule } from './sol001VduProfile.js';
import { sol001VnfPropertiesRule } from './sol001VnfProperties.js';
import { syntaxRule } from './syntax.js';
import { templatesRule } from './templates.js';
import { tosca2CallOperationRule } from './tosca2CallOperation.js';
import { tosca2CallsRule } from './tosca2Calls.js';
import { tosca2DirectivesRule } from './tosca2Directives.js';
import { tosca2FunctionDefsRule } from './tosca2FunctionDefs.js';
import { tosca2MembersRule } from './tosca2Members.js';
import { tosca2PathsRule } from './tosca2Paths.js';
import { tosca2ValidationRule } from './tosca2Validation.js';
import { tosca2Rule } from './tosca2.js';
import { tosca2ReqCountRule } from './tosca2ReqCount.js';
import { tosca2InterfaceTypesRule } from './tosca2InterfaceTypes.js';
import { tosca2TypeVersionRule } from './tosca2TypeVersion.js';
import { tosca2RepositoriesRule } from './tosca2Repositories.js';
import { typesRule } from './types.js';
import { v2DataTypesRule } from './v2DataTypes.js';
import { v2ValuesRule } from './v2Values.js';
import { versionRule } from './version.js';
import { workflowsRule } from './workflows.js';

export const TOSCA_RULES: readonly ToscaRule[] = [
  syntaxRule,
  duplicateKeysRule<ToscaRuleContext>('TOSCA005'),
  versionRule,
  keynamesRule,
  tosca2Rule,
  metadataRule,
  importsRule,
  sol001ImportsRule,
  typesRule,
  definitionsRule,
  v2DataTypesRule,
  v2ValuesRule,
  templatesRule,
  tosca2ReqCountRule,
  tosca2DirectivesRule,
  interfacesRule,
  tosca2InterfaceTypesRule,
  tosca2TypeVersionRule,
  tosca2RepositoriesRule,
  functionsRule,
  tosca2CallsRule,
  tosca2PathsRule,
  tosca2MembersRule,
  tosca2FunctionDefsRule,
  tosca2ValidationRule,
  workflowsRule,
  tosca2CallOperationRule,
  artifactFilesRule,
  cyclesRule,
  idiomsRule,
  sol001LevelsRule,
  sol001AspectsRule,
  sol001VduProfileRule,
  sol001FlavourRule,
  sol001FlavourUniqueRule,
  sol001SwImageRule,
  sol001PolicyTargetsRule,
  sol001VduCpRule,
  sol001NsdVnfRule,
  sol001NsdVnfdsRule,
  sol001NsdLevelsRule,
  sol001VlBitrateRule,
  sol001VnfNodeRule,
  sol001VnfPropertiesRule,
  sol001ProtocolDataRule,
  sol001NsProfileRule,
  ampRule,
  dialectsRule,
  cloudifyRefsRule,
  cloudifyVersionsRule,
  cloudifyPropertiesRule,
  cloudifyTypesRule,
];
