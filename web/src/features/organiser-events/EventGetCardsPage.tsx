import { useParams } from 'react-router-dom';
import { PRODUCT_NAME } from '@tapcard/shared/constants';
import type { Price } from '@tapcard/shared/contract';
import { formatEventDate } from '@tapcard/shared/domain';
import { ContactButtons } from '../../components/ContactButtons.js';
import { EventBanner } from '../../components/EventBanner.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { BackLink, Page } from '../../components/Page.js';
import { paths } from '../../lib/paths.js';
import styles from './Organiser.module.css';
import { TEXTS } from './texts.js';
import { useEvent } from './api.js';

/** event/:id/get-cards: the event and how to reach us for its cards. */
export function EventGetCardsPage() {
  return <GetForEvent kind="cards" />;
}

/** event/:id/get-chips: the event, how many chips its tickets with chips need, and how to order them. */
export function EventGetChipsPage() {
  return <GetForEvent kind="chips" />;
}

function GetForEvent({ kind }: { kind: 'cards' | 'chips' }) {
  const { id = '' } = useParams();
  const event = useEvent(id);
  if (event.isError) return <NotFoundView />;
  if (!event.data) return <LoadingScreen />;
  const data = event.data;
  return (
    <Page>
      <BackLink to={paths.event(id)}>{TEXTS.backToEvent}</BackLink>
      <article className={styles.stack}>
        <EventBanner image={data.image} title={data.title} eager />
        {kind === 'chips' && <p className={styles.countLabel}>{TEXTS.getChips}</p>}
        <h1>{data.title}</h1>
        <p className={styles.date}>
          <time dateTime={data.start_date}>{formatEventDate(data.start_date)}</time>
        </p>
        <p className={styles.preWrap}>{data.description}</p>
        {kind === 'chips' && <ChipTickets prices={data.prices} />}
        <p className={styles.powered}>{TEXTS.poweredBy(PRODUCT_NAME)}</p>
        <section aria-labelledby="get-cards-contact">
          <h2 id="get-cards-contact">{TEXTS.contactUs}</h2>
          <ContactButtons showDetails />
        </section>
      </article>
    </Page>
  );
}

/** The tickets that include a chip, and how many chips each needs (its stock). */
function ChipTickets({ prices }: { prices: readonly Price[] }) {
  const withChips = prices.filter((p) => p.withChips === 'with');
  if (withChips.length === 0) return <p>{TEXTS.noChipTickets}</p>;
  return (
    <section aria-label={TEXTS.getChips} data-testid="chip-tickets">
      <p>{TEXTS.chipsLead}</p>
      <ul>
        {withChips.map((p) => (
          <li key={p.id}>{TEXTS.chipsFor(p.title, p.attendees)}</li>
        ))}
      </ul>
    </section>
  );
}
