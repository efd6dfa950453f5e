import { MESSAGE_HISTORY_LIMIT } from '@tapcard/shared/constants';
import { calls } from '@tapcard/shared/contract';
import { AFTER_EVENT_MAIL_AUDIENCE, afterEventSendAt, organiserMessageTexts, sendAtProblem, type AfterEventMailKind, type MessageAudience } from '@tapcard/shared/rules';
import type { FastifyInstance } from 'fastify';
import type { NewRow, Row } from '../../db/schema.js';
import { checkAudience, deliverMessage, messageWire, scheduleMessageDispatch } from '../../domain/messages.js';
import { hashToken, randomId } from '../../lib/crypto.js';
import { badRequest, conflict, notFound } from '../../lib/http-error.js';
import { inBackgroundOf } from '../../lib/background.js';
import { route } from '../../lib/route.js';
import { eventDates } from '../../repositories/event-wire.js';
import {
  audienceCount,
  cancelScheduledMessage,
  deliveryByUnsubscribeHash,
  eventMessages,
  insertMessage,
  isAfterEventMailClash,
  isUnsubscribed,
  messageById,
  messageCounts,
  unsubscribe,
  updateScheduledMessage,
} from '../../repositories/messages.js';

/**
 * The organiser's messages to an event's attendees (access 'messages.view' / 'messages.send'), and the
 * recipients' unsubscribe link (no sign-in: the link's token names the delivery it was mailed with).
 */
export function messageRoutes(app: FastifyInstance): void {
  scheduleMessageDispatch(app);
  const inBackground = inBackgroundOf(app, 'could not queue the mails of a message');

  /** The row of an organiser's new message to the event's attendees. */
  const newMessage = (
    event: Row<'events'>,
    user: { id: string },
    message: { subject: string; body: string; audience: MessageAudience },
    when: Pick<NewRow<'event_messages'>, 'kind' | 'status' | 'send_at'>,
    now: Date,
  ): NewRow<'event_messages'> => ({
    id: randomId(),
    event_id: event.id,
    created_by: user.id,
    subject: message.subject,
    body: message.body,
    audience: JSON.stringify(message.audience),
    ...when,
    updated_at: now,
  });

  const sendAtOf = (text: string): Date => {
    const at = new Date(text);
    const problem = sendAtProblem(at, app.now());
    if (problem) throw badRequest(problem, 'send_at');
    return at;
  };

  route(app, calls.messageAudienceCount)(async ({ event, body }) => {
    await checkAudience(app, event, body.audience, app.now());
    return { success: 'true', data: { count: await audienceCount(app.db, event.id, body.audience) } };
  });

  route(app, calls.listMessages)(async ({ event }) => {
    const rows = await eventMessages(app.db, event.id, MESSAGE_HISTORY_LIMIT);
    return { success: 'true', data: rows.map(({ row, counts }) => messageWire(row, counts)) };
  });

  route(app, calls.sendMessage)(async ({ event, body, user }) => {
    const now = app.now();
    await checkAudience(app, event, body.audience, now);
    if ((await audienceCount(app.db, event.id, body.audience)) === 0) throw badRequest(organiserMessageTexts.noRecipients, 'audience');
    const sent = await deliverMessage(app, { fresh: newMessage(event, user, body, { status: 'sending', send_at: now }, now) }, now);
    // A fresh message is always sent by its own transaction.
    if (!sent) throw new Error('a fresh message was not sent');
    // The deliveries and the mails are stored; the first attempt at each mail happens after the answer.
    inBackground(sent.mails);
    return { success: 'true', message: organiserMessageTexts.sent(sent.recipients), data: messageWire(sent.message, await messageCounts(app.db, sent.message.id)) };
  });

  /**
   * When an after-event mail of `kind` goes: a fixed time after the event's end, refused once that time
   * has passed; its audience must be the kind's.
   */
  const afterEventMail = (event: Row<'events'>, kind: AfterEventMailKind, audience: MessageAudience, now: Date): Date => {
    if (audience.kind !== AFTER_EVENT_MAIL_AUDIENCE[kind].kind) throw badRequest(organiserMessageTexts.afterEventAudience, 'audience');
    const at = afterEventSendAt(eventDates(event));
    if (!at || at.getTime() <= now.getTime()) throw badRequest(organiserMessageTexts.afterEventTooLate, 'send_at');
    return at;
  };

  route(app, calls.scheduleMessage)(async ({ event, body, user }) => {
    const now = app.now();
    const sendAt = body.kind ? afterEventMail(event, body.kind, body.audience, now) : sendAtOf(body.send_at);
    // No-shows are checked against the time the message goes: it may be scheduled for after the end.
    await checkAudience(app, event, body.audience, sendAt);
    let row: Row<'event_messages'>;
    try {
      row = await insertMessage(app.db, newMessage(event, user, body, { kind: body.kind ?? null, status: 'scheduled', send_at: sendAt }, now));
    } catch (err) {
      if (isAfterEventMailClash(err)) throw conflict(organiserMessageTexts.afterEventAlreadyOn);
      throw err;
    }
    return { success: 'true', message: organiserMessageTexts.scheduled, data: messageWire(row, { queued: 0, sent: 0, failed: 0 }) };
  });

  route(app, calls.updateMessage)(async ({ event, params, body }) => {
    const now = app.now();
    const existing = await messageById(app.db, event.id, params.message_id);
    if (!existing) throw notFound(organiserMessageTexts.messageNotFound);
    const sendAt = existing.kind ? afterEventMail(event, existing.kind, body.audience, now) : sendAtOf(body.send_at);
    // No-shows are checked against the time the message goes: it may be scheduled for after the end.
    await checkAudience(app, event, body.audience, sendAt);
    const row = await updateScheduledMessage(app.db, event.id, params.message_id, {
      subject: body.subject,
      body: body.body,
      audience: JSON.stringify(body.audience),
      send_at: sendAt,
      updated_at: now,
    });
    if (!row) throw conflict(organiserMessageTexts.alreadySent);
    return { success: 'true', message: organiserMessageTexts.updated, data: messageWire(row, { queued: 0, sent: 0, failed: 0 }) };
  });

  route(app, calls.cancelMessage)(async ({ event, params }) => {
    const row = await cancelScheduledMessage(app.db, event.id, params.message_id, app.now());
    if (!row) {
      if (!(await messageById(app.db, event.id, params.message_id))) throw notFound(organiserMessageTexts.messageNotFound);
      throw conflict(organiserMessageTexts.alreadySent);
    }
    return { success: 'true', message: organiserMessageTexts.cancelled, data: messageWire(row, { queued: 0, sent: 0, failed: 0 }) };
  });

  route(app, calls.unsubscribeInfo)(async ({ params }) => {
    const delivery = await deliveryByUnsubscribeHash(app.db, hashToken(params.token));
    if (!delivery) throw notFound(organiserMessageTexts.unsubscribeInvalid);
    return { success: 'true', data: { event_title: delivery.title, unsubscribed: await isUnsubscribed(app.db, delivery.event_id, delivery.email) } };
  });

  // RFC 8058: a mail client's one-click POST is a form (`List-Unsubscribe=One-Click`); its body says
  // nothing the token does not, so it is read as text and left alone.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    route(scope, calls.unsubscribe)(async ({ params }) => {
      const delivery = await deliveryByUnsubscribeHash(app.db, hashToken(params.token));
      if (!delivery) throw notFound(organiserMessageTexts.unsubscribeInvalid);
      await unsubscribe(app.db, delivery.event_id, delivery.email);
      return { success: 'true', message: organiserMessageTexts.unsubscribed };
    });
  });
}
