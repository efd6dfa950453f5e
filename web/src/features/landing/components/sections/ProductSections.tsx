import { CalendarDays, Contact, Fingerprint, Leaf, Lock, MessagesSquare, Nfc, QrCode, Recycle, RefreshCw, ShieldCheck, Smartphone, Ticket, TreePine, Users } from 'lucide-react';
import { PRODUCT_NAME } from '@tapcard/shared/constants';
import { SECTION_IDS } from '../../texts.js';
import { Points, Section } from './Section.js';
import styles from './Sections.module.css';

export function FeatureSection() {
  return (
    <Section eyebrow="Features" title="Everything about you, shared in a second">
      <Points
        items={[
          { icon: <Nfc size={24} />, title: 'Tap to share', text: 'Hold your card near a phone and your profile opens in its browser. NFC works on almost every modern smartphone.' },
          { icon: <QrCode size={24} />, title: 'Or scan the QR code', text: 'Phones without NFC scan the QR code on the card with their camera and land on the same profile.' },
          { icon: <Contact size={24} />, title: 'Save contact in one tap', text: 'The people you meet save your name, number and email straight to their phone with one button.' },
          { icon: <RefreshCw size={24} />, title: 'Always up to date', text: 'Changed jobs or numbers? Edit your profile and everyone who taps your card sees the new details. No reprinting.' },
        ]}
      />
    </Section>
  );
}

export function SecuritySection() {
  return (
    <Section eyebrow="Security" title="You decide what people see" tone="soft">
      <Points
        items={[
          { icon: <ShieldCheck size={24} />, title: 'Only what you share', text: 'Your card shows the links and details you choose, nothing else. Hide a link at any time.' },
          { icon: <Fingerprint size={24} />, title: 'Activated by you', text: 'Every card carries a scratch-off token, so only the person holding the card can link it to an account.' },
          { icon: <Lock size={24} />, title: 'Lock a lost card', text: 'If your card goes missing, lock your profile from your account and the card stops sharing at once.' },
        ]}
      />
    </Section>
  );
}

export function EcoSection() {
  return (
    <Section eyebrow="Eco-friendly" title="One card instead of a thousand">
      <Points
        items={[
          { icon: <TreePine size={24} />, title: 'Less paper', text: 'Most paper business cards are thrown away within a week. One card replaces boxes of them.' },
          { icon: <Recycle size={24} />, title: 'Made to last', text: `A ${PRODUCT_NAME} card is built for years of everyday use, and your details live online, not in ink.` },
          { icon: <Leaf size={24} />, title: 'Nothing to reprint', text: 'A new title or number is an edit on your phone, not a new print run.' },
        ]}
      />
    </Section>
  );
}

export function AboutSection() {
  return (
    <Section id={SECTION_IDS.about} eyebrow="About" title={`Why we built ${PRODUCT_NAME}`} tone="soft">
      <div className={styles.prose}>
        <p>
          Meeting people should be about the conversation, not about spelling out an email address or hunting for a pen.
          {` ${PRODUCT_NAME}`} turns your contact details, social profiles and business into a single page that opens with one tap.
        </p>
        <p>
          We are a small team in Lagos building tools for creators, professionals and businesses who meet people every day: at work, at events and everywhere in between.
        </p>
      </div>
    </Section>
  );
}

export function ConnectSection() {
  return (
    <Section id={SECTION_IDS.connect} eyebrow="Connect" title="Exchange contacts, both ways">
      <Points
        items={[
          { icon: <Smartphone size={24} />, title: 'No app needed', text: 'The person you meet needs nothing but their phone. Your profile opens in the browser they already have.' },
          { icon: <Users size={24} />, title: 'Get their details too', text: 'Visitors can share their name, job title, phone and email back with you. They land in your contacts list.' },
          { icon: <Contact size={24} />, title: 'Your contacts, organised', text: 'Search, call, email or download every contact you collect, and export them when you need to.' },
        ]}
      />
    </Section>
  );
}

export function EventSection() {
  return (
    <Section id={SECTION_IDS.event} eyebrow="Event" title="Run events your guests remember" tone="soft">
      <Points
        items={[
          { icon: <CalendarDays size={24} />, title: 'Create and share', text: 'Publish an event with tickets and a gallery, and share one link for registration.' },
          { icon: <Ticket size={24} />, title: 'Tickets and check-in', text: 'Guests get an access code with a QR code; check them in at the door with a tap.' },
          { icon: <MessagesSquare size={24} />, title: 'Live event chat', text: 'Attendees chat as a group or one to one while the event is on, and you can speak to everyone as the organiser.' },
        ]}
      />
    </Section>
  );
}
