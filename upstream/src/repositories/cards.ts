import type { CardField, OwnerCard, Service } from '@tapcard/shared/contract';
import { CARD_FIELD_TYPES, normalisePhone, type CardFieldType } from '@tapcard/shared/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, NewRow, Row } from '../db/schema.js';
import { randomId } from '../lib/crypto.js';
import { conflict } from '../lib/http-error.js';
import { CARD_ALREADY_ACTIVE, newLink } from '../domain/cards.js';

/** Card profiles, their quick links and services, and the physical cards bound to them. */

type DbLike = Kysely<Database> | Transaction<Database>;

export async function physicalCardById(db: DbLike, cardId: string): Promise<Row<'physical_cards'> | undefined> {
  return db.selectFrom('physical_cards').selectAll().where('id', '=', cardId).executeTakeFirst();
}

/** Binds a new physical card to a profile and activates it; 409 when someone else was first. */
export async function activateCard(db: DbLike, cardId: string, profileId: string, now: Date): Promise<void> {
  const updated = await db
    .updateTable('physical_cards')
    .set({ status: 'active', profile_id: profileId, activated_at: now })
    .where('id', '=', cardId)
    .where('status', '=', 'new')
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) throw conflict(CARD_ALREADY_ACTIVE);
}

const fieldValues = (f: CardField) => ({ label: f.label, content: f.content, icon: f.icon, status: f.status, type: f.type, position: Number(f.position) });

async function insertFields(db: DbLike, profileId: string, fields: readonly CardField[]): Promise<void> {
  if (fields.length === 0) return;
  await db
    .insertInto('card_fields')
    .values(fields.map((f) => ({ id: randomId(), profile_id: profileId, ...fieldValues(f) })))
    .execute();
}

export interface NewCardProfile {
  userId: string;
  title: string;
  subTitle: string;
  description: string;
  phone: string;
  image: string | null;
  fields: readonly CardField[];
  now: Date;
}

