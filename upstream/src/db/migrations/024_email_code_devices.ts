import type { Kysely } from 'kysely';

// email_codes.device: the device credential id (lib/device-credential.ts) of the device that asked for
// the code. A new code ends only the earlier codes of the same device, so strangers asking for codes
// for someone's email do not end the code the owner's device is waiting for. Null for codes from
// before this column: any device may use those.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_codes').addColumn('device', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_codes').dropColumn('device').execute();
}
