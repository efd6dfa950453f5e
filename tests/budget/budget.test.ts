import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  entryKey,
  everythingLoaded,
  gzipSize,
  lazyLibraryViolations,
  measureGroups,
  measureRoute,
  staticClosure,
  table,
  unbudgetedRoutes,
  violations,
  type Budgets,
  type ChunkFacts,
  type Manifest,
} from './measure.js';

// The production build's first-render JS per route group, gzipped, against tests/budget/budgets.json.
// `pnpm test` builds web before vitest runs; a missing build is a failure, never a skip.
const web = fileURLToPath(new URL('../../web/', import.meta.url));
const dist = join(web, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
const budgets = JSON.parse(readFileSync(new URL('./budgets.json', import.meta.url), 'utf8')) as Budgets;

function chunkFacts(file: string): ChunkFacts {
  const path = join(dist, file);
  const code = readFileSync(path);
  // Only a chunk of bundler glue (the rolldown runtime, Vite's preload helper) comes without a map; any other must have one.
  if (!code.includes('//# sourceMappingURL=') && /rolldown-runtime|preload-helper/.test(file)) return { gzipBytes: gzipSize(code), sources: [] };
  const map = JSON.parse(readFileSync(`${path}.map`, 'utf8')) as { sources: string[]; sourceRoot?: string };
  const base = resolve(dirname(path), map.sourceRoot ?? '');
  return { gzipBytes: gzipSize(code), sources: map.sources.map((source) => relative(web, resolve(base, source))) };
}

describe('JS budgets of the production build', () => {
  const built = existsSync(manifestPath);
  const manifest = built ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest) : {};
  const measures = built ? measureGroups(manifest, budgets, chunkFacts) : [];

  afterAll(() => {
    if (measures.length > 0) console.log(`First-render JS per route group (gzip level 9, kB = 1000 bytes):\n${table(measures)}`);
  });

  it('has a production build with a manifest and sourcemaps', () => {
    expect(built, `${manifestPath} is missing: build the web app first (pnpm --filter @tapcard/web build)`).toBe(true);
  });

  it('gives every route module of the router a group', () => {
    expect(unbudgetedRoutes(manifest, budgets), 'route modules without a budget group in tests/budget/budgets.json').toEqual([]);
  });

  for (const library of budgets.lazyLibraries) {
    it(`loads ${library.name} only after the first render of ${library.loadedBy}, and on no visitor page`, () => {
      expect(built, 'no build to check').toBe(true);
      expect(lazyLibraryViolations(manifest, { ...budgets, lazyLibraries: [library] }, chunkFacts)).toEqual([]);
    });
  }

  for (const group of budgets.groups) {
    it(`keeps ${group.name} within ${group.budgetKb} kB and, for visitors, free of owner/organiser code`, () => {
      const measure = measures.find((m) => m.group === group);
      expect(measure, 'no build to measure').toBeDefined();
      expect(violations([measure!])).toEqual([]);
    });
  }
});

