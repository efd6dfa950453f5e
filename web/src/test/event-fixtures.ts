import type { ArenaView } from '@tapcard/shared/realtime';
import type { AdminEvent, AttendeeToken, ChatMessage, ChipRecord, Event, EventSummary, OrganiserMessage, PrivateChat } from '@tapcard/shared/contract';

/** Wire-shaped events, attendees, messages and chips for the events tests (valid against the contract). */

export const EVENT_ID = 'evt-1';
export const TID = 'tid-ada-0123456789abcdef';
export const ATTENDEE_ID = 'att-ada';
export const ORGANISER_ID = 'user-org';
/** A door ticket of Ada at the event, as the token answer carries it (the signature is not checked here). */
export const TICKET = `TC1.kid00001.${EVENT_ID}.${ATTENDEE_ID}.${'A'.repeat(86)}`;

function day(offsetDays: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
/** Dates relative to today: ongoing spans yesterday..tomorrow. */
export const dates = {
  ongoing: { start_date: day(-1), end_date: day(1) },
  upcoming: { start_date: day(10), end_date: null },
  ended: { start_date: day(-10), end_date: day(-9) },
};

export function eventSummary(overrides: Partial<EventSummary> = {}): EventSummary {
  return {
    id: EVENT_ID,
    clean_name: 'tech-meetup',
    title: 'Tech Meetup',
    description: 'Talks and networking',
    location: 'Lagos',
    image: '',
    ...dates.ongoing,
    ...overrides,
  };
}

export function event(overrides: Partial<Event> = {}): Event {
  return {
    ...eventSummary(),
    prices: [
      { id: 'price-free', title: 'Free', amount: 0, attendees: 50, withChips: 'without', sold: 2 },
      { id: 'price-vip', title: 'VIP', amount: 15000, attendees: 10, withChips: 'with', sold: 0 },
    ],
    gallery: [],
    attendees: [],
    attendee_count: 0,
    user: { name: 'Organiser', image: null },
    user_id: ORGANISER_ID,
    ...overrides,
  };
}

export function message(id: string, seq: number, text: string, from: { id: string; name: string } = { id: 'att-bola', name: 'Bola Ade' }): ChatMessage {
  return { id, event_id: EVENT_ID, attendee_id: from.id, name: from.name, image: '', message: text, createdAt: '2024-05-01T10:00:00.000Z', updatedAt: '2024-05-01T10:00:00.000Z', seq };
}

export function privateMessage(id: string, seq: number, text: string, from: string, to: string, name = 'Bola Ade'): PrivateChat {
  return { ...message(id, seq, text, { id: from, name }), attendee_id_1: from, attendee_id_2: to };
}

/** What Ada types into an event's registration form, by the fields' labels. */
export const ADA_REGISTERS = { 'Full Name': 'Ada Obi', 'Email Address': 'ada@example.com', 'Phone Number': '+234 801 234 5678' };

export const ada = { id: ATTENDEE_ID, name: 'Ada Obi', image: '', price_category: 'Free', checked_in: false };

export function attendeeToken(overrides: { chats?: ChatMessage[]; private_chats?: PrivateChat[]; event?: Partial<EventSummary> } = {}): AttendeeToken {
  const summary = eventSummary(overrides.event);
  return {
    event: summary,
    name: ada.name,
    image: '',
    ticket: TICKET,
    attendee: { ...ada, event: summary, chats: overrides.chats ?? [], private_chats: overrides.private_chats ?? [] },
  };
}

export function adminEvent(overrides: Partial<AdminEvent> = {}): AdminEvent {
  const base = event();
  return {
    ...base,
    attendees: [
      { id: ATTENDEE_ID, name: 'Ada Obi', image: '', price_category: 'Free', email: 'ada@example.com', phone: '+2348012345678', createdAt: '2024-05-01T10:00:00.000Z', checked_in: false, event_attendee_id: ATTENDEE_ID },
      { id: 'att-bola', name: 'Bola Ade', image: '', price_category: 'VIP', email: 'bola@example.com', phone: '+2348012345679', createdAt: '2024-05-01T10:00:00.000Z', checked_in: true, event_attendee_id: 'att-bola' },
    ],
    chats: [],
    private_chats: [],
    chips: [],
    ...overrides,
  };
}

export function chipRecord(overrides: Partial<ChipRecord> = {}): ChipRecord {
  return {
    id: 'chip-1',
    event_id: EVENT_ID,
    event: eventSummary(),
    event_attendee_id: ATTENDEE_ID,
    attendee: { name: ada.name, image: '', checked_in: false },
    price: { title: 'Free' },
    chats: [],
    is_organiser: false,
    ...overrides,
  };
}

/** What the gateway sends Ada on the arena: the event, her place, no chats unless given. */
export function attendeeArenaView(overrides: Partial<ArenaView> = {}): ArenaView {
  return { kind: 'arena', eventId: EVENT_ID, version: 4, event: eventSummary(), attendee: ada, chats: [], private_chats: [], ...overrides };
}

/** An organiser message as the history lists it: sent to everyone, delivered but for one queued mail. */
export function organiserMessage(overrides: Partial<OrganiserMessage> = {}): OrganiserMessage {
  return {
    id: 'msg-1',
    event_id: EVENT_ID,
    subject: 'Doors open at six',
    body: 'See you there.',
    audience: { kind: 'everyone' },
    kind: null,
    status: 'sent',
    send_at: '2024-05-01T17:00:00.000Z',
    sent_at: '2024-05-01T17:00:00.000Z',
    counts: { queued: 1, sent: 2, failed: 0 },
    announced: false,
    created_at: '2024-05-01T16:00:00.000Z',
    ...overrides,
  };
}
