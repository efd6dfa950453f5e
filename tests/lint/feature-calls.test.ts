import { describe, expect, it } from 'vitest';
import { ruleIds as ruleIds } from './eslint-stdin.js';

const RULE = 'no-restricted-syntax';
const CALL = "import { api } from '../../lib/api.js';\nexport const x = api;\n";
const THROWING = "import { apiOrThrow } from '../../../lib/api.js';\nexport const x = apiOrThrow;\n";
const KEY = "export const x = { queryKey: ['getCard'] };\n";
const FETCH = 'export const x = { queryFn: () => fetch(url) };\n';
const HELPER = "import { callKey } from '../../lib/call-key.js';\nexport const x = callKey;\n";

describe("a feature's calls", () => {
  it('are refused in its components: no api(), no query key, no query helper', async () => {
    for (const code of [CALL, THROWING, KEY, FETCH, HELPER]) {
      expect(await ruleIds('web/src/features/contacts/ContactView.tsx', code), code).toContain(RULE);
    }
    expect(await ruleIds('web/src/features/shop/components/TryAgainButton.tsx', THROWING)).toContain(RULE);
  });

  it("are made in its api.ts; a component may still take the API layer's error type, and a query's key from api.ts", async () => {
    for (const code of [CALL, KEY, FETCH, HELPER]) {
      expect(await ruleIds('web/src/features/contacts/api.ts', code), code).not.toContain(RULE);
    }
    expect(await ruleIds('web/src/features/contacts/ContactView.tsx', "import { ApiError } from '../../lib/api.js';\nexport const x = ApiError;\n")).not.toContain(RULE);
    expect(await ruleIds('web/src/features/contacts/ContactView.tsx', 'export const x = { queryKey: contactsQuery().queryKey };\n')).not.toContain(RULE);
  });

  it('leave tests free to seed the cache by a query’s key', async () => {
    expect(await ruleIds('web/src/features/contacts/Contacts.test.tsx', KEY)).not.toContain(RULE);
  });
});
