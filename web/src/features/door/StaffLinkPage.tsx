import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { Spinner } from '../../components/Spinner.js';
import { Page } from '../../components/Page.js';
import { saveDoorSession } from '../../lib/door-session.js';
import { paths } from '../../lib/paths.js';
import { registerDoorWorker } from './pwa/register.js';
import { openStaffLink } from './api.js';
import styles from './Door.module.css';
import { TEXTS } from './texts.js';

/**
 * /door/:secret, a staff link: trades the link's secret for a door session once, keeps the session on
 * this phone and goes on to the door page (replacing this address, so the secret leaves the history).
 * A revoked, expired or unknown link says so.
 */
export function StaffLinkPage() {
  const { secret = '' } = useParams();
  const open = useMutation({
    mutationFn: () => openStaffLink(secret),
    onSuccess: ({ data }) =>
      saveDoorSession({ session: data.session, eventId: data.event_id, eventTitle: data.event.title, gate: data.gate, expiresAt: data.expires_at, checkOut: data.check_out, totalStock: data.total_stock }),
  });
  // The first visit installs the door's offline app, before the page goes on to the door.
  useEffect(() => registerDoorWorker(), []);
  const started = useRef(false);
  const { mutate } = open;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  if (open.isSuccess) return <Navigate to={paths.door(open.data.data.event_id)} replace />;
  return (
    <Page>
      <section className={styles.card} aria-labelledby="staff-link-title">
        <h1 id="staff-link-title">{TEXTS.title}</h1>
        {open.isError ? (
          <div role="alert">
            <p className={styles.status}>{TEXTS.openFailed}</p>
            <p className={styles.error}>{open.error.message}</p>
          </div>
        ) : (
          <div role="status">
            <Spinner size={32} label="" />
            <p className={styles.muted}>{TEXTS.opening}</p>
          </div>
        )}
      </section>
    </Page>
  );
}
