import { useParams } from 'react-router-dom';
import { PRODUCT_NAME } from '@tapcard/shared/constants';
import { formatEventDate } from '@tapcard/shared/domain';
import { ContactButtons } from '../../components/ContactButtons.js';
import { EventBanner } from '../../components/EventBanner.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { BackLink, Page } from '../../components/Page.js';
import { paths } from '../../lib/paths.js';
import styles from './Organiser.module.css';
import { TEXTS } from './texts.js';
import { useEvent } from './useEvents.js';

/** event/:id/get-cards: the event and how to reach us for its cards. */
export function EventGetCardsPage() {
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
        <h1>{data.title}</h1>
        <p className={styles.date}>
          <time dateTime={data.start_date}>{formatEventDate(data.start_date)}</time>
        </p>
        <p className={styles.preWrap}>{data.description}</p>
        <p className={styles.powered}>{TEXTS.poweredBy(PRODUCT_NAME)}</p>
        <section aria-labelledby="get-cards-contact">
          <h2 id="get-cards-contact">{TEXTS.contactUs}</h2>
          <ContactButtons showDetails />
        </section>
      </article>
    </Page>
  );
}
