import type { FastifyInstance } from 'fastify';
import { addServiceFieldsSchema, calls } from '@tapcard/shared/contract';
import { buildVCard, isFieldShown, vcardFileName } from '@tapcard/shared/domain';
import { pages } from '@tapcard/shared/pages';
import { requireNewCardWithToken } from '../domain/card-tokens.js';
import {
  absoluteImageUrl,
  CARD_NOT_FOUND,
  imageRef,
  NO_CARD_YET,
  normaliseFields,
  vcardDownloadPath,
  vcardLinks,
  VIRTUAL_CARD_TYPE,
} from '../domain/cards.js';
import { conflict, notFound } from '../lib/http-error.js';
import { makeVariants, type Variants } from '../lib/image-variants.js';
import { readForm, storeUpload, type StoredUpload } from '../lib/multipart.js';
import { route } from '../lib/route.js';
import { embeddablePhoto } from '../lib/vcard-photo.js';
import { countStat } from '../repositories/card-stats.js';
import { tapCard } from '../repositories/physical-cards.js';
import {
  activateCard,
  createCardProfile,
  deleteOwnService,
  fieldsOf,
  firstCardType,
  insertService,
  ownerCard,
  physicalCardById,
  profileOfCardId,
  profileOfUser,
  publicProfileByLink,
  replaceFields,
  serviceOf,
  servicesOf,
  updateCardProfile,
} from '../repositories/cards.js';

