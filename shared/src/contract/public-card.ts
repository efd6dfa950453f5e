import { call, linkQuery, type CallFactories } from './core.js';
import { wireData } from './envelope.js';
import { publicCardSchema } from './entities.js';

/**
 * The public card: what a visitor sees at a card's link, and its vCard.
 */

/** Built once each, on first use, in `calls`. */
export const publicCardCallFactories = {
  connectVcard: () => call({ method: 'GET', path: '/connect/public/api/connect-vcard', auth: 'none', query: linkQuery, answer: wireData(publicCardSchema) }),
  vcardDownload: () => call({ method: 'GET', path: '/connect/public/api/vcard-download', auth: 'none', query: linkQuery, answer: 'vcard' }),
} satisfies CallFactories;
