import { PRODUCT_NAME, VAT_RATE } from '@tapcard/shared/constants';

/** The shop's words: the required texts to the letter (typos kept), and ours where none is required. */
export const SHOP_TEXTS = {
  productTitle: `${PRODUCT_NAME} Smart Business Card`,
  productDescription:
    `Share your contact details, socials and business with one tap. The ${PRODUCT_NAME} card carries an NFC chip and a QR code: ` +
    'hold it to a phone, or let the camera scan it, and your digital profile opens at once. No app needed on either side, ' +
    'no subscription after purchase, and you can change your details whenever you like.',
  addToCart: 'Add to cart',
  cartTitle: 'Your Cart',
  emptyCartTitle: 'Your Cart is Empty',
  emptyCartText: 'Add something to make me happy :)',
  subtotal: 'Subtotal',
  shipping: 'Shipping',
  vat: `VAT (${VAT_RATE * 100}%)`,
  total: 'Total (NGN)',
  proceed: 'Proceed to checkout',
  // Payment dialog
  payWith: 'PAY WITH',
  changeMethod: 'Change Payment Method',
  cancelPayment: 'Cancel Payment',
  // Payment status
  checking: 'Checking Transaction',
  successTitle: 'Payment Successful!',
  successText: `Your payment was succesful, you ${PRODUCT_NAME} card is on its way.`,
  declinedTitle: 'Payment Declined.',
  declinedText: 'Your payment was not successful, please check the cart to remake payment',
  /** A new payment of the declined order (ours). */
  tryAgain: 'Try again',
  homepage: 'Go to homepage',
  /** An order reference the server does not know (ours: it is not a declined payment). */
  unknownTitle: 'Payment not found',
  unknownText: 'We could not find a payment with this reference. Check the link you came back with, or start again from the shop.',
} as const;
