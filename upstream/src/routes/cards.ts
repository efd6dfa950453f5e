import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { addServiceFieldsSchema, calls, type CardField, type OwnerCard, type Service } from '@tapcard/shared/contract';
import { buildVCard, CARD_FIELD_TYPES, isFieldShown, normalisePhone, slugify, vcardFileName, type CardFieldType } from '@tapcard/shared/domain';
import { messages, quickLinkContent } from '@tapcard/shared/rules';
import type { Database, Row } from '../db/schema.js';
import { clientKey } from '../lib/client-address.js';
import { hashToken, randomId, safeEqual } from '../lib/crypto.js';
import { badRequest, conflict, notFound } from '../lib/http-error.js';
import { readForm, storeUpload, type StoredUpload } from '../lib/multipart.js';
import { route } from '../lib/route.js';
import { LIMITS } from '../lib/throttle.js';
import { embeddablePhoto } from '../lib/vcard-photo.js';

type DbLike = Kysely<Database> | Transaction<Database>;

/** The spec's text when a card id and scratch token do not belong together (part 1 §4 and §8). */
export const INVALID_TOKEN = messages.invalidTokenToast;
export const CARD_ALREADY_ACTIVE = 'This card has already been activated';
export const NO_CARD_YET = 'You have not created your card yet';
export const CARD_NOT_FOUND = 'Card not found';

/** The type a public card reports when no physical card is bound to it (a virtual card). */
export const VIRTUAL_CARD_TYPE = 'card';

// ── Paths people and the web navigate to ───────────────────────────────────
/** The public card page of a profile link (relative: the web navigates to it). */
export const publicCardPath = (link: string): string => `/card/connect?link=${encodeURIComponent(link)}`;
/** The onboarding wizard for a new physical card. */
export const onboardingPath = (cardId: string, type: string): string =>
  `/onboarding?id=${encodeURIComponent(cardId)}&type=${encodeURIComponent(type)}`;
/** The owner's vCard of a public card. */
export const vcardDownloadPath = (link: string): string => `${calls.vcardDownload.path}?link=${encodeURIComponent(link)}`;

// ── Scratch tokens ─────────────────────────────────────────────────────────
/**
 * The stored form of a card's scratch token. Tokens are typed by people from a printed card: case and
 * surrounding spaces are forgiven (the minting alphabet is upper case only).
 */
export const scratchTokenHash = (token: string): string => hashToken(token.trim().toUpperCase());

/** Compared against when the card id is unknown, so a miss costs what a wrong token costs. */
const ABSENT_CARD_HASH = hashToken('absent card');

/**
 * Checks that `token` is the scratch token of card `cardId`, in constant time, counting the guess
 * before it is compared: across all cards from the client's address (LIMITS.cardTokenAddress, so a
 * sweep over card ids only stops its own address), then, for a card that exists, per card and address
 * (LIMITS.cardToken) and per card over all addresses (LIMITS.cardTokenCeiling, slowing as it fills).
 * Over any limit the attempt gets 429. A wrong pair or unknown card answers 400 'Invalid Token'.
 */
export async function verifyCardToken(app: FastifyInstance, request: FastifyRequest, cardId: string, token: string): Promise<Row<'physical_cards'>> {
  const address = clientKey(request);
  const sweep = `card-token:ip:${address}`;
  await app.throttle.attempt(sweep, LIMITS.cardTokenAddress);
  const card = await app.db.selectFrom('physical_cards').selectAll().where('id', '=', cardId).executeTakeFirst();
  // Unknown card ids get no counter of their own: made-up ids would only fill the table.
  const guess = card ? await app.throttle.guess(`card-token:${card.id}`, address, { perAddress: LIMITS.cardToken, ceiling: LIMITS.cardTokenCeiling }) : null;
  const matches = safeEqual(card?.token_hash ?? ABSENT_CARD_HASH, scratchTokenHash(token));
  if (!card || !guess || !matches) throw badRequest(INVALID_TOKEN, 'token');
  await guess.succeeded();
  await app.throttle.release(sweep);
  return card;
}

/** verifyCardToken, and the card must still be new (409 once activated). */
export async function requireNewCardWithToken(app: FastifyInstance, request: FastifyRequest, cardId: string, token: string): Promise<Row<'physical_cards'>> {
  const card = await verifyCardToken(app, request, cardId, token);
  if (card.status !== 'new') throw conflict(CARD_ALREADY_ACTIVE);
  return card;
}

/** Binds a new physical card to a profile and activates it; 409 when someone else was first. */
async function activateCard(db: DbLike, cardId: string, profileId: string, now: Date): Promise<void> {
  const updated = await db
    .updateTable('physical_cards')
    .set({ status: 'active', profile_id: profileId, activated_at: now })
    .where('id', '=', cardId)
    .where('status', '=', 'new')
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) throw conflict(CARD_ALREADY_ACTIVE);
}

