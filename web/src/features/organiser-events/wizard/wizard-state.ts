import { set, type FieldErrors, type FieldPath, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { EventPayload, Event } from '@tapcard/shared/contract';
import { eventDateText, sameEventDay } from '@tapcard/shared/domain';
import {
  eventDetailsSchema,
  makeEventDetailsSchema,
  messageFieldKey,
  refundPolicySchema,
  registrationSettingsSchema,
  ticketListSchema,
  validate,
  type EventFieldKey,
} from '@tapcard/shared/rules';
import { DEFAULT_REFUND_HOURS, DEFAULT_REFUND_POLICY, DEFAULT_REGISTRATIONS_PER_EMAIL } from '@tapcard/shared/constants';
import type { RefundPolicy } from '@tapcard/shared/domain';
import { DEFAULT_END_TIME, DEFAULT_START_TIME } from '../../../lib/ui.js';
import { readStored, removeStored, writeStored } from '../../../lib/storage.js';

/**
 * The event wizard's state (add and update): the values of its form, the check of each step, and
 * the draft kept in storage so a refresh loses nothing. Pure functions: tested without rendering.
 */

export type ChipsChoice = 'with' | 'without';

export interface TicketDraft {
  /** The stored id of an existing ticket (update keeps it). */
  id?: string;
  title: string;
  amount: number;
  attendees: number;
  withChips: ChipsChoice;
}

export interface WizardValues {
  title: string;
  description: string;
  location: string;
  image: string;
  start_date: string;
  end_date: string;
  hasEndDate: boolean;
  /** Display only (review), never sent. */
  start_time: string;
  end_time: string;
  prices: TicketDraft[];
  gallery: { name: string; image: string }[];
  /** Registrations one email may hold, as typed (a draft stored before these settings lacks both). */
  max_registrations_per_email?: string;
  /** Whether a free ticket waits for the registrant to confirm their email. */
  confirm_email_for_free?: boolean;
  /** The refund policy, and its hours before the start as typed (a draft stored before refunds lacks both). */
  refund_policy?: RefundPolicy;
  refund_hours?: string;
}

export type Step = 1 | 2 | 3;

export interface WizardDraft {
  /** 'add', or the id of the event being updated. */
  key: string;
  step: Step;
  values: WizardValues;
  /** The event's dates as stored, on update (the past-date rule only applies when the start day changes). */
  original?: { start_date: string; end_date: string | null };
  /** The browser tab's visit that wrote it (a reload keeps the visit, a new tab or a later day does not). */
  visit?: string;
}

/** Where the wizard shows a message: a field of step 1, a control of the ticket form, or under the Add button. */
export type Slot =
  | 'title'
  | 'description'
  | 'location'
  | 'start_date'
  | 'end_date'
  | 'ticketTitle'
  | 'amount'
  | 'stock'
  | 'withChips'
  | 'add'
  | 'max_registrations_per_email'
  | 'refund_hours';

/** Messages by form path, the first per path: e.g. 'title', 'prices.1.attendees', or the list's own at 'prices.root'. */
export type FormMessages = Record<string, string>;

/**
 * Where the list's own message goes ('... (ONE) ...', shown under the Add button): react-hook-form
 * keeps a field array's own message at '<name>.root', a path its field-path types leave out.
 */
export const LIST_MESSAGE_PATH = 'prices.root' as FieldPath<WizardValues>;

function isoDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** A new event: start today, end tomorrow (the end date switched off until asked for), the default times. */
export function newEventValues(now: Date = new Date()): WizardValues {
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return {
    title: '',
    description: '',
    location: '',
    image: '',
    start_date: isoDay(now),
    end_date: isoDay(tomorrow),
    hasEndDate: false,
    start_time: DEFAULT_START_TIME,
    end_time: DEFAULT_END_TIME,
    prices: [],
    gallery: [],
    max_registrations_per_email: String(DEFAULT_REGISTRATIONS_PER_EMAIL),
    confirm_email_for_free: false,
    refund_policy: DEFAULT_REFUND_POLICY,
    refund_hours: String(DEFAULT_REFUND_HOURS),
  };
}

/** The date part (YYYY-MM-DD) of a stored date or date-time, for a date input. */
export function dateInputValue(value: string | null | undefined): string {
  return eventDateText(value);
}

/** The wizard prefilled from an event (update). */
export function eventValues(event: Event, now: Date = new Date()): WizardValues {
  const base = newEventValues(now);
  return {
    ...base,
    title: event.title,
    description: event.description,
    location: event.location,
    image: event.image,
    start_date: dateInputValue(event.start_date),
    end_date: event.end_date ? dateInputValue(event.end_date) : base.end_date,
    hasEndDate: Boolean(event.end_date),
    prices: event.prices.map((p) => ({ id: p.id, title: p.title, amount: p.amount, attendees: p.attendees, withChips: p.withChips })),
    gallery: event.gallery.map((g) => ({ name: g.name, image: g.image })),
    max_registrations_per_email: String(event.max_registrations_per_email ?? DEFAULT_REGISTRATIONS_PER_EMAIL),
    confirm_email_for_free: event.confirm_email_for_free ?? false,
    refund_policy: event.refund_policy ?? DEFAULT_REFUND_POLICY,
    refund_hours: String(event.refund_hours ?? DEFAULT_REFUND_HOURS),
  };
}

/** The refund policy as the rules read it; a draft without it takes the defaults. */
function refundSettings(values: WizardValues) {
  return { refund_policy: values.refund_policy ?? DEFAULT_REFUND_POLICY, refund_hours: values.refund_hours ?? DEFAULT_REFUND_HOURS };
}

/** The registration settings as the rules read them; a draft without them takes the defaults. */
function settings(values: WizardValues) {
  return { max_registrations_per_email: values.max_registrations_per_email ?? DEFAULT_REGISTRATIONS_PER_EMAIL, confirm_email_for_free: values.confirm_email_for_free ?? false };
}

/** Step 1's fields as the schema reads them; the end date only when switched on. */
function details(values: WizardValues) {
  return {
    title: values.title,
    description: values.description,
    location: values.location,
    start_date: values.start_date,
    end_date: values.hasEndDate ? values.end_date : undefined,
  };
}

/**
 * The slot of a message, by the keyword rule (shared messageFieldKey); on the tickets step
 * 'name' and 'title' both mean the ticket's name. A message without a keyword stays under its own field.
 */
export function slotOf(message: string, path: string, step: Step): Slot | null {
  const key: EventFieldKey | null = messageFieldKey(message);
  if (key !== null) {
    if (key === 'add') return 'add';
    if (key === 'name' || key === 'title') return step === 1 ? 'title' : 'ticketTitle';
    return key;
  }
  const field = path.split('.').pop() ?? '';
  if (field === 'start_date' || field === 'end_date' || field === 'description' || field === 'location' || field === 'title') return field;
  return step === 2 ? 'add' : null;
}

/** The ticket field each ticket slot stands for. */
const TICKET_FIELD_OF_SLOT: Partial<Record<Slot, keyof TicketDraft>> = { ticketTitle: 'title', amount: 'amount', stock: 'attendees', withChips: 'withChips' };

/**
 * The form path of a message: its slot, by keyword. A ticket slot lands on the field of the ticket its
 * path names (the ticket form shows it), 'add' on the list itself.
 */
function formPathOf(message: string, path: string, step: Step): string | null {
  const slot = slotOf(message, path, step);
  if (slot === null) return null;
  if (slot === 'add') return LIST_MESSAGE_PATH;
  const field = TICKET_FIELD_OF_SLOT[slot];
  if (field === undefined) return slot;
  const index = /^\d+(?=\.|$)/.exec(path)?.[0];
  return index === undefined ? LIST_MESSAGE_PATH : `prices.${index}.${field}`;
}

function placed(errors: Record<string, string>, step: Step): FormMessages {
  const out: FormMessages = {};
  for (const [path, message] of Object.entries(errors)) {
    const at = formPathOf(message, path, step);
    if (at !== null && !(at in out)) out[at] = message;
  }
  return out;
}

/**
 * Next's check of the current step (1: details and dates; 2: the price list and the registration
 * settings), as messages by form path. On update the start date may stay in the past as long as its
 * day is unchanged, as the server allows.
 */
export function validateStep(step: Step, values: WizardValues, original?: WizardDraft['original']): FormMessages {
  if (step === 1) {
    const schema = original ? makeEventDetailsSchema(() => new Date(), original.start_date) : eventDetailsSchema;
    const result = validate(schema, details(values));
    return result.ok ? {} : placed(result.errors, 1);
  }
  if (step === 2) {
    const result = validate(ticketListSchema, values.prices);
    const found = result.ok ? {} : placed(result.errors, 2);
    const chosen = validate(registrationSettingsSchema, settings(values));
    const limit = chosen.ok ? undefined : chosen.errors.max_registrations_per_email;
    const refund = validate(refundPolicySchema, refundSettings(values));
    const hours = refund.ok ? undefined : refund.errors.refund_hours;
    return { ...found, ...(limit ? { max_registrations_per_email: limit } : {}), ...(hours ? { refund_hours: hours } : {}) };
  }
  return {};
}

/**
 * react-hook-form's errors from messages by path. Messages inside a list come first, so the list is
 * made an array (its messages then move with its items) before its own message is added to it.
 */
export function toFieldErrors<T extends FieldValues>(messages: FormMessages): FieldErrors<T> {
  const errors: FieldErrors<T> = {};
  const own = (path: string) => Number(path === 'root' || path.endsWith('.root'));
  for (const [path, message] of Object.entries(messages).sort(([a], [b]) => own(a) - own(b))) set(errors, path, { type: 'validate', message });
  return errors;
}

/** What the wizard's form checks with: the step shown, and on update the event's dates as stored. */
export interface WizardContext {
  step: Step;
  original?: WizardDraft['original'] | undefined;
}

/** The wizard's form, as its steps use it. */
export type WizardForm = UseFormReturn<WizardValues, WizardContext>;

/** The wizard form's check of the step in its context (see validateStep); it has no other rules. */
export const wizardResolver: Resolver<WizardValues, WizardContext> = (values, context) => {
  const found = validateStep(context?.step ?? 1, values, context?.original);
  return Object.keys(found).length === 0 ? { values, errors: {} } : { values: {}, errors: toFieldErrors<WizardValues>(found) };
};

/** The form's starting values: a draft stored before the registration settings takes their defaults. */
export function startingValues(values: WizardValues): WizardValues {
  return {
    ...values,
    max_registrations_per_email: values.max_registrations_per_email ?? String(DEFAULT_REGISTRATIONS_PER_EMAIL),
    confirm_email_for_free: values.confirm_email_for_free ?? false,
    refund_policy: values.refund_policy ?? DEFAULT_REFUND_POLICY,
    refund_hours: values.refund_hours ?? String(DEFAULT_REFUND_HOURS),
  };
}

/** The refund policy to send; hours the rules refuse go as typed, and the server's message says why. */
function refundPolicy(values: WizardValues): Pick<EventPayload, 'refund_policy' | 'refund_hours'> {
  const chosen = refundPolicySchema.safeParse(refundSettings(values));
  return chosen.success ? chosen.data : { refund_policy: values.refund_policy ?? DEFAULT_REFUND_POLICY, refund_hours: Number(values.refund_hours) };
}

/** The settings to send; one the rules refuse goes as typed, and the server's message says why. */
function registrationSettings(values: WizardValues): Pick<EventPayload, 'max_registrations_per_email' | 'confirm_email_for_free'> {
  const chosen = registrationSettingsSchema.safeParse(settings(values));
  return chosen.success ? chosen.data : { max_registrations_per_email: Number(values.max_registrations_per_email), confirm_email_for_free: values.confirm_email_for_free ?? false };
}

/** What create and update send: no times, the end date only when switched on; unchanged days keep the stored text. */
export function toPayload(values: WizardValues, original?: WizardDraft['original']): EventPayload {
  const start = original && sameEventDay(values.start_date, original.start_date) ? original.start_date : values.start_date;
  const end = values.hasEndDate ? (original && sameEventDay(values.end_date, original.end_date) && original.end_date ? original.end_date : values.end_date) : undefined;
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    location: values.location.trim(),
    image: values.image,
    start_date: start,
    ...(end ? { end_date: end } : {}),
    prices: values.prices.map((p) => ({ ...(p.id ? { id: p.id } : {}), title: p.title, amount: p.amount, attendees: p.attendees, withChips: p.withChips })),
    gallery: values.gallery,
    ...registrationSettings(values),
    ...refundPolicy(values),
  };
}

