import { PRODUCT_NAME } from '@tapcard/shared/constants';

/** The FAQ's 11 required questions, with our answers. */
export const FAQS: readonly { question: string; answer: string }[] = [
  {
    question: `How does the ${PRODUCT_NAME} card work?`,
    answer: `Your ${PRODUCT_NAME} card has an NFC chip and a QR code. Tap the card on the back of a phone, or let the phone's camera scan the QR code, and your digital profile opens in the phone's browser. From there the other person can save your contact, follow your links and share their own details with you.`,
  },
  {
    question: `What can my ${PRODUCT_NAME} card do?`,
    answer: `It shares everything on your profile in one tap: your name, title and photo, phone, WhatsApp and email, your social accounts and website, the services you offer and your upcoming events. Visitors can save you straight to their contacts and send you their details in return.`,
  },
  {
    question: 'How do I add my details to my card?',
    answer: 'When your card arrives, tap it (or scan its QR code) and follow the steps: scratch off the token on the card, create your account and fill in your profile, socials and photo. It takes about two minutes, and your card is live as soon as you finish.',
  },
  {
    question: 'Can I change my details after I receive my card?',
    answer: 'Yes, as often as you like. Sign in, edit your profile, quick links or services and save. Nothing is stored on the card itself, so everyone who taps it sees your latest details at once, with no reprinting.',
  },
  {
    question: 'Is there a subscription fee?',
    answer: `No. You pay once for the card and there is no subscription fee after purchase. For larger corporations that manage cards for whole teams, a pro version with extra features is available; contact us to learn more.`,
  },
  {
    question: 'Is my information secure?',
    answer: 'Your card only shows what you choose to put on your profile, and you can change or hide it at any time. Each card is activated with a private scratch-off token, your account is protected by your password, and our servers are reached only over encrypted connections.',
  },
  {
    question: 'Can I get a custom design?',
    answer: 'Yes. Besides our five colours (White, Black, Blue, Green and Pink), we print custom designs with your logo or brand colours for individuals and teams. Chat with us before you order and we will prepare a design for your approval.',
  },
  {
    question: 'Which phones are compatible?',
    answer: 'Almost every smartphone made in the last few years reads NFC: iPhone XR and newer, and most Android phones with NFC switched on. Any phone with a camera can scan the QR code on the card, so nobody is left out.',
  },
  {
    question: 'Do I need an app?',
    answer: `No app is needed, neither for you nor for the people you meet. Your profile opens in the phone's browser, and you manage your card from the ${PRODUCT_NAME} website.`,
  },
  {
    question: `Does the person receiving my details need a ${PRODUCT_NAME} card?`,
    answer: 'No. They only need a phone. They tap your card or scan its QR code, and your profile opens for them to save your contact.',
  },
  {
    question: 'What happens if my card is lost or stolen?',
    answer: 'Sign in and use the profile lock feature: your card stops sharing your profile immediately, so nobody can use it to reach your details. You can then order a replacement and link it to your existing account.',
  },
];
