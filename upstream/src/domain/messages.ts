import { eventTiming } from '@tapcard/shared/domain';
import { calls, type OrganiserMessage } from '@tapcard/shared/contract';
import { buildPath } from '@tapcard/shared/contract';
import { pages } from '@tapcard/shared/pages';
import { organiserMessageTexts, type MessageAudience } from '@tapcard/shared/rules';
import type { FastifyInstance } from 'fastify';
import type { NewRow, Row } from '../db/schema.js';
import { hashToken, randomId, randomToken } from '../lib/crypto.js';
import { badRequest } from '../lib/http-error.js';
import type { Mail } from '../lib/mailer.js';
import { organiserMessageMail } from '../mail/message-mails.js';
import { eventDates } from '../repositories/event-wire.js';
import { eventById } from '../repositories/events.js';
import {
  audienceAttendeeIds,
  audienceRecipients,
  claimDueMessages,
  eventHasAttendee,
  eventHasPrice,
  insertDeliveries,
  insertMessage,
  lockMessage,
  markMessageSent,
  storedAudience,
} from '../repositories/messages.js';
import { bumpEventSeq } from './event-sequence.js';

/**
 * The organiser's messages to an event's attendees. A message goes once: sending now, or later when
 * `dispatchDueMessages` finds it due; either way its recipients are the audience's confirmed attendees
 * at that moment, one mail per email, without the emails that unsubscribed from the event's messages.
 * Sent while the event runs, it is also pinned in the arenas of the audience's attendees.
 */

/** Refuses an audience the event cannot have for a message going at `at`: 400 under the audience's field. */
export async function checkAudience(app: FastifyInstance, event: Row<'events'>, audience: MessageAudience, at: Date): Promise<void> {
  switch (audience.kind) {
    case 'ticket':
      if (!(await eventHasPrice(app.db, event.id, audience.price_id))) throw badRequest(organiserMessageTexts.ticketNotFound, 'audience.price_id');
      return;
    case 'attendee':
      if (!(await eventHasAttendee(app.db, event.id, audience.attendee_id))) throw badRequest(organiserMessageTexts.attendeeRequired, 'audience.attendee_id');
      return;
    case 'no_show':
      if (eventTiming(eventDates(event), at) !== 1) throw badRequest(organiserMessageTexts.noShowsBeforeEnd, 'audience');
      return;
    default:
      return;
  }
}

/** The message as the organiser's history shows it. */
export function messageWire(row: Row<'event_messages'>, counts: OrganiserMessage['counts']): OrganiserMessage {
  return {
    id: row.id,
    event_id: row.event_id,
    subject: row.subject,
    body: row.body,
    audience: storedAudience(row),
    kind: row.kind,
    status: row.status,
    send_at: row.send_at.toISOString(),
    sent_at: row.sent_at?.toISOString() ?? null,
    counts,
    announced: row.announced,
    created_at: row.created_at.toISOString(),
  };
}

/** The public address of the one-click unsubscribe call (RFC 8058: the List-Unsubscribe URI a client POSTs to). */
function oneClickUrl(app: FastifyInstance, token: string): string {
  return `${app.config.publicUrl}/api${buildPath(calls.unsubscribe.path, { token })}`;
}

/** A message to send: a new one (sent now, stored as it is sent) or a scheduled one this run has claimed. */
export type MessageToSend = { fresh: NewRow<'event_messages'> } | { claimed: Row<'event_messages'> };

interface Sent {
  message: Row<'event_messages'>;
  recipients: number;
  /** The sender's own first attempt at the mails, to run after the answer; a mail it does not reach goes by the queue. */
  mails: () => Promise<void>;
}

/**
 * Sends a message in one transaction: stores it (a fresh one) or checks that it is still being sent
 * (a claimed one: a run that reclaimed it may have sent it meanwhile), records one delivery per
 * recipient (with its unsubscribe token's hash), pins it in the audience's arenas while the event
 * runs, marks it sent, and stores every mail on the mail queue: a message goes with all its mails
 * queued, or not at all. Answers null when another run sent it.
 */
