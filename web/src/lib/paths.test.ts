import { buildPath, urlCarriesSecret } from '@tapcard/shared/contract';
import { describe, expect, it } from 'vitest';
import { routes } from './paths.js';

/** shared's secrets.ts lists the pages whose URL carries a token; a new such page must be added there. */
describe('pages with a token in their path', () => {
  it('are all known as secret-carrying (redacted in logs, never cached)', () => {
    const secretParam = /:(tid|token|secret)\b/;
    const pages = Object.values(routes).filter((path) => secretParam.test(path));
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      const url = buildPath(page, new Proxy({}, { get: (_, name) => (name === 'tid' || name === 'token' || name === 'secret' ? 'the-secret' : 'x') }));
      expect(urlCarriesSecret(url), page).toBe(true);
    }
  });
});
