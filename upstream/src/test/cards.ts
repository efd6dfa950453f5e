import { randomBytes } from 'node:crypto';
import type { Body, calls } from '@tapcard/shared/contract';
import { socialsToFields } from '@tapcard/shared/domain';
import type { MintedCard } from '../cli/mint-cards.js';

/** A 1×1 PNG image, for uploads. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A client address of its own, so per-address limits of one request do not touch another. */
export const fromIp = () => ({ 'x-forwarded-for': `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}` });

/** The onboarding wizard's create-card body for a minted card: Ada Lovelace's card, with two socials. */
export function wizardBody(
  card: MintedCard,
  email: string,
  { subTitle = 'Engineer', image = null }: { subTitle?: string; image?: Body<typeof calls.createCard>['image'] } = {},
): Body<typeof calls.createCard> {
  return {
    card_id: card.id,
    type: card.type,
    token: card.token,
    user: { email, auth_type: 'Email', password: 'Str0ng!pass', name: 'Ada Lovelace', profile_image: null },
    card: {
      name: 'Ada Lovelace',
      subTitle,
      phone: '0803 123 4567',
      description: 'Counting engines',
      fields: socialsToFields({ twitter: 'https://twitter.com/ada', website: 'https://ada.example' }, '08031234567'),
    },
    image,
  };
}
