import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pagePatterns } from '@tapcard/shared/pages';
import { describe, expect, inject, it } from 'vitest';
import { browsers } from './support/browser.js';
import { PHONE_WIDTH } from './support/layout.js';
import { repoRoot } from './support/product.js';
import { ROUTES, axeProblems, dialogProblems, keyboardProblems, overflowProblems } from './support/sweep.js';

/**
 * The accessibility sweep's own checks: it covers every route of the web's route table, and each of
 * its checks catches what it is for. The routes themselves are swept in sweep-*.test.ts.
 */

/**
 * The web's route table (web/src/lib/paths.ts, the router's one source of paths), read as text: the
 * tests may import only the shared package, whose pages the table names by `pagePatterns.<name>`. A route added there and not swept here fails the sweep.
 */
function webRoutes(): Record<string, string> {
  const source = readFileSync(join(repoRoot, 'web/src/lib/paths.ts'), 'utf8');
  const table = /export const routes = \{([\s\S]*?)\} as const;/.exec(source)?.[1];
  if (!table) throw new Error('no routes table in web/src/lib/paths.ts');
  // An entry is a path in quotes, or one of the shared pages (`pagePatterns.name`).
  const shared: Record<string, string> = pagePatterns;
  const entries = table.matchAll(/^\s*(\w+): (?:'([^']*)'|pagePatterns\.(\w+)),/gm);
  return Object.fromEntries(Array.from(entries, (m) => [m[1] ?? '', m[2] ?? shared[m[3] ?? ''] ?? '']));
}
const routes = webRoutes();

const openBrowser = browsers({ baseURL: inject('baseUrl'), width: PHONE_WIDTH, height: 800, reducedMotion: 'reduce' });

describe('accessibility sweep', () => {
  it('covers every path of the route tables', () => {
    expect(Object.keys(routes).length).toBeGreaterThan(50);
    const swept = new Set(ROUTES.map((r) => r.route));
    expect(Object.entries(routes).filter(([key]) => !swept.has(key)).map(([, path]) => path), 'routes not swept').toEqual([]);
    expect(ROUTES.filter((r) => !(r.route in routes)).map((r) => r.name), 'swept routes missing from the table').toEqual([]);
  });

  it('its checks catch overflow, an axe violation, a control Tab cannot reach and a focus without a ring', async () => {
    const page = await (await openBrowser()).context.newPage();
    await page.setContent(`<!doctype html><html lang="en"><head><title>Checks</title>
      <style>.plain:focus-visible { outline: none; } .wide { width: 600px; height: 10px; }</style></head>
      <body><main><h1>Checks</h1>
        <button type="button">Ringed</button>
        <button type="button" class="plain">Plain</button>
        <div role="button">Unreachable</div>
        <input type="text">
        <div class="wide"></div>
      </main></body></html>`);
    expect(await overflowProblems(page)).toEqual([`overflow at ${PHONE_WIDTH} px: the page is 608 px wide`, `overflow at ${PHONE_WIDTH} px: div.wide (left 8, right 608)`]);
    expect((await axeProblems(page)).map((p) => p.split(':')[0])).toEqual(['axe critical label']);
    expect((await keyboardProblems(page)).problems).toEqual(['focus: no visible focus indicator on button.plain "Plain"', 'keyboard: not reached by Tab: div[role=button] "Unreachable"']);
    // A dialog that forgets its opener on close, and one that returns the focus to it.
    await page.setContent(`<!doctype html><html lang="en"><head><title>Dialogs</title></head>
      <body><main><h1>Dialogs</h1>
        <button type="button" id="lost">Lost</button> <button type="button" id="kept">Kept</button>
        <script>
          for (const id of ['lost', 'kept']) {
            const opener = document.getElementById(id);
            opener.addEventListener('click', () => {
              const dialog = document.createElement('div');
              dialog.setAttribute('role', 'dialog');
              dialog.setAttribute('aria-label', id);
              dialog.innerHTML = '<button type="button">Inside</button>';
              document.body.append(dialog);
              dialog.querySelector('button').focus();
              dialog.addEventListener('keydown', (event) => {
                if (event.key !== 'Escape') return;
                dialog.remove();
                if (id === 'kept') opener.focus();
              });
            });
          }
        </script>
      </main></body></html>`);
    expect(await dialogProblems(page, ['Lost', 'Kept'])).toEqual(['focus: closing the dialog of "Lost" with Escape left the focus on nothing (the page), not on its opener']);
    await page.close();
  });
});
