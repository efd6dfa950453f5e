import { XCircle } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Body, calls, TicketPaymentOutcome } from '@tapcard/shared/contract';
import { Button, ButtonLink } from '../../components/Button.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { Spinner } from '../../components/Spinner.js';
import { routes } from '../../lib/paths.js';
import { endHeldPayment, forgetRegistration } from '../../lib/ticket-registration.js';
import { paymentSuccessful } from './api.js';
import { TEXTS } from './texts.js';
import { TicketOutcome } from './TicketOutcome.js';

/** Whether a returned link leaves the app (the payment provider, another site). */
export function isExternal(link: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(link) || link.startsWith('//');
}

/** How often, and how many times, a payment the provider has not decided yet is checked again on its own. */
export const PENDING_RECHECK_MS = 2000;
export const PENDING_RECHECKS = 10;

interface Failure {
  /** `network`: the check itself did not reach the server. */
  outcome: TicketPaymentOutcome | 'network' | 'other';
  message: string;
  /** The event's registration page, to start again. */
  retry?: string;
}

const TITLES: Record<Failure['outcome'], string> = {
  declined: TEXTS.paymentDeclined,
  pending: TEXTS.paymentPending,
  sold_out: TEXTS.noTicketIssued,
  unknown: TEXTS.paymentUnknown,
  network: TEXTS.paymentUnchecked,
  other: TEXTS.paymentFailed,
};

/** The outcomes that may still turn into a ticket: the page offers to check again. */
const undecided = (outcome: Failure['outcome'] | undefined) => outcome === 'pending' || outcome === 'network';

/**
 * event/p/ticket/successful: the payment provider comes back here. The query string is posted to the
 * server, then the browser goes to the returned link (the token page). When no ticket came of it the
 * page says why and never sends the buyer back to the provider: a declined payment shows 'Payment
 * Declined.' with a way to register again, an unknown reference says it is unknown, a payment not yet
 * confirmed is checked again every PENDING_RECHECK_MS (PENDING_RECHECKS times) and can be checked again
 * by hand, one that arrived after its seat was sold says it will be refunded. A check that could not
 * reach the server says so and offers to check again instead of loading forever.
 */
export function TicketPaymentSuccessfulPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [checking, setChecking] = useState(false);
  const started = useRef(false);
  const rechecks = useRef(0);
  const heading = useRef<HTMLHeadingElement>(null);

  /**
   * `background`: an automatic re-check, which toasts nothing when the network fails and leaves the
   * Check again button as it is (a disabled button would drop the keyboard focus every few seconds).
   */
  const check = useCallback(async (background = false) => {
    if (!background) setChecking(true);
    // The provider's callback query as it came (the test provider's `reference&status`, Paystack's
    // `trxref&reference`): the upstream checks it (a missing reference answers 400).
    const body = Object.fromEntries(search.entries()) as Body<typeof calls.paymentSuccessful>;
    const result = await paymentSuccessful(body, background);
    if (!background) setChecking(false);
    if (result.ok) {
      forgetRegistration();
      const { link } = result.answer;
      if (isExternal(link)) window.location.assign(link);
      else void navigate(link, { replace: true });
      return;
    }
    if (result.kind === 'network') {
      setFailure({ outcome: 'network', message: TEXTS.checkConnection });
      return;
    }
    const answer = result.body;
    // No ticket came of this payment: 'Try again' starts from the form as it was filled.
    if (answer?.outcome === 'declined' || answer?.outcome === 'sold_out') endHeldPayment();
    setFailure({ outcome: answer?.outcome ?? (result.status === 404 ? 'unknown' : 'other'), message: result.message, retry: answer?.retry });
  }, [search, navigate]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void check();
  }, [check]);

  // Not decided yet: check again on its own for a while (each answer is a new failure object).
  useEffect(() => {
    if (!undecided(failure?.outcome) || rechecks.current >= PENDING_RECHECKS) return;
    const timer = setTimeout(() => {
      rechecks.current += 1;
      void check(true);
    }, PENDING_RECHECK_MS);
    return () => clearTimeout(timer);
  }, [failure, check]);

  // Focus the heading when the outcome changes, not on every re-check (focus stays on Check again).
  const outcomeShown = failure?.outcome;
  useEffect(() => {
    if (outcomeShown) heading.current?.focus();
  }, [outcomeShown]);

  if (!failure) return <LoadingScreen />;
  const { outcome, message, retry } = failure;
  return (
    <TicketOutcome
      titleId="ticket-payment-title"
      title={TITLES[outcome]}
      message={message}
      role={undecided(outcome) ? 'status' : 'alert'}
      icon={outcome === 'pending' ? <Spinner size={56} label="" /> : <XCircle aria-hidden size={56} />}
      headingRef={heading}
    >
      {undecided(outcome) && (
        <Button onClick={() => void check()} busy={checking}>
          {TEXTS.checkAgain}
        </Button>
      )}
      {retry && !undecided(outcome) && <ButtonLink to={retry}>{TEXTS.registerAgain}</ButtonLink>}
      <ButtonLink to={routes.home} variant="secondary">
        {TEXTS.home}
      </ButtonLink>
    </TicketOutcome>
  );
}
