/** The texts of a ticket's cancel step and of a cancelled ticket's page (ours). */
export const CANCEL_TEXTS = {
  cancelTicket: 'Cancel ticket',
  cancelTitle: 'Cancel your ticket?',
  keepTicket: 'Keep my ticket',
  confirmCancel: 'Cancel my ticket',
  checkingRefund: 'Checking what you get back…',
  refundUnchecked: 'We could not check what you get back. Please check your connection and try again.',
  seatBack: 'Your seat goes back on sale, and this ticket and its QR code stop working at once. This cannot be undone.',
  cancelled: 'Ticket cancelled',
  cancelledBy: (by: 'attendee' | 'organiser') => (by === 'organiser' ? 'The organiser cancelled this ticket.' : 'You cancelled this ticket.'),
  seatReleased: 'Its seat has gone back on sale. This ticket and its QR code no longer work at the door or in the event access.',
  noRefundDue: 'No refund is due for this ticket.',
  freeTicket: 'This ticket was free, so there is nothing to refund.',
  refundHeading: 'Refund',
  cancelledToast: 'Your ticket is cancelled.',
} as const;