export default async function cardsRoutes(app: FastifyInstance): Promise<void> {
  // ── Physical cards ──────────────────────────────────────────────────────
  route(app, calls.confirmToken)(async ({ body, request, reply }) => {
    const card = await requireNewCardWithToken(app, request, body.card_id, body.token);
    // The rest of the activation (the sign-up that sends the token again) is this device's own.
    app.devices.issue(request, reply, { card: card.id });
    return { success: 'true', message: 'Token confirmed' };
  });

  // An account without a card yet (a sign-up whose create-card failed, an account made by social
  // sign-in) gets its card here, started from the account's name, photo and description: the web sends
  // such an account to this add-device step, and the owner completes the card on the connect page.
  route(app, calls.addDevice)(async ({ body, user, request }) => {
    const card = await requireNewCardWithToken(app, request, body.card_id, body.token);
    const now = app.now();
    await app.db.transaction().execute(async (trx) => {
      const profile =
        (await profileOfUser(trx, user.id)) ??
        (await createCardProfile(trx, { userId: user.id, title: user.name, subTitle: '', description: user.description.trim(), phone: '', image: imageRef(user.image), fields: [], now })) ??
        (await profileOfUser(trx, user.id));
      if (!profile) throw notFound(NO_CARD_YET);
      await activateCard(trx, card.id, profile.id, now);
    });
    return { success: 'true', message: 'Device added' };
  });

  route(app, calls.confirmCardId)(async ({ body }) => {
    const card = await physicalCardById(app.db, body.card_id);
    if (!card) throw notFound(CARD_NOT_FOUND);
    return { success: 'true', data: { info: { id: card.id, type: card.type, status: card.status } } };
  });

  route(app, calls.createCard)(async ({ body, user, request }) => {
    const card = await requireNewCardWithToken(app, request, body.card_id, body.token);
    if (await profileOfUser(app.db, user.id)) throw conflict('You already have a card: link this device to it instead');
    const fields = normaliseFields(body.card.fields, 'card.fields');
    const image = imageRef(body.image?.image) ?? imageRef(user.image);
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

  // Resolved afresh on every tap (the answer is never cached), so a lock or a replacement applies to the next one.
  route(app, calls.loadRoute)(async ({ body }) => {
    const card = await tapCard(app.db, body.card_id, app.now());
    if (!card) throw notFound(CARD_NOT_FOUND);
    if (card.status === 'new') return { success: 'true', data: { redirect_url: pages.onboarding(card.id, card.type) } };
    if (card.locked_at !== null || card.replaced_at !== null) return { success: 'true', data: { redirect_url: pages.cardLocked() } };
    // An active card whose profile was deleted leads nowhere.
    if (!card.link) throw notFound(CARD_NOT_FOUND);
    return { success: 'true', data: { redirect_url: pages.cardConnect(card.link, 'tap') } };
  });

  // ── The owner's card ────────────────────────────────────────────────────
  route(app, calls.getCard)(async ({ user }) => {
    const profile = await profileOfUser(app.db, user.id);
    if (!profile) throw notFound(NO_CARD_YET);
    return { success: 'true', data: await ownerCard(app.db, profile) };
  });

  route(app, calls.saveCard)(async ({ body, user }) => {
    const image = imageRef(body.image);
    const fields = normaliseFields(body.fields, 'fields');
    const now = app.now();
    const saved = await app.db.transaction().execute(async (trx) => {
      const profile = await updateCardProfile(trx, user.id, { image, title: body.title, sub_title: body.sub_title, description: body.description.trim() }, now);
      if (!profile) throw notFound(NO_CARD_YET);
      await replaceFields(trx, profile.id, fields);
      return ownerCard(trx, profile);
    });
    return { success: 'true', message: 'Card saved', data: saved };
  });

  route(app, calls.addService)(async ({ params, request, user }) => {
    const form = await readForm(request, { fields: addServiceFieldsSchema, files: calls.addService.multipart, dir: app.config.uploadDir });
    let stored: StoredUpload | null = null;
    let variants: Variants | null = null;
    try {
      const profile = await profileOfCardId(app.db, params.cardId);
      if (!profile || profile.user_id !== user.id) throw notFound(CARD_NOT_FOUND);
      const file = form.files.get('service_image');
      // A form sent with the file input left empty has a nameless, empty part: no image.
      const image = file && !(file.size === 0 && file.filename === '') ? file : null;
      const now = app.now();
      variants = image ? await makeVariants(image, app.config.uploadDir) : null;
      const made = variants?.made ?? [];
      const service = await app.db.transaction().execute(async (trx) => {
        stored = image ? await storeUpload(trx, { file: image, variants: made, folder: 'services', dir: app.config.uploadDir, now }) : null;
        return insertService(trx, {
          profile_id: profile.id,
          service_image: stored?.url ?? null,
          service_name: form.fields.service_name,
          service_description: form.fields.service_description,
          phone: form.fields.phone,
          link: form.fields.link,
          enable_enquiry: form.fields.enable_enquiry,
          created_at: now,
        });
      });
      return { success: 'true', message: 'Service added', data: serviceOf(service) };
    } catch (error) {
      await (stored as StoredUpload | null)?.remove();
      throw error;
    } finally {
      await Promise.all([form.cleanup(), variants?.discard()]);
    }
  });

  route(app, calls.deleteService)(async ({ params, user }) => {
    if (!(await deleteOwnService(app.db, user.id, params.id))) throw notFound('Service not found');
    return { success: 'true', message: 'Service deleted' };
  });

  // ── The public card ─────────────────────────────────────────────────────
  // A card taken off its link answers as if it did not exist; hidden links and switched-off services stay out.
  route(app, calls.connectVcard)(async ({ query }) => {
    const profile = await publicProfileByLink(app.db, query.link);
    if (!profile || profile.link_off) throw notFound(CARD_NOT_FOUND);
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
          type: (await firstCardType(app.db, profile.id)) ?? VIRTUAL_CARD_TYPE,
        },
        fields: (await fieldsOf(app.db, profile.id)).filter(isFieldShown),
        services: (await servicesOf(app.db, profile.id)).filter((s) => s.enabled),
        download_url: vcardDownloadPath(profile.link),
      },
    };
  });

  route(app, calls.vcardDownload)(async ({ query, reply, request }) => {
    const profile = await publicProfileByLink(app.db, query.link);
    if (!profile || profile.link_off) throw notFound(CARD_NOT_FOUND);
    // Each download counts as a contact save (a HEAD request downloads nothing).
    if (request.method === 'GET') await countStat(app.db, profile.id, app.now(), 'save');
    const links = vcardLinks(await fieldsOf(app.db, profile.id));
    const vcard = buildVCard({
      full_name: profile.title,
      title: profile.sub_title,
      phone: profile.phone,
      phones: links.phones,
      email: profile.email,
      emails: links.emails,
      url: `${app.config.publicUrl}${pages.cardConnect(profile.link)}`,
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
