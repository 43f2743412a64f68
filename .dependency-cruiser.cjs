/**
 * The import directions of docs/architecture.md, checked by `npm run deps` (part of `npm test`).
 * Each rule forbids one kind of upward arrow; a new folder that fits none of them is unchecked.
 */
const EMBEDDED = '^src/index/embedded/';
/** The embedded engine's stage folders, lowest first: a file imports only from its own stage or below. */
const STAGES = ['primitives', 'sets', 'build', 'request', 'evaluate', 'order', 'respond'];

const stageRules = STAGES.map((stage, i) => ({
  name: `embedded-${stage}-imports-down`,
  comment: `${stage}/ may import only from ${STAGES.slice(0, i + 1).join(', ')} (src/index/embedded/README.md, "Stages")`,
  severity: 'error',
  from: { path: `${EMBEDDED}${stage}/` },
  to: { path: `${EMBEDDED}(${[...STAGES.slice(i + 1), '[^/]+$'].join('|')})` },
}));

const upward = (name, from, to) => ({ name, severity: 'error', from: { path: from }, to: { path: to } });

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    upward('query-knows-no-serving', '^src/query/', '^(src/(http|service|runtime|cli)|loaders)/'),
    upward('engines-know-no-requests', '^src/index/', '^(src/(http|service|query|runtime|cli)|loaders)/'),
    upward('service-knows-no-http', '^src/service/', '^(src/(http|runtime|cli)|loaders)/'),
    upward('http-knows-no-loaders', '^src/http/', '^(src/(runtime|cli)|loaders)/'),
    {
      name: 'browser-knows-no-server',
      comment: 'the explorer page (public/) runs in a browser: it imports its own modules only, never the server or Node',
      severity: 'error',
      from: { path: '^public/' },
      to: { pathNot: '^public/' },
    },
    upward('http-answers-know-no-routes', '^src/http/answers/', '^src/http/(plugins|routes|v0)/'),
    upward('http-plugins-know-no-routes', '^src/http/plugins/', '^src/http/(routes|v0)/'),
    {
      name: 'legacy-interface-is-one-plugin',
      comment: 'only app.ts registers the legacy interface (src/http/v0/README.md); nothing else of src/http knows it',
      severity: 'error',
      from: { path: '^src/http/', pathNot: '^src/http/(v0/|app\\.ts$)' },
      to: { path: '^src/http/v0/' },
    },
    upward('domain-stands-alone', '^src/(taxon|search)/', '^(src/(http|service|query|index|runtime|cli)|loaders)/'),
    ...stageRules,
    {
      name: 'embedded-surface',
      comment:
        'outside src/index/embedded/, the embedded engine is imported through its index.ts only: the surface it declares (tests exempt)',
      severity: 'error',
      from: { pathNot: EMBEDDED },
      to: { path: EMBEDDED, pathNot: `${EMBEDDED}index\\.ts$` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
