import { LIVE_REPORTS_LIMIT, PINNED_ANNOUNCEMENTS_MAX } from '@tapcard/shared/constants';
import { randomBytes } from 'node:crypto';
import { ADMIN_NAME, adminIdOf, isAdminId } from '@tapcard/shared/domain';
import {
  OPEN_CHAT,
  SERVICE_KEY_HEADER,
  arenaSafetyCalls,
  calls,
  chatPostSchema,
  doorCalls,
  doorCheckInBody,
  doorCheckOutBody,
  doorSessionBody,
  failure,
  moderationCalls,
  privateChatPostSchema,
  serviceCalls,
} from '@tapcard/shared/contract';
import type { Announcement, ChatReport, ChatSettings, Mute, StaffLink } from '@tapcard/shared/contract';
import {
  STAFF_LINK_EXPIRED_MESSAGE,
  STAFF_LINK_REVOKED_MESSAGE,
  STAFF_LINK_UNKNOWN_MESSAGE,
  safetyMessages,
  shareConsentText,
} from '@tapcard/shared/rules';
import type { DmPolicy } from '@tapcard/shared/rules';
import type { ChatMessage, EventSummary, PrivateChat } from '@tapcard/shared/contract';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * A small stand-in for the upstream REST API, for the gateway's tests: in-memory events with the
 * calls the gateway makes or proxies, answers checked against the contract's schemas before they
 * leave, a poll counter per event, an echo of what it received, and switches to fail or hang.
 */

export interface FakeAttendee {
  id: string;
  tid: string;
  name: string;
  image: string;
  price_category: string;
  checked_in: boolean;
  /** When and at which gate (or 'organiser') the attendee was checked in. */
  checked_in_at: string | null;
  checked_in_by: string | null;
  /** The safety state: the organiser's mute, hiding from public lists, who may write privately. */
  mute: Mute | null;
  hidden: boolean;
  dm_policy: DmPolicy;
  seq: number;
}

/** A staff link of an event and the one door session opened with it. */
export interface FakeStaffLink {
  id: string;
  eventId: string;
  gate: string;
  session: string;
  expiresAt: string;
  revokedAt: string | null;
  createdAt: string;
}

interface FakeEvent {
  details: EventSummary & { user_id: string };
  version: number;
  bearer: string;
  chats: ChatMessage[];
  privateChats: PrivateChat[];
  attendees: Map<string, FakeAttendee>;
  chips: Map<string, { attendee_id: string | null; seq: number }>;
  chat: ChatSettings;
  announcements: Map<string, Announcement>;
  /** By 'blocker blocked': made or lifted, stamped with the change's seq. */
  blocks: Map<string, { blocker_id: string; blocked_id: string; active: boolean; seq: number }>;
  reports: Map<string, ChatReport>;
}

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  bodyBytes: number;
}

export type FakeMode = 'ok' | 'error' | 'hang';

const id = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex')}`;
const paramsSchema = z.object({ id: z.string() });
const sinceSchema = z.object({ since: z.coerce.number().int().min(0).optional() });

export class FakeUpstream {
  readonly events = new Map<string, FakeEvent>();
  readonly received: ReceivedRequest[] = [];
  readonly staffLinks = new Map<string, FakeStaffLink>();
  /** Door session reads answered (the gateway's door claims). */
  doorSessionReads = 0;
  /** 'error': every call answers 500; 'hang': every call waits until the fake closes. */
  mode: FakeMode = 'ok';
  /** The same, for the live-state call only (the gateway's poller). */
  pollMode: FakeMode = 'ok';
  /** Answer the live state as a hosted upstream that knows nothing of the safety state (no chat settings, pins, blocks, reports, mutes). */
  legacyLiveState = false;
  /** Answer the attendees' chat writes with the event's id only, as an upstream whose answers carry no stored message. */
  bareChatAnswers = false;
  private readonly polls = new Map<string, number>();
  private readonly hanging = new Set<FastifyReply>();
  url = '';

  private constructor(
    private readonly app: FastifyInstance,
    readonly serviceKey: string,
  ) {}

  static async start(serviceKey: string): Promise<FakeUpstream> {
    const app = Fastify({ logger: false, forceCloseConnections: true });
    const fake = new FakeUpstream(app, serviceKey);
    fake.routes();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('fake upstream has no port');
    fake.url = `http://127.0.0.1:${address.port}`;
    return fake;
  }

  async close(): Promise<void> {
    for (const reply of this.hanging) reply.raw.destroy();
    this.hanging.clear();
    await this.app.close();
  }

