import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { calls } from '@tapcard/shared/contract';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { api } from '../../lib/api.js';

/** Whether a returned link leaves the app (the payment provider, another site). */
export function isExternal(link: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(link) || link.startsWith('//');
}

/**
 * event/p/ticket/successful: the payment provider comes back here. The query string is posted to the
 * server, then the browser goes to the returned link, or back on failure.
 */
export function TicketPaymentSuccessfulPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const body = Object.fromEntries(search.entries());
    void api(calls.paymentSuccessful, { body }).then((result) => {
      if (!result.ok) return void navigate(-1);
      const { link } = result.answer;
      if (isExternal(link)) window.location.assign(link);
      else void navigate(link, { replace: true });
    });
  }, [search, navigate]);
  return <LoadingScreen />;
}
