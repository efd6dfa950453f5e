/** The door pages' texts (ours). */
export const TEXTS = {
  title: 'Door check-in',
  opening: 'Opening the staff link…',
  openFailed: 'This staff link cannot be used',
  atGate: (gate: string, event: string) => `You are checking in at ${gate} for ${event}`,
  until: 'This phone can check in until',
  noSession: 'This phone has no door session',
  noSessionLead: 'Open the staff link the organiser sent you to check attendees in at your gate.',
  ended: 'This phone can no longer check in',
  /** Said with the reason a session ended when offline admissions could no longer be sent. */
  unsynced: (n: number) => (n === 1 ? '1 check-in made on this phone could not be sent.' : `${n} check-ins made on this phone could not be sent.`),
  searchLabel: 'Find an attendee',
  searchHint: 'Name, email or ticket code',
  searchHintOffline: 'Offline: searching this phone’s list by name',
  search: 'Search',
  searching: 'Searching…',
  /** Tickets entered while the door was still loading; the door checks them as soon as it is ready. */
  ticketsWaiting: (n: number) => (n === 1 ? 'Ticket received: the door checks it in a moment.' : `${n} tickets received: the door checks them in a moment.`),
  noResults: (text: string) => `No attendee matches “${text}”.`,
  results: 'Attendees found',
  checkIn: 'Check in',
  checkInName: (name: string) => `Check in ${name}`,
  checkOut: 'Check out',
  checkOutName: (name: string) => `Check out ${name}`,
  checkedInAt: (by: string | null, at: string) => (by ? `Checked in at ${by}, ${at}` : `Checked in, ${at}`),
  /** Checked in before the time and gate were recorded. */
  checkedIn: 'Checked in',
  otherSessions: 'Other events on this phone',

  // The live count and the connection.
  perGate: 'Inside by gate',
  organiser: 'Organiser',
  chipPage: 'Chip pages',
  unrecorded: 'Not recorded',
  online: 'Online',
  offline: 'Offline: check-ins are kept on this phone',
  connecting: 'Connecting…',
  /** Follows the number of check-ins waiting (shown on its own, for tests and the eye). */
  queueWaiting: (n: number) => (n === 1 ? 'check-in waiting to sync' : 'check-ins waiting to sync'),

  // Entry and exit.
  mode: 'Scanning for',
  entry: 'Entry',
  exit: 'Exit',

  // The result card.
  resultLabel: 'Last scan',
  waiting: 'Scan a ticket',
  admittedTitle: 'Admitted',
  admittedLead: (name: string) => `${name} is checked in.`,
  queuedTitle: 'Admitted offline',
  queuedLead: 'Kept on this phone; it syncs when the network is back.',
  syncedTitle: 'Synced',
  syncedLead: (kind: 'in' | 'out') => (kind === 'in' ? 'Admitted offline, now counted on the server.' : 'Checked out offline, now recorded on the server.'),
  alreadyTitle: 'Already checked in',
  alreadyLead: (at: string, by: string | null) => (by ? `At ${by}, ${at}` : `${at}`),
  invalidTitle: 'Not admitted',
  conflictTitle: 'Also admitted at another gate',
  checkedOutTitle: 'Checked out',
  checkedOutQueuedTitle: 'Checked out offline',
  notInsideTitle: 'Not inside',
  notInsideLead: 'This attendee is not checked in.',
  unnamed: 'Ticket holder',

  // Why a code is refused.
  notTicket: 'Not a ticket',
  otherEvent: 'Ticket for another event',
  notGenuine: 'Ticket is not genuine',
  noKeys: 'Tickets cannot be checked yet: connect once so this phone downloads the event’s keys',
  unknown: 'Not an attendee of this event',
  transferred: 'Ticket transferred to someone else; this QR code no longer works',
  cancelled: 'Ticket cancelled; this QR code no longer works',

  // Sync notices.
  notices: 'Sync notices',
  conflict: (name: string, by: string | null, at: string) =>
    `${name}: also admitted${by ? ` at ${by}` : ''}${at ? ` at ${at}` : ''}: counted once.`,
  notCounted: (name: string, why: string) => `${name}: not counted (${why}).`,
  dismiss: 'Dismiss',
} as const;