describe('the budget check itself', () => {
  const manifest: Manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'], dynamicImports: ['src/features/public-card/routes.tsx'] },
    '_vendor.js': { file: 'assets/vendor.js' },
    '_admin.js': { file: 'assets/admin.js' },
    '_style.css': { file: 'assets/style.css' },
    'src/features/public-card/routes.tsx': { file: 'assets/card.js', isDynamicEntry: true, imports: ['_admin.js', '_style.css', 'index.html'], dynamicImports: ['_lazy.js'] },
    '_lazy.js': { file: 'assets/lazy.js' },
    'src/features/dashboard/routes.tsx': { file: 'assets/dashboard.js', isDynamicEntry: true, imports: ['index.html'], dynamicImports: ['src/features/dashboard/Charts.tsx'] },
    'src/features/dashboard/Charts.tsx': { file: 'assets/charts.js', isDynamicEntry: true, imports: ['_chart-lib.js'] },
    '_chart-lib.js': { file: 'assets/chart-lib.js' },
  };
  const sizes: Record<string, ChunkFacts> = {
    'assets/index.js': { gzipBytes: 40_000, sources: ['src/main.tsx'] },
    'assets/vendor.js': { gzipBytes: 30_000, sources: ['../node_modules/react-dom/index.js'] },
    'assets/admin.js': { gzipBytes: 15_000, sources: ['src/features/organiser-events/EventsPage.tsx'] },
    'assets/card.js': { gzipBytes: 10_000, sources: ['src/features/public-card/CardConnectPage.tsx'] },
    'assets/lazy.js': { gzipBytes: 99_000, sources: ['src/components/Heavy.tsx'] },
    'assets/dashboard.js': { gzipBytes: 9_000, sources: ['src/features/dashboard/DashboardPage.tsx'] },
    'assets/charts.js': { gzipBytes: 2_000, sources: ['src/features/dashboard/Charts.tsx'] },
    'assets/chart-lib.js': { gzipBytes: 20_000, sources: ['../node_modules/.pnpm/chartlib@1.0.0/node_modules/chartlib/dist/chart.js'] },
  };
  const budgetsOf = (budgetKb: number): Budgets => ({
    compression: 'gzip',
    privateFeatures: ['organiser-events'],
    groups: [{ name: 'public card', visitor: true, routes: ['src/features/public-card/routes.tsx'], budgetKb, targetKb: 90, note: '' }],
    lazyLibraries: [],
  });
  const withChartLib = (over: Partial<Budgets['lazyLibraries'][number]> = {}): Budgets => ({
    ...budgetsOf(200),
    lazyLibraries: [{ name: 'ChartLib', package: 'chartlib', loadedBy: 'src/features/dashboard/routes.tsx', note: '', ...over }],
  });
  const facts = (f: string) => sizes[f]!;

  it('counts the entry and static imports, not dynamic imports or CSS', () => {
    expect(staticClosure(manifest, ['index.html', 'src/features/public-card/routes.tsx']).sort()).toEqual(
      ['assets/admin.js', 'assets/card.js', 'assets/index.js', 'assets/vendor.js'].sort(),
    );
    expect(measureRoute(manifest, 'src/features/public-card/routes.tsx', [], (f) => sizes[f]!).gzipBytes).toBe(95_000);
  });

  it('fails a group over its budget, naming the group, its size and its budget', () => {
    const over = violations(measureGroups(manifest, budgetsOf(94), (f) => sizes[f]!));
    expect(over[0]).toBe('public card: 95.0 kB of JS gzipped to first render src/features/public-card/routes.tsx is over its budget of 94 kB (target 90 kB)');
    expect(violations(measureGroups(manifest, budgetsOf(95), (f) => ({ ...sizes[f]!, sources: [] })))).toEqual([]);
  });

  it('fails a visitor group that loads owner or organiser modules', () => {
    const found = violations(measureGroups(manifest, budgetsOf(200), (f) => sizes[f]!));
    expect(found).toEqual(['public card: src/features/public-card/routes.tsx loads owner/organiser code at first render: src/features/organiser-events/EventsPage.tsx']);
  });

  it("follows a route's lazy imports, but not into the other areas the entry loads lazily", () => {
    const withRoutes = { ...manifest, 'index.html': { ...manifest['index.html']!, dynamicImports: ['src/features/public-card/routes.tsx', 'src/features/dashboard/routes.tsx'] } };
    expect(everythingLoaded(withRoutes, 'src/features/public-card/routes.tsx').sort()).toEqual(
      ['assets/admin.js', 'assets/card.js', 'assets/index.js', 'assets/lazy.js', 'assets/vendor.js'].sort(),
    );
    expect(everythingLoaded(withRoutes, 'src/features/dashboard/routes.tsx')).toContain('assets/chart-lib.js');
  });

  it('passes a library the area loads after its first render and no visitor page loads', () => {
    expect(lazyLibraryViolations(manifest, withChartLib(), facts)).toEqual([]);
  });

  it('fails a library that a visitor page can load, even later', () => {
    const leaky = { ...manifest, '_lazy.js': { file: 'assets/lazy.js', imports: ['_chart-lib.js'] } };
    expect(lazyLibraryViolations(leaky, withChartLib(), facts)).toEqual([
      'ChartLib: the visitor pages of src/features/public-card/routes.tsx can load it (assets/chart-lib.js)',
    ]);
  });

  it('fails a library its area loads at first render', () => {
    const eager = { ...manifest, 'src/features/dashboard/routes.tsx': { ...manifest['src/features/dashboard/routes.tsx']!, imports: ['index.html', '_chart-lib.js'] } };
    expect(lazyLibraryViolations(eager, withChartLib(), facts)).toEqual(['ChartLib: src/features/dashboard/routes.tsx loads it at first render (assets/chart-lib.js)']);
  });

  it('fails a library the build does not hold, so the check cannot pass on nothing', () => {
    expect(lazyLibraryViolations(manifest, withChartLib({ package: 'uplot' }), facts)).toEqual([
      'ChartLib: no chunk that src/features/dashboard/routes.tsx loads holds node_modules/uplot/ (renamed, or no longer used?)',
    ]);
  });

  describe('a group measured through its own entry', () => {
    const twoEntries: Manifest = {
      ...manifest,
      'src/app/visitor-entry.tsx': { file: 'assets/visitor.js', isEntry: true, imports: ['_vendor.js'], dynamicImports: ['src/features/public-card/CardVisit.tsx'] },
      'src/features/public-card/CardVisit.tsx': { file: 'assets/card-visit.js', isDynamicEntry: true, imports: ['_vendor.js'] },
    };
    const twoSizes: Record<string, ChunkFacts> = {
      ...sizes,
      'assets/visitor.js': { gzipBytes: 2_000, sources: ['src/app/visitor-entry.tsx'] },
      'assets/card-visit.js': { gzipBytes: 5_000, sources: ['src/features/public-card/CardVisit.tsx'] },
    };
    const light = (budgetKb: number): Budgets => ({
      ...budgetsOf(200),
      groups: [
        ...budgetsOf(200).groups,
        { name: 'card pages', visitor: true, entry: 'src/app/visitor-entry.tsx', routes: ['src/features/public-card/CardVisit.tsx'], budgetKb, targetKb: null, note: '' },
      ],
    });

    it("counts that entry, not the app's, and still finds the app's entry among several", () => {
      expect(entryKey(twoEntries)).toBe('index.html');
      const [, pages] = measureGroups(twoEntries, light(37), (f) => twoSizes[f]!);
      expect(pages!.worst.files.sort()).toEqual(['assets/card-visit.js', 'assets/vendor.js', 'assets/visitor.js']);
      expect(pages!.worst.gzipBytes).toBe(37_000);
      expect(violations([pages!])).toEqual([]);
      expect(violations(measureGroups(twoEntries, light(36), (f) => twoSizes[f]!).slice(1))).toEqual([
        'card pages: 37.0 kB of JS gzipped to first render src/features/public-card/CardVisit.tsx is over its budget of 36 kB',
      ]);
    });

    it('finds the pages of another entry that no group budgets through it', () => {
      expect(unbudgetedRoutes(twoEntries, light(37))).toEqual([]);
      // Budgeted through the app's entry is not budgeted through the light one.
      expect(unbudgetedRoutes(twoEntries, { ...budgetsOf(200), groups: [{ ...budgetsOf(200).groups[0]!, routes: ['src/features/public-card/routes.tsx', 'src/features/public-card/CardVisit.tsx'] }] })).toEqual([
        'src/features/public-card/CardVisit.tsx',
      ]);
    });
  });

  it('finds route modules no group budgets', () => {
    const withNewArea = { ...manifest, 'index.html': { ...manifest['index.html']!, dynamicImports: ['src/features/public-card/routes.tsx', 'src/features/new/routes.tsx', 'src/features/new/page-routes.tsx', '../node_modules/toastify/index.js'] } };
    expect(unbudgetedRoutes(withNewArea, budgetsOf(200))).toEqual(['src/features/new/routes.tsx', 'src/features/new/page-routes.tsx']);
  });
});