export async function deliverMessage(app: FastifyInstance, toSend: MessageToSend, now: Date): Promise<Sent | null> {
  const event = await eventById(app.db, 'fresh' in toSend ? toSend.fresh.event_id : toSend.claimed.event_id);
  const during = eventTiming(eventDates(event), now) === 0;

  const sent = await app.db.transaction().execute(async (trx) => {
    let message: Row<'event_messages'>;
    if ('fresh' in toSend) message = await insertMessage(trx, toSend.fresh);
    else {
      const current = await lockMessage(trx, toSend.claimed.id);
      if (current?.status !== 'sending') return null;
      message = current;
    }
    const audience = storedAudience(message);
    const recipients = await audienceRecipients(trx, event.id, audience);
    const mails = recipients.map((r) => {
      const token = randomToken();
      const deliveryId = randomId();
      const mail: Mail = {
        to: r.email,
        ...organiserMessageMail({ subject: message.subject, body: message.body, eventTitle: event.title, unsubscribeUrl: `${app.config.publicUrl}${pages.messageUnsubscribe(token)}` }),
        deliveryId,
        headers: { 'List-Unsubscribe': `<${oneClickUrl(app, token)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      };
      return { mail, deliveryId, unsubscribeHash: hashToken(token) };
    });
    await insertDeliveries(
      trx,
      mails.map((m) => ({ id: m.deliveryId, message_id: message.id, event_id: event.id, email: m.mail.to, status: 'queued', unsubscribe_hash: m.unsubscribeHash, updated_at: now })),
    );
    let announced = false;
    if (during) {
      const attendeeIds = await audienceAttendeeIds(trx, event.id, audience);
      if (attendeeIds.length > 0) {
        const seq = await bumpEventSeq(trx, event.id);
        await trx
          .insertInto('announcements')
          .values({
            id: randomId(),
            event_id: event.id,
            message: message.body,
            subject: message.subject,
            message_id: message.id,
            recipients: audience.kind === 'everyone' ? null : JSON.stringify(attendeeIds),
            pinned: true,
            created_by: message.created_by,
            seq,
          })
          .execute();
        announced = true;
      }
    }
    const marked = await markMessageSent(trx, message.id, now, announced);
    // With a queue, each mail is stored here, held for the sender's attempt after the commit.
    const sends: (() => Promise<void>)[] = [];
    for (const { mail } of mails) sends.push(app.mailer.hold ? await app.mailer.hold(mail, trx) : () => app.mailer.send(mail));
    return { message: marked, sends };
  });
  if (!sent) return null;

  const mails = async (): Promise<void> => {
    for (const send of sent.sends) {
      try {
        await send();
      } catch (err) {
        app.log.error({ err, messageId: sent.message.id }, 'could not queue a message mail');
      }
    }
  };
  return { message: sent.message, recipients: sent.sends.length, mails };
}

/**
 * Sends every scheduled message whose time has come by `now`, and every one a run claimed and never
 * finished (its upstream stopped) once its claim has lapsed. Each message is claimed by one atomic
 * update and sent by one transaction that first checks it is still unsent, so with several upstreams
 * calling this at once each message still goes exactly once. Answers how many messages it sent.
 * Meant to run as a recurring job.
 */
export async function dispatchDueMessages(app: FastifyInstance, now: Date = app.now()): Promise<number> {
  const due = await claimDueMessages(app.db, now, new Date(now.getTime() - MESSAGE_CLAIM_LAPSES_MS));
  let sent = 0;
  for (const message of due) {
    try {
      const delivered = await deliverMessage(app, { claimed: message }, now);
      if (!delivered) continue;
      sent += 1;
      await delivered.mails();
    } catch (err) {
      app.log.error({ err, messageId: message.id }, 'could not send a scheduled message');
    }
  }
  return sent;
}

/**
 * How long a claimed scheduled message may stay unsent before another run takes it over: far longer
 * than sending one takes (one transaction; the mails go after it).
 */
export const MESSAGE_CLAIM_LAPSES_MS = 10 * 60_000;

/** How often the job queue looks for scheduled messages that are due: a message goes within a minute of its time. */
export const MESSAGE_DISPATCH_CRON = '* * * * *';

/** The periodic job that sends due scheduled messages: once a minute, one run at a time across upstreams, by the app's clock. */
export function scheduleMessageDispatch(app: FastifyInstance): void {
  app.jobs.periodic('messages.dispatch', MESSAGE_DISPATCH_CRON, async () => {
    const sent = await dispatchDueMessages(app);
    if (sent > 0) app.log.info({ sent }, 'sent scheduled messages');
  });
}
