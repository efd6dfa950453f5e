import { z } from 'zod';
import { DEFAULT_PHONE_POSITION, DEFAULT_WHATSAPP_POSITION } from '../constants/index.js';
import { normalisePhone } from './phone.js';

/** The eleven quick-link types of a card field. */
export const CARD_FIELD_TYPES = [
  'address',
  'email',
  'facebook',
  'instagram',
  'url',
  'tel',
  'snapchat',
  'tiktok',
  'twitter',
  'wa',
  'text',
] as const;
export const cardFieldTypeSchema = z.enum(CARD_FIELD_TYPES);
export type CardFieldType = z.infer<typeof cardFieldTypeSchema>;

/** The status of a shown field; the socials step writes it and it is the default. */
export const ACTIVE_FIELD_STATUS = '1';

/**
 * A quick link of a card. position is its index as a string counting from '1'. id is the server's, kept
 * across saves (send it back to keep the link's click counts); absent on a link not yet saved.
 */
export const cardFieldSchema = z.object({
  id: z.string().min(1).max(128).optional(),
  label: z.string(),
  content: z.string(),
  icon: z.string(),
  status: z.string(),
  type: cardFieldTypeSchema,
  position: z.string(),
});
export type CardField = z.infer<typeof cardFieldSchema>;

/** Each type's default label and icon name. */
export const CARD_FIELD_DEFAULTS: Readonly<Record<CardFieldType, { readonly label: string; readonly icon: string }>> = {
  address: { label: 'Address', icon: 'address' },
  email: { label: 'Email', icon: 'email' },
  facebook: { label: 'Facebook', icon: 'facebook' },
  instagram: { label: 'Instagram', icon: 'instagram' },
  url: { label: 'Website', icon: 'website' },
  tel: { label: 'Phone', icon: 'phone' },
  snapchat: { label: 'Snapchat', icon: 'snapchat' },
  tiktok: { label: 'TikTok', icon: 'tiktok' },
  twitter: { label: 'Twitter', icon: 'twitter' },
  wa: { label: 'WhatsApp', icon: 'whatsapp' },
  text: { label: 'Others', icon: 'others' },
};

/** The brand icons offered for fields of type url and text. */
export const BRAND_ICONS = [
  'website',
  'linkedin',
  'youtube',
  'github',
  'tiktok',
  'telegram',
  'discord',
  'behance',
  'dribbble',
  'medium',
  'pinterest',
  'reddit',
  'spotify',
  'soundcloud',
  'twitch',
  'vimeo',
  'threads',
  'whatsapp',
  'signal',
  'slack',
  'calendly',
  'paypal',
  'patreon',
  'etsy',
  'shopify',
  'google',
  'apple',
  'mastodon',
  'substack',
  'linktree',
] as const;
export type BrandIcon = (typeof BRAND_ICONS)[number];

/** Types whose icon the owner picks from BRAND_ICONS. */
export const BRAND_ICON_TYPES: readonly CardFieldType[] = ['url', 'text'];

/** Every icon name a field may carry: the type defaults and the brand icons. */
export const CARD_ICONS: readonly string[] = [
  ...new Set<string>([...Object.values(CARD_FIELD_DEFAULTS).map((d) => d.icon), ...BRAND_ICONS]),
];

/** The onboarding socials, in the order their fields are added. */
export const ONBOARDING_SOCIALS = ['facebook', 'twitter', 'snapchat', 'website', 'instagram'] as const;
export type OnboardingSocial = (typeof ONBOARDING_SOCIALS)[number];

const SOCIAL_FIELD_TYPE: Readonly<Record<OnboardingSocial, CardFieldType>> = {
  facebook: 'facebook',
  twitter: 'twitter',
  snapchat: 'snapchat',
  website: 'url',
  instagram: 'instagram',
};

/** A field of a type with its default label and icon, shown (status '1'). */
export function defaultField(type: CardFieldType, content: string, position: number): CardField {
  const { label, icon } = CARD_FIELD_DEFAULTS[type];
  return { label, content, icon, status: ACTIVE_FIELD_STATUS, type, position: String(position) };
}

/**
 * The card fields of the onboarding socials step: the phone as a 'tel' field at position '1' and a
 * 'wa' field at position '2' (both hold the normalised phone), then each non-empty social (value
 * trimmed, in ONBOARDING_SOCIALS order) with its default label and icon, positions counting on
 * from '3'. The social values are expected to be normalised already (the rules module's social-link
 * normaliser). A phone that normalises to '' adds no tel/wa fields and the socials count from '1'.
 */
export function socialsToFields(socials: Partial<Record<OnboardingSocial, string>>, phone: string): CardField[] {
  const fields: CardField[] = [];
  const normalised = normalisePhone(phone);
  if (normalised !== '') {
    fields.push(defaultField('tel', normalised, DEFAULT_PHONE_POSITION));
    fields.push(defaultField('wa', normalised, DEFAULT_WHATSAPP_POSITION));
  }
  let position = fields.length > 0 ? Math.max(DEFAULT_PHONE_POSITION, DEFAULT_WHATSAPP_POSITION) + 1 : 1;
  for (const social of ONBOARDING_SOCIALS) {
    const value = socials[social]?.trim() ?? '';
    if (value === '') continue;
    fields.push(defaultField(SOCIAL_FIELD_TYPE[social], value, position));
    position += 1;
  }
  return fields;
}

/** The status the owner's switch writes to hide a field. */
export const HIDDEN_FIELD_STATUS = '0';

/** Statuses that switch a field off: the public card and the vCard leave such a field out. */
export const HIDDEN_FIELD_STATUSES: readonly string[] = [HIDDEN_FIELD_STATUS, 'inactive', 'false'];

/** Whether the owner has the field switched on (whatever its content). */
export function isFieldSwitchedOn(field: Pick<CardField, 'status'>): boolean {
  return !HIDDEN_FIELD_STATUSES.includes(field.status);
}

/** Whether a visitor sees a field: it has content and is not switched off. */
export function isFieldShown(field: Pick<CardField, 'content' | 'status'>): boolean {
  return field.content.trim() !== '' && isFieldSwitchedOn(field);
}
