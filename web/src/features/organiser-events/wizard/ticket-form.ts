import type { FieldErrors, Resolver } from 'react-hook-form';
import { addTicketFormSchema, validate } from '@tapcard/shared/rules';
import { slotOf, toFieldErrors, type Slot, type TicketDraft, type WizardValues } from './wizard-state.js';

/** The add-ticket form as the organiser fills it in. */
export interface TicketFormState {
  kind: 'free' | 'paid';
  /** The default names, or Others with a free-text name. */
  preset: '' | 'Regular' | 'VIP' | 'Others';
  custom: string;
  amount: string;
  attendees: string;
  withChips: '' | 'with' | 'without';
}

export const TICKET_NAMES = ['Regular', 'VIP'] as const;
export const FREE_TITLE = 'Free';

export const emptyTicket: TicketFormState = { kind: 'paid', preset: '', custom: '', amount: '', attendees: '', withChips: '' };

/** Choosing Free sets title Free, amount 0 and chips 'without'; choosing Paid clears the fields. */
export function chooseKind(state: TicketFormState, kind: 'free' | 'paid'): TicketFormState {
  if (kind === 'free') return { ...state, kind, preset: '', custom: '', amount: '0', withChips: 'without' };
  return { ...emptyTicket, kind };
}

export function titleOf(state: TicketFormState): string {
  if (state.kind === 'free') return FREE_TITLE;
  return state.preset === 'Others' ? state.custom : state.preset;
}

/** A stored ticket loaded for editing. */
export function ticketToForm(ticket: TicketDraft): TicketFormState {
  const base = { amount: String(ticket.amount), attendees: String(ticket.attendees), withChips: ticket.withChips };
  if (ticket.title === FREE_TITLE && ticket.amount === 0) return { ...base, kind: 'free', preset: '', custom: '', withChips: 'without' };
  const preset = (TICKET_NAMES as readonly string[]).includes(ticket.title) ? (ticket.title as 'Regular' | 'VIP') : 'Others';
  return { ...base, kind: 'paid', preset, custom: preset === 'Others' ? ticket.title : '' };
}

/**
 * Where the ticket form shows a message: under the ticket's name (the name chosen, or the name typed
 * under Others), its amount, its stock, its chips, or under the Add button ('root').
 */
export type TicketMessages = Partial<Record<'preset' | 'amount' | 'attendees' | 'withChips' | 'root', string>>;

const FIELD_OF_SLOT: Partial<Record<Slot, keyof TicketMessages>> = { ticketTitle: 'preset', amount: 'amount', stock: 'attendees', withChips: 'withChips', add: 'root' };

/** The form checked with the add-ticket schema (its own messages), placed by keyword. */
export function checkTicket(state: TicketFormState, id?: string): { ok: true; ticket: TicketDraft } | { ok: false; errors: TicketMessages } {
  const result = validate(addTicketFormSchema, {
    title: titleOf(state),
    amount: state.kind === 'free' ? 0 : state.amount,
    attendees: state.attendees,
    withChips: state.kind === 'free' ? 'without' : state.withChips,
  });
  if (!result.ok) {
    const errors: TicketMessages = {};
    for (const [path, message] of Object.entries(result.errors)) {
      const slot = slotOf(message, path, 2);
      const field = slot === null ? undefined : FIELD_OF_SLOT[slot];
      if (field && !errors[field]) errors[field] = message;
    }
    return { ok: false, errors };
  }
  const { title, amount, attendees, withChips } = result.data;
  return { ok: true, ticket: { ...(id ? { id } : {}), title, amount, attendees, withChips } };
}

/** The ticket form's check (see checkTicket): the ticket as the list holds it, the edited one keeping its stored id. */
export const ticketResolver: Resolver<TicketFormState, { id?: string | undefined }, TicketDraft> = (values, context) => {
  const checked = checkTicket(values, context?.id);
  return checked.ok ? { values: checked.ticket, errors: {} } : { values: {}, errors: toFieldErrors<TicketFormState>(checked.errors) };
};

/**
 * The step's messages about the price list, for the ticket form: the first message of each field
 * among the tickets, and the list's own under the Add button.
 */
export function listMessages(errors: FieldErrors<WizardValues>['prices']): TicketMessages {
  const out: TicketMessages = {};
  if (!errors) return out;
  const tickets = Array.isArray(errors) ? (errors as (FieldErrors<TicketDraft> | undefined)[]) : [];
  for (const ticket of tickets) {
    out.preset ??= ticket?.title?.message;
    out.amount ??= ticket?.amount?.message;
    out.attendees ??= ticket?.attendees?.message;
    out.withChips ??= ticket?.withChips?.message;
  }
  out.root = errors.root?.message;
  return out;
}
