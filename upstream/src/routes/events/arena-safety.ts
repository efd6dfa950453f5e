import { BLOCKS_MAX, LIMITS } from '@tapcard/shared/constants';
import { arenaSafetyCalls } from '@tapcard/shared/contract';
import { safetyMessages } from '@tapcard/shared/rules';
import type { FastifyInstance } from 'fastify';
import { shareCard } from '../../domain/card-share.js';
import { ACCESS_UNKNOWN_MESSAGE, checkChatOpen } from '../../domain/chat.js';
import { inEventChange } from '../../domain/event-sequence.js';
import { randomId } from '../../lib/crypto.js';
import { badRequest, forbidden, notFound, tooManyRequests } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import type { TokenHolder } from '../../repositories/attendees.js';
import { attendeeSafety, blockCount, blockedAttendees, blockedIds, setAttendeeSettings, setBlock } from '../../repositories/arena-safety.js';
import { insertReport, messageOf, reportBy } from '../../repositories/moderation.js';
import { OTHER_EVENT_TOKEN_MESSAGE } from './history.js';

/**
 * An attendee's safety and networking calls in the arena (`arenaSafetyCalls`): their settings and
 * blocks, reports to the organiser, and Share my card. The path carries the attendee's access token;
 * the access policy finds its holder before the call runs (an unknown token answers 404), and a body's
 * event must be that token's own (403, as the chat posts answer). Every write is one change
 * of the event, so live views see it at once.
 */
export function arenaSafetyRoutes(app: FastifyInstance): void {
  /** The event a body names must be the token's own (403 otherwise). */
  function namesOwnEvent(holder: TokenHolder, eventId: string): void {
    if (eventId !== holder.event_id) throw forbidden(OTHER_EVENT_TOKEN_MESSAGE);
  }

  route(app, arenaSafetyCalls.arenaSafety)(async ({ ticketHolder: holder }) => {
    const [safety, blocked] = await Promise.all([attendeeSafety(app.db, holder.event_id, holder.id), blockedAttendees(app.db, holder.id)]);
    if (!safety) throw notFound(ACCESS_UNKNOWN_MESSAGE);
    return { success: 'true', data: { event_id: holder.event_id, dm_policy: safety.dm_policy, hidden: safety.hidden, blocked } };
  });

  route(app, arenaSafetyCalls.blockAttendee)(async ({ body, ticketHolder: holder }) => {
    namesOwnEvent(holder, body.event_id);
    if (body.attendee_id === holder.id) throw badRequest(safetyMessages.blockSelf, 'attendee_id');
    const blocked = await inEventChange(app.db, holder.event_id, async (trx, seq) => {
      if (!(await attendeeSafety(trx, holder.event_id, body.attendee_id))) throw notFound(safetyMessages.attendeeNotFound);
      if (body.blocked) {
        // Counted under the event row's lock: parallel blocks cannot pass the limit together.
        const { count, includes } = await blockCount(trx, holder.id, body.attendee_id);
        if (!includes && count >= BLOCKS_MAX) throw badRequest(safetyMessages.tooManyBlocks, 'attendee_id');
      }
      await setBlock(trx, holder.event_id, holder.id, body.attendee_id, body.blocked, seq, app.now());
      return blockedIds(trx, holder.id);
    });
    return { success: 'true', data: { event_id: holder.event_id, blocked } };
  });

  route(app, arenaSafetyCalls.reportMessage)(async ({ body, ticketHolder: holder }) => {
    namesOwnEvent(holder, body.event_id);
    const now = app.now();
    const reportId = await inEventChange(app.db, holder.event_id, async (trx, seq) => {
      const message = await messageOf(trx, holder.event_id, body.room, body.message_id);
      // A private message may be reported only by its recipient; a removed one is gone for everyone.
      if (!message || message.removed) throw notFound(safetyMessages.messageNotFound);
      if (message.author_id === holder.id) throw badRequest(safetyMessages.reportOwn, 'message_id');
      if (body.room === 'private' && message.recipient_id !== holder.id) throw notFound(safetyMessages.messageNotFound);
      const earlier = await reportBy(trx, holder.id, body.room, body.message_id);
      if (earlier) return earlier.id;
      await app.throttle.attemptOrRefuse(`report:${holder.id}`, LIMITS.reports, () => tooManyRequests(safetyMessages.tooManyReports), trx);
      const stored = await insertReport(trx, {
        id: randomId(),
        event_id: holder.event_id,
        message_id: message.id,
        room: body.room,
        reported_attendee_id: message.author_id,
        reported_name: message.author_name,
        reported_text: message.message,
        reporter_id: holder.id,
        reporter_name: holder.name,
        reason: body.reason,
        details: body.details,
        seq,
        created_at: now,
      });
      // The lock makes a clash impossible here; the unique index is the last word all the same.
      return stored?.id ?? (await reportBy(trx, holder.id, body.room, body.message_id))?.id ?? '';
    });
    return { success: 'true', message: 'Report sent', data: { event_id: holder.event_id, report_id: reportId } };
  });

  route(app, arenaSafetyCalls.arenaSettings)(async ({ body, ticketHolder: holder }) => {
    namesOwnEvent(holder, body.event_id);
    const settings = await inEventChange(app.db, holder.event_id, (trx, seq) =>
      setAttendeeSettings(trx, holder.id, { dm_policy: body.dm_policy, hidden: body.hidden }, seq),
    );
    return { success: 'true', data: { event_id: holder.event_id, ...settings } };
  });

  route(app, arenaSafetyCalls.shareCard)(async ({ body, event, user, ticketHolder: holder }) => {
    namesOwnEvent(holder, body.event_id);
    const now = app.now();
    // A share is a private message: only while the event runs, as the chat posts.
    checkChatOpen(event, now);
    const result = await shareCard(app, { event, poster: holder, to: body.to, user, details: body.details, now });
    return { success: 'true', data: result };
  });
}
