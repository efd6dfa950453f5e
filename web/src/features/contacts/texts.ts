import { PRODUCT_NAME } from '@tapcard/shared/constants';

/** The contacts screens' texts: the required ones to the letter; "ours" where none is required. */
export const TEXTS = {
  heading: 'Contacts',
  search: 'Search contacts',
  empty: 'No contacts yet',
  exportAll: 'Export All',
  /** ours: the second export item */
  exportCsv: 'Export All as CSV',
  invite: `Invite to ${PRODUCT_NAME}`,
  download: 'Download Contact File',
  downloaded: 'Contact downloaded successfully!',
  downloadFailed: 'Error downloading contact. Please try again.',
  deleted: 'Item deleted successfully!',
  deleteFailed: 'Error deleting item. Please try again.',
  /** ours */
  noMatch: (query: string) => `No contacts match "${query}"`,
  /** ours */
  loadFailed: 'Unable to load your contacts.',
  /** ours */
  notFound: 'Contact not found',
  /** ours: how many contacts the search shows, announced as it narrows */
  matchCount: (count: number) => (count === 1 ? '1 contact found' : `${count} contacts found`),
  /** ours: the owner's note on a contact */
  noteLabel: 'Note',
  noteSave: 'Save note',
  noteSaving: 'Saving...',
  noteSaved: 'Note saved',
  noteSaveFailed: 'Your note was not saved. Your text is still here: try again.',
  retry: 'Retry',
  /** ours: the filter by the event a contact was swapped in */
  eventFilter: 'Event',
  allEvents: 'All events',
  noMatchEvent: 'No contacts from this event',
  /** ours: the tag of a contact swapped in an event's arena, e.g. 'Tech Summit · 27 Nov 2026' */
  metTag: (event: string, date: string) => (date ? `${event} · ${date}` : event),
  /** ours: the contact view's line on where and when they met */
  metAt: (event: string, date: string) => (date ? `Met at ${event} on ${date}` : `Met at ${event}`),
  /** ours: the heading of the consent a person without a card agreed to when sharing their details */
  consentHeading: 'Consent given when sharing their details',
} as const;
