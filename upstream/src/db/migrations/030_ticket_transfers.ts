import { sql, type Kysely } from 'kysely';

// Ticket transfers. A transfer ends the old holder's row ('transferred', with when) and gives the new
// holder a fresh confirmed row of the same ticket (new id, so a new door ticket; new access token),
// which names the registration the ticket began as (origin_id, null on that first row): its payment
// is found there, and transfers are counted per origin. A door check-in of a transferred ticket's old
// QR code is answered, and remembered, as 'transferred'.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table attendees drop constraint if exists attendees_status_check`.execute(db);
  await sql`alter table attendees add constraint attendees_status_check check (status in ('confirmed', 'pending', 'cancelled', 'transferred'))`.execute(db);
  await db.schema
    .alterTable('attendees')
    .addColumn('transferred_at', 'timestamptz')
    .addColumn('origin_id', 'text', (c) => c.references('attendees.id').onDelete('set null'))
    .execute();
  await sql`alter table door_check_ins drop constraint door_check_ins_outcome_check`.execute(db);
  await sql`
    alter table door_check_ins add constraint door_check_ins_outcome_check
    check (outcome in ('admitted', 'already', 'unknown', 'conflict', 'checked_out', 'not_inside', 'transferred'))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from door_check_ins where outcome = 'transferred'`.execute(db);
  await sql`alter table door_check_ins drop constraint door_check_ins_outcome_check`.execute(db);
  await sql`
    alter table door_check_ins add constraint door_check_ins_outcome_check
    check (outcome in ('admitted', 'already', 'unknown', 'conflict', 'checked_out', 'not_inside'))
  `.execute(db);
  // A transferred row's ticket lives on in its new holder's row: the old one reads as cancelled.
  await sql`update attendees set status = 'cancelled' where status = 'transferred'`.execute(db);
  await db.schema.alterTable('attendees').dropColumn('transferred_at').dropColumn('origin_id').execute();
  await sql`alter table attendees drop constraint if exists attendees_status_check`.execute(db);
  await sql`alter table attendees add constraint attendees_status_check check (status in ('confirmed', 'pending', 'cancelled'))`.execute(db);
}
