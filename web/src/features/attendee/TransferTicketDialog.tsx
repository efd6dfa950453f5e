import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ticketTransferSchema, type TicketTransferValues } from '@tapcard/shared/rules';
import { Button } from '../../components/Button.js';
import { Dialog } from '../../components/Dialog.js';
import { FormActions } from '../../components/DialogActions.js';
import { FormError, TextField } from '../../components/Field.js';
import { notify } from '../../lib/toast.js';
import { transferTicket } from './ticket-holder-api.js';
import styles from './TicketHolder.module.css';
import { HOLDER_TEXTS } from './ticket-holder-texts.js';

export interface TransferTicketDialogProps {
  tid: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The ticket is someone else's now: this page's link no longer works. */
  onTransferred: () => void;
}

/**
 * Transfer ticket, in two steps: the new holder's name and email (the registration's rules, messages
 * under the fields), then a confirmation that says the current QR code and link stop working. The
 * transfer is sent once however often the button is pressed (busy, and a guard for presses before the
 * busy state renders); a refusal of a field takes the holder back to it.
 */
export default function TransferTicketDialog({ tid, open, onOpenChange, onTransferred }: TransferTicketDialogProps) {
  const form = useForm<z.input<typeof ticketTransferSchema>, unknown, TicketTransferValues>({ resolver: zodResolver(ticketTransferSchema), defaultValues: { name: '', email: '' } });
  const [to, setTo] = useState<TicketTransferValues | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const inFlight = useRef(false);
  const { errors } = form.formState;
  useEffect(() => {
    if (open) {
      form.reset({ name: '', email: '' });
      setTo(null);
      setFailure(null);
    }
  }, [open, form]);

  const review = form.handleSubmit((values) => {
    setFailure(null);
    setTo(values);
  });

  async function confirm(): Promise<void> {
    if (!to || inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    setFailure(null);
    try {
      const result = await transferTicket(tid, to);
      if (result.ok) {
        notify.success(result.answer.message ?? HOLDER_TEXTS.transferredTitle);
        onOpenChange(false);
        onTransferred();
        return;
      }
      if (result.kind === 'network') return;
      const fields = (['name', 'email'] as const).filter((field) => result.errors[field]);
      if (fields.length > 0) {
        setTo(null);
        for (const field of fields) form.setError(field, { message: result.errors[field] }, { shouldFocus: field === fields[0] });
      } else if (result.status === 410) {
        onOpenChange(false);
        onTransferred();
      } else setFailure(result.message);
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !sending && onOpenChange(next)}
      title={to ? HOLDER_TEXTS.confirmTitle : HOLDER_TEXTS.transferTitle}
      description={to ? HOLDER_TEXTS.confirmLead(to.name, to.email) : HOLDER_TEXTS.transferDescription}
    >
      {to ? (
        <div className={styles.form}>
          <p className={styles.warning}>{HOLDER_TEXTS.confirmWarning}</p>
          <FormError>{failure}</FormError>
          <div className={styles.buttons}>
            <Button variant="secondary" disabled={sending} onClick={() => setTo(null)}>
              {HOLDER_TEXTS.back}
            </Button>
            <Button busy={sending} onClick={() => void confirm()}>
              {HOLDER_TEXTS.confirmTransfer}
            </Button>
          </div>
        </div>
      ) : (
        <form className={styles.form} onSubmit={review} noValidate>
          <TextField label={HOLDER_TEXTS.newHolderName} autoComplete="off" error={errors.name?.message} {...form.register('name')} />
          <TextField label={HOLDER_TEXTS.newHolderEmail} type="email" inputMode="email" autoComplete="off" error={errors.email?.message} {...form.register('email')} />
          <FormActions className={styles.buttons} cancelLabel={HOLDER_TEXTS.cancel} onCancel={() => onOpenChange(false)} submitLabel={HOLDER_TEXTS.continue} />
        </form>
      )}
    </Dialog>
  );
}