/** Creates a card profile with its fields (inside the caller's transaction); null if the user has one. */
export async function createCardProfile(db: DbLike, input: NewCardProfile): Promise<Row<'card_profiles'> | null> {
  let link = newLink(input.title);
  for (let attempt = 0; await db.selectFrom('card_profiles').select('id').where('link', '=', link).executeTakeFirst(); attempt++) {
    if (attempt > 5) throw new Error('could not find a free card link');
    link = newLink(input.title);
  }
  const profile = await db
    .insertInto('card_profiles')
    .values({
      id: randomId(),
      user_id: input.userId,
      link,
      title: input.title,
      sub_title: input.subTitle,
      description: input.description,
      image: input.image,
      phone: normalisePhone(input.phone),
      created_at: input.now,
      updated_at: input.now,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!profile) return null;
  await insertFields(db, profile.id, input.fields);
  return profile;
}

const isFieldType = (type: string): type is CardFieldType => (CARD_FIELD_TYPES as readonly string[]).includes(type);

export async function fieldsOf(db: DbLike, profileId: string): Promise<CardField[]> {
  const rows = await db.selectFrom('card_fields').selectAll().where('profile_id', '=', profileId).orderBy('position').orderBy('id').execute();
  return rows.flatMap((r) =>
    isFieldType(r.type) ? [{ id: r.id, label: r.label, content: r.content, icon: r.icon, status: r.status, type: r.type, position: String(r.position) }] : [],
  );
}

export const serviceOf = (r: Row<'services'>): Service => ({
  id: r.id,
  service_image: r.service_image,
  service_name: r.service_name,
  service_description: r.service_description,
  phone: r.phone,
  link: r.link,
  enable_enquiry: r.enable_enquiry,
  enabled: r.enabled,
});

/** A card's services in the owner's order (switched-off ones included). */
export async function servicesOf(db: DbLike, profileId: string): Promise<Service[]> {
  const rows = await db.selectFrom('services').selectAll().where('profile_id', '=', profileId).orderBy('position').orderBy('created_at').orderBy('id').execute();
  return rows.map(serviceOf);
}

export async function ownerCard(db: DbLike, profile: Row<'card_profiles'>): Promise<OwnerCard> {
  return {
    card: {
      profile: profile.image,
      title: profile.title,
      description: profile.description,
      sub_title: profile.sub_title,
      card_id: profile.id,
      link: profile.link,
    },
    fields: await fieldsOf(db, profile.id),
    services: await servicesOf(db, profile.id),
  };
}

export async function profileOfUser(db: DbLike, userId: string): Promise<Row<'card_profiles'> | undefined> {
  return db.selectFrom('card_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

function profileById(db: DbLike, profileId: string): Promise<Row<'card_profiles'> | undefined> {
  return db.selectFrom('card_profiles').selectAll().where('id', '=', profileId).executeTakeFirst();
}

/** The read of the profile an active physical card is bound to (a caller may narrow it further). */
function profileOfActiveCard(db: DbLike, cardId: string) {
  return db
    .selectFrom('physical_cards')
    .innerJoin('card_profiles', 'card_profiles.id', 'physical_cards.profile_id')
    .selectAll('card_profiles')
    .where('physical_cards.id', '=', cardId)
    .where('physical_cards.status', '=', 'active');
}

/**
 * The card profile a card id names: a physical card's id (bound to a profile) or the profile's own id.
 * Undefined when neither exists.
 */
export async function profileOfCardId(db: DbLike, cardId: string): Promise<Row<'card_profiles'> | undefined> {
  const byProfile = await profileById(db, cardId);
  if (byProfile) return byProfile;
  return profileOfActiveCard(db, cardId).executeTakeFirst();
}

/**
 * The public card a visitor's card id names (profileOfCardId), unless the card is locked or replaced or
 * the card is off its link.
 */
export async function reachableProfileOfCardId(db: DbLike, cardId: string): Promise<Row<'card_profiles'> | undefined> {
  const byProfile = await profileById(db, cardId);
  if (byProfile) return byProfile.link_off ? undefined : byProfile;
  return profileOfActiveCard(db, cardId)
    .where('physical_cards.locked_at', 'is', null)
    .where('physical_cards.replaced_at', 'is', null)
    .where('card_profiles.link_off', '=', false)
    .executeTakeFirst();
}

export interface CardProfileEdit {
  image: string | null;
  title: string;
  sub_title: string;
  description: string;
}

/** Updates the user's card profile; undefined when the user has none. */
export async function updateCardProfile(db: DbLike, userId: string, edit: CardProfileEdit, now: Date): Promise<Row<'card_profiles'> | undefined> {
  return db
    .updateTable('card_profiles')
    .set({ ...edit, updated_at: now })
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Replaces a profile's quick links (inside the caller's transaction). A link sent with the id of one of
 * this profile's links keeps it (and so its click counts); any other gets a new id; stored links not
 * sent are deleted.
 */
export async function replaceFields(db: DbLike, profileId: string, fields: readonly CardField[]): Promise<void> {
  const stored = new Set((await db.selectFrom('card_fields').select('id').where('profile_id', '=', profileId).forUpdate().execute()).map((r) => r.id));
  const kept = new Map<string, CardField>();
  const added: CardField[] = [];
  for (const field of fields) {
    if (field.id !== undefined && stored.has(field.id) && !kept.has(field.id)) kept.set(field.id, field);
    else added.push(field);
  }
  let remove = db.deleteFrom('card_fields').where('profile_id', '=', profileId);
  if (kept.size > 0) remove = remove.where('id', 'not in', [...kept.keys()]);
  await remove.execute();
  for (const [id, field] of kept) {
    await db.updateTable('card_fields').set(fieldValues(field)).where('id', '=', id).where('profile_id', '=', profileId).execute();
  }
  await insertFields(db, profileId, added);
}

export type NewService = Omit<NewRow<'services'>, 'id' | 'position'>;

/** Adds a service after the card's others. */
export async function insertService(db: DbLike, service: NewService): Promise<Row<'services'>> {
  return db
    .insertInto('services')
    .values({
      id: randomId(),
      ...service,
      position: sql<number>`(select coalesce(max(position), 0) + 1 from services where profile_id = ${service.profile_id})`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Sets the order and switches of a profile's services (each id of the profile, in the order to show). */
export async function arrangeServices(db: DbLike, profileId: string, services: readonly { id: string; enabled: boolean }[]): Promise<void> {
  let position = 1;
  for (const service of services) {
    await db.updateTable('services').set({ position, enabled: service.enabled }).where('id', '=', service.id).where('profile_id', '=', profileId).execute();
    position += 1;
  }
}

/** Deletes a service of the user's own card; false when there is no such service of theirs. */
export async function deleteOwnService(db: DbLike, userId: string, serviceId: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('services')
    .where('id', '=', serviceId)
    .where('profile_id', 'in', (q) => q.selectFrom('card_profiles').select('id').where('user_id', '=', userId))
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** The card profile behind a public link, with its owner's email (for the vCard). */
export async function publicProfileByLink(db: DbLike, link: string) {
  return db
    .selectFrom('card_profiles')
    .innerJoin('users', 'users.id', 'card_profiles.user_id')
    .selectAll('card_profiles')
    .select('users.email')
    .where('card_profiles.link', '=', link)
    .executeTakeFirst();
}

/** The type of the first physical card bound to a profile (undefined for a virtual card). */
export async function firstCardType(db: DbLike, profileId: string): Promise<string | undefined> {
  const device = await db
    .selectFrom('physical_cards')
    .select('type')
    .where('profile_id', '=', profileId)
    .orderBy('activated_at')
    .orderBy('id')
    .executeTakeFirst();
  return device?.type;
}

/** The user whose card has this public link. */
export async function cardOwner(db: DbLike, link: string): Promise<string | undefined> {
  const card = await db.selectFrom('card_profiles').select('user_id').where('link', '=', link).executeTakeFirst();
  return card?.user_id;
}