  // ── State for tests ──────────────────────────────────────────────────────
  addEvent(title = 'Launch night'): { eventId: string; bearer: string; userId: string } {
    const eventId = id('ev');
    const userId = id('user');
    const bearer = `Bearer ${randomBytes(16).toString('hex')}`;
    this.events.set(eventId, {
      details: {
        id: eventId,
        clean_name: title.toLowerCase().replace(/\W+/g, '-'),
        title,
        description: 'An event',
        location: 'Lagos',
        image: '/backend/files/banner.png',
        start_date: '2026-01-01T10:00:00.000Z',
        end_date: null,
        user_id: userId,
      },
      version: 1,
      bearer,
      chats: [],
      privateChats: [],
      attendees: new Map(),
      chips: new Map(),
      chat: OPEN_CHAT,
      announcements: new Map(),
      blocks: new Map(),
      reports: new Map(),
    });
    return { eventId, bearer, userId };
  }

  /** Access tokens whose tickets went to someone else: the upstream answers them 410. */
  readonly transferredTids = new Set<string>();

  addAttendee(eventId: string, name: string): FakeAttendee {
    const event = this.event(eventId);
    event.version += 1;
    const attendee: FakeAttendee = {
      id: id('att'),
      tid: randomBytes(24).toString('hex'),
      name,
      image: '/backend/files/face.png',
      price_category: 'Regular',
      checked_in: false,
      checked_in_at: null,
      checked_in_by: null,
      mute: null,
      hidden: false,
      dm_policy: 'anyone',
      seq: event.version,
    };
    event.attendees.set(attendee.id, attendee);
    return attendee;
  }

  addChip(eventId: string, attendeeId: string | null = null): string {
    const event = this.event(eventId);
    event.version += 1;
    const chipId = id('chip');
    event.chips.set(chipId, { attendee_id: attendeeId, seq: event.version });
    return chipId;
  }

  /** A group message written straight into the store, as another client of the upstream would. */
  postChat(eventId: string, attendeeId: string, message: string): ChatMessage {
    const event = this.event(eventId);
    event.version += 1;
    const now = new Date().toISOString();
    const author = event.attendees.get(attendeeId);
    const chat: ChatMessage = {
      id: id('msg'),
      event_id: eventId,
      attendee_id: attendeeId,
      name: author?.name ?? ADMIN_NAME,
      image: author?.image ?? '',
      message,
      createdAt: now,
      updatedAt: now,
      seq: event.version,
    };
    event.chats.push(chat);
    return chat;
  }

  postPrivate(eventId: string, from: string, to: string, message: string): PrivateChat {
    const chat = this.postChat(eventId, from, message);
    const event = this.event(eventId);
    event.chats.pop();
    const privateChat: PrivateChat = { ...chat, attendee_id_1: from, attendee_id_2: to };
    event.privateChats.push(privateChat);
    return privateChat;
  }

  setCheckedIn(eventId: string, attendeeId: string, checkedIn: boolean, by = 'organiser'): void {
    const event = this.event(eventId);
    const attendee = event.attendees.get(attendeeId);
    if (!attendee) throw new Error(`no attendee ${attendeeId}`);
    event.version += 1;
    attendee.checked_in = checkedIn;
    attendee.checked_in_at = checkedIn ? new Date().toISOString() : null;
    attendee.checked_in_by = checkedIn ? by : null;
    attendee.seq = event.version;
  }

  /** A staff link for one gate, already opened on a phone: its door session token. */
  addStaffLink(eventId: string, gate: string, expiresInMs = 60 * 60 * 1000): FakeStaffLink {
    this.event(eventId);
    const link: FakeStaffLink = {
      id: id('link'),
      eventId,
      gate,
      session: randomBytes(24).toString('hex'),
      expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
      revokedAt: null,
      createdAt: new Date().toISOString(),
    };
    this.staffLinks.set(link.id, link);
    return link;
  }

  private staffLinkRecord(link: FakeStaffLink): StaffLink {
    const state = link.revokedAt ? 'revoked' : Date.parse(link.expiresAt) <= Date.now() ? 'expired' : 'active';
    return { id: link.id, label: link.gate, role: 'scan', expires_at: link.expiresAt, revoked_at: link.revokedAt, created_at: link.createdAt, state };
  }

  /** The door session's link, or the refusal's message. */
  private doorLink(session: string): FakeStaffLink | string {
    const link = [...this.staffLinks.values()].find((l) => l.session === session);
    if (!link) return STAFF_LINK_UNKNOWN_MESSAGE;
    if (link.revokedAt) return STAFF_LINK_REVOKED_MESSAGE;
    if (Date.parse(link.expiresAt) <= Date.now()) return STAFF_LINK_EXPIRED_MESSAGE;
    return link;
  }

  /** Ends an organiser's session (logout, expiry): the bearer opens nothing any more. */
  endSession(bearer: string): void {
    for (const event of this.events.values()) if (event.bearer === bearer) event.bearer = `Bearer ended-${randomBytes(16).toString('hex')}`;
  }

