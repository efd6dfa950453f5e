import { sql, type Kysely } from 'kysely';

// The owner's card: physical cards locked and replaced, the services' order and switches, and
// aggregated analytics.
//
// - physical_cards.locked_at: a locked card's tap opens a neutral page; replaced_at: replaced by
//   another card, locked for good; last_tap_at: when its tap address last resolved.
// - card_profiles.link_off: the public card is off its link (an owner locking a lost card chose so).
// - services.enabled: shown on the public card; position: the owner's order (existing services keep
//   the order they were listed in, by created_at then id).
// - card_stats: counts per profile, UTC day ('YYYY-MM-DD'), metric and key (a view's source, a
//   clicked quick link's id, '' for saves and exchanges). Nothing about the visitor is stored.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('physical_cards')
    .addColumn('locked_at', 'timestamptz')
    .addColumn('replaced_at', 'timestamptz')
    .addColumn('last_tap_at', 'timestamptz')
    .execute();

  await db.schema.alterTable('card_profiles').addColumn('link_off', 'boolean', (c) => c.notNull().defaultTo(false)).execute();

  await db.schema
    .alterTable('services')
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update services set position = ordered.n
    from (select id, row_number() over (partition by profile_id order by created_at, id) as n from services) as ordered
    where services.id = ordered.id
  `.execute(db);
  await db.schema.createIndex('services_profile_position').on('services').columns(['profile_id', 'position']).execute();

  await db.schema
    .createTable('card_stats')
    .addColumn('profile_id', 'text', (c) => c.notNull().references('card_profiles.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull().check(sql`day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`))
    .addColumn('metric', 'text', (c) => c.notNull().check(sql`metric in ('view', 'click', 'save', 'exchange')`))
    .addColumn('key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('count', 'integer', (c) => c.notNull().check(sql`count >= 0`))
    .addPrimaryKeyConstraint('card_stats_pkey', ['profile_id', 'day', 'metric', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('card_stats').execute();
  await db.schema.dropIndex('services_profile_position').execute();
  await db.schema.alterTable('services').dropColumn('position').dropColumn('enabled').execute();
  await db.schema.alterTable('card_profiles').dropColumn('link_off').execute();
  await db.schema.alterTable('physical_cards').dropColumn('last_tap_at').dropColumn('replaced_at').dropColumn('locked_at').execute();
}
