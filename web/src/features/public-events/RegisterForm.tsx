import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import type { Event } from '@tapcard/shared/contract';
import { avatarFor, eventTiming, formatNaira, refundPolicyText } from '@tapcard/shared/domain';
import { messages, registrationSchema, type RegistrationValues } from '@tapcard/shared/rules';
import { Button, ButtonLink } from '../../components/Button.js';
import { Dialog } from '../../components/Dialog.js';
import { EventNotice } from '../../components/EventNotice.js';
import { FormError, SelectField, TextField } from '../../components/Field.js';
import { HoldCountdown } from '../../components/HoldCountdown.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { BackLink, Notice, Page } from '../../components/Page.js';
import { inStock, isSoldOut } from '../../components/TicketList.js';
import { useNow } from '../../lib/now.js';
import { endHeldPayment, forgetRegistration, heldPayment, keepRegistration, keptRegistration, type HeldPayment } from '../../lib/ticket-registration.js';
import styles from './PublicEvents.module.css';
import { TEXTS } from './texts.js';
import { invalidatePublicEvent, register, releaseHeldTicket } from './api.js';

/** Whether a returned link leaves the app (the payment provider's page). */
function isExternal(link: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(link) || link.startsWith('//');
}

const FIELDS = ['name', 'email', 'phone', 'event_prices_id'] as const;

/** The organiser asked for a confirmed email: the seat is held until the registrant uses the mailed link. */
function CheckYourEmail({ message }: { message: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.form} aria-labelledby="register-check-email">
      <h2 id="register-check-email" ref={heading} tabIndex={-1}>
        {TEXTS.checkEmail}
      </h2>
      <p role="status">{message}</p>
    </section>
  );
}

/**
 * A paid ticket is held for its payment: the time left counts down before the buyer goes to the
 * provider, or the buyer gives the seat back at once. Once the time runs out the seat is released,
 * so the buyer is offered to register again. The payment is kept in storage, so a reload shows this
 * step again (the link is mailed too).
 */
