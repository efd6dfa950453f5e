import { gzipSync } from 'node:zlib';

/** One row of Vite's build manifest (web/dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface GroupBudget {
  name: string;
  /** A visitor's pages: nothing of `privateFeatures` may be in what they load. */
  visitor: boolean;
  /**
   * The manifest keys of the group's route modules: the dynamic imports of web/src/app/router.tsx, or
   * of the group's own `entry`.
   */
  routes: string[];
  /** The manifest key of the entry the group's pages load, when it is not the app's (index.html): the light visitor entry. */
  entry?: string;
  budgetKb: number;
  /** The size the group's pages should reach (a speed goal set for them), where one was set; null where none was. */
  targetKb: number | null;
  note: string;
}

/** A heavy library one area loads after its first render, and no visitor page loads at all. */
export interface LazyLibrary {
  name: string;
  /** Its package folder, as the sourcemaps name its modules (`node_modules/<package>/`). */
  package: string;
  /** The route module (a manifest key) whose pages load it, after their first render. */
  loadedBy: string;
  note: string;
}

export interface Budgets {
  compression: string;
  /** web/src/features/<name> folders of the owner and organiser areas. */
  privateFeatures: string[];
  groups: GroupBudget[];
  lazyLibraries: LazyLibrary[];
}

/** What the test needs of one emitted JS file: its compressed size and the modules it was built from. */
export interface ChunkFacts {
  gzipBytes: number;
  /** Source paths relative to web/ (from the chunk's sourcemap). */
  sources: string[];
}

export interface RouteMeasure {
  route: string;
  /** The JS files a browser downloads to first render the route: entry + route module, static imports only. */
  files: string[];
  gzipBytes: number;
  /** Modules of owner/organiser features found in `files`. */
  privateModules: string[];
}

export interface GroupMeasure {
  group: GroupBudget;
  /** The heaviest route of the group decides its size. */
  worst: RouteMeasure;
  routes: RouteMeasure[];
}

export const gzipSize = (content: Buffer | string): number => gzipSync(content, { level: 9 }).length;

export const kb = (bytes: number): string => (bytes / 1000).toFixed(1);

/** The manifest key of the app's entry, the HTML one (other entries are scripts a server-rendered page names). */
export function entryKey(manifest: Manifest): string {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry && key.endsWith('.html'));
  if (entries.length !== 1) throw new Error(`expected one HTML entry in the manifest, found ${entries.length}: ${entries.join(', ')}`);
  return entries[0] as string;
}

/** The manifest keys of the entries other than the app's. */
export function otherEntries(manifest: Manifest): string[] {
  const app = entryKey(manifest);
  return Object.keys(manifest).filter((key) => manifest[key]?.isEntry && key !== app);
}

/** The JS files of `keys` and of everything they import statically (dynamic imports load later, not at first render). */
export function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

/**
 * Every JS file a route's pages may ever load: the entry and the route module with everything they
 * import, at once or later (the app shell's lazy parts, the pages' lazy dialogs and charts), but no
 * other feature's modules (the entry's lazy routes of the other areas).
 */