  private isSession(authorization: string | undefined): boolean {
    return authorization !== undefined && [...this.events.values()].some((e) => e.bearer === authorization);
  }

  pollCount(eventId: string): number {
    return this.polls.get(eventId) ?? 0;
  }

  private event(eventId: string): FakeEvent {
    const event = this.events.get(eventId);
    if (!event) throw new Error(`no event ${eventId}`);
    return event;
  }

  private summary(event: FakeEvent): EventSummary {
    const { user_id: _userId, ...summary } = event.details;
    return summary;
  }

  // ── Routes ───────────────────────────────────────────────────────────────
  private routes(): void {
    const app = this.app;
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 * 1024 }, (_req, body, done) => done(null, body));
    app.addHook('preHandler', async (request, reply) => {
      const body = request.body;
      this.received.push({
        method: request.method,
        url: request.url,
        headers: { ...request.headers },
        bodyBytes: Buffer.isBuffer(body) ? body.length : 0,
      });
      const mode = request.routeOptions.url === serviceCalls.liveState.path && this.mode === 'ok' ? this.pollMode : this.mode;
      if (mode === 'error') return reply.code(500).send({ error: 'Error: database exploded\n    at secret (/srv/upstream/db.js:12:3)' });
      if (mode === 'hang') {
        this.hanging.add(reply);
        return reply.hijack();
      }
    });

    app.get('/healthz', async () => ({ status: 'ok' }));
    app.get('/echo/headers', async (request) => ({ success: 'true', data: { headers: request.headers } }));
    app.post('/echo/body', async (request) => ({ success: 'true', data: { bytes: Buffer.isBuffer(request.body) ? request.body.length : 0 } }));
    app.get('/boom', async (_request, reply) => reply.code(500).send({ error: 'TypeError: x is undefined\n    at handler (/srv/upstream/app.js:1:1)' }));
    app.get('/hang', async (_request, reply) => {
      this.hanging.add(reply);
      return reply.hijack();
    });
    app.post(calls.login.path, async () => ({ success: 'true', data: { token_type: 'Bearer', access_token: 'x' } }));
    // The session calls: logout ends the caller's session; a password change answers without ending one.
    app.post('/auth/api/logout', async (request, reply) => {
      const authorization = request.headers.authorization;
      if (!authorization || !this.isSession(authorization)) return reply.code(401).send(failure('Unauthorized'));
      this.endSession(authorization);
      return this.answer(calls.changePassword.answer, { success: 'true', message: 'Logged out' });
    });
    app.post(calls.changePassword.path, async (request, reply) => {
      if (!this.isSession(request.headers.authorization)) return reply.code(401).send(failure('Unauthorized'));
      return this.answer(calls.changePassword.answer, { success: 'true', message: 'Password changed' });
    });
    app.post(calls.uploadFile.path, async (request) => ({
      success: 'true',
      data: { url: '/backend/files/upload.png', name: String(Buffer.isBuffer(request.body) ? request.body.length : 0) },
    }));

    app.get(serviceCalls.liveState.path, async (request, reply) => {
      if (request.headers[SERVICE_KEY_HEADER] !== this.serviceKey) return reply.code(401).send(failure('Unauthorized'));
      const { id: eventId } = paramsSchema.parse(request.params);
      const event = this.events.get(eventId);
      if (!event) return reply.code(404).send(failure('Event not found'));
      this.polls.set(eventId, this.pollCount(eventId) + 1);
      const { since } = sinceSchema.parse(request.query);
      const full = since === undefined || since > event.version;
      const after = (seq: number) => full || seq > (since ?? 0);
      const answer = this.answer(serviceCalls.liveState.answer, {
        success: 'true',
        data: {
          event: event.details,
          version: event.version,
          full,
          chats: event.chats.filter((m) => after(m.seq)),
          private_chats: event.privateChats.filter((m) => after(m.seq)),
          attendees: [...event.attendees.values()].filter((a) => after(a.seq)).map(({ tid: _tid, ...a }) => a),
          chips: [...event.chips].filter(([, c]) => after(c.seq)).map(([chipId, c]) => ({ id: chipId, attendee_id: c.attendee_id })),
          chat: event.chat,
          // A full read: what is pinned, the blocks in force, the newest reports; a diff: what changed.
          announcements: [...event.announcements.values()].filter((a) => (full ? a.pinned : after(a.seq))),
          blocks: [...event.blocks.values()].filter((b) => (full ? b.active : after(b.seq))).map(({ seq: _seq, ...b }) => b),
          reports: [...event.reports.values()].filter((r) => after(r.seq)).sort((a, b) => b.seq - a.seq).slice(0, full ? LIVE_REPORTS_LIMIT : undefined),
        },
      });
      if (!this.legacyLiveState || !answer.data) return answer;
      const { chat: _chat, announcements: _announcements, blocks: _blocks, reports: _reports, ...legacy } = answer.data;
      const attendees = legacy.attendees.map(({ mute: _mute, hidden: _hidden, dm_policy: _dmPolicy, ...a }) => a);
      return { ...answer, data: { ...legacy, attendees } };
    });

    app.get(calls.eventToken.path, async (request, reply) => {
      const tid = paramsSchema.parse(request.params).id;
      if (this.transferredTids.has(tid)) return reply.code(410).send(failure('This ticket was transferred to someone else.'));
      const found = this.byTid(tid);
      if (!found) return reply.code(404).send(failure('Invalid access token'));
      const { event, attendee } = found;
      const own = event.privateChats.filter((m) => m.attendee_id_1 === attendee.id || m.attendee_id_2 === attendee.id);
      return this.answer(calls.eventToken.answer, {
        success: 'true',
        data: {
          event: this.summary(event),
          name: attendee.name,
          image: attendee.image,
          // Shaped like a door ticket; the gateway only passes it on.
          ticket: `TC1.kid00001.${event.details.id}.${attendee.id}.${'A'.repeat(86)}`,
          attendee: {
            id: attendee.id,
            name: attendee.name,
            image: attendee.image,
            checked_in: attendee.checked_in,
            price_category: attendee.price_category,
            event: this.summary(event),
            chats: event.chats,
            private_chats: own,
            mute: attendee.mute,
            hidden: attendee.hidden,
            dm_policy: attendee.dm_policy,
            blocked: [...event.blocks.values()].filter((b) => b.active && b.blocker_id === attendee.id).map((b) => b.blocked_id),
            chat: event.chat,
            announcements: [...event.announcements.values()].filter((a) => a.pinned),
          },
        },
      });
    });

    app.get(calls.chip.path, async (request, reply) => {
      const chipId = paramsSchema.parse(request.params).id;
      const event = [...this.events.values()].find((e) => e.chips.has(chipId));
      const chip = event?.chips.get(chipId);
      if (!event || !chip) return reply.code(404).send(failure('Chip not found'));
      const attendee = chip.attendee_id ? event.attendees.get(chip.attendee_id) : undefined;
      return this.answer(calls.chip.answer, {
        success: 'true',
        data: {
          id: chipId,
          event_id: event.details.id,
          event: this.summary(event),
          event_attendee_id: attendee?.id ?? null,
          attendee: attendee ? { name: attendee.name, image: attendee.image, checked_in: attendee.checked_in } : null,
          price: attendee ? { title: attendee.price_category } : null,
          chats: event.chats,
          is_organiser: request.headers.authorization === event.bearer,
        },
      });
    });

    app.post(calls.bindChip.path, async (request, reply) => {
      const chipId = paramsSchema.parse(request.params).id;
      const token = z.object({ token: z.string() }).safeParse(this.json(request.body));
      const event = [...this.events.values()].find((e) => e.chips.has(chipId));
      const found = token.success ? this.byTid(token.data.token) : undefined;
      if (!event || !found || found.event !== event) return reply.code(400).send(failure('Invalid access token'));
      event.version += 1;
      event.chips.set(chipId, { attendee_id: found.attendee.id, seq: event.version });
      return this.answer(calls.bindChip.answer, { success: 'true', data: { event_id: event.details.id } });
    });

    app.get(calls.getEvent.path, async (request, reply) => {
      const event = this.events.get(paramsSchema.parse(request.params).id);
      if (!event) return reply.code(404).send(failure('Event not found'));
      if (request.headers.authorization !== event.bearer) return reply.code(401).send(failure('Unauthorized'));
      return this.answer(calls.getEvent.answer, {
        success: 'true',
        data: { ...this.summary(event), prices: [], gallery: [], attendees: [], attendee_count: event.attendees.size, user: { name: 'Organiser', image: null }, user_id: event.details.user_id },
      });
    });

    app.get(calls.adminEvent.path, async (request, reply) => {
      const event = this.events.get(paramsSchema.parse(request.params).id);
      if (!event) return reply.code(404).send(failure('Event not found'));
      if (request.headers.authorization !== event.bearer) return reply.code(401).send(failure('Unauthorized'));
      return this.answer(calls.adminEvent.answer, {
        success: 'true',
        data: {
          ...this.summary(event),
          prices: [],
          gallery: [],
          attendees: [...event.attendees.values()].map((a) => ({
            id: a.id,
            name: a.name,
            image: a.image,
            price_category: a.price_category,
            email: `${a.id}@example.com`,
            phone: '+2348000000001',
            createdAt: event.details.start_date,
            checked_in: a.checked_in,
            event_attendee_id: a.id,
          })),
          attendee_count: event.attendees.size,
          user: { name: 'Organiser', image: null },
          user_id: event.details.user_id,
          chats: event.chats,
          private_chats: event.privateChats.filter((m) => isAdminId(m.attendee_id_1) || isAdminId(m.attendee_id_2)),
          chips: [...event.chips].map(([chipId, c]) => ({ id: chipId, attendee_id: c.attendee_id })),
        },
      });
    });

    app.post(calls.chat.path, async (request, reply) => {
      const found = this.byTid(paramsSchema.parse(request.params).id);
      const post = chatPostSchema.safeParse(this.json(request.body));
      if (!found || !post.success || post.data.attendee_id !== found.attendee.id) return reply.code(400).send(failure('Invalid chat'));
      const stored = this.postChat(found.event.details.id, found.attendee.id, post.data.message);
      if (this.bareChatAnswers) return { success: 'true', data: { event_id: stored.event_id, id: stored.id } };
      return this.answer(calls.chat.answer, { success: 'true', data: stored });
    });

    app.post(calls.privateChat.path, async (request, reply) => {
      const found = this.byTid(paramsSchema.parse(request.params).id);
      const post = privateChatPostSchema.safeParse(this.json(request.body));
      if (!found || !post.success || post.data.attendee_id_1 !== found.attendee.id) return reply.code(400).send(failure('Invalid chat'));
      const message = this.postPrivate(found.event.details.id, found.attendee.id, post.data.attendee_id_2, post.data.message);
      return this.answer(calls.privateChat.answer, { success: 'true', data: message });
    });

    app.post(calls.adminChat.path, async (request, reply) => {
      const event = this.events.get(paramsSchema.parse(request.params).id);
      const post = chatPostSchema.safeParse(this.json(request.body));
      if (!event || request.headers.authorization !== event.bearer) return reply.code(401).send(failure('Unauthorized'));
      if (!post.success) return reply.code(400).send(failure('Invalid chat'));
      const admin = adminIdOf(event.details.user_id);
      return this.answer(calls.adminChat.answer, { success: 'true', data: this.postChat(event.details.id, admin, post.data.message) });
    });

    app.post(calls.adminPrivateChat.path, async (request, reply) => {
      const event = this.events.get(paramsSchema.parse(request.params).id);
      const post = privateChatPostSchema.safeParse(this.json(request.body));
      if (!event || request.headers.authorization !== event.bearer) return reply.code(401).send(failure('Unauthorized'));
      if (!post.success) return reply.code(400).send(failure('Invalid chat'));
      const admin = adminIdOf(event.details.user_id);
      const message = this.postPrivate(event.details.id, admin, post.data.attendee_id_2, post.data.message);
      return this.answer(calls.adminPrivateChat.answer, { success: 'true', data: message });
    });

    app.post(doorCalls.doorSession.path, async (request, reply) => {
      this.doorSessionReads += 1;
      const body = doorSessionBody.safeParse(this.json(request.body));
      const link = body.success ? this.doorLink(body.data.session) : STAFF_LINK_UNKNOWN_MESSAGE;
      if (typeof link === 'string') return reply.code(403).send(failure(link));
      const event = this.event(link.eventId);
      const { id: eventId, title, start_date, end_date } = event.details;
      return this.answer(doorCalls.doorSession.answer, {
        success: 'true',
        data: { event_id: eventId, event: { id: eventId, title, start_date, end_date }, link_id: link.id, gate: link.gate, expires_at: link.expiresAt, check_out: false, total_stock: 0 },
      });
    });

    app.post(doorCalls.doorCheckIn.path, async (request, reply) => {
      const body = doorCheckInBody.safeParse(this.json(request.body));
      const link = body.success ? this.doorLink(body.data.session) : STAFF_LINK_UNKNOWN_MESSAGE;
      if (typeof link === 'string') return reply.code(403).send(failure(link));
      const attendee = body.success ? this.event(link.eventId).attendees.get(body.data.attendee_id) : undefined;
      const already = attendee?.checked_in ?? false;
      if (attendee && !already) this.setCheckedIn(link.eventId, attendee.id, true, link.gate);
      return this.answer(doorCalls.doorCheckIn.answer, {
        success: 'true',
        data: {
          event_id: link.eventId,
          outcome: !attendee ? 'unknown' : already ? 'already' : 'admitted',
          attendee: attendee ? { id: attendee.id, name: attendee.name, image: attendee.image } : null,
          checked_in_at: attendee?.checked_in_at ?? null,
          checked_in_by: attendee?.checked_in_by ?? null,
        },
      });
    });

    app.post(doorCalls.doorCheckOut.path, async (request, reply) => {
      const body = doorCheckOutBody.safeParse(this.json(request.body));
      const link = body.success ? this.doorLink(body.data.session) : STAFF_LINK_UNKNOWN_MESSAGE;
      if (typeof link === 'string') return reply.code(403).send(failure(link));
      const attendee = body.success ? this.event(link.eventId).attendees.get(body.data.attendee_id) : undefined;
      const inside = attendee?.checked_in ?? false;
      if (attendee && inside) this.setCheckedIn(link.eventId, attendee.id, false);
      return this.answer(doorCalls.doorCheckOut.answer, {
        success: 'true',
        data: {
          event_id: link.eventId,
          outcome: !attendee ? 'unknown' : inside ? 'checked_out' : 'not_inside',
          attendee: attendee ? { id: attendee.id, name: attendee.name, image: attendee.image } : null,
        },
      });
    });

    app.post(doorCalls.revokeStaffLink.path, async (request, reply) => {
      const params = z.object({ id: z.string(), link_id: z.string() }).parse(request.params);
      const event = this.events.get(params.id);
      const link = this.staffLinks.get(params.link_id);
      if (!event || request.headers.authorization !== event.bearer) return reply.code(401).send(failure('Unauthorized'));
      if (!link || link.eventId !== params.id) return reply.code(404).send(failure('Staff link not found'));
      link.revokedAt ??= new Date().toISOString();
      return this.answer(doorCalls.revokeStaffLink.answer, { success: 'true', data: { event_id: params.id, link: this.staffLinkRecord(link) } });
    });

    app.post(calls.checkIn.path, async (request, reply) => {
      const attendeeId = paramsSchema.parse(request.params).id;
      const body = z.object({ event_id: z.string(), checked_in: z.boolean().optional() }).safeParse(this.json(request.body));
      const event = body.success ? this.events.get(body.data.event_id) : undefined;
      const attendee = event?.attendees.get(attendeeId);
      if (!event || !attendee || !body.success) return reply.code(404).send(failure('Attendee not found'));
      if (request.headers.authorization !== event.bearer) return reply.code(401).send(failure('Unauthorized'));
      this.setCheckedIn(event.details.id, attendee.id, body.data.checked_in ?? !attendee.checked_in);
      return this.answer(calls.checkIn.answer, { success: 'true', data: { status: attendee.checked_in, event_id: event.details.id } });
    });
    this.safetyRoutes();
  }

  // ── Safety and moderation ───────────────────────────────────────────────
  /** Stamps one change of the event: the seq it bears. */
  private bump(event: FakeEvent): number {
    event.version += 1;
    return event.version;
  }

  /** Removes a group or private message for everyone: its text goes, and it comes again in the live diff with the removal's seq. */
  removeMessage(eventId: string, messageId: string): boolean {
    const event = this.event(eventId);
    const removeIn = <T extends ChatMessage>(list: T[]): boolean => {
      const index = list.findIndex((m) => m.id === messageId);
      const message = list[index];
      if (!message) return false;
      if (!message.removed) list[index] = { ...message, message: '', removed: true, updatedAt: new Date().toISOString(), seq: this.bump(event) };
      return true;
    };
    return removeIn(event.chats) || removeIn(event.privateChats);
  }

  setBlock(eventId: string, blockerId: string, blockedId: string, blocked: boolean): string[] {
    const event = this.event(eventId);
    const key = `${blockerId} ${blockedId}`;
    if ((event.blocks.get(key)?.active ?? false) !== blocked) event.blocks.set(key, { blocker_id: blockerId, blocked_id: blockedId, active: blocked, seq: this.bump(event) });
    return [...event.blocks.values()].filter((b) => b.active && b.blocker_id === blockerId).map((b) => b.blocked_id);
  }

  /** Changes an attendee's record (mute, hiding, DM choice) as one change of the event. */
  updateAttendee(eventId: string, attendeeId: string, change: Partial<Pick<FakeAttendee, 'mute' | 'hidden' | 'dm_policy'>>): FakeAttendee {
    const event = this.event(eventId);
    const attendee = event.attendees.get(attendeeId);
    if (!attendee) throw new Error(`no attendee ${attendeeId}`);
    Object.assign(attendee, change, { seq: this.bump(event) });
    return attendee;
  }

  /** The organiser, by the event in the path and the bearer; undefined once the reply is sent. */
  private organiserEvent(request: FastifyRequest, reply: FastifyReply): FakeEvent | undefined {
    const event = this.events.get(paramsSchema.parse(request.params).id);
    if (!event || request.headers.authorization !== event.bearer) {
      void reply.code(event ? 401 : 404).send(failure(event ? 'Unauthorized' : 'Event not found'));
      return undefined;
    }
    return event;
  }

  /** The attendee by the token in the path, writing about their own event; undefined once the reply is sent. */
  private arenaCaller<S extends z.ZodType<{ event_id: string }>>(request: FastifyRequest, reply: FastifyReply, body: S): { event: FakeEvent; attendee: FakeAttendee; body: z.output<S> } | undefined {
    const found = this.byTid(paramsSchema.parse(request.params).id);
    const parsed = body.safeParse(this.json(request.body));
    if (!found || !parsed.success || parsed.data.event_id !== found.event.details.id) {
      void reply.code(found ? 400 : 404).send(failure(found ? 'Invalid request' : 'Invalid access token'));
      return undefined;
    }
    return { ...found, body: parsed.data };
  }

  private safetyRoutes(): void {
    const app = this.app;
    const s = arenaSafetyCalls;
    const m = moderationCalls;

    app.post(s.blockAttendee.path, async (request, reply) => {
      const caller = this.arenaCaller(request, reply, s.blockAttendee.body);
      if (!caller) return reply;
      const { event, attendee, body } = caller;
      if (!event.attendees.has(body.attendee_id) || body.attendee_id === attendee.id) return reply.code(400).send(failure(safetyMessages.attendeeNotFound));
      const blocked = this.setBlock(event.details.id, attendee.id, body.attendee_id, body.blocked);
      return this.answer(s.blockAttendee.answer, { success: 'true', data: { event_id: event.details.id, blocked } });
    });

    app.post(s.reportMessage.path, async (request, reply) => {
      const caller = this.arenaCaller(request, reply, s.reportMessage.body);
      if (!caller) return reply;
      const { event, attendee, body } = caller;
      const message = (body.room === 'group' ? event.chats : event.privateChats.filter((p) => p.attendee_id_2 === attendee.id)).find((x) => x.id === body.message_id);
      if (!message) return reply.code(404).send(failure(safetyMessages.messageNotFound));
      if (message.attendee_id === attendee.id) return reply.code(400).send(failure(safetyMessages.reportOwn));
      const first = [...event.reports.values()].find((r) => r.reporter_id === attendee.id && r.message_id === message.id);
      const report: ChatReport = first ?? {
        id: id('report'),
        event_id: event.details.id,
        message_id: message.id,
        room: body.room,
        reported_attendee_id: message.attendee_id,
        reported_name: message.name,
        reported_text: message.message,
        reporter_id: attendee.id,
        reporter_name: attendee.name,
        reason: body.reason,
        details: body.details,
        status: 'open',
        created_at: new Date().toISOString(),
        handled_at: null,
        seq: this.bump(event),
      };
      event.reports.set(report.id, report);
      return this.answer(s.reportMessage.answer, { success: 'true', data: { event_id: event.details.id, report_id: report.id } });
    });

    app.post(s.arenaSettings.path, async (request, reply) => {
      const caller = this.arenaCaller(request, reply, s.arenaSettings.body);
      if (!caller) return reply;
      const { event, attendee, body } = caller;
      const change = { ...(body.dm_policy ? { dm_policy: body.dm_policy } : {}), ...(body.hidden === undefined ? {} : { hidden: body.hidden }) };
      const after = this.updateAttendee(event.details.id, attendee.id, change);
      return this.answer(s.arenaSettings.answer, { success: 'true', data: { event_id: event.details.id, dm_policy: after.dm_policy, hidden: after.hidden } });
    });

    app.post(s.shareCard.path, async (request, reply) => {
      const caller = this.arenaCaller(request, reply, s.shareCard.body);
      if (!caller) return reply;
      const { event, attendee, body } = caller;
      const to = event.attendees.get(body.to);
      if (!to || to.id === attendee.id) return reply.code(400).send(failure(safetyMessages.shareSelf));
      const owner = request.headers.authorization !== undefined;
      if (!owner && !body.details) return reply.code(400).send(failure(safetyMessages.shareNeedsDetails));
      const card = owner || !body.details
        ? { kind: 'card' as const, link: `/card/${attendee.id}`, title: attendee.name, sub_title: attendee.price_category, image: null }
        : { kind: 'details' as const, full_name: body.details.full_name, title: body.details.title, phone: body.details.phone, email: body.details.email, consent: shareConsentText(to.name, event.details.title) };
      const swapped = event.privateChats.some((p) => p.card && p.attendee_id_1 === to.id && p.attendee_id_2 === attendee.id);
      const message: PrivateChat = { ...this.postPrivate(event.details.id, attendee.id, to.id, ''), card };
      event.privateChats[event.privateChats.length - 1] = message;
      return this.answer(s.shareCard.answer, { success: 'true', data: { event_id: event.details.id, message, swapped, saved: swapped && owner } });
    });

    app.post(m.removeMessage.path, async (request, reply) => {
      const event = this.organiserEvent(request, reply);
      if (!event) return reply;
      const body = m.removeMessage.body.safeParse(this.json(request.body));
      if (!body.success || !this.removeMessage(event.details.id, body.data.message_id)) return reply.code(404).send(failure(safetyMessages.messageNotFound));
      return this.answer(m.removeMessage.answer, { success: 'true', data: { event_id: event.details.id } });
    });

    app.post(m.muteAttendee.path, async (request, reply) => {
      const event = this.organiserEvent(request, reply);
      if (!event) return reply;
      const body = m.muteAttendee.body.safeParse(this.json(request.body));
      if (!body.success || !event.attendees.has(body.data.attendee_id)) return reply.code(404).send(failure(safetyMessages.attendeeNotFound));
      const choice = body.data.mute;
      const mute = choice === 'off' ? null : { until: choice === 'forever' ? null : new Date(Date.now() + choice * 60_000).toISOString() };
      this.updateAttendee(event.details.id, body.data.attendee_id, { mute });
      return this.answer(m.muteAttendee.answer, { success: 'true', data: { event_id: event.details.id, attendee_id: body.data.attendee_id, mute } });
    });

    app.post(m.chatSettings.path, async (request, reply) => {
      const event = this.organiserEvent(request, reply);
      if (!event) return reply;
      const body = m.chatSettings.body.safeParse(this.json(request.body));
      if (!body.success) return reply.code(400).send(failure(safetyMessages.slowModeInvalid));
      event.chat = { closed: body.data.closed ?? event.chat.closed, slow_mode_seconds: body.data.slow_mode_seconds ?? event.chat.slow_mode_seconds };
      this.bump(event);
      return this.answer(m.chatSettings.answer, { success: 'true', data: { event_id: event.details.id, chat: event.chat } });
    });

    app.post(m.handleReport.path, async (request, reply) => {
      const event = this.organiserEvent(request, reply);
      if (!event) return reply;
      const { reportId } = z.object({ reportId: z.string() }).parse(request.params);
      const body = m.handleReport.body.safeParse(this.json(request.body));
      const report = event.reports.get(reportId);
      if (!body.success || !report) return reply.code(404).send(failure(safetyMessages.reportNotFound));
      if (body.data.action === 'remove_message') this.removeMessage(event.details.id, report.message_id);
      const handled: ChatReport = { ...report, status: body.data.action === 'dismiss' ? 'dismissed' : 'resolved', handled_at: new Date().toISOString(), seq: this.bump(event) };
      event.reports.set(report.id, handled);
      return this.answer(m.handleReport.answer, { success: 'true', data: { event_id: event.details.id, report: handled } });
    });

    app.post(m.pinAnnouncement.path, async (request, reply) => {
      const event = this.organiserEvent(request, reply);
      if (!event) return reply;
      const body = m.pinAnnouncement.body.safeParse(this.json(request.body));
      if (!body.success) return reply.code(400).send(failure(safetyMessages.announcementEmpty));
      if ([...event.announcements.values()].filter((a) => a.pinned).length >= PINNED_ANNOUNCEMENTS_MAX) return reply.code(400).send(failure(safetyMessages.tooManyPinned));
      const announcement: Announcement = { id: id('ann'), event_id: event.details.id, message: body.data.message, pinned: true, created_at: new Date().toISOString(), seq: this.bump(event) };
      event.announcements.set(announcement.id, announcement);
      return this.answer(m.pinAnnouncement.answer, { success: 'true', data: { event_id: event.details.id, announcement } });
    });

    app.delete(m.unpinAnnouncement.path, async (request, reply) => {
      const event = this.organiserEvent(request, reply);
      if (!event) return reply;
      const { announcementId } = z.object({ announcementId: z.string() }).parse(request.params);
      const announcement = event.announcements.get(announcementId);
      if (!announcement) return reply.code(404).send(failure(safetyMessages.announcementNotFound));
      if (announcement.pinned) event.announcements.set(announcementId, { ...announcement, pinned: false, seq: this.bump(event) });
      return this.answer(m.unpinAnnouncement.answer, { success: 'true', data: { event_id: event.details.id } });
    });
  }

  private byTid(tid: string): { event: FakeEvent; attendee: FakeAttendee } | undefined {
    for (const event of this.events.values()) {
      for (const attendee of event.attendees.values()) if (attendee.tid === tid) return { event, attendee };
    }
    return undefined;
  }

  private json(body: unknown): unknown {
    if (!Buffer.isBuffer(body)) return undefined;
    try {
      return JSON.parse(body.toString('utf8'));
    } catch {
      return undefined;
    }
  }

  /** Answers only what the contract's schema accepts, so the gateway is tested against the contract. */
  private answer<T>(schema: z.ZodType<T>, value: T): T {
    return schema.parse(value);
  }
}
