import { DEFAULT_REGISTRATIONS_PER_EMAIL } from '@tapcard/shared/constants';
import { formatEventDate, formatNaira } from '@tapcard/shared/domain';
import { EventBanner } from '../../../components/EventBanner.js';
import { GallerySection } from '../../../components/GalleryGrid.js';
import { WIZARD_TEXTS } from './wizard-texts.js';
import type { WizardValues } from './wizard-state.js';
import styles from './Wizard.module.css';

/** Step 3: everything as it will be saved, with the display-only start and end times. */
export function ReviewStep({ values }: { values: WizardValues }) {
  const endDay = values.hasEndDate && values.end_date ? values.end_date : values.start_date;
  return (
    <div className={styles.step}>
      <EventBanner image={values.image} title={values.title} />
      <dl className={styles.review}>
        <dt>{WIZARD_TEXTS.name}</dt>
        <dd>{values.title}</dd>
        <dt>{WIZARD_TEXTS.description}</dt>
        <dd className={styles.preWrap}>{values.description}</dd>
        <dt>{WIZARD_TEXTS.location}</dt>
        <dd>{values.location}</dd>
        <dt>{WIZARD_TEXTS.starts}</dt>
        <dd>
          {formatEventDate(values.start_date)}, {values.start_time}
        </dd>
        <dt>{WIZARD_TEXTS.ends}</dt>
        <dd>
          {formatEventDate(endDay)}, {values.end_time}
        </dd>
        <dt>{WIZARD_TEXTS.registrationsPerEmail}</dt>
        <dd>{values.max_registrations_per_email ?? DEFAULT_REGISTRATIONS_PER_EMAIL}</dd>
        <dt>{WIZARD_TEXTS.confirmEmail}</dt>
        <dd>{values.confirm_email_for_free ? WIZARD_TEXTS.on : WIZARD_TEXTS.off}</dd>
        <dt>{WIZARD_TEXTS.refundPolicy}</dt>
        <dd>{WIZARD_TEXTS.refundReview(values.refund_policy ?? 'none', values.refund_hours ?? '')}</dd>
      </dl>
      <section aria-labelledby="review-tickets-title">
        <h3 id="review-tickets-title">{WIZARD_TEXTS.tickets}</h3>
        <ul className={styles.ticketItems}>
          {values.prices.map((ticket, index) => (
            <li key={ticket.id ?? `new-${index}`} className={styles.reviewTicket}>
              <strong>{ticket.title}</strong>
              <span>{formatNaira(ticket.amount)}</span>
              <span className={styles.muted}>
                {WIZARD_TEXTS.inStock(ticket.attendees)} · {ticket.withChips === 'with' ? WIZARD_TEXTS.withChips : WIZARD_TEXTS.withoutChips}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <GallerySection titleId="review-gallery-title" title={WIZARD_TEXTS.gallery} items={values.gallery} level={3} />
    </div>
  );
}
