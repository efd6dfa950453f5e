import { LIMITS } from '@tapcard/shared/constants';
import type { FastifyInstance } from 'fastify';
import { calls, type Contact } from '@tapcard/shared/contract';
import { buildVCard, vcardFileName } from '@tapcard/shared/domain';
import { clientKey } from '../lib/client-address.js';
import { randomId } from '../lib/crypto.js';
import { notFound } from '../lib/http-error.js';
import { route } from '../lib/route.js';
import { CARD_NOT_FOUND } from '../domain/cards.js';
import { countStat } from '../repositories/card-stats.js';
import { profileOfUser, reachableProfileOfCardId } from '../repositories/cards.js';
import { contactsOfProfile, contactWithEvent, deleteContact, insertContact, ownContact, setOwnContactNote, type ContactRow } from '../repositories/contacts.js';

export const CONTACT_NOT_FOUND = 'Contact not found';

/** A stored contact as the contract's contact record. */
function contactRecord(c: ContactRow): Contact {
  return {
    contact_id: c.id,
    full_name: c.full_name,
    title: c.title,
    phone: c.phone,
    email: c.email,
    created_at: c.created_at.toISOString(),
    note: c.note,
    // Where they met: the event of an arena swap (its id stays while the event does), when, and the consent of shared details.
    event: c.event_id !== null && c.event_title !== null ? { id: c.event_id, title: c.event_title } : null,
    met_at: c.met_at ? c.met_at.toISOString() : null,
    consent: c.consent,
  };
}

export default async function contactsRoutes(app: FastifyInstance): Promise<void> {
  route(app, calls.exchangeContact)(async ({ body, request }) => {
    await app.throttle.attempt(`exchange:ip:${clientKey(request)}`, LIMITS.exchange);
    // card_id is the tapped physical card's id or the card profile's own id (from the public card); a
    // locked card or a card off its link takes no contacts.
    const profile = await reachableProfileOfCardId(app.db, body.card_id);
    if (!profile) throw notFound(CARD_NOT_FOUND);
    const now = app.now();
    await app.db.transaction().execute(async (trx) => {
      await insertContact(trx, {
        id: randomId(),
        profile_id: profile.id,
        full_name: body.full_name,
        title: body.title,
        phone: body.phone,
        email: body.email.toLowerCase(),
        device_type: body.device_type,
        created_at: now,
      });
      await countStat(trx, profile.id, now, 'exchange');
    });
    return { success: 'true', message: 'Contact saved', link: profile.link };
  });

  route(app, calls.getContacts)(async ({ user }) => {
    const profile = await profileOfUser(app.db, user.id);
    const rows = profile ? await contactsOfProfile(app.db, profile.id) : [];
    return {
      success: 'true',
      data: {
        contacts: rows.map(contactRecord),
        user: { name: user.name, image: profile?.image ?? user.image },
      },
    };
  });

  for (const call of [calls.deleteContact, calls.deleteContactLegacy]) {
    route(app, call)(async ({ params, user }) => {
      const contact = await ownContact(app.db, user.id, params.contactId);
      if (!contact) throw notFound(CONTACT_NOT_FOUND);
      await deleteContact(app.db, contact.id);
      return { success: 'true', message: 'Contact deleted' };
    });
  }

  route(app, calls.setContactNote)(async ({ params, body, user }) => {
    const updated = await setOwnContactNote(app.db, user.id, params.contactId, body.note);
    const contact = updated && (await contactWithEvent(app.db, updated.id));
    if (!contact) throw notFound(CONTACT_NOT_FOUND);
    return { success: 'true', message: 'Note saved', data: contactRecord(contact) };
  });

  route(app, calls.downloadContact)(async ({ params, user, reply }) => {
    const contact = await ownContact(app.db, user.id, params.contactId);
    if (!contact) throw notFound(CONTACT_NOT_FOUND);
    const vcard = buildVCard({ full_name: contact.full_name, title: contact.title, phone: contact.phone, email: contact.email });
    void reply
      .type('text/vcard; charset=utf-8')
      .header('content-disposition', `attachment; filename="${vcardFileName(contact.full_name)}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store');
    return vcard;
  });
}