// ── Values checked beyond the contract ─────────────────────────────────────
/**
 * Image references a card may hold: an upstream file, an http(s) URL, a path of the site, or a
 * data: image (the web's generated avatar). Anything else (javascript:, file:...) is refused.
 */
const IMAGE_REF = /^(?:https?:\/\/[^\s]+|\/(?!\/)[^\s]*|data:image\/(?:png|jpeg|gif|webp|svg\+xml)[;,][^\s]*)$/i;

/** A stored image reference or null; '' counts as none. 400 'Image is invalid' otherwise. */
export function imageRef(value: string | null | undefined, field: string): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  if (!IMAGE_REF.test(text)) throw badRequest(messages.imageInvalid, field);
  return text;
}

/**
 * Quick links as stored: every value but position non-empty (the quick-link modal's rule), ordered by
 * the positions given (strings counting from 1; unreadable ones last, ties in the order sent) and
 * renumbered 1..n.
 */
export function normaliseFields(fields: readonly CardField[], path: string): CardField[] {
  const checked = fields.map((field, index) => {
    for (const key of ['label', 'content', 'icon', 'status'] as const) {
      if (field[key].trim() === '') throw badRequest(messages.fillAllInformation, `${path}.${index}.${key}`);
    }
    const position = Number.parseInt(field.position, 10);
    return { field, index, order: Number.isFinite(position) ? position : Number.POSITIVE_INFINITY };
  });
  checked.sort((a, b) => a.order - b.order || a.index - b.index);
  return checked.map(({ field }, i) => ({
    label: field.label.trim(),
    content: field.content.trim(),
    icon: field.icon.trim(),
    status: field.status.trim(),
    type: field.type,
    position: String(i + 1),
  }));
}

async function insertFields(db: DbLike, profileId: string, fields: readonly CardField[]): Promise<void> {
  if (fields.length === 0) return;
  await db
    .insertInto('card_fields')
    .values(fields.map((f) => ({ id: randomId(), profile_id: profileId, label: f.label, content: f.content, icon: f.icon, status: f.status, type: f.type, position: Number(f.position) })))
    .execute();
}

