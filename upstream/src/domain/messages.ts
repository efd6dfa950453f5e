import { eventTiming } from '@tapcard/shared/domain';
import { calls, type OrganiserMessage } from '@tapcard/shared/contract';
import { buildPath } from '@tapcard/shared/contract';
import { pages } from '@tapcard/shared/pages';
import { organiserMessageTexts, type MessageAudience } from '@tapcard/shared/rules';
import type { FastifyInstance } from 'fastify';
import type { Row } from '../db/schema.js';
import { hashToken, randomId, randomToken } from '../lib/crypto.js';
import { badRequest } from '../lib/http-error.js';
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

interface PreparedMail {
  to: string;
  deliveryId: string;
  token: string;
}

/**
 * Sends `message`, already claimed by the caller (status 'sending', or a new row of that status): in
 * one transaction, records one delivery per recipient (with its unsubscribe token's hash), pins it in
 * the audience's arenas while the event runs, and marks it sent; then hands every mail to the mail
 * queue. Answers the mails' work, for a caller that need not wait for it.
 */
export async function deliverMessage(app: FastifyInstance, message: Row<'event_messages'>, now: Date): Promise<{ recipients: number; mails: () => Promise<void> }> {
  const event = await eventById(app.db, message.event_id);
  const audience = storedAudience(message);
  const during = eventTiming(eventDates(event), now) === 0;

  const prepared = await app.db.transaction().execute(async (trx) => {
    const recipients = await audienceRecipients(trx, event.id, audience);
    const mails: PreparedMail[] = recipients.map((r) => ({ to: r.email, deliveryId: randomId(), token: randomToken() }));
    await insertDeliveries(
      trx,
      mails.map((m) => ({ id: m.deliveryId, message_id: message.id, event_id: event.id, email: m.to, status: 'queued', unsubscribe_hash: hashToken(m.token), updated_at: now })),
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
    await markMessageSent(trx, message.id, now, announced);
    return mails;
  });

  const mails = async (): Promise<void> => {
    for (const m of prepared) {
      const content = organiserMessageMail({
        subject: message.subject,
        body: message.body,
        eventTitle: event.title,
        unsubscribeUrl: `${app.config.publicUrl}${pages.messageUnsubscribe(m.token)}`,
      });
      try {
        await app.mailer.send({
          to: m.to,
          ...content,
          deliveryId: m.deliveryId,
          headers: {
            'List-Unsubscribe': `<${oneClickUrl(app, m.token)}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        });
      } catch (err) {
        app.log.error({ err, messageId: message.id }, 'could not queue a message mail');
      }
    }
  };
  return { recipients: prepared.length, mails };
}

/**
 * Sends every scheduled message whose time has come by `now`. Each message is claimed by one atomic
 * update, so with several upstreams calling this at once each message still goes exactly once.
 * Answers how many messages it sent. Meant to run as a recurring job.
 */
export async function dispatchDueMessages(app: FastifyInstance, now: Date = app.now()): Promise<number> {
  const due = await claimDueMessages(app.db, now);
  for (const message of due) {
    try {
      const { mails } = await deliverMessage(app, message, now);
      await mails();
    } catch (err) {
      app.log.error({ err, messageId: message.id }, 'could not send a scheduled message');
    }
  }
  return due.length;
}

/** How often the job queue looks for scheduled messages that are due: a message goes within a minute of its time. */
export const MESSAGE_DISPATCH_CRON = '* * * * *';

/** The periodic job that sends due scheduled messages: once a minute, one run at a time across upstreams, by the app's clock. */
export function scheduleMessageDispatch(app: FastifyInstance): void {
  app.jobs.periodic('messages.dispatch', MESSAGE_DISPATCH_CRON, async () => {
    const sent = await dispatchDueMessages(app);
    if (sent > 0) app.log.info({ sent }, 'sent scheduled messages');
  });
}
