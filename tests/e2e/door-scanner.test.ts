import { calls, type Event } from '@tapcard/shared/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from './support/api.js';
import { cameraPhones, writeQrVideo } from './support/fake-camera.js';
import { doorResults, openStaffLink, recordDoorResults, tamperedTicket, ticketOf, type DoorResult } from './support/door.js';
import { createEventViaApi, registerViaApi, type Registered } from './support/live-events.js';
import { createOrganiser, type Account } from './support/people.js';

/**
 * The door page's camera, fed a video of real ticket QR codes: Ada's ticket, a forged copy of it, Bola's
 * ticket, then Ada's again (looping). The page admits Ada, refuses the forgery in red and goes on scanning,
 * admits Bola, and flags Ada's second appearance as already checked in at the gate.
 */

const baseUrl = inject('baseUrl');
const GATE = 'North gate';
let organiser: Account;
let event: Event;
let ada: Registered;
let bola: Registered;
const tickets = { ada: '', bola: '', forged: '' };

// A second of nothing while the page starts scanning, then each code held for 1.5 s with a second of
// nothing between: the scanner reports a code once per appearance, and Ada's second appearance comes
// after other codes. The video loops (about 12 s).
const phone = cameraPhones(
  () =>
    writeQrVideo([
      { text: null, frames: 10 },
      { text: tickets.ada, frames: 15 },
      { text: null, frames: 10 },
      { text: tickets.forged, frames: 15 },
      { text: null, frames: 10 },
      { text: tickets.bola, frames: 15 },
      { text: null, frames: 10 },
      { text: tickets.ada, frames: 15 },
      { text: null, frames: 20 },
    ]),
  { baseURL: baseUrl },
);

beforeAll(async () => {
  organiser = await createOrganiser(baseUrl, 'Funmi Gatekeeper');
  event = await createEventViaApi(baseUrl, organiser.authorization);
  ada = await registerViaApi(baseUrl, event, 'Ada Camera');
  bola = await registerViaApi(baseUrl, event, 'Bola Camera');
  tickets.ada = await ticketOf(baseUrl, ada);
  tickets.bola = await ticketOf(baseUrl, bola);
  tickets.forged = tamperedTicket(tickets.ada);
});

/** The index of the first result matching `match`, or -1. */
function indexOf(results: readonly DoorResult[], match: (r: DoorResult) => boolean, from = 0): number {
  const i = results.slice(from).findIndex(match);
  return i === -1 ? -1 : i + from;
}

/** Which of red, green or blue dominates a CSS 'rgb(r, g, b)' colour (the card's border). */
function hue(color: string | undefined): 'red' | 'green' | 'blue' | 'none' {
  const [r = 0, g = 0, b = 0] = (color?.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  if (r > g && r > b) return 'red';
  if (g > r && g > b) return 'green';
  if (b > r && b > g) return 'blue';
  return 'none';
}

async function checkedInIds(): Promise<string[]> {
  const admin = await callApi(baseUrl, calls.adminEvent, { params: { id: event.id }, authorization: organiser.authorization });
  if (admin.answer.success !== 'true') throw new Error(admin.answer.message);
  return admin.answer.data.attendees.filter((a) => a.checked_in).map((a) => a.id).sort();
}

describe('the door camera', () => {
  it('admits a valid ticket, flags its second scan, refuses a forged one and keeps scanning', async () => {
    const context = await phone();
    await recordDoorResults(context);
    const page: Page = await context.newPage();
    await openStaffLink(page, baseUrl, organiser, event, GATE);

    const isAda = (r: DoorResult) => r.text.includes(ada.name);
    const isBola = (r: DoorResult) => r.text.includes(bola.name);
    // Every result the card showed, in order, until both are admitted, the forgery was refused and a
    // ticket was read after it, and Ada's ticket came round again. (Order-free where it may be: a
    // loaded machine may start reading the video after its first code, which comes again in the loop.)
    await expect
      .poll(
        async () => {
          const results = await doorResults(page);
          const admittedAda = indexOf(results, (r) => r.outcome === 'admitted' && isAda(r));
          const admittedBola = indexOf(results, (r) => r.outcome === 'admitted' && isBola(r));
          const forged = indexOf(results, (r) => r.outcome === 'invalid');
          const readAfterForged = indexOf(results, (r) => isAda(r) || isBola(r), forged + 1);
          const againAda = indexOf(results, (r) => r.outcome === 'already' && isAda(r), admittedAda + 1);
          return admittedAda >= 0 && admittedBola >= 0 && forged >= 0 && readAfterForged > forged && againAda > admittedAda;
        },
        { timeout: 45_000, interval: 250 },
      )
      .toBe(true);

    const results = await doorResults(page);
    // Admitted in green with the name; the forged code refused in red, saying why and nothing of Ada
    // (its signature is wrong, so the attendee id in it is not to be trusted).
    const admitted = results.find((r) => r.outcome === 'admitted' && isAda(r));
    expect(admitted?.text).toMatch(/^Admitted\b/);
    expect(hue(admitted?.color), JSON.stringify(admitted)).toBe('green');
    const forged = results.filter((r) => r.outcome === 'invalid');
    for (const r of forged) {
      expect(r.text).toBe('Not admitted Ticket is not genuine');
      expect(hue(r.color), JSON.stringify(r)).toBe('red');
    }
    // The second scan says where Ada was checked in.
    const again = results.find((r) => r.outcome === 'already' && isAda(r));
    expect(again?.text).toContain(GATE);
    // Nobody admitted twice: one 'admitted' for each, whatever the loop of the video showed since.
    expect(results.filter((r) => r.outcome === 'admitted' && isAda(r))).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'admitted' && isBola(r))).toHaveLength(1);

    // The upstream counted exactly Ada and Bola.
    expect(await checkedInIds()).toEqual([ada.id, bola.id].sort());
  });
});
