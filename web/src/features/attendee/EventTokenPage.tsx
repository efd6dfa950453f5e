import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { calls } from '@tapcard/shared/contract';
import { formatEventDate } from '@tapcard/shared/domain';
import { ButtonLink } from '../../components/Button.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { Avatar, Page } from '../../components/Page.js';
import { Spinner } from '../../components/Spinner.js';
import { apiOrThrow } from '../../lib/api.js';
import { paths } from '../../lib/paths.js';
import { queryKeys } from '../../lib/query-keys.js';
import styles from './Attendee.module.css';
import { TEXTS } from './texts.js';

const QrCode = lazy(() => import('./QrCode.js'));

/**
 * event/u/token/:tid and event/u/ticket/:tid: the registration result with the door ticket's QR code.
 * The QR carries the signed ticket from the answer (as the access mail's does), never the access
 * token: a photo of it opens no arena and no chat; the button below is the attendee's way in.
 */
export function EventTokenPage() {
  const { tid = '' } = useParams();
  const query = useQuery({
    queryKey: queryKeys.eventToken(tid),
    queryFn: ({ signal }) => apiOrThrow(calls.eventToken, { params: { id: tid }, signal }),
    enabled: tid !== '',
  });
  if (query.isPending) return <LoadingScreen />;
  if (query.isError) return <NotFoundView />;
  const { event, name, image, ticket } = query.data.data;
  return (
    <Page>
      <section className={styles.ticket} aria-labelledby="token-title">
        <h1 id="token-title" className={styles.success}>
          {TEXTS.registered}
        </h1>
        <h2>{event.title}</h2>
        <p className={styles.date}>
          <time dateTime={event.start_date}>{formatEventDate(event.start_date)}</time>
        </p>
        <div className={styles.person}>
          <Avatar src={image} name={name} size={56} alt="" />
          <p className={styles.name}>{name}</p>
        </div>
        <div className={styles.qr}>
          <Suspense fallback={<Spinner />}>
            <QrCode value={ticket} label={TEXTS.qrLabel} />
          </Suspense>
        </div>
        <p className={styles.muted}>{TEXTS.qrHint}</p>
        <p>{TEXTS.thankYou}</p>
        <div className={styles.actions}>
          <ButtonLink to={paths.openEvent(event.clean_name)} variant="secondary">
            {TEXTS.goBack}
          </ButtonLink>
          <ButtonLink to={paths.arena(tid)}>{TEXTS.openArena}</ButtonLink>
        </div>
      </section>
    </Page>
  );
}
