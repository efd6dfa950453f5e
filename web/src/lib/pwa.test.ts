import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from './paths.js';

describe("the attendee pages' service worker scope", () => {
  it("holds the token, ticket, arena and chat pages, written out in the build config (which cannot import the app)", () => {
    const config = readFileSync(join(import.meta.dirname, '../../vite.config.ts'), 'utf8');
    const scope = /const EVENT_PWA = \{\s*scope: '([^']+)'/.exec(config)?.[1];
    expect(scope).toBe('/event/u/');
    for (const route of [routes.eventToken, routes.eventTicket, routes.arena, routes.arenaChat, routes.arenaPrivateChat]) expect(route.startsWith(scope ?? '-')).toBe(true);
  });
});
