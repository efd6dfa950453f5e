/** The texts of cancelling a registration and of the cancelled list on the attendees page (ours). */
export const CANCEL_TEXTS = {
  cancelRegistration: 'Cancel registration',
  cancelHint: 'Their seat goes back on sale, and their ticket stops working at the door and in the event access.',
  confirmQuestion: (name: string) => `Cancel ${name}'s registration?`,
  refundFull: (amount: string) => `Their payment of ${amount} is refunded in full.`,
  nothingToRefund: 'Their ticket was free: nothing to refund.',
  confirmCancel: 'Yes, cancel it',
  keep: 'Keep it',
  cancelled: (name: string) => `${name}'s registration is cancelled.`,
  cancelledTitle: 'Cancelled tickets',
  cancelledBy: (by: 'attendee' | 'organiser') => (by === 'organiser' ? 'Cancelled by you' : 'Cancelled by the attendee'),
  noRefund: 'No refund',
  free: 'Free ticket',
  loadFailed: 'We could not load the cancelled tickets.',
  tryAgain: 'Try again',
} as const;
