/** Profile, inline edit, quick-link modal and service form. */
import { z } from 'zod';
import { blankToUndefined, phoneField, requiredString } from './fields.js';
import { CARD_FIELD_TYPES } from '../domain/cards.js';
import { messages } from './messages.js';
import { phoneNumber } from './link-content.js';
import { checkQuickLinkContent } from './quick-links.js';

/** The international-style phone: optional plus, then 3 + 3 + 4 to 7 digits. */
export const PROFILE_PHONE_PATTERN = /^\+?\d{3}\d{3}\d{4,7}$/;

/** Profile and registration phone: required, the pattern above (single spaces or hyphens between digits allowed and removed). */
export const profilePhoneSchema = phoneField(messages.phoneRequired, messages.phoneInvalid, PROFILE_PHONE_PATTERN);

export const profileSchema = z.object({
  name: requiredString(messages.nameRequired),
  subTitle: requiredString(messages.subTitleRequired),
  phone: profilePhoneSchema,
  /** Optional; blank becomes absent. */
  description: z.preprocess(blankToUndefined, z.string().trim().optional()),
});
export type ProfileValues = z.infer<typeof profileSchema>;

/** Inline edit of one profile value on the connect page. */
export const inlineEditSchema = requiredString(messages.fieldEmpty);

/** A quick link's type: one of the 11 card field types (domain/cards.ts), else the modal's message. */
export const quickLinkTypeSchema = z.enum(CARD_FIELD_TYPES, { error: messages.fillAllInformation });

const fillIn = () => requiredString(messages.fillAllInformation);

/** Quick-link modal fields: every field except position must be non-empty. Position is a string counting from 1. */
export const quickLinkFieldsSchema = z.object({
  label: fillIn(),
  content: fillIn(),
  icon: fillIn(),
  type: quickLinkTypeSchema,
  status: z.preprocess((value) => (typeof value === 'number' ? String(value) : value), fillIn()),
  position: z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : blankToUndefined(value)),
    z.string({ error: messages.fillAllInformation }).trim().optional(),
  ),
});
/** The quick-link modal: its fields, then the content checked against the type (quick-links.ts). */
export const quickLinkSchema = quickLinkFieldsSchema.transform(checkQuickLinkContent);
export type QuickLinkValues = z.infer<typeof quickLinkSchema>;

/** A link typed without a scheme gets https:// before it is checked. */
const withScheme = (value: string): string => (/^[a-z][a-z\d+.-]*:/i.test(value) ? value : `https://${value}`);

/** Service link: required, an http(s) URL with a dotted host; "example.com/x" is read as https://example.com/x. */
export const serviceLinkSchema = requiredString(messages.linkRequired)
  .overwrite(withScheme)
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: messages.linkInvalid }));

/** Service phone: required, then the quick links' phone rule (phoneNumber); stored in E.164. */
export const servicePhoneSchema = requiredString(messages.phoneRequired).transform((value, ctx) => {
  const phone = phoneNumber(value);
  if (phone !== null) return phone;
  ctx.addIssue({ code: 'custom', message: messages.quickLinkPhoneInvalid, input: value });
  return z.NEVER;
});

/** Multipart forms send booleans as 'true' / 'false'. */
const booleanInput = (value: unknown): unknown => (value === 'true' ? true : value === 'false' ? false : value);

export const serviceFormSchema = z.object({
  service_name: requiredString(messages.serviceNameRequired),
  service_description: requiredString(messages.serviceDescriptionRequired),
  phone: servicePhoneSchema,
  link: serviceLinkSchema,
  enable_enquiry: z.preprocess(booleanInput, z.boolean().optional()).transform((value) => value ?? true),
});
export type ServiceFormValues = z.infer<typeof serviceFormSchema>;
