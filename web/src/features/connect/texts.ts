/** The connect page's texts: the required ones to the letter; "ours" where none is required. */
export const TEXTS = {
  notifications: 'Your notifications will appear here!!!',
  itemDeleted: 'Item deleted successfully!',
  itemDeleteFailed: 'Error deleting item. Please try again.',
  serviceAdded: 'Service Added successfully!',
  serviceAddFailed: 'Error Adding Service. Please try again.',
  serviceDeleted: 'Service deleted successfully!',
  serviceDeleteFailed: 'Error deleting service. Please try again.',
  /** ours */
  saved: 'Changes saved',
  /** ours */
  saveFailed: 'Unable to save changes. Please try again.',
  /** ours */
  linkCopied: 'Link copied',
  /** ours */
  copyFailed: 'Unable to copy the link',
  /** ours */
  qrTitle: "Your card's QR code",
  /** ours */
  qrDescription: 'Let people scan it to open your card. Save it as an image to print or post it.',
  /** ours */
  qrSaveFailed: 'Unable to save the QR code',
  /** ours */
  shareFailed: 'Unable to share',
  /** ours */
  loadFailed: 'Unable to load your card.',
  /** ours */
  noServices: 'No services yet',
  /** ours */
  noLinks: 'No quick links yet',
  /** ours */
  linksToFix: 'Links to fix',
  /** ours */
  linksToFixHelp: 'Your card cannot be saved until these links are changed or deleted.',
  /** ours */
  linkBlocksSave: (label: string, message: string) => `Change or delete your link “${label}” first: ${message}`,
} as const;
