import { z } from 'zod';
import { contactExchangeSchema, contactNoteSchema } from '../rules/index.js';
import { call, id, ownerCallsOn, type CallFactories } from './core.js';
import { plainAnswerSchema, wire, wireData } from './envelope.js';
import { contactSchema, userSummarySchema } from './entities.js';

/**
 * Contacts: the owner's contact list (notes, vCards, removal) and a visitor's exchange of details on
 * a public card.
 */

/** The owner's calls about one of their contacts. */
const contactCall = ownerCallsOn(z.object({ contactId: id }));

/** Built once each, on first use, in `calls`. */
export const contactCallFactories = {
  /** user contacts (get-contacts) */
  getContacts: () => call({
    method: 'GET',
    path: '/connect/api/get-contacts',
    auth: 'bearer',
    answer: wireData(z.object({ contacts: z.array(contactSchema), user: userSummarySchema })),
  }),
  deleteContact: () => contactCall({ method: 'DELETE', path: '/v1/connect/api/contacts/:contactId', answer: plainAnswerSchema }),
  /** contacts delete (named path) */
  deleteContactLegacy: () => contactCall({ method: 'DELETE', path: '/connect/api/contacts/:contactId', answer: plainAnswerSchema }),
  /** contacts download (vCard) */
  downloadContact: () => contactCall({ method: 'GET', path: '/v1/connect/api/contacts/:contactId/download', answer: 'vcard' }),
  /** Sets or clears the owner's note on one of their contacts (ours); answers the contact. */
  setContactNote: () => contactCall({ method: 'POST', path: '/v1/connect/api/contacts/:contactId/note', body: z.object({ note: contactNoteSchema }), answer: wireData(contactSchema) }),
  exchangeContact: () => call({
    method: 'POST',
    path: '/connect/public/api/exchange-contact',
    auth: 'none',
    body: contactExchangeSchema.extend({ card_id: id, device_type: z.string().min(1).max(32) }),
    /** `link`: the owner's card's link, where the form ends when there is no page to go back to. */
    answer: wire({ link: z.string().optional() }),
  }),
} satisfies CallFactories;
