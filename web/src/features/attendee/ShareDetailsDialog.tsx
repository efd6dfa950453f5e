import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { shareConsentText, shareDetailsSchema, type ShareDetailsValues } from '@tapcard/shared/rules';
import { Dialog } from '../../components/Dialog.js';
import { FormActions } from '../../components/DialogActions.js';
import { FormError, TextField } from '../../components/Field.js';
import { routes } from '../../lib/paths.js';
import styles from './Safety.module.css';
import { TEXTS } from './texts.js';

/** The details as shared (the schema's output: trimmed, the consent ticked). */
export type ShareDetails = { full_name: string; title: string; phone: string; email: string; consent: boolean };

/** What sharing answered: done, or the server's messages (per field, and for the form). */
export type ShareOutcome = { ok: true } | { ok: false; message: string; errors: Record<string, string> };

export interface ShareDetailsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The other attendee and the event, named in the consent. */
  otherName: string;
  eventTitle: string;
  /** The name the form starts with (the attendee's own). */
  defaultName: string;
  /** Where signing in comes back to (this chat). */
  returnTo: string;
  onShare: (details: ShareDetails) => Promise<ShareOutcome>;
}

const FIELDS = ['full_name', 'title', 'phone', 'email', 'consent'] as const;

/**
 * Share my card without a card signed in on this device: the attendee's details (full name, job title,
 * phone, email; each message under its field) and their agreement to the consent text, which is stored
 * with the contact they make; or a way to sign in and share their card. Loaded when first opened.
 */
export default function ShareDetailsDialog({ open, onOpenChange, otherName, eventTitle, defaultName, returnTo, onShare }: ShareDetailsDialogProps) {
  const form = useForm<ShareDetailsValues>({
    resolver: zodResolver(shareDetailsSchema),
    defaultValues: { full_name: defaultName, title: '', phone: '', email: '', consent: false },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const consentError = useId();
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const outcome = await onShare(values as ShareDetails);
    if (outcome.ok) {
      onOpenChange(false);
      return;
    }
    const fieldErrors = FIELDS.filter((field) => outcome.errors[field] ?? outcome.errors[`details.${field}`]);
    for (const field of fieldErrors) form.setError(field, { message: outcome.errors[field] ?? outcome.errors[`details.${field}`] });
    if (fieldErrors.length === 0) setFailure(outcome.message);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={TEXTS.shareTitle} description={TEXTS.shareDescription}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField label={TEXTS.fullName} autoComplete="name" error={errors.full_name?.message} {...form.register('full_name')} />
        <TextField label={TEXTS.jobTitle} autoComplete="organization-title" error={errors.title?.message} {...form.register('title')} />
        <TextField label={TEXTS.phone} type="tel" inputMode="tel" autoComplete="tel" error={errors.phone?.message} {...form.register('phone')} />
        <TextField label={TEXTS.email} type="email" inputMode="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <label className={styles.consent}>
          <input type="checkbox" aria-invalid={errors.consent ? true : undefined} aria-describedby={errors.consent ? consentError : undefined} {...form.register('consent')} />
          <span>{shareConsentText(otherName, eventTitle)}</span>
        </label>
        {errors.consent?.message && (
          <p id={consentError} className={styles.error} role="alert">
            {errors.consent.message}
          </p>
        )}
        <FormError>{failure}</FormError>
        <FormActions className={styles.actions} cancelLabel={TEXTS.cancel} onCancel={() => onOpenChange(false)} submitLabel={TEXTS.shareSend} busy={isSubmitting}>
          <Link className={styles.signIn} to={routes.login} state={{ from: returnTo }}>
            {TEXTS.shareSignIn}
          </Link>
        </FormActions>
      </form>
    </Dialog>
  );
}
