import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ticketNameSchema, type TicketNameValues } from '@tapcard/shared/rules';
import { Dialog } from '../../components/Dialog.js';
import { FormActions } from '../../components/DialogActions.js';
import { FormError, TextField } from '../../components/Field.js';
import { notify } from '../../lib/toast.js';
import { editTicketName } from './ticket-holder-api.js';
import styles from './TicketHolder.module.css';
import { HOLDER_TEXTS } from './ticket-holder-texts.js';

export interface EditNameDialogProps {
  tid: string;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The saved name (the server's, trimmed). */
  onSaved: (name: string) => void;
}

/**
 * Edit name: the holder's name with the registration's rule, its message under the field; a refusal
 * (already checked in) below the form. One request per submit: the button is busy while it runs.
 */
export default function EditNameDialog({ tid, name, open, onOpenChange, onSaved }: EditNameDialogProps) {
  const form = useForm<z.input<typeof ticketNameSchema>, unknown, TicketNameValues>({ resolver: zodResolver(ticketNameSchema), defaultValues: { name } });
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  useEffect(() => {
    if (open) {
      form.reset({ name });
      setFailure(null);
    }
  }, [open, name, form]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const result = await editTicketName(tid, values);
    if (result.ok) {
      notify.success(result.answer.message ?? HOLDER_TEXTS.saveName);
      onSaved(result.answer.data.name);
      onOpenChange(false);
      return;
    }
    if (result.kind === 'network') return;
    if (result.errors.name) form.setError('name', { message: result.errors.name }, { shouldFocus: true });
    else setFailure(result.message);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={HOLDER_TEXTS.editNameTitle} description={HOLDER_TEXTS.editNameDescription}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField label={HOLDER_TEXTS.name} autoComplete="name" error={errors.name?.message} {...form.register('name')} />
        <FormError>{failure}</FormError>
        <FormActions className={styles.buttons} cancelLabel={HOLDER_TEXTS.cancel} onCancel={() => onOpenChange(false)} submitLabel={HOLDER_TEXTS.saveName} busy={isSubmitting} />
      </form>
    </Dialog>
  );
}
