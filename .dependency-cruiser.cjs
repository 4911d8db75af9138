/**
 * `npm run lint` (after the import boundaries): no import circles in src (ADR 121). A circle makes module start-up
 * order matter (a value read before its module ran is `undefined`) and ties files that should part. Type-only
 * imports count: they are the first step of a circle at run time.
 * @type {import('dependency-cruiser').IConfiguration}
 */

// ---------------------------------------------------------------------------------------------------------------
// TEMPORARY KNOWN CIRCLES: the circles the code base has today, each named by one module it goes through. A circle
// through one of these is not reported. Remove an entry as soon as its circle is gone; add none.
//   - src/server/intake/client-visibility.ts -> questionnaires/response-service.ts (assertUuid) -> response-store.ts
//     or attention.ts -> client-visibility.ts
const KNOWN_CIRCLES = ['^src/server/intake/client-visibility[.]ts$'];
// ---------------------------------------------------------------------------------------------------------------

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'This import closes a circle: the modules above import each other in turn. Move what both sides need into a module of its own that imports neither, or pass it in (ADR 121).',
      from: {},
      to: { circular: true, viaOnly: { pathNot: KNOWN_CIRCLES.join('|') } },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
  },
};
