import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dehydrate, QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchPath, StaticRouterProvider } from 'react-router-dom';
import type { CreateRenderer, Render } from '@tapcard/shared/ssr';
import type { Manifest } from 'vite';
import { appRoutes } from './app/router.js';
import { serverPages, type ServerPage } from './app/server-pages.js';
import { VISITOR_ENTRY, VisitorRoot } from './app/visitor-pages.js';
import { setApiBase } from './lib/api.js';
import { createQueryClient } from './lib/query.js';
import { serializeState, SSR_ATTRIBUTE, SSR_STATE_ID } from './lib/ssr.js';

/**
 * The server render of the pages in `serverPages` (built with `vite build --ssr` into dist-ssr; the
 * gateway loads it). The page's markup goes into the built index.html with its route chunk's styles,
 * all inlined, so it paints from the HTML alone; the scripts come after that paint and main.tsx then
 * hydrates it. A visitor page (`visitor` in serverPages) is rendered as the light entry
 * (app/visitor-entry.tsx) hydrates it, and the page loads that entry's scripts instead of the app's.
 */

const ROOT = /<div id="root">[\s\S]*?<\/div><\/div>/;

const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g;

/**
 * The page's stylesheets written into it: nothing blocks its first paint but the HTML itself (a phone
 * on a slow network would otherwise wait one more round trip per file before seeing the card). Each
 * keeps a disabled link of its file (never fetched, never applied): the scripts' loader skips a
 * stylesheet the page already links, so the page's scripts neither fetch the same rules again nor wait
 * for them before the page's code runs, and the rules keep their order.
 */
function inlineStyles(html: string, read: (file: string) => string): string {
  return html.replace(STYLESHEET, (_, file: string) => `<style>${read(file).replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`);
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g;

/**
 * The app's scripts, fetched after the first paint by public/after-paint.js (with the same preloads):
 * the card is on screen before any script is evaluated.
 */
function scriptsAfterPaint(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no module entry script');
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(ENTRY_SCRIPT, `<script defer src="/after-paint.js" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`);
}

/**
 * The modules' stylesheets and scripts (with their static imports), as the manifest lists them, but for
 * those the template already has.
 */
function chunkTags(manifest: Manifest, keys: string[], template: string): string {
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  const fresh = (file: string) => !template.includes(`/${file}"`);
  return [
    ...[...css].filter(fresh).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...js].filter(fresh).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
}

function pageOf(url: URL): ServerPage | undefined {
  return serverPages.find((page) => matchPath(page.path, url.pathname) && (page.accepts?.(url) ?? true));
}

export const createRenderer: CreateRenderer = (options): Render => {
  setApiBase(options.apiBase);
  const template = readFileSync(join(options.webDist, 'index.html'), 'utf8');
  if (!ROOT.test(template)) throw new Error('index.html has no #root to render into');
  const manifest = JSON.parse(readFileSync(join(options.webDist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  for (const page of serverPages) if (!manifest[page.module]) throw new Error(`${page.module} is not in the build manifest`);
  const visitorEntry = manifest[VISITOR_ENTRY];
  if (!visitorEntry) throw new Error(`${VISITOR_ENTRY} is not in the build manifest`);
  // index.html with the light entry in place of the app's entry and its preloads.
  const visitorTemplate = template.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, `<script type="module" crossorigin src="/${visitorEntry.file}"></script>`);
  // The visitor pages' modules, loaded now rather than by the first visitor's render, which has a deadline.
  for (const page of serverPages) page.visitor?.load().catch(() => undefined);
  const handler = createStaticHandler(appRoutes);
  // The page's index.html without its markup, once per route module: template and manifest never change.
  const shells = new Map<string, string>();
  const shellOf = (page: ServerPage) => {
    let shell = shells.get(page.module);
    if (shell === undefined) {
      const base = page.visitor ? visitorTemplate : template;
      const keys = page.visitor ? [VISITOR_ENTRY, page.module] : [page.module];
      const withChunk = base.replace('</head>', `${chunkTags(manifest, keys, base)}</head>`);
      shell = scriptsAfterPaint(inlineStyles(withChunk, (file) => readFileSync(join(options.webDist, file), 'utf8')));
      shells.set(page.module, shell);
    }
    return shell;
  };

  return async (url, signal) => {
    const page = pageOf(url);
    if (!page) return null;
    const client = createQueryClient();
    const cancel = () => void client.cancelQueries();
    signal.addEventListener('abort', cancel, { once: true });
    try {
      await page.prefetch?.(url, client);
    } finally {
      signal.removeEventListener('abort', cancel);
    }
    if (signal.aborted) return null;
    // What failed is not rendered: the browser asks again and shows its own error or retry.
    client.removeQueries({ predicate: (query) => query.state.status !== 'success' });

    const dehydrated = dehydrate(client);
    let markup: string;
    if (page.visitor) {
      const Page = await page.visitor.load();
      markup = renderToString(<VisitorRoot Page={Page} url={url} state={dehydrated} />);
    } else {
      const context = await handler.query(new Request(url, { signal }));
      if (context instanceof Response || context.errors) return null;
      const router = createStaticRouter(handler.dataRoutes, context);
      markup = renderToString(
        <StrictMode>
          <JotaiProvider store={createStore()}>
            <QueryClientProvider client={client}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </QueryClientProvider>
          </JotaiProvider>
        </StrictMode>,
      );
    }
    const state = `<script type="application/json" id="${SSR_STATE_ID}">${serializeState(dehydrated)}</script>`;
    client.clear();
    return shellOf(page).replace(ROOT, () => `<div id="root" ${SSR_ATTRIBUTE}>${markup}</div>${state}`);
  };
};
