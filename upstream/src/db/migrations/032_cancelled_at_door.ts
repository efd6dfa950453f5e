import { sql, type Kysely } from 'kysely';

// A cancelled ticket at the door: a check-in of its QR code (online, or an offline admission synced
// later) is answered, and remembered under its client id, as 'cancelled', like a transferred one.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table door_check_ins drop constraint door_check_ins_outcome_check`.execute(db);
  await sql`
    alter table door_check_ins add constraint door_check_ins_outcome_check
    check (outcome in ('admitted', 'already', 'unknown', 'conflict', 'checked_out', 'not_inside', 'transferred', 'cancelled'))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Before this migration a cancelled ticket's QR code was unknown at the door.
  await sql`update door_check_ins set outcome = 'unknown' where outcome = 'cancelled'`.execute(db);
  await sql`alter table door_check_ins drop constraint door_check_ins_outcome_check`.execute(db);
  await sql`
    alter table door_check_ins add constraint door_check_ins_outcome_check
    check (outcome in ('admitted', 'already', 'unknown', 'conflict', 'checked_out', 'not_inside', 'transferred'))
  `.execute(db);
}
