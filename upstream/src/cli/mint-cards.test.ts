import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { answerOf, send } from '../test/contract.js';
import { upstreamForFile, type TestUpstream } from '../test/harness.js';
import { formatTable, mintCards, run, type MintedCard } from './mint-cards.js';

let t: TestUpstream;
upstreamForFile((started) => (t = started));

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (s: string) => void out.push(s), err: (s: string) => void err.push(s) } };
}

describe('mintCards', () => {
  it('creates new cards with 6-character scratch tokens stored only hashed, and their tap URLs', async () => {
    const cards = await mintCards(t.db, { count: 3, type: 'qr', publicUrl: 'https://tapcard.example' });
    expect(cards).toHaveLength(3);
    expect(new Set(cards.map((c) => c.id)).size).toBe(3);
    for (const card of cards) {
      expect(card.token).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
      expect(card.url).toBe(`https://tapcard.example/?id=${encodeURIComponent(card.id)}&type=qr`);
      const row = await t.db.selectFrom('physical_cards').selectAll().where('id', '=', card.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ type: 'qr', status: 'new', profile_id: null });
      expect(row.token_hash).not.toContain(card.token);
    }
    const [first] = cards;
    if (!first) throw new Error('no card');
    // The printed token is the one the card accepts.
    const res = await send(t, calls.confirmToken, { body: { card_id: first.id, type: first.type, token: first.token } });
    expect(answerOf(calls.confirmToken, res).success).toBe('true');
  });

  it('refuses a bad count or type and stores nothing', async () => {
    const before = (await t.db.selectFrom('physical_cards').select('id').execute()).length;
    await expect(mintCards(t.db, { count: 0, type: 'nfc', publicUrl: 'http://x' })).rejects.toThrow(/--count/);
    await expect(mintCards(t.db, { count: 1, type: 'NFC card', publicUrl: 'http://x' })).rejects.toThrow(/--type/);
    expect((await t.db.selectFrom('physical_cards').select('id').execute()).length).toBe(before);
  });
});

describe('mint-cards command', () => {
  it('prints a table of id, type, token and tap URL', async () => {
    const cap = io();
    const code = await run(['--count', '2'], cap.io, { db: t.db, config: t.config });
    expect(code).toBe(0);
    const lines = cap.out.join('').trimEnd().split('\n');
    expect(lines[0]).toMatch(/^card id\s+type\s+token\s+tap url$/);
    expect(lines).toHaveLength(3);
    for (const line of lines.slice(1)) expect(line).toMatch(/^[A-Za-z0-9_-]{22}\s+nfc\s+[A-Z2-9]{6}\s+http:\/\/localhost:3000\/\?id=\S+&type=nfc$/);
    expect(cap.err.join('')).toMatch(/only time they are shown/);
  });

  describe('with the configuration of the environment', () => {
    afterEach(() => vi.unstubAllEnvs());
    const mintedUrls = async () => {
      vi.stubEnv('GATEWAY_SERVICE_KEY', 'k'.repeat(32));
      const cap = io();
      expect(await run(['--count', '2', '--json'], cap.io, { db: t.db })).toBe(0);
      return (JSON.parse(cap.out.join('')) as MintedCard[]).map((c) => c.url);
    };

    it('prints tap URLs on the configured PUBLIC_URL', async () => {
      vi.stubEnv('PUBLIC_URL', 'https://tap.example/');
      for (const url of await mintedUrls()) expect(url).toMatch(/^https:\/\/tap\.example\/\?id=[^&]+&type=nfc$/);
    });

    it('without PUBLIC_URL prints them on the port the app is served on, as `pnpm start` does', async () => {
      vi.stubEnv('PUBLIC_URL', undefined);
      vi.stubEnv('PORT', '8080');
      for (const url of await mintedUrls()) expect(url).toMatch(/^http:\/\/localhost:8080\/\?id=/);
    });
  });

  it('prints JSON with --json', async () => {
    const cap = io();
    expect(await run(['--count', '1', '--type', 'qr', '--json'], cap.io, { db: t.db, config: t.config })).toBe(0);
    const cards = JSON.parse(cap.out.join('')) as MintedCard[];
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ type: 'qr' });
    const row = await t.db.selectFrom('physical_cards').select('status').where('id', '=', cards[0]?.id ?? '').executeTakeFirst();
    expect(row?.status).toBe('new');
  });

  it('exits 2 with the usage for bad arguments', async () => {
    for (const argv of [[], ['--count', 'ten'], ['--count', '0'], ['--count', '1', '--type', 'Bad Type'], ['--nope']]) {
      const cap = io();
      expect(await run(argv, cap.io, { db: t.db, config: t.config })).toBe(2);
      expect(cap.err.join('')).not.toBe('');
      expect(cap.out.join('')).toBe('');
    }
  });

  it('aligns the table columns', () => {
    const text = formatTable([
      { id: 'a', type: 'nfc', token: 'ABCDEF', url: 'http://x/?id=a&type=nfc' },
      { id: 'longer-id', type: 'qr', token: 'GHJKLM', url: 'http://x/?id=longer-id&type=qr' },
    ]);
    expect(text).toBe(
      ['card id    type  token   tap url', 'a          nfc   ABCDEF  http://x/?id=a&type=nfc', 'longer-id  qr    GHJKLM  http://x/?id=longer-id&type=qr', ''].join('\n'),
    );
  });
});
