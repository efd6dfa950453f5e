import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ticketRecoverySchema, type TicketRecoveryValues } from '@tapcard/shared/rules';
import { Button } from '../../components/Button.js';
import { FormError, TextField } from '../../components/Field.js';
import { recoverTicket } from './fetch-events.js';
import styles from './PublicEvents.module.css';
import { TEXTS } from './texts.js';

/**
 * The "Lost your ticket?" form (loaded when it is opened: the light event pages ship no form library or
 * schemas): the email, checked with the shared rule, focused on open. The answer replaces the form and
 * takes the focus; a refusal shows under the field or below the button.
 */
export function LostTicketForm({ id, eventId }: { id: string; eventId: string }) {
  const headingId = useId();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.input<typeof ticketRecoverySchema>, unknown, TicketRecoveryValues>({
    resolver: zodResolver(ticketRecoverySchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;
  useEffect(() => form.setFocus('email'), [form]);

  const submit = form.handleSubmit(async ({ email }) => {
    setError(null);
    const result = await recoverTicket(eventId, email);
    if (result.ok) return setSent(result.answer.message ?? TEXTS.ticketSentAgain);
    const message = result.errors.email;
    if (message) form.setError('email', { message }, { shouldFocus: true });
    else setError(result.message);
  });

  if (sent !== null) return <SentAgain id={id} message={sent} />;
  return (
    <form id={id} className={styles.lostTicketForm} onSubmit={submit} noValidate aria-labelledby={headingId}>
      <p id={headingId}>{TEXTS.lostTicketIntro}</p>
      <TextField label={TEXTS.email} type="email" inputMode="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <Button type="submit" block variant="secondary" busy={isSubmitting}>
        {TEXTS.sendTicketAgain}
      </Button>
      <FormError>{error}</FormError>
    </form>
  );
}

/** The answer, focused so a screen reader reads it where the form was. */
function SentAgain({ id, message }: { id: string; message: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p id={id} ref={ref} tabIndex={-1} role="status">
      {message}
    </p>
  );
}
