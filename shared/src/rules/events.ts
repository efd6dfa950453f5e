/** The event wizard's rules (details, tickets, gallery) and the keyword placement of its messages. */
import { z } from 'zod';
import { DEFAULT_REFUND_HOURS, DEFAULT_REFUND_POLICY, DEFAULT_REGISTRATIONS_PER_EMAIL, MAX_REFUND_HOURS, MAX_REGISTRATIONS_PER_EMAIL, REFUND_POLICIES } from '../constants/index.js';
import { eventDay, localDay, sameEventDay } from '../domain/event-dates.js';
import { blankToUndefined, numberInput, requiredString } from './fields.js';
import { messages } from './messages.js';
import { ownImageSchema } from './uploads.js';

const isDate = (text: string): boolean => eventDay(text) !== null;

const datesOf = (value: unknown): { start: number; end: number } | null => {
  const { start_date, end_date } = (value ?? {}) as { start_date?: unknown; end_date?: unknown };
  if (typeof start_date !== 'string' || typeof end_date !== 'string') return null;
  const start = eventDay(start_date);
  const end = eventDay(end_date);
  return start === null || end === null ? null : { start, end };
};

/**
 * The details fields of step 1. The start date may not lie before today (today is allowed), except
 * that an update may keep the start day it has stored (`storedStart`) even once that day has passed.
 */
const detailsShape = (now: () => Date, storedStart?: string | null) => ({
  title: requiredString(messages.eventNameRequired),
  description: requiredString(messages.eventDescriptionRequired),
  location: requiredString(messages.eventLocationRequired),
  start_date: requiredString(messages.startDateRequired)
    .pipe(z.string().refine(isDate, messages.dateInvalid))
    .pipe(z.string().refine((text) => sameEventDay(text, storedStart) || (eventDay(text) ?? 0) >= localDay(now()), messages.futureDate)),
  /** Optional; blank or null means no end date. */
  end_date: z.preprocess(
    blankToUndefined,
    z.string({ error: messages.dateInvalid }).trim().refine(isDate, messages.dateInvalid).optional(),
  ),
});

/** End date at least one calendar day after the start date, reported under end_date. */
const withEndAfterStart = <T extends z.ZodObject<ReturnType<typeof detailsShape>>>(schema: T) =>
  schema.refine(
    (values) => {
      const dates = datesOf(values);
      return dates === null || dates.end >= dates.start + 1;
    },
    { error: messages.endDateAfterStart, path: ['end_date'], when: (payload) => datesOf(payload.value) !== null },
  );

/** Step 1 of the wizard, with an injectable clock for the "not in the past" rule and, on update, the stored start date. */
export const makeEventDetailsSchema = (now: () => Date, storedStart?: string | null) =>
  withEndAfterStart(z.object(detailsShape(now, storedStart)));
export const eventDetailsSchema = makeEventDetailsSchema(() => new Date());
export type EventDetailsValues = z.infer<typeof eventDetailsSchema>;

export const WITH_CHIPS_OPTIONS = ['with', 'without'] as const;
/** 'with' or 'without' chips; an empty choice counts as 'without'. */
export const withChipsSchema = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? 'without' : value),
  z.enum(WITH_CHIPS_OPTIONS, { error: messages.withChipsInvalid }),
);

const ticketId = z.union([z.string(), z.number()]).optional();

/** A ticket category as the wizard's price list holds it. Numeric strings from inputs are accepted. */
export const ticketSchema = z.object({
  id: ticketId,
  title: requiredString(messages.ticketNameRequired),
  amount: z.preprocess(numberInput, z.number({ error: messages.ticketAmountNumber }).min(0, messages.priceMin)),
  attendees: z.preprocess(
    numberInput,
    z
      .number({ error: messages.ticketStockRequired })
      .min(1, messages.stockMin)
      .int({ error: messages.ticketStockRequired }),
  ),
  withChips: withChipsSchema,
});
export type TicketValues = z.infer<typeof ticketSchema>;

/** The price list: at least one ticket. */
export const ticketListSchema = z.array(ticketSchema, { error: messages.ticketsMin }).min(1, messages.ticketsMin);

