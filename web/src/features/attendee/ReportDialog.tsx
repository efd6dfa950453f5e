import { REPORT_DETAILS_MAX_LENGTH } from '@tapcard/shared/constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { REPORT_REASON_LABELS, REPORT_REASONS, reportFormSchema, type ReportFormValues, type ReportReason } from '@tapcard/shared/rules';
import { Dialog } from '../../components/Dialog.js';
import { FormActions } from '../../components/DialogActions.js';
import { FormError, TextAreaField } from '../../components/Field.js';
import styles from './Safety.module.css';
import { TEXTS } from './texts.js';

/** What sending a report answered: done, or the server's messages (per field, and for the form). */
export type ReportOutcome = { ok: true } | { ok: false; message: string; errors: Record<string, string> };

export interface ReportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Sends the report; the dialog closes when it is done. */
  onReport: (values: { reason: ReportReason; details: string }) => Promise<ReportOutcome>;
}

/**
 * Report a message to the organiser: a reason (a radio group; required) and optional details, each
 * message under its field; Send report. Loaded when first opened (its own chunk, with the form library).
 */
export default function ReportDialog({ open, onOpenChange, onReport }: ReportDialogProps) {
  const form = useForm<ReportFormValues>({ resolver: zodResolver(reportFormSchema), defaultValues: { reason: '', details: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const reasonError = useId();
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const outcome = await onReport({ reason: values.reason as ReportReason, details: values.details?.trim() ?? '' });
    if (outcome.ok) {
      form.reset();
      onOpenChange(false);
      return;
    }
    const reason = outcome.errors.reason;
    const details = outcome.errors.details;
    if (reason) form.setError('reason', { message: reason });
    if (details) form.setError('details', { message: details });
    if (!reason && !details) setFailure(outcome.message);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={TEXTS.reportTitle} description={TEXTS.reportDescription}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <fieldset className={styles.group} aria-describedby={errors.reason ? reasonError : undefined} aria-invalid={errors.reason ? true : undefined}>
          <legend className={styles.legend}>{TEXTS.reportReason}</legend>
          {REPORT_REASONS.map((reason) => (
            <label key={reason} className={styles.choice}>
              <input type="radio" value={reason} {...form.register('reason')} />
              {REPORT_REASON_LABELS[reason]}
            </label>
          ))}
          {errors.reason?.message && (
            <p id={reasonError} className={styles.error} role="alert">
              {errors.reason.message}
            </p>
          )}
        </fieldset>
        <TextAreaField label={TEXTS.reportDetails} hint={TEXTS.reportDetailsHint(REPORT_DETAILS_MAX_LENGTH)} error={errors.details?.message} {...form.register('details')} />
        <FormError>{failure}</FormError>
        <FormActions className={styles.actions} cancelLabel={TEXTS.cancel} onCancel={() => onOpenChange(false)} submitLabel={TEXTS.reportSend} busy={isSubmitting} />
      </form>
    </Dialog>
  );
}
