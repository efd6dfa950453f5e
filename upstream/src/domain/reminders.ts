import { formatEventDateTime, timeZoneLabel } from '@tapcard/shared/domain';
import { pages } from '@tapcard/shared/pages';
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { hashToken, randomToken } from '../lib/crypto.js';
import { eventReminderMail, type ReminderKind } from '../mail/event-mails.js';
import { insertTicketRecovery } from '../repositories/attendees.js';
import { eventDates } from '../repositories/event-wire.js';
import { eventById } from '../repositories/events.js';
import { mailEvent } from './registration.js';
import { issueTicket } from './tickets.js';

const HOUR = 60 * 60_000;

/** The reminders: how long before the start each falls due, and the event's setting that turns it on. */
export const REMINDERS: readonly { kind: ReminderKind; beforeMs: number; setting: 'remind_day_before' | 'remind_hour_before' }[] = [
  { kind: 'day', beforeMs: 24 * HOUR, setting: 'remind_day_before' },
  { kind: 'hour', beforeMs: HOUR, setting: 'remind_hour_before' },
];

/** How often the due reminders are looked for: every minute. */
export const REMINDER_CRON = '* * * * *';

/** At most this many reminders are queued by one run; the next run takes the rest. */
const PER_RUN = 500;

/** One reminder due now: the attendee, their event and their ticket's title. */
interface DueReminder {
  attendee_id: string;
  event_id: string;
  name: string;
  email: string;
  kind: ReminderKind;
}

/**
 * The reminders due at `now` and not yet queued. A reminder is due from its time before the start until
 * the start (the day reminder only until the hour one is due, which replaces it), to the confirmed
 * attendees of an event that has it on, who registered before it fell due (someone registering the
 * evening before has just had their access mail).
 */
async function dueReminders(db: Transaction<Database> | FastifyInstance['db'], now: Date, limit: number): Promise<DueReminder[]> {
  const found: DueReminder[] = [];
  for (const [i, reminder] of REMINDERS.entries()) {
    const next = REMINDERS[i + 1];
    const from = new Date(now.getTime() + reminder.beforeMs);
    const rows = await db
      .selectFrom('attendees')
      .innerJoin('events', 'events.id', 'attendees.event_id')
      .select(['attendees.id as attendee_id', 'attendees.event_id', 'attendees.name', 'attendees.email'])
      .where('attendees.status', '=', 'confirmed')
      .where(`events.${reminder.setting}`, '=', true)
      .where('events.start_date', '>', next ? new Date(now.getTime() + next.beforeMs) : now)
      .where('events.start_date', '<=', from)
      .where('attendees.created_at', '<=', sql<Date>`events.start_date - ${`${reminder.beforeMs} milliseconds`}::interval`)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('reminder_sends').select('reminder_sends.attendee_id').whereRef('reminder_sends.attendee_id', '=', 'attendees.id').where('reminder_sends.kind', '=', reminder.kind))),
      )
      .orderBy('attendees.id')
      .limit(limit - found.length)
      .execute();
    found.push(...rows.map((r) => ({ ...r, kind: reminder.kind })));
    if (found.length >= limit) break;
  }
  return found;
}

/**
 * Queues every reminder due at `now` (the app's clock): for each, in one transaction, the sent-marker
 * (one per attendee and reminder: a reminder another run already queued is skipped) and its mail on the
 * job queue. The mail carries a one-time link to the ticket (the access link itself is stored only as a
 * hash), working until a day after the start, and the door ticket's QR code. Answers how many it queued.
 */
export async function queueDueReminders(app: FastifyInstance, now: Date = app.now()): Promise<number> {
  let queued = 0;
  const due = await dueReminders(app.db, now, PER_RUN);
  for (const reminder of due) {
    const event = await eventById(app.db, reminder.event_id);
    const doorTicket = await issueTicket(app, event.id, reminder.attendee_id);
    const token = randomToken();
    const dates = eventDates(event);
    const mail = await eventReminderMail({
      name: reminder.name,
      event: mailEvent(event),
      kind: reminder.kind,
      when: formatEventDateTime(dates.start_date),
      zone: timeZoneLabel(event.start_date),
      link: `${app.config.publicUrl}${pages.ticketRecovery(event.clean_name, token)}`,
      doorTicket,
    });
    const done = await app.db.transaction().execute(async (trx) => {
      const marked = await trx
        .insertInto('reminder_sends')
        .values({ attendee_id: reminder.attendee_id, kind: reminder.kind, sent_at: now })
        .onConflict((oc) => oc.doNothing())
        .returning('attendee_id')
        .executeTakeFirst();
      if (!marked) return false;
      const until = new Date(Math.max(event.start_date.getTime(), (event.end_date ?? event.start_date).getTime()) + 24 * HOUR);
      await insertTicketRecovery(trx, { token_hash: hashToken(token), attendee_id: reminder.attendee_id, expires_at: until }, now);
      const message = { to: reminder.email, ...mail };
      if (app.mailer.store) await app.mailer.store(message, trx);
      else await app.mailer.send(message);
      return true;
    });
    if (done) queued += 1;
  }
  return queued;
}

/** The periodic job that queues the due reminders: once a minute, one run at a time across upstreams. */
export function scheduleReminders(app: FastifyInstance): void {
  app.jobs.periodic('reminders.due', REMINDER_CRON, async () => {
    const queued = await queueDueReminders(app);
    if (queued > 0) app.log.info({ queued }, 'queued event reminders');
  });
}
