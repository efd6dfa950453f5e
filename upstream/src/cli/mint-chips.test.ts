import { calls } from '@tapcard/shared/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../lib/http-error.js';
import { createEvent } from '../test/events.js';
import { answerOf, send } from '../test/contract.js';
import { createUser, upstreamForFile, type TestUpstream } from '../test/harness.js';
import { formatChips, mintChips, parseMintArgs, run, UsageError } from './mint-chips.js';

let t: TestUpstream;
upstreamForFile((started) => (t = started));

describe('mint-chips', () => {
  it('creates N unbound chips for the event, with their chip page URLs, in one event change', async () => {
    const owner = await createUser(t);
    const event = await createEvent(t, owner.authorization);
    const chips = await mintChips(t.db, t.config, { eventId: event.id, count: 3 });
    expect(chips).toHaveLength(3);
    expect(new Set(chips.map((c) => c.id)).size).toBe(3);
    for (const chip of chips) {
      expect(chip.url).toBe(`http://localhost:3000/events/d/chip/i/${chip.id}`);
      expect(chip.id.length).toBeGreaterThanOrEqual(22);
    }
    const rows = await t.db.selectFrom('chips').select(['id', 'attendee_id', 'seq']).where('event_id', '=', event.id).execute();
    expect(rows.map((r) => r.id).sort()).toEqual(chips.map((c) => c.id).sort());
    expect(rows.every((r) => r.attendee_id === null && r.seq === 1)).toBe(true);
    const record = answerOf(calls.chip, await send(t, calls.chip, { params: { id: chips[0]?.id ?? '' } }));
    expect(record).toMatchObject({ success: 'true', data: { event_id: event.id, event_attendee_id: null } });
    expect(formatChips(chips).split('\n')).toEqual(chips.map((c) => `${c.id}\t${c.url}`));
  });

  it('refuses an unknown event and a bad count, creating nothing', async () => {
    await expect(mintChips(t.db, t.config, { eventId: 'no-such-event', count: 2 })).rejects.toBeInstanceOf(HttpError);
    const owner = await createUser(t);
    const event = await createEvent(t, owner.authorization);
    await expect(mintChips(t.db, t.config, { eventId: event.id, count: 0 })).rejects.toBeInstanceOf(UsageError);
    expect(await t.db.selectFrom('chips').select('id').where('event_id', 'in', ['no-such-event', event.id]).execute()).toEqual([]);
  });

  it('parses --event and --count', () => {
    expect(parseMintArgs(['--event', 'ev1', '--count', '25'])).toEqual({ eventId: 'ev1', count: 25 });
    // Ids are random base64url: one in 64 starts with '-'.
    expect(parseMintArgs(['--event', '-Xy9', '--count', '1'])).toEqual({ eventId: '-Xy9', count: 1 });
    expect(parseMintArgs(['--count', '1', '--event=-Xy9'])).toEqual({ eventId: '-Xy9', count: 1 });
    expect(() => parseMintArgs(['--count', '2'])).toThrow(UsageError);
    expect(() => parseMintArgs(['--event', 'ev1', '--count', '0'])).toThrow(/--count must be a whole number from 1 to 1000/);
    expect(() => parseMintArgs(['--event', 'ev1', '--count', '1001'])).toThrow(UsageError);
    expect(() => parseMintArgs(['--event', 'ev1', '--count', '2.5'])).toThrow(UsageError);
    expect(() => parseMintArgs(['--event', 'ev1', '--count', '2', '--colour', 'red'])).toThrow(UsageError);
  });

  describe('with the configuration of the environment', () => {
    afterEach(() => vi.unstubAllEnvs());
    const mintedUrls = async () => {
      vi.stubEnv('GATEWAY_SERVICE_KEY', 'k'.repeat(32));
      const owner = await createUser(t);
      const event = await createEvent(t, owner.authorization);
      const out: string[] = [];
      expect(await run(['--event', event.id, '--count', '2'], { out: (s: string) => void out.push(s), err: () => undefined }, { db: t.db })).toBe(0);
      return out.join('').trim().split('\n').map((line) => line.split('\t')[1]);
    };

    it('prints chip URLs on the configured PUBLIC_URL', async () => {
      vi.stubEnv('PUBLIC_URL', 'https://tap.example/');
      for (const url of await mintedUrls()) expect(url).toMatch(/^https:\/\/tap\.example\/events\/d\/chip\/i\/\S+$/);
    });

    it('without PUBLIC_URL prints them on the port the app is served on, as `pnpm start` does', async () => {
      vi.stubEnv('PUBLIC_URL', undefined);
      vi.stubEnv('PORT', '8080');
      for (const url of await mintedUrls()) expect(url).toMatch(/^http:\/\/localhost:8080\/events\/d\/chip\/i\//);
    });
  });

  it('runs as a command: prints one line per chip, exit 1 for an unknown event, 2 for bad usage', async () => {
    const owner = await createUser(t);
    const event = await createEvent(t, owner.authorization);
    const io = () => {
      const out: string[] = [];
      const err: string[] = [];
      return { out, err, io: { out: (s: string) => out.push(s), err: (s: string) => err.push(s) } };
    };
    const ok = io();
    expect(await run(['--event', event.id, '--count', '2'], ok.io, { db: t.db, config: t.config })).toBe(0);
    const lines = ok.out.join('').trim().split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatch(/^\S+\thttp:\/\/localhost:3000\/events\/d\/chip\/i\/\S+$/);
    expect(await t.db.selectFrom('chips').select('id').where('event_id', '=', event.id).execute()).toHaveLength(2);

    const unknown = io();
    expect(await run(['--event', 'no-such-event', '--count', '2'], unknown.io, { db: t.db, config: t.config })).toBe(1);
    expect(unknown.err.join('')).toContain('Event not found');
    const bad = io();
    expect(await run(['--event', event.id], bad.io, { db: t.db, config: t.config })).toBe(2);
    expect(bad.err.join('')).toContain('usage: mint-chips');
    expect(await t.db.selectFrom('chips').select('id').where('event_id', '=', event.id).execute()).toHaveLength(2);
  });
});
