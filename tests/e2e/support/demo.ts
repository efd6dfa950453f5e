/**
 * The demo seed's fixed values (upstream/src/seed.ts, listed in the README). The tests package may
 * not import the upstream, so they are written here once for every journey.
 */
export const DEMO = {
  organiser: { email: 'demo@tapcard.local', password: 'Demo1234!' },
  publicCardLink: 'tolu-adeyemi-demo',
  unactivatedCard: { id: 'DEMO-CARD-2', type: 'nfc', token: 'DEMO42' },
  /** The organiser's own card, already activated: its tap leads to the public card page. */
  activatedCard: { id: 'DEMO-CARD-1', type: 'nfc' },
  liveEvent: { id: 'demo-live-event', cleanName: 'tapcard-live-lagos-tech-mixer' },
  attendees: {
    ada: 'demo-attendee-ada-0000000000000000',
    bayo: 'demo-attendee-bayo-000000000000000',
    chidinma: 'demo-attendee-chidinma-00000000000',
  },
  chips: { bound: 'demo-chip-ada', spare: 'demo-chip-spare' },
  /** The public card's banner and its address quick link (the card of publicCardLink). */
  publicCard: { title: 'Tolu Adeyemi', subTitle: 'Event Producer at TapCard Live', address: '12 Admiralty Way, Lekki Phase 1, Lagos' },
  liveEventTitle: 'TapCard Live: Lagos Tech Mixer',
} as const;
