import { LIMITS } from '@tapcard/shared/constants';
import type { SharedCard, ShareCardResult } from '@tapcard/shared/contract';
import { safetyMessages, shareConsentText, type ContactExchangeValues } from '@tapcard/shared/rules';
import { phoneE164 } from '@tapcard/shared/domain';
import type { Transaction } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database, Row } from '../db/schema.js';
import { randomId } from '../lib/crypto.js';
import { badRequest, notFound, tooManyRequests } from '../lib/http-error.js';
import type { Throttle } from '../lib/throttle.js';
import type { AuthUser } from '../plugins/auth.js';
import { attendeeSafety, privateMessagesFromTo } from '../repositories/arena-safety.js';
import { profileOfUser } from '../repositories/cards.js';
import { insertPrivateChat, type Poster } from '../repositories/chats.js';
import { hasContactOf, insertSwappedContact } from '../repositories/contacts.js';
import { privateChatWire, sharedCardOf } from '../repositories/chat-wire.js';
import { ACCESS_UNKNOWN_MESSAGE } from './chat.js';
import { checkPrivateWrite } from './chat-safety.js';
import { inEventChange } from './event-sequence.js';

/**
 * Share my card: attendee P sends attendee R their public card (P signed in as a card owner on this
 * phone) or their details (name, job title, phone, email, with the consent ticked), as a private
 * message. It is a private post like any other (mute, blocks and R's choice of who may write apply)
 * with a rate of its own. Once both have shared with each other, each side that shared a card gets
 * the other as a contact of their card profile, tagged with the event and the time, once.
 *
 * The swap is decided inside the event's change: shares of one event queue on the event row's lock,
 * so of two shares at the same instant the second sees the first, and the unique (profile, attendee)
 * index keeps any number of repeats to one contact per side.
 */

/** The text a shared card's message carries for readers that do not show cards (and in previews). */
export const SHARE_TEXTS = { card: 'Shared my card', details: 'Shared my details' } as const;

export interface ShareInput {
  event: Pick<Row<'events'>, 'id' | 'title'>;
  poster: Poster;
  to: string;
  /** The card owner signed in on the phone, if any. */
  user: AuthUser | null;
  details: ContactExchangeValues | undefined;
  now: Date;
}

export interface ShareDeps {
  db: Db;
  throttle: Throttle;
}

/** What one side's contact of the other holds: from the other's card profile, or their shared details. */
interface ContactDetails {
  full_name: string;
  title: string;
  phone: string;
  email: string;
  consent: string | null;
}

/** The contact a shared card makes: a card's profile as it stands (the owner's account email, the card's phone), or the details shared. */
async function contactOf(trx: Transaction<Database>, card: SharedCard): Promise<ContactDetails | undefined> {
  if (card.kind === 'details') return { full_name: card.full_name, title: card.title, phone: card.phone, email: card.email, consent: card.consent };
  const profile = await trx
    .selectFrom('card_profiles')
    .innerJoin('users', 'users.id', 'card_profiles.user_id')
    .select(['card_profiles.title', 'card_profiles.sub_title', 'card_profiles.phone', 'users.email'])
    .where('card_profiles.link', '=', card.link)
    .executeTakeFirst();
  // Card phones are stored as digits; contacts hold E.164, as a contact exchange stores them.
  return profile && { full_name: profile.title, title: profile.sub_title, phone: profile.phone === '' ? '' : phoneE164(profile.phone), email: profile.email, consent: null };
}

async function profileIdOfLink(trx: Transaction<Database>, link: string): Promise<string | undefined> {
  return (await trx.selectFrom('card_profiles').select('id').where('link', '=', link).executeTakeFirst())?.id;
}

/** The newest card `from` shared with `to` that is still there (not removed). */
async function latestShare(trx: Transaction<Database>, eventId: string, from: string, to: string): Promise<SharedCard | undefined> {
  const row = await privateMessagesFromTo(trx, eventId, from, to)
    .select('card')
    .where('card', 'is not', null)
    .where('removed_at', 'is', null)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? sharedCardOf(row.card) : undefined;
}

/** Files `other` (the attendee) as a contact of the profile that shared `mine`, from what they shared. */
async function fileContact(trx: Transaction<Database>, profileId: string, eventId: string, otherId: string, theirs: SharedCard, now: Date): Promise<void> {
  const details = await contactOf(trx, theirs);
  if (!details) return;
  await insertSwappedContact(trx, {
    id: randomId(),
    profile_id: profileId,
    ...details,
    email: details.email.toLowerCase(),
    device_type: 'arena',
    event_id: eventId,
    met_at: now,
    attendee_id: otherId,
    created_at: now,
  });
}

/** What P shares: their card when signed in as a card owner, else their details with the consent text they agreed to. */
function sharedCard(profile: Row<'card_profiles'> | undefined, details: ContactExchangeValues | undefined, consent: string): SharedCard {
  if (profile) return { kind: 'card', link: profile.link, title: profile.title, sub_title: profile.sub_title, image: profile.image };
  if (!details) throw badRequest(safetyMessages.shareNeedsDetails, 'details');
  return { kind: 'details', full_name: details.full_name, title: details.title, phone: details.phone, email: details.email.toLowerCase(), consent };
}

export async function shareCard(deps: ShareDeps, input: ShareInput): Promise<ShareCardResult> {
  const { event, poster, to, now } = input;
  if (to === poster.id) throw badRequest(safetyMessages.shareSelf, 'to');
  const profile = input.user ? await profileOfUser(deps.db, input.user.id) : undefined;
  if (!profile && !input.details) throw badRequest(safetyMessages.shareNeedsDetails, 'details');

  const { message, swapped, saved } = await inEventChange(deps.db, event.id, async (trx, seq) => {
    const recipient = await attendeeSafety(trx, event.id, to);
    if (!recipient) throw notFound(safetyMessages.attendeeNotFound);
    const sender = await attendeeSafety(trx, event.id, poster.id);
    if (!sender) throw notFound(ACCESS_UNKNOWN_MESSAGE);
    await checkPrivateWrite(trx, event.id, sender, recipient, now);
    await deps.throttle.attemptOrRefuse(`share:${poster.id}`, LIMITS.shares, () => tooManyRequests(safetyMessages.tooManyShares), trx);

    const mine = sharedCard(profile, input.details, shareConsentText(recipient.name, event.title));
    const row = await insertPrivateChat(trx, event.id, poster, to, SHARE_TEXTS[mine.kind], now, seq, mine);

    const theirs = await latestShare(trx, event.id, to, poster.id);
    if (!theirs) return { message: privateChatWire(row), swapped: false, saved: false };
    if (profile) await fileContact(trx, profile.id, event.id, to, theirs, now);
    if (theirs.kind === 'card') {
      const theirProfile = await profileIdOfLink(trx, theirs.link);
      if (theirProfile) await fileContact(trx, theirProfile, event.id, poster.id, mine, now);
    }
    return { message: privateChatWire(row), swapped: true, saved: profile ? await hasContactOf(trx, profile.id, to) : false };
  });
  return { event_id: event.id, message, swapped, saved };
}
