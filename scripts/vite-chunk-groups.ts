/**
 * Chunk groups read from the module graph (ADR 150). Rolldown splits shared code by the set of entries and lazy
 * imports that reach each module; a lazy import made only once a screen has loaded (a widget, RJSF's array field,
 * a form's validator) counts as a reach of its own, so what every form page loads together came in many small
 * chunks, each compressed apart, repeating its import list of hashed names and costing a request. Each group
 * puts together what is loaded together, by what the graph says rather than by a list of files, so a new module
 * lands in the right chunk by itself:
 * - `first`: what the app's page loads before its first paint, less what the respondent page ever loads (that
 *   page stays small, ADR 096);
 * - `engine`: what both form engines import, less the first paint's and what uses React (the respondent page's
 *   engine starts before React has arrived, ADR 101; `vite-respond-preload.ts` stops the build if it does not);
 * - `view`: what SchemaForm imports, less the engine's and the first paint's;
 * - `frame`: what the signed-in frame imports, less what the first paint, the respondent page and the public
 *   frame's pages load.
 * A module only ever imported lazily keeps a chunk of its own: its loader, and the bench's route model, name it.
 */
import { normalizePath, type Plugin } from 'vite';

/** The modules the groups start from, as paths from the project's root. */
const ROOTS = {
  app: 'index.html',
  respondent: 'respond.html',
  engines: ['src/client/forms/app-engine.ts', 'src/client/forms/questionnaire-engine.ts'],
  view: 'src/client/forms/schema-form.tsx',
  frame: 'src/client/app/account-layout.tsx',
  /** A page of the public frame: what it shares with the signed-in frame (the alert, a mutation) stays apart. */
  publicPage: 'src/client/features/auth/login-page.tsx',
};

/** React and its renderer. */
const REACT = /node_modules[\\/](react|react-dom)[\\/]/;

/** A module of import and export statements alone (a package's index): no code of its own. */
const BARREL = /^(\s*(import|export)\s[^;]*;)*\s*$/;

export type ChunkGroupName = 'first' | 'engine' | 'view' | 'frame';

interface Edges {
  imported: readonly string[];
  dynamic: readonly string[];
}

export interface ChunkGroups {
  /** Reads the module graph once it is built; the groups' tests run after it, when chunks are made. */
  plugin: Plugin;
  /** Whether the module `id` belongs in the group `name`. */
  has(name: ChunkGroupName, id: string): boolean;
}

/** The groups of a module graph: `graph` maps each module to what it imports, `barrels` are re-export modules. */
export function groupsOf(
  graph: ReadonlyMap<string, Edges>,
  barrels: ReadonlySet<string>,
): Record<ChunkGroupName, Set<string>> {
  const find = (path: string) => [...graph.keys()].find((id) => normalizePath(id).endsWith(`/${path}`));
  const idOf = (path: string) => {
    const id = find(path);
    if (id === undefined) throw new Error(`chunk groups: no module ${path} in the build (ADR 150)`);
    return id;
  };
  const closure = (roots: string[], withLazy: boolean) => {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      const edges = graph.get(id);
      for (const next of edges?.imported ?? []) visit(next);
      if (withLazy) for (const next of edges?.dynamic ?? []) visit(next);
    };
    for (const root of roots) visit(root);
    return seen;
  };
  // modules only ever imported lazily: grouped, their loader would fetch the whole group
  const lazyOnly = new Set([...graph.values()].flatMap((edges) => edges.dynamic));
  for (const edges of graph.values()) for (const id of edges.imported) lazyOnly.delete(id);
  // a build of something else than the browser's pages (the server's renderer of the respondent page, a test's
  // bundle) is left to rolldown
  if (find(ROOTS.app) === undefined)
    return { first: new Set(), engine: new Set(), view: new Set(), frame: new Set() };
  const grouped = (ids: Iterable<string>, ...not: Set<string>[]) =>
    new Set([...ids].filter((id) => !lazyOnly.has(id) && !not.some((set) => set.has(id))));

  // React's modules and every module importing them, however deep; a barrel passes nothing on (its importers
  // use the names they import, not all it re-exports)
  const react = new Set([...graph.keys()].filter((id) => REACT.test(id)));
  for (let grew = true; grew; ) {
    grew = false;
    for (const [id, edges] of graph)
      if (!react.has(id) && edges.imported.some((next) => react.has(next) && !barrels.has(next))) {
        react.add(id);
        grew = true;
      }
  }

  const first = closure([idOf(ROOTS.app)], false);
  const respondent = closure([idOf(ROOTS.respondent)], true);
  const respondentFirst = closure([idOf(ROOTS.respondent)], false);
  const [appEngine, questionnaireEngine] = ROOTS.engines.map((path) => closure([idOf(path)], false)) as [
    Set<string>,
    Set<string>,
  ];
  const engine = grouped(
    [...questionnaireEngine].filter((id) => appEngine.has(id)),
    first,
    respondentFirst,
    react,
  );
  return {
    first: grouped(first, respondent),
    engine,
    view: grouped(closure([idOf(ROOTS.view)], false), first, respondentFirst, engine),
    frame: grouped(
      closure([idOf(ROOTS.frame)], false),
      first,
      respondent,
      closure([idOf(ROOTS.publicPage)], false),
    ),
  };
}

export function chunkGroups(): ChunkGroups {
  let graph = new Map<string, Edges>();
  let barrels = new Set<string>();
  let groups: Record<ChunkGroupName, Set<string>> | null = null;
  return {
    plugin: {
      name: 'chunk-groups',
      apply: 'build',
      buildStart() {
        graph = new Map();
        barrels = new Set();
        groups = null;
      },
      buildEnd(error) {
        if (error) return;
        for (const id of this.getModuleIds()) {
          const info = this.getModuleInfo(id);
          if (!info) continue;
          graph.set(id, { imported: info.importedIds, dynamic: info.dynamicallyImportedIds });
          const code = info.code?.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
          if (code !== undefined && BARREL.test(code)) barrels.add(id);
        }
      },
    },
    has(name, id) {
      groups ??= groupsOf(graph, barrels);
      return groups[name].has(id);
    },
  };
}