// ── The draft (kept in storage) ─────────────────────────────
function parseDraft(value: unknown): WizardDraft | null {
  if (typeof value !== 'object' || value === null) return null;
  const draft = value as Partial<WizardDraft>;
  if (typeof draft.key !== 'string' || (draft.step !== 1 && draft.step !== 2 && draft.step !== 3)) return null;
  const v = draft.values as Partial<WizardValues> | undefined;
  if (!v || typeof v.title !== 'string' || !Array.isArray(v.prices) || !Array.isArray(v.gallery) || typeof v.start_date !== 'string') return null;
  return draft as WizardDraft;
}

/** The stored draft of `key` ('add' or an event id), if any. */
export function storedDraft(key: string): WizardDraft | null {
  const draft = readStored('eventDraft', parseDraft);
  return draft?.key === key ? draft : null;
}

const VISIT_KEY = 'tapcard:eventWizardVisit';
let memoryVisit: string | undefined;

function newVisitId(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * This tab's visit: an id kept in session storage, so a reload finds the same one and another tab
 * (or the browser opened again another day) a new one.
 */
export function currentVisit(): string {
  try {
    let visit = globalThis.sessionStorage.getItem(VISIT_KEY);
    if (!visit) {
      visit = newVisitId();
      globalThis.sessionStorage.setItem(VISIT_KEY, visit);
    }
    return visit;
  } catch {
    return (memoryVisit ??= newVisitId());
  }
}

/** JSON with object keys sorted, so two equal values compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

/**
 * A stored draft left by another visit whose values differ from what the wizard would start with:
 * the organiser is asked whether to resume it or start again. A draft of this visit (a reload) or
 * one with nothing changed resumes without asking.
 */
export function isStaleDraft(draft: WizardDraft, initial: WizardValues, visit: string): boolean {
  return draft.visit !== visit && canonical(draft.values) !== canonical(initial);
}

/** Writes the wizard's draft to storage, or removes it (null). */
export function writeDraft(draft: WizardDraft | null): void {
  if (draft) writeStored('eventDraft', draft);
  else removeStored('eventDraft');
}