/** A public link slug: the name's slug and a random suffix ('ada-lovelace-3f9c2a1b'). */
function newLink(name: string): string {
  const base = slugify(name).slice(0, 40).replace(/-+$/, '') || 'card';
  return `${base}-${randomBytes(4).toString('hex')}`;
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

// ── Reading cards ──────────────────────────────────────────────────────────
const isFieldType = (type: string): type is CardFieldType => (CARD_FIELD_TYPES as readonly string[]).includes(type);

export async function fieldsOf(db: DbLike, profileId: string): Promise<CardField[]> {
  const rows = await db.selectFrom('card_fields').selectAll().where('profile_id', '=', profileId).orderBy('position').orderBy('id').execute();
  return rows.flatMap((r) =>
    isFieldType(r.type) ? [{ label: r.label, content: r.content, icon: r.icon, status: r.status, type: r.type, position: String(r.position) }] : [],
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
});

export async function servicesOf(db: DbLike, profileId: string): Promise<Service[]> {
  const rows = await db.selectFrom('services').selectAll().where('profile_id', '=', profileId).orderBy('created_at').orderBy('id').execute();
  return rows.map(serviceOf);
}

async function ownerCard(db: DbLike, profile: Row<'card_profiles'>): Promise<OwnerCard> {
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

/**
 * The card profile a card id names: a physical card's id (bound to a profile) or the profile's own id.
 * Undefined when neither exists.
 */
export async function profileOfCardId(db: DbLike, cardId: string): Promise<Row<'card_profiles'> | undefined> {
  const byProfile = await db.selectFrom('card_profiles').selectAll().where('id', '=', cardId).executeTakeFirst();
  if (byProfile) return byProfile;
  return db
    .selectFrom('physical_cards')
    .innerJoin('card_profiles', 'card_profiles.id', 'physical_cards.profile_id')
    .selectAll('card_profiles')
    .where('physical_cards.id', '=', cardId)
    .where('physical_cards.status', '=', 'active')
    .executeTakeFirst();
}

/** The absolute URL of an image reference, for mail and vCards; null for data: images. */
export function absoluteImageUrl(image: string | null, publicUrl: string): string | null {
  if (!image) return null;
  if (/^https?:\/\//i.test(image)) return image;
  if (image.startsWith('/backend/')) return `${publicUrl}/api${image}`;
  if (image.startsWith('/')) return `${publicUrl}${image}`;
  return null;
}

/**
 * What a card's shown quick links add to its vCard: phone and WhatsApp numbers as phones, emails,
 * web links and social profiles (as their URLs, only when they pass their type's rule) as links, and
 * addresses. Plain-text fields stay out.
 */
export function vcardLinks(fields: readonly CardField[]): { phones: string[]; emails: string[]; urls: string[]; addresses: string[] } {
  const links = { phones: [] as string[], emails: [] as string[], urls: [] as string[], addresses: [] as string[] };
  for (const field of fields) {
    if (!isFieldShown(field)) continue;
    if (field.type === 'address') {
      links.addresses.push(field.content);
      continue;
    }
    if (field.type === 'text') continue;
    const checked = quickLinkContent(field.type, field.content);
    if (!checked.ok || checked.content === '') continue;
    if (field.type === 'tel' || field.type === 'wa') links.phones.push(checked.content);
    else if (field.type === 'email') links.emails.push(checked.content);
    else links.urls.push(checked.content);
  }
  return links;
}

export default async function cardsRoutes(app: FastifyInstance): Promise<void> {
  // ── Physical cards ──────────────────────────────────────────────────────
  route(app, calls.confirmToken)(async ({ body, request }) => {
    await requireNewCardWithToken(app, request, body.card_id, body.token);
    return { success: 'true', message: 'Token confirmed' };
  });

  // An account without a card yet (a sign-up whose create-card failed, an account made by social
  // sign-in) gets its card here, started from the account's name, photo and description: the spec sends
  // such an account to this add-device step, and the owner completes the card on the connect page.
  route(app, calls.addDevice)(async ({ body, user, request }) => {
    const card = await requireNewCardWithToken(app, request, body.card_id, body.token);
    const now = app.now();
    await app.db.transaction().execute(async (trx) => {
      const profile =
        (await profileOfUser(trx, user.id)) ??
        (await createCardProfile(trx, { userId: user.id, title: user.name, subTitle: '', description: user.description.trim(), phone: '', image: user.image, fields: [], now })) ??
        (await profileOfUser(trx, user.id));
      if (!profile) throw notFound(NO_CARD_YET);
      await activateCard(trx, card.id, profile.id, now);
    });
    return { success: 'true', message: 'Device added' };
  });

  route(app, calls.confirmCardId)(async ({ body }) => {
    const card = await app.db.selectFrom('physical_cards').select(['id', 'type', 'status']).where('id', '=', body.card_id).executeTakeFirst();
    if (!card) throw notFound(CARD_NOT_FOUND);
    return { success: 'true', data: { info: { id: card.id, type: card.type, status: card.status } } };
  });

  route(app, calls.createCard)(async ({ body, user, request }) => {
    const card = await requireNewCardWithToken(app, request, body.card_id, body.token);
    if (await profileOfUser(app.db, user.id)) throw conflict('You already have a card: link this device to it instead');
    const fields = normaliseFields(body.card.fields, 'card.fields');
    const image = imageRef(body.image?.image || user.image, 'image.image');
    const now = app.now();
    await app.db.transaction().execute(async (trx) => {
      const profile = await createCardProfile(trx, {
        userId: user.id,
        title: body.card.name,
        subTitle: body.card.subTitle,
        description: body.card.description.trim(),
        phone: body.card.phone,
        image,
        fields,
        now,
      });
      if (!profile) throw conflict('You already have a card: link this device to it instead');
      await activateCard(trx, card.id, profile.id, now);
    });
    return { success: 'true', message: 'Card created' };
  });

  route(app, calls.loadRoute)(async ({ body }) => {
    const card = await app.db
      .selectFrom('physical_cards')
      .leftJoin('card_profiles', 'card_profiles.id', 'physical_cards.profile_id')
      .select(['physical_cards.id', 'physical_cards.type', 'physical_cards.status', 'card_profiles.link'])
      .where('physical_cards.id', '=', body.card_id)
      .executeTakeFirst();
    if (!card) throw notFound(CARD_NOT_FOUND);
    if (card.status === 'new') return { success: 'true', data: { redirect_url: onboardingPath(card.id, card.type) } };
    // An active card whose profile was deleted leads nowhere.
    if (!card.link) throw notFound(CARD_NOT_FOUND);
    return { success: 'true', data: { redirect_url: publicCardPath(card.link) } };
  });

  // ── The owner's card ────────────────────────────────────────────────────
  route(app, calls.getCard)(async ({ user }) => {
    const profile = await profileOfUser(app.db, user.id);
    if (!profile) throw notFound(NO_CARD_YET);
    return { success: 'true', data: await ownerCard(app.db, profile) };
  });

  route(app, calls.saveCard)(async ({ body, user }) => {
    const image = imageRef(body.image, 'image');
    const fields = normaliseFields(body.fields, 'fields');
    const now = app.now();
    const saved = await app.db.transaction().execute(async (trx) => {
      const profile = await trx
        .updateTable('card_profiles')
        .set({ image, title: body.title, sub_title: body.sub_title, description: body.description.trim(), updated_at: now })
        .where('user_id', '=', user.id)
        .returningAll()
        .executeTakeFirst();
      if (!profile) throw notFound(NO_CARD_YET);
      await trx.deleteFrom('card_fields').where('profile_id', '=', profile.id).execute();
      await insertFields(trx, profile.id, fields);
      return ownerCard(trx, profile);
    });
    return { success: 'true', message: 'Card saved', data: saved };
  });

  route(app, calls.addService)(async ({ params, request, user }) => {
    const form = await readForm(request, { fields: addServiceFieldsSchema, files: calls.addService.multipart, dir: app.config.uploadDir });
    let stored: StoredUpload | null = null;
    try {
      const profile = await profileOfCardId(app.db, params.cardId);
      if (!profile || profile.user_id !== user.id) throw notFound(CARD_NOT_FOUND);
      const file = form.files.get('service_image');
      // A form sent with the file input left empty has a nameless, empty part: no image.
      const image = file && !(file.size === 0 && file.filename === '') ? file : null;
      const now = app.now();
      const service = await app.db.transaction().execute(async (trx) => {
        stored = image ? await storeUpload(trx, { file: image, folder: 'services', dir: app.config.uploadDir, now }) : null;
        return trx
          .insertInto('services')
          .values({
            id: randomId(),
            profile_id: profile.id,
            service_image: stored?.url ?? null,
            service_name: form.fields.service_name,
            service_description: form.fields.service_description,
            phone: form.fields.phone,
            link: form.fields.link,
            enable_enquiry: form.fields.enable_enquiry,
            created_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      return { success: 'true', message: 'Service added', data: serviceOf(service) };
    } catch (error) {
      await (stored as StoredUpload | null)?.remove();
      throw error;
    } finally {
      await form.cleanup();
    }
  });

  route(app, calls.deleteService)(async ({ params, user }) => {
    const deleted = await app.db
      .deleteFrom('services')
      .where('id', '=', params.id)
      .where('profile_id', 'in', (q) => q.selectFrom('card_profiles').select('id').where('user_id', '=', user.id))
      .executeTakeFirst();
    if (deleted.numDeletedRows === 0n) throw notFound('Service not found');
    return { success: 'true', message: 'Service deleted' };
  });

  // ── The public card ─────────────────────────────────────────────────────
  async function publicProfile(link: string) {
    const profile = await app.db
      .selectFrom('card_profiles')
      .innerJoin('users', 'users.id', 'card_profiles.user_id')
      .selectAll('card_profiles')
      .select('users.email')
      .where('card_profiles.link', '=', link)
      .executeTakeFirst();
    if (!profile) throw notFound(CARD_NOT_FOUND);
    return profile;
  }

  route(app, calls.connectVcard)(async ({ query }) => {
    const profile = await publicProfile(query.link);
    const device = await app.db
      .selectFrom('physical_cards')
      .select('type')
      .where('profile_id', '=', profile.id)
      .orderBy('activated_at')
      .orderBy('id')
      .executeTakeFirst();
    return {
      success: 'true',
      data: {
        card: {
          profile: profile.image,
          title: profile.title,
          sub_title: profile.sub_title,
          description: profile.description,
          user_id: profile.user_id,
          card_id: profile.id,
          type: device?.type ?? VIRTUAL_CARD_TYPE,
        },
        fields: await fieldsOf(app.db, profile.id),
        services: await servicesOf(app.db, profile.id),
        download_url: vcardDownloadPath(profile.link),
      },
    };
  });

  route(app, calls.vcardDownload)(async ({ query, reply }) => {
    const profile = await publicProfile(query.link);
    const links = vcardLinks(await fieldsOf(app.db, profile.id));
    const vcard = buildVCard({
      full_name: profile.title,
      title: profile.sub_title,
      phone: profile.phone,
      phones: links.phones,
      email: profile.email,
      emails: links.emails,
      url: `${app.config.publicUrl}${publicCardPath(profile.link)}`,
      urls: links.urls,
      addresses: links.addresses,
      photo: (await embeddablePhoto(app.db, app.config.uploadDir, profile.image)) ?? absoluteImageUrl(profile.image, app.config.publicUrl),
      note: profile.description,
    });
    void reply
      .type('text/vcard; charset=utf-8')
      .header('content-disposition', `attachment; filename="${vcardFileName(profile.title)}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store');
    return vcard;
  });
}