/** The add-ticket form's own schema, with its own wording of the messages. */
export const addTicketFormSchema = z.object({
  id: ticketId,
  title: requiredString(messages.ticketTitleRequired),
  amount: z.preprocess(
    numberInput,
    z.number({ error: messages.ticketAmountNumber }).min(0, messages.ticketAmountMin),
  ),
  attendees: z.preprocess(
    numberInput,
    z
      .number({ error: messages.ticketStockRequired })
      .min(1, messages.ticketStockMin)
      .int({ error: messages.ticketStockRequired }),
  ),
  withChips: withChipsSchema,
});
export type AddTicketFormValues = z.infer<typeof addTicketFormSchema>;

/** A media gallery item. */
export const galleryItemSchema = z.object({
  name: z.string({ error: messages.imageInvalid }),
  image: requiredString(messages.imageInvalid).pipe(ownImageSchema),
});
export type GalleryItemValues = z.infer<typeof galleryItemSchema>;

/**
 * The organiser's registration settings: how many registrations one email address may hold for the
 * event (DEFAULT_REGISTRATIONS_PER_EMAIL unless raised, at most MAX_REGISTRATIONS_PER_EMAIL), and
 * whether a free ticket waits until the registrant confirms their email. Absent values take the defaults.
 */
const registrationSettingsShape = {
  max_registrations_per_email: z
    .preprocess(
      numberInput,
      z
        .number({ error: messages.registrationsPerEmailRange })
        .int({ error: messages.registrationsPerEmailRange })
        .min(1, messages.registrationsPerEmailRange)
        .max(MAX_REGISTRATIONS_PER_EMAIL, messages.registrationsPerEmailRange),
    )
    .default(DEFAULT_REGISTRATIONS_PER_EMAIL),
  confirm_email_for_free: z.boolean({ error: messages.confirmEmailChoice }).default(false),
};
export const registrationSettingsSchema = z.object(registrationSettingsShape);
export type RegistrationSettings = z.infer<typeof registrationSettingsSchema>;

/**
 * The organiser's refund policy: no refunds, or a full refund until `refund_hours` before the start
 * (none after). The hours are kept with 'none' too, so switching back restores them.
 */
const refundPolicyShape = {
  refund_policy: z.enum(REFUND_POLICIES, { error: messages.refundPolicyChoice }).default(DEFAULT_REFUND_POLICY),
  refund_hours: z
    .preprocess(
      numberInput,
      z
        .number({ error: messages.refundHoursRange })
        .int({ error: messages.refundHoursRange })
        .min(0, messages.refundHoursRange)
        .max(MAX_REFUND_HOURS, messages.refundHoursRange),
    )
    .default(DEFAULT_REFUND_HOURS),
};
export const refundPolicySchema = z.object(refundPolicyShape);
export type RefundPolicyValues = z.infer<typeof refundPolicySchema>;

/** The whole event as created or updated: details, price list, banner (blank: default banner), gallery and registration settings. */
export const makeEventSchema = (now: () => Date) =>
  withEndAfterStart(
    z.object({
      ...detailsShape(now),
      prices: ticketListSchema,
      image: ownImageSchema.default(''),
      gallery: z.array(galleryItemSchema, { error: messages.imageInvalid }).default([]),
      ...registrationSettingsShape,
      ...refundPolicyShape,
    }),
  );
export const eventSchema = makeEventSchema(() => new Date());
export type EventValues = z.infer<typeof eventSchema>;

export const EVENT_FIELD_KEYS = ['name', 'description', 'location', 'title', 'amount', 'stock', 'withChips', 'add'] as const;
export type EventFieldKey = (typeof EVENT_FIELD_KEYS)[number];

/**
 * Keywords, first match wins. Besides the field names, 'price' goes under amount ('Price must be at
 * least 0') and 'chips' under withChips, so every message of the wizard finds its field.
 */
const FIELD_KEYWORDS: ReadonlyArray<readonly [string, EventFieldKey]> = [
  ['(one)', 'add'],
  ['withchips', 'withChips'],
  ['chips', 'withChips'],
  ['stock', 'stock'],
  ['amount', 'amount'],
  ['price', 'amount'],
  ['title', 'title'],
  ['name', 'name'],
  ['description', 'description'],
  ['location', 'location'],
];

/** Where the wizard shows `message`: the field whose keyword the message contains (case-insensitive), or null. */
export function messageFieldKey(message: string): EventFieldKey | null {
  const text = message.toLowerCase();
  return FIELD_KEYWORDS.find(([keyword]) => text.includes(keyword))?.[1] ?? null;
}
