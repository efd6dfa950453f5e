import { addTicketFormSchema, validate } from '@tapcard/shared/rules';
import { slotOf, type SlotErrors, type TicketDraft } from './wizard-state.js';

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

/** The form checked with the add-ticket schema (its own messages), placed by keyword. */
export function checkTicket(state: TicketFormState, id?: string): { ok: true; ticket: TicketDraft } | { ok: false; errors: SlotErrors } {
  const result = validate(addTicketFormSchema, {
    title: titleOf(state),
    amount: state.kind === 'free' ? 0 : state.amount,
    attendees: state.attendees,
    withChips: state.kind === 'free' ? 'without' : state.withChips,
  });
  if (!result.ok) {
    const errors: SlotErrors = {};
    for (const [path, message] of Object.entries(result.errors)) {
      const slot = slotOf(message, path, 2);
      if (slot && !errors[slot]) errors[slot] = message;
    }
    return { ok: false, errors };
  }
  const { title, amount, attendees, withChips } = result.data;
  return { ok: true, ticket: { ...(id ? { id } : {}), title, amount, attendees, withChips } };
}
