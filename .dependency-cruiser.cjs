/**
 * `npm run lint` (after the import boundaries): no import circles in src (ADR 121). A circle makes module start-up
 * order matter (a value read before its module ran is `undefined`) and ties files that should part. Type-only
 * imports count: they are the first step of a circle at run time.
 * @type {import('dependency-cruiser').IConfiguration}
 */

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'This import closes a circle: the modules above import each other in turn. Move what both sides need into a module of its own that imports neither, or pass it in (ADR 121).',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
  },
};
