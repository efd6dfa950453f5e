import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import type { calls, Success, TicketCancellation } from '@tapcard/shared/contract';
import { refundPolicyText } from '@tapcard/shared/domain';
import { matchPage } from '@tapcard/shared/pages';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { routes } from '../../lib/paths.js';
import { serverAnswer, type VisitorPageProps } from '../../lib/ssr.js';
import { useEventPagesWorker } from '../../lib/pwa.js';
import { useTakeOver } from '../../lib/takeover.js';
import { CancelStepView } from './CancelStepView.js';
import { keptTicketWriter } from './kept-tickets.js';
import { QrDrawn, type QrDrawing } from './QrDrawn.js';
import { TEXTS } from './texts.js';
import type { TicketLiveProps } from './ticket-live.js';
import { loadTicketLive } from './ticket-takeover.js';
import type { TicketIntent } from './TicketPage.js';
import { HolderButtons } from './TicketHolderActions.js';
import { TicketView } from './TicketView.js';
import { eventTokenKey, ticketCancellationKey, ticketQrKey } from './visitor-keys.js';

/** The access token of a ticket page's address (event/u/token/:tid or event/u/ticket/:tid). */
export function ticketIdOf(pathname: string): string {
  return (matchPage(routes.eventToken, pathname) ?? matchPage(routes.eventTicket, pathname))?.tid ?? '';
}

/**
 * The ticket page as the server renders it and the light entry hydrates it: the ticket and its QR on
 * the first paint, from the server's answer and its drawing of the QR, with no QR library, query layer,
 * contract schemas or live layer. Once hydrated it keeps the ticket for the door with no network and
 * registers the attendee pages' worker; then TicketPage (ticket-live.tsx) takes the page over: the live
 * check-in line, the changes and the cancel step. A tap on a change before then is kept, and its dialog
 * opens when the page has taken over. With no answer from the server (an unknown, cancelled or
 * transferred ticket), the page waits for TicketPage, which says so. If the take-over cannot be fetched
 * (the network went), the ticket stays on screen and the fetch is tried again when the network is back.
 */
export function TicketVisit({ url, state }: VisitorPageProps) {
  const tid = ticketIdOf(url.pathname);
  const [answer] = useState(() => serverAnswer<Success<typeof calls.eventToken>>(state, eventTokenKey(tid)));
  const [drawing] = useState(() => serverAnswer<QrDrawing>(state, ticketQrKey(tid)));
  const [cancelStep] = useState(() => serverAnswer<TicketCancellation>(state, ticketCancellationKey(tid)));
  const [Live, setLive] = useState<ComponentType<TicketLiveProps> | null>(null);
  const [intent, setIntent] = useState<TicketIntent | null>(null);
  const focus = useRef<Focused | null>(null);
  useEventPagesWorker();
  useEffect(() => {
    if (answer) keptTicketWriter.save(tid, answer);
  }, [tid, answer]);
  const takeOver = useCallback(
    (mounted: () => boolean) =>
      loadTicketLive().then((module) => {
        if (!mounted()) return;
        focus.current = focusedIn(document.getElementById('root'));
        // As a transition: the page's render yields to taps and to the browser while it runs.
        startTransition(() => setLive(() => module.TicketLive));
      }),
    [],
  );
  useTakeOver(takeOver);
  useLayoutEffect(() => {
    if (Live && focus.current) refocus(document.getElementById('root'), focus.current);
  }, [Live]);
  if (Live) return <Live tid={tid} state={state} intent={intent} drawing={drawing} />;
  if (!answer || !drawing) return <LoadingScreen />;
  const { data } = answer;
  return (
    <TicketView
      tid={tid}
      data={data}
      name={data.name}
      checkIn={data.attendee}
      qr={<QrDrawn drawing={drawing} label={TEXTS.qrLabel} />}
      holderActions={data.attendee.checked_in ? null : <HolderButtons onOpen={setIntent} pending={intent === 'cancel' ? null : intent} />}
      cancel={
        cancelStep?.status === 'cancelled' ? null : (
          <CancelStepView policy={cancelStep && cancelStep.amount > 0 ? refundPolicyText(cancelStep.event) : null} onCancel={() => setIntent('cancel')} pending={intent === 'cancel'} />
        )
      }
    />
  );
}

/** The focused control, by what a person sees of it: the page taking over draws the same controls anew. */
interface Focused {
  tag: string;
  text: string;
}

function focusedIn(root: HTMLElement | null): Focused | null {
  const active = document.activeElement;
  if (!root || !(active instanceof HTMLElement) || active === document.body || !root.contains(active)) return null;
  return { tag: active.tagName, text: active.textContent ?? '' };
}

function refocus(root: HTMLElement | null, wanted: Focused): void {
  if (!root || (document.activeElement && document.activeElement !== document.body)) return;
  const same = [...root.querySelectorAll<HTMLElement>(wanted.tag)].find((element) => element.textContent === wanted.text);
  same?.focus();
}
