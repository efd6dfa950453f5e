import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { useNavigate } from 'react-router-dom';
import { Page } from '../../components/Page.js';
import styles from './Attendee.module.css';

export interface TicketOutcomeProps {
  titleId: string;
  title: string;
  message: string;
  /** `status` while the outcome may still change (a payment not decided yet); `alert` otherwise. */
  role?: 'status' | 'alert';
  /** Shown above the title. */
  icon?: ReactNode;
  /** Given, the title takes the focus from the page (focusable, out of the tab order). */
  headingRef?: Ref<HTMLHeadingElement>;
  /** The way on: the action row's links and buttons. */
  children: ReactNode;
}

/** What became of a ticket's link or payment when it did not lead on to the ticket: the title, the message and the ways on. */
export function TicketOutcome({ titleId, title, message, role = 'alert', icon, headingRef, children }: TicketOutcomeProps) {
  return (
    <Page>
      <section className={styles.ticket} aria-labelledby={titleId}>
        {icon}
        <h1 id={titleId} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
          {title}
        </h1>
        <p role={role}>{message}</p>
        <div className={styles.actions}>{children}</div>
      </section>
    </Page>
  );
}

type Redeemed = { ok: true; answer: { link: string } } | { ok: false; status: number; message: string; errors: Record<string, string> };

/** Why a mailed link was refused: the answer's status, and its message about the token (or its own). */
export interface LinkRefusal {
  status: number;
  message: string;
}

/**
 * A mailed link's token posted once (not again when strict mode mounts the page twice): the browser
 * then goes to the token page the answer links to, in place of the link's page; a refusal is returned.
 */
export function useRedeemedLink(token: string, redeem: (token: string) => Promise<Redeemed>): LinkRefusal | null {
  const navigate = useNavigate();
  const started = useRef(false);
  const [refusal, setRefusal] = useState<LinkRefusal | null>(null);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void redeem(token).then((result) => {
      if (result.ok) return void navigate(result.answer.link, { replace: true });
      setRefusal({ status: result.status, message: result.errors.token ?? result.message });
    });
  }, [token, navigate, redeem]);
  return refusal;
}
