import { z } from 'zod';
import { requiredString } from './fields.js';
import { messages } from './messages.js';

/** The longest gate name a staff link takes: it has to fit a phone's header and the organiser's list. */
export const GATE_LABEL_MAX_LENGTH = 40;

/**
 * How long a new staff link works: until a day after the event ends (the default), or a fixed time
 * from now. The upstream turns the choice into the link's expires_at.
 */
export const STAFF_LINK_EXPIRIES = ['event_end', '6h', '24h', '7d'] as const;
export type StaffLinkExpiry = (typeof STAFF_LINK_EXPIRIES)[number];

/** The organiser's staff link form: the gate's name and how long the link works. */
export const staffLinkFormSchema = z.object({
  label: requiredString(messages.gateLabelRequired).pipe(z.string().max(GATE_LABEL_MAX_LENGTH, messages.gateLabelMax(GATE_LABEL_MAX_LENGTH))),
  expiry: z.enum(STAFF_LINK_EXPIRIES).default('event_end'),
});
export type StaffLinkFormValues = z.input<typeof staffLinkFormSchema>;

/** Why a staff link or a door session opened with it no longer works: the upstream's refusals and the gateway's ended subscriptions say the same. */
export const STAFF_LINK_REVOKED_MESSAGE = 'This staff link has been revoked. Ask the organiser for a new one.';
export const STAFF_LINK_EXPIRED_MESSAGE = 'This staff link has expired. Ask the organiser for a new one.';
export const STAFF_LINK_UNKNOWN_MESSAGE = 'This staff link is not valid. Ask the organiser for a new one.';

/** A door's check-out when its event does not track who is still inside. */
export const DOOR_CHECK_OUT_OFF_MESSAGE = 'This event does not track check-out.';
/** A phone sent one client id for a check-in and a check-out: each scan needs its own id. */
export const DOOR_CLIENT_ID_REUSED_MESSAGE = 'This scan id was already used for another kind of scan.';
