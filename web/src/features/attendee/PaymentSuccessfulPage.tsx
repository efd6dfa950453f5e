import { XCircle } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { calls, type Body, type TicketPaymentOutcome } from '@tapcard/shared/contract';
import { Button, ButtonLink } from '../../components/Button.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { Page } from '../../components/Page.js';
import { api } from '../../lib/api.js';
import { routes } from '../../lib/paths.js';
import styles from './Attendee.module.css';
import { TEXTS } from './texts.js';

/** Whether a returned link leaves the app (the payment provider, another site). */
export function isExternal(link: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(link) || link.startsWith('//');
}

interface Failure {
  outcome: TicketPaymentOutcome | 'other';
  message: string;
  /** The event's registration page, to start again. */
  retry?: string;
}

const TITLES: Record<Failure['outcome'], string> = {
  declined: TEXTS.paymentDeclined,
  pending: TEXTS.paymentPending,
  sold_out: TEXTS.noTicketIssued,
  unknown: TEXTS.paymentUnknown,
  other: TEXTS.paymentFailed,
};

/**
 * event/p/ticket/successful: the payment provider comes back here. The query string is posted to the
 * server, then the browser goes to the returned link (the token page). When no ticket came of it the
 * page says why and never sends the buyer back to the provider: a declined payment shows 'Payment
 * Declined.' with a way to register again, an unknown reference says it is unknown, a payment not yet
 * confirmed can be checked again, one that arrived after its seat was sold says it will be refunded.
 */
export function TicketPaymentSuccessfulPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [checking, setChecking] = useState(false);
  const started = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const check = useCallback(async () => {
    setChecking(true);
    // The provider's callback query as it came: the upstream checks it (a missing reference answers 400).
    const body = Object.fromEntries(search.entries()) as Body<typeof calls.paymentSuccessful>;
    const result = await api(calls.paymentSuccessful, { body });
    setChecking(false);
    if (result.ok) {
      const { link } = result.answer;
      if (isExternal(link)) window.location.assign(link);
      else void navigate(link, { replace: true });
      return;
    }
    if (result.kind === 'network') return;
    const answer = result.body;
    setFailure({ outcome: answer?.outcome ?? (result.status === 404 ? 'unknown' : 'other'), message: result.message, retry: answer?.retry });
  }, [search, navigate]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void check();
  }, [check]);

  useEffect(() => {
    if (failure) heading.current?.focus();
  }, [failure]);

  if (!failure) return <LoadingScreen />;
  const { outcome, message, retry } = failure;
  return (
    <Page>
      <section className={styles.ticket} aria-labelledby="ticket-payment-title">
        <XCircle aria-hidden size={56} />
        <h1 id="ticket-payment-title" ref={heading} tabIndex={-1}>
          {TITLES[outcome]}
        </h1>
        <p role={outcome === 'pending' ? 'status' : 'alert'}>{message}</p>
        <div className={styles.actions}>
          {outcome === 'pending' && (
            <Button onClick={() => void check()} busy={checking}>
              {TEXTS.checkAgain}
            </Button>
          )}
          {retry && outcome !== 'pending' && <ButtonLink to={retry}>{TEXTS.registerAgain}</ButtonLink>}
          <ButtonLink to={routes.home} variant="secondary">
            {TEXTS.home}
          </ButtonLink>
        </div>
      </section>
    </Page>
  );
}
