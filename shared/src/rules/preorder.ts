/** The landing page's pre-order form. */
import { z } from 'zod';
import { EXCHANGE_PHONE_PATTERN } from './exchange.js';
import { emailField, phoneField, requiredString } from './fields.js';
import { messages } from './messages.js';

export const preorderSchema = z.object({
  name: requiredString(messages.preorderNameRequired),
  /** No pattern of its own is required; the exchange form's (optional plus, 9 to 15 digits) is used. */
  phone: phoneField(messages.preorderPhoneRequired, messages.preorderPhoneInvalid, EXCHANGE_PHONE_PATTERN),
  email: emailField(messages.preorderEmailRequired, messages.preorderEmailInvalid),
});
export type PreorderValues = z.infer<typeof preorderSchema>;