export function everythingLoaded(manifest: Manifest, route: string, entry: string = entryKey(manifest)): string[] {
  const feature = /^src\/features\/[^/]+\//.exec(route)?.[0];
  if (!feature) throw new Error(`${route} is not a feature's module`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || (key.startsWith('src/features/') && !key.startsWith(feature))) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
    seen.add(key);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  visit(entry);
  visit(route);
  return [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

const isModuleOf = (source: string, pkg: string): boolean => source.includes(`node_modules/${pkg}/`);

/** The files of `files` built from modules of the package `pkg`. */
export function filesWithPackage(files: string[], pkg: string, facts: (file: string) => ChunkFacts): string[] {
  return files.filter((file) => facts(file).sources.some((source) => isModuleOf(source, pkg)));
}

/**
 * Every way the build breaks the lazy libraries' rule, one readable line each: the library must be
 * built (else the check would prove nothing), loadable by its area, absent from its area's first
 * render, and absent from everything a visitor page may load.
 */
export function lazyLibraryViolations(manifest: Manifest, budgets: Budgets, facts: (file: string) => ChunkFacts): string[] {
  const out: string[] = [];
  const visitorRoutes = budgets.groups.filter((group) => group.visitor).flatMap((group) => group.routes.map((route) => ({ route, entry: group.entry })));
  for (const library of budgets.lazyLibraries) {
    if (filesWithPackage(everythingLoaded(manifest, library.loadedBy), library.package, facts).length === 0) {
      out.push(`${library.name}: no chunk that ${library.loadedBy} loads holds node_modules/${library.package}/ (renamed, or no longer used?)`);
    }
    const early = filesWithPackage(staticClosure(manifest, [entryKey(manifest), library.loadedBy]), library.package, facts);
    if (early.length > 0) out.push(`${library.name}: ${library.loadedBy} loads it at first render (${early.join(', ')})`);
    for (const { route, entry } of visitorRoutes) {
      const found = filesWithPackage(everythingLoaded(manifest, route, entry), library.package, facts);
      if (found.length > 0) out.push(`${library.name}: the visitor pages of ${route} can load it (${found.join(', ')})`);
    }
  }
  return out;
}

export function isPrivateModule(source: string, privateFeatures: string[]): boolean {
  return privateFeatures.some((feature) => source.includes(`src/features/${feature}/`));
}

export function measureRoute(
  manifest: Manifest,
  route: string,
  privateFeatures: string[],
  facts: (file: string) => ChunkFacts,
  entry: string = entryKey(manifest),
): RouteMeasure {
  const files = staticClosure(manifest, [entry, route]);
  let gzipBytes = 0;
  const privateModules: string[] = [];
  for (const file of files) {
    const chunk = facts(file);
    gzipBytes += chunk.gzipBytes;
    privateModules.push(...chunk.sources.filter((source) => isPrivateModule(source, privateFeatures)));
  }
  return { route, files, gzipBytes, privateModules };
}

export function measureGroups(manifest: Manifest, budgets: Budgets, facts: (file: string) => ChunkFacts): GroupMeasure[] {
  return budgets.groups.map((group) => {
    const routes = group.routes.map((route) => measureRoute(manifest, route, budgets.privateFeatures, facts, group.entry));
    const worst = routes.reduce((a, b) => (b.gzipBytes > a.gzipBytes ? b : a));
    return { group, worst, routes };
  });
}

/** Every way the build breaks the budgets, one readable line each (empty when it keeps them). */
export function violations(measures: GroupMeasure[]): string[] {
  const out: string[] = [];
  for (const { group, worst, routes } of measures) {
    if (worst.gzipBytes > group.budgetKb * 1000) {
      out.push(
        `${group.name}: ${kb(worst.gzipBytes)} kB of JS gzipped to first render ${worst.route} is over its budget of ${group.budgetKb} kB` +
          (group.targetKb === null ? '' : ` (target ${group.targetKb} kB)`),
      );
    }
    if (!group.visitor) continue;
    for (const route of routes) {
      if (route.privateModules.length > 0) {
        out.push(`${group.name}: ${route.route} loads owner/organiser code at first render: ${[...new Set(route.privateModules)].join(', ')}`);
      }
    }
  }
  return out;
}

/**
 * Pages no group budgets, through the entry that loads them: the app's route modules (a feature's
 * routes file, or its `<page>-routes` files where it has a chunk per page) and every feature module another entry loads (its pages): a new area or page must be
 * given a budget.
 */
export function unbudgetedRoutes(manifest: Manifest, budgets: Budgets): string[] {
  const app = entryKey(manifest);
  const budgeted = new Set(budgets.groups.flatMap((group) => group.routes.map((route) => `${group.entry ?? app} ${route}`)));
  const pagesOf = (entry: string, page: RegExp) => (manifest[entry]?.dynamicImports ?? []).filter((key) => page.test(key) && !budgeted.has(`${entry} ${key}`));
  return [pagesOf(app, /^src\/features\/[^/]+\/(?:[\w-]+-)?routes\.tsx?$/), ...otherEntries(manifest).map((entry) => pagesOf(entry, /^src\/features\//))].flat();
}

/** One row per route module: its first-render JS, and its group's budget (held by the heaviest route) and target. */
export function table(measures: GroupMeasure[]): string {
  const rows = measures.flatMap(({ group, routes }) =>
    routes.map((route) => [
      group.name,
      route.route.replace(/^src\/features\//, '').replace(/\/routes\.tsx?$/, ''),
      `${kb(route.gzipBytes)} kB`,
      `${group.budgetKb} kB`,
      group.targetKb === null ? '—' : `${group.targetKb} kB`,
      group.targetKb === null ? '—' : route.gzipBytes <= group.targetKb * 1000 ? 'met' : `missed by ${kb(route.gzipBytes - group.targetKb * 1000)} kB`,
    ]),
  );
  const header = ['group', 'route module', 'JS gzipped', 'group budget', 'target', 'target met'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
