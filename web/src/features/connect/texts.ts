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
  /** ours */
  showOnCard: (label: string) => `Show ${label} on my card`,
  /** ours */
  shown: 'Shown',
  /** ours */
  hidden: 'Hidden',
  /** ours */
  moveUp: (label: string) => `Move ${label} up`,
  /** ours */
  moveDown: (label: string) => `Move ${label} down`,
  /** ours */
  dragHandle: (label: string) => `Reorder ${label}`,
  /** ours */
  moved: (label: string, position: number, count: number) => `${label} moved to position ${position} of ${count}`,
  /** ours */
  pickedUp: (label: string, position: number, count: number) => `Picked up ${label}, at position ${position} of ${count}.`,
  /** ours */
  draggedOver: (label: string, position: number, count: number) => `${label} is over position ${position} of ${count}.`,
  /** ours */
  dropCancelled: (label: string) => `Moving ${label} was cancelled.`,
  /** ours */
  dragInstructions: 'To move an item, press Space or Enter, use the arrow keys, then press Space or Enter again to drop it, or Escape to cancel.',
  /** ours */
  arrangeLinks: 'Arrange links',
  /** ours */
  arrangeHint: 'Switch a link off to hide it from your card; it stays saved. Drag a link, or use its arrows, to reorder.',
  /** ours */
  arrangeFailed: 'Unable to save your changes. Please try again.',
  /** ours */
  unnamed: 'this link',
} as const;
