/** The social links' schemas: the onboarding socials step, over the normaliser of social-links.ts. */
import { z } from 'zod';
import { messages } from './messages.js';
import { normaliseSocialLink, SOCIAL_NETWORKS } from './social-links.js';

export const socialNetworkSchema = z.enum(SOCIAL_NETWORKS);
export type SocialNetwork = z.infer<typeof socialNetworkSchema>;

/** One optional social field: blank is skipped (undefined), anything else becomes the canonical URL. */
const socialField = (network: SocialNetwork) =>
  z
    .string({ error: messages.socialMismatch(network) })
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined || value.trim() === '') return undefined;
      const result = normaliseSocialLink(network, value);
      if (result.ok) return result.url;
      ctx.addIssue({ code: 'custom', message: result.message, input: value });
      return z.NEVER;
    });

/** The onboarding socials step (instagram included for the quick-link editor). */
export const socialsSchema = z.object({
  facebook: socialField('facebook'),
  twitter: socialField('twitter'),
  snapchat: socialField('snapchat'),
  website: socialField('website'),
  instagram: socialField('instagram'),
});
export type SocialsValues = z.infer<typeof socialsSchema>;
