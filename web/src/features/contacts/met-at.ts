import type { Contact } from '@tapcard/shared/contract';

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** '27 Nov 2026' in the reader's clock, with fixed English month names (no locale data); '' when unreadable. */
export function dayMonthYear(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getDate()} ${MONTH_NAMES[date.getMonth()] ?? ''} ${date.getFullYear()}`;
}

/** Where and when a contact swapped in an event's arena was met (null for a contact made another way). */
export function meeting(contact: Contact): { eventId: string; title: string; date: string } | null {
  if (!contact.event) return null;
  return { eventId: contact.event.id, title: contact.event.title, date: dayMonthYear(contact.met_at ?? contact.created_at) };
}

/** Every event found among the contacts, once each, by title. */
export function eventsOf(contacts: readonly Contact[]): { id: string; title: string }[] {
  const byId = new Map<string, string>();
  for (const contact of contacts) if (contact.event) byId.set(contact.event.id, contact.event.title);
  return [...byId].map(([id, title]) => ({ id, title })).sort((a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
}
