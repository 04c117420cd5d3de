/**
 * TOSCA215: a repository name defined twice in one TOSCA 2.0 namespace: by this file and by a file
 * it imports without a `namespace` (TOSCA Version 2.0 §6.8.4: names are unique within each
 * namespace, repositories included).
 */
import { isTosca2, type ToscaRule } from './context.js';

export const tosca2RepositoriesRule: ToscaRule = {
  codes: ['TOSCA215'],
  when: isTosca2,
  check(ctx) {
    const own = ctx.model.summary.repositories;
    if (!own.length) return;
    const seen = new Map<string, string>();
    for (const f of ctx.model.closure.files) {
      if (f.path === ctx.model.path || f.prefix || f.viaImporter) continue;
      for (const r of f.summary.repositories) if (!seen.has(r.name)) seen.set(r.name, f.path);
    }
    for (const r of own) {
      const other = seen.get(r.name);
      if (!other) continue;
      ctx.report({
        code: 'TOSCA215',
        severity: 'error',
        span: r.keySpan,
        message:
          `Repository \`${r.name}\` is also defined by the imported \`${other.slice(other.lastIndexOf('/') + 1)}\`, ` +
          'in the same namespace: TOSCA Version 2.0 §6.8.4 makes names unique within a namespace. Rename one, ' +
          'or import that file with a `namespace`.',
      });
    }
  },
};
