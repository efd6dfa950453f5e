import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import type { DoorCheckIn, DoorCheckOut } from '@tapcard/shared/contract';
import { formatTicket, ticketSigningInput, type TicketPublicKey } from '@tapcard/shared/domain';
import { REALTIME_PATH, type DoorView, type RealtimeError, type Update } from '@tapcard/shared/realtime';
import { RealtimeClient, setRealtimeClient } from '../../lib/live/client.js';
import type { SentRequest } from '../../test/network.js';

/**
 * Test fakes of the door's outside systems: an event's ticket issuer (real Ed25519 signatures with
 * WebCrypto, in the upstream's ticket format), the upstream's door calls with their client-id rules,
 * and the gateway's 'door' subscription.
 */

export const EVENT_ID = 'evt_door1';
export const GATE = 'North gate';
export const SESSION = 'door-token';

const b64url = (bytes: ArrayBuffer): string => Buffer.from(bytes).toString('base64url');

/** An event's signing key: its public key as the upstream publishes it, and tickets it signs. */
export async function ticketIssuer(kid = 'k1') {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const publicKey: TicketPublicKey = { kid, alg: 'Ed25519', key: b64url(await crypto.subtle.exportKey('raw', pair.publicKey)) };
  const issue = async (attendeeId: string, eventId = EVENT_ID): Promise<string> => {
    const input = ticketSigningInput({ kid, eventId, attendeeId });
    return formatTicket(input, b64url(await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, new TextEncoder().encode(input))));
  };
  return { publicKey, issue };
}

/** The ticket with one character of its signature changed. */
export function tampered(ticket: string): string {
  const at = ticket.lastIndexOf('.') + 5;
  return ticket.slice(0, at) + (ticket[at] === 'A' ? 'B' : 'A') + ticket.slice(at + 1);
}

type Attendee = DoorView['attendees'][number];

export const person = (id: string, name: string): Attendee => ({ id, name, image: '', price_category: 'Regular', checked_in: false, checked_in_at: null, checked_in_by: null });

/**
 * The upstream's door check-in: a repeated client id gets its first answer; an offline scan
 * (scanned_at) of someone already counted is a conflict; each attendee is counted once.
 */
export function fakeDoorServer(attendees: Attendee[]) {
  const list = new Map(attendees.map((a) => [a.id, { ...a }]));
  const answers = new Map<string, DoorCheckIn>();
  let counted = 0;
  return {
    list,
    get counted() {
      return counted;
    },
    /** The attendee gives their ticket to someone else: their old QR code admits nobody from now on. */
    transfer(id: string) {
      const a = list.get(id);
      if (a) a.transferred = true;
    },
    /** The attendee's ticket is cancelled: its QR code admits nobody from now on. */
    cancel(id: string) {
      const a = list.get(id);
      if (a) a.cancelled = true;
    },
    /** Someone else checks an attendee in (another gate). */
    checkInElsewhere(id: string, by: string, at = new Date().toISOString()) {
      const a = list.get(id);
      if (a && !a.checked_in) {
        Object.assign(a, { checked_in: true, checked_in_at: at, checked_in_by: by });
        counted += 1;
      }
      return a;
    },
    checkIn(request: SentRequest): DoorCheckIn {
      const body = request.body as { attendee_id: string; client_id?: string; scanned_at?: string };
      const first = body.client_id ? answers.get(body.client_id) : undefined;
      if (first) return first;
      const a = list.get(body.attendee_id);
      let answer: DoorCheckIn;
      if (!a) answer = { event_id: EVENT_ID, outcome: 'unknown', attendee: null, checked_in_at: null, checked_in_by: null };
      else if (a.transferred) answer = { event_id: EVENT_ID, outcome: 'transferred', attendee: null, checked_in_at: null, checked_in_by: null };
      else if (a.cancelled) answer = { event_id: EVENT_ID, outcome: 'cancelled', attendee: null, checked_in_at: null, checked_in_by: null };
      else {
        const outcome = a.checked_in ? (body.scanned_at ? 'conflict' : 'already') : 'admitted';
        if (outcome === 'admitted') {
          Object.assign(a, { checked_in: true, checked_in_at: body.scanned_at ?? new Date().toISOString(), checked_in_by: GATE });
          counted += 1;
        }
        answer = { event_id: EVENT_ID, outcome, attendee: { id: a.id, name: a.name, image: a.image }, checked_in_at: a.checked_in_at ?? null, checked_in_by: a.checked_in_by ?? null };
      }
      if (body.client_id) answers.set(body.client_id, answer);
      return answer;
    },
    checkOut(request: SentRequest): DoorCheckOut {
      const body = request.body as { attendee_id: string };
      const a = list.get(body.attendee_id);
      if (!a) return { event_id: EVENT_ID, outcome: 'unknown', attendee: null };
      const outcome = a.checked_in ? 'checked_out' : 'not_inside';
      a.checked_in = false;
      return { event_id: EVENT_ID, outcome, attendee: { id: a.id, name: a.name, image: a.image } };
    },
    view(): DoorView {
      return {
        kind: 'door',
        eventId: EVENT_ID,
        version: 1,
        event: { id: EVENT_ID, clean_name: 'tech-meetup', title: 'Tech Meetup', description: '', location: '', image: '', start_date: '2030-01-01', end_date: null },
        gate: GATE,
        attendees: [...list.values()].map((a) => ({ ...a })),
      };
    },
  };
}

/** The gateway's 'door' subscription: answers the view, sends attendance updates, ends the subscription. */
export async function startDoorGateway(view: () => DoorView) {
  const http = createServer();
  const io = new Server(http, { path: REALTIME_PATH, cors: { origin: '*' } });
  const subscribes: unknown[] = [];
  io.on('connection', (socket) => {
    socket.on('subscribe', (payload: unknown, ack: (answer: unknown) => void) => {
      subscribes.push(payload);
      void socket.join('door');
      ack({ ok: true, snapshot: view() });
    });
    socket.on('resync', () => void socket.emit('snapshot', view()));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  setRealtimeClient(new RealtimeClient({ url, connectGraceMs: 3000, lingerMs: 0 }));
  return {
    subscribes,
    update: (update: Update) => void io.to('door').emit('update', update),
    end: (error: RealtimeError) => void io.to('door').emit('ended', { subscription: { kind: 'door', session: SESSION }, error }),
    close: async () => {
      setRealtimeClient(null);
      await new Promise<void>((resolve) => void io.close(() => resolve()));
    },
  };
}