function PaymentStep({ payment, refundText, onRestart, onReleased }: { payment: HeldPayment; refundText: string; onRestart: () => void; onReleased: (message: string) => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const until = new Date(payment.until);
  const [expired, setExpired] = useState(() => until.getTime() <= Date.now());
  const [releasing, setReleasing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const expire = useCallback(() => setExpired(true), []);
  useEffect(() => heading.current?.focus(), []);
  const release = async () => {
    setReleasing(true);
    setFailure(null);
    const result = await releaseHeldTicket(payment.release_token);
    setReleasing(false);
    // Released now, or already over (paid, declined or run out): either way this hold is gone.
    if (result.ok || (result.kind === 'failure' && result.status === 409)) return onReleased(result.ok ? (result.answer.message ?? '') : result.message);
    setFailure(result.message);
  };
  return (
    <section className={styles.form} aria-labelledby="register-payment">
      <h2 id="register-payment" ref={heading} tabIndex={-1}>
        {TEXTS.completePayment}
      </h2>
      <p>{TEXTS.ticketHeld}</p>
      <HoldCountdown until={until} onExpired={expire} />
      <p className={styles.muted} data-testid="refund-policy">
        {refundText}
      </p>
      {expired ? (
        <Button block onClick={onRestart}>
          {TEXTS.registerAgain}
        </Button>
      ) : (
        <>
          {/* A whole-page load: the provider's page may share the app's origin (the built-in test provider under /api). */}
          <ButtonLink block to={payment.link} reloadDocument>
            {TEXTS.continueToPayment}
          </ButtonLink>
          <Button block variant="secondary" busy={releasing} onClick={() => void release()}>
            {TEXTS.releaseSeat}
          </Button>
          <FormError>{failure}</FormError>
        </>
      )}
    </section>
  );
}

/**
 * The registration form (Full Name, Email Address, Phone Number, Choose Ticket). On success the browser
 * goes to the returned link (the token page), or, for a paid ticket, shows the payment step with the
 * time its seat is held and the way to the provider, or, when the organiser asks for a confirmed
 * email, says to check it. With no ticket left it says the event is sold
 * out instead of offering the form. A failure (a field's under that field)
 * shows the server's message in red below the button ('inline', the card's event page) or in the
 * 'Something Went Wrong!' dialog ('dialog', the open event link).
 */
export function RegisterForm({ event, failure }: { event: Event; failure: 'inline' | 'dialog' }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  // A reload while the seat is held comes back to the payment step; a declined payment's 'Try again'
  // (or a released seat) comes back to the form as it was filled.
  const [payment, setPayment] = useState<HeldPayment | null>(() => heldPayment(event.id));
  const [released, setReleased] = useState<string | null>(null);
  const form = useForm<z.input<typeof registrationSchema>, unknown, RegistrationValues>({
    resolver: zodResolver(registrationSchema),
    defaultValues: keptRegistration(event.id)?.values ?? { name: '', email: '', phone: '', event_prices_id: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    setReleased(null);
    const result = await register({ ...values, event_id: event.id, image: avatarFor(values.name) });
    if (result.ok) {
      // The stock and the attendees have changed: the event page the visitor goes back to reads them again.
      void invalidatePublicEvent(queryClient);
      if (result.answer.pending) {
        forgetRegistration();
        return setPending(result.answer.message ?? messages.confirmEmailSent);
      }
      const { link, hold_until: holdUntil, release_token: releaseToken } = result.answer;
      if (holdUntil) {
        const held = { link, until: holdUntil, release_token: releaseToken ?? '' };
        keepRegistration(event.id, values, held);
        return setPayment(held);
      }
      forgetRegistration();
      if (isExternal(link)) window.location.assign(link);
      else void navigate(link);
      return;
    }
    for (const field of FIELDS) {
      const message = result.errors[field];
      if (message) form.setError(field, { message });
    }
    setError(result.message);
  });

  if (pending !== null) return <CheckYourEmail message={pending} />;
  if (payment !== null) {
    const restart = () => {
      endHeldPayment();
      void invalidatePublicEvent(queryClient);
      setPayment(null);
    };
    const onReleased = (message: string) => {
      restart();
      setReleased(message);
    };
    return <PaymentStep payment={payment} refundText={refundPolicyText(event)} onRestart={restart} onReleased={onReleased} />;
  }
  if (isSoldOut(event.prices)) return <Notice>{TEXTS.eventSoldOut}</Notice>;
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {released && <p role="status">{released}</p>}
      <TextField label={TEXTS.fullName} autoComplete="name" error={errors.name?.message} {...form.register('name')} />
      <TextField label={TEXTS.email} type="email" inputMode="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <TextField label={TEXTS.phone} type="tel" inputMode="tel" autoComplete="tel" error={errors.phone?.message} {...form.register('phone')} />
      <SelectField label={TEXTS.chooseTicket} error={errors.event_prices_id?.message} {...form.register('event_prices_id')}>
        <option value="">{TEXTS.selectCategory}</option>
        {event.prices.map((price) => {
          const soldOut = inStock(price) === 0;
          return (
            <option key={price.id} value={price.id} disabled={soldOut}>
              {price.title} ({formatNaira(price.amount)}){soldOut ? ` — ${TEXTS.soldOut}` : ''}
            </option>
          );
        })}
      </SelectField>
      {/* Before anyone pays: what a cancelled paid ticket gets back. */}
      {event.prices.some((price) => price.amount > 0) && (
        <p className={styles.muted} data-testid="refund-policy">
          {refundPolicyText(event)}
        </p>
      )}
      <Button type="submit" block busy={isSubmitting}>
        {TEXTS.register}
      </Button>
      {failure === 'inline' ? (
        <FormError>{error}</FormError>
      ) : (
        <Dialog open={error !== null} onOpenChange={(open) => !open && setError(null)} title={TEXTS.failedTitle} description={error ?? undefined}>
          <div className={styles.dialogActions}>
            <Button onClick={() => setError(null)}>{TEXTS.tryAgain}</Button>
          </div>
        </Dialog>
      )}
    </form>
  );
}

/**
 * A registration page: the way back to the event, then its title and the form; the concluded notice
 * once the event is over. An event that cannot be read is not found.
 */
export function RegistrationPage({ event, backTo, failure }: { event: { isError: boolean; data: Event | undefined }; backTo: string; failure: 'inline' | 'dialog' }) {
  const now = useNow();
  if (event.isError) return <NotFoundView />;
  if (!event.data) return <LoadingScreen />;
  return (
    <Page>
      <BackLink to={backTo}>{TEXTS.backToEvent}</BackLink>
      {eventTiming(event.data, now) === 1 ? (
        <EventNotice status="concluded" event={event.data} />
      ) : (
        <>
          <h1>{event.data.title}</h1>
          <RegisterForm event={event.data} failure={failure} />
        </>
      )}
    </Page>
  );
}
