import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { activationTokenSchema } from '@tapcard/shared/rules';
import { Dialog } from '../../components/Dialog.js';
import { FormActions } from '../../components/DialogActions.js';
import { TextField } from '../../components/Field.js';
import styles from './Settings.module.css';
import { readTapAddress } from './tap-address.js';
import { CARD_TEXTS as TEXTS } from './texts.js';

const formSchema = z
  .object({
    address: z.string(),
    card_id: z.string().trim().min(1, TEXTS.required).max(128),
    type: z.string().trim().min(1, TEXTS.required).max(32),
  })
  .extend(activationTokenSchema.shape);
type FormInput = z.input<typeof formSchema>;
export type ReplaceValues = Omit<z.output<typeof formSchema>, 'address'>;

const FIELDS = ['card_id', 'type', 'token'] as const;
/** A refused replace: the server's message for each field it names. */
export type FieldMessages = Partial<Record<(typeof FIELDS)[number], string>>;

/**
 * "Replace card, keep profile": the new card's id and type (typed, or filled in from its pasted tap
 * address) and its scratch token. `onReplace` resolves with the server's field messages when it refuses.
 */
export function ReplaceCardDialog({
  open,
  busy,
  onOpenChange,
  onReplace,
}: {
  open: boolean;
  busy: boolean;
  onOpenChange: (open: boolean) => void;
  onReplace: (values: ReplaceValues) => Promise<FieldMessages | null>;
}) {
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    reset,
    formState: { errors },
  } = useForm<FormInput, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { address: '', card_id: '', type: '', token: '' },
  });
  const close = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };
  const fillFromAddress = (text: string) => {
    const tap = readTapAddress(text);
    if (!tap) return;
    setValue('card_id', tap.id, { shouldValidate: false });
    if (tap.type) setValue('type', tap.type, { shouldValidate: false });
  };
  return (
    <Dialog open={open} onOpenChange={close} title={TEXTS.replaceTitle} description={TEXTS.replaceDescription}>
      <form
        noValidate
        onSubmit={handleSubmit(async ({ card_id, type, token }) => {
          const problems = await onReplace({ card_id, type, token });
          if (!problems) return reset();
          const named = FIELDS.filter((field) => problems[field]);
          named.forEach((field, i) => setError(field, { type: 'server', message: problems[field] }, { shouldFocus: i === 0 }));
        })}>
        <TextField
          label={TEXTS.tapAddress}
          hint={TEXTS.tapAddressHint}
          type="url"
          inputMode="url"
          autoCapitalize="none"
          spellCheck={false}
          {...register('address', { onChange: (event: { target: { value: string } }) => fillFromAddress(event.target.value) })}
        />
        <TextField
          label={TEXTS.newCardId}
          autoCapitalize="none"
          spellCheck={false}
          error={errors.card_id?.message}
          {...register('card_id', {
            // A tap address pasted here is read the same way.
            onChange: (event: { target: { value: string } }) => fillFromAddress(event.target.value),
          })}
        />
        <TextField label={TEXTS.newCardType} autoCapitalize="none" spellCheck={false} error={errors.type?.message} {...register('type')} />
        <TextField label={TEXTS.token} autoCapitalize="characters" autoComplete="one-time-code" spellCheck={false} error={errors.token?.message} {...register('token')} />
        <FormActions className={styles.dialogActions} cancelLabel={TEXTS.cancel} onCancel={() => close(false)} submitLabel={TEXTS.replaceConfirm} busy={busy} />
      </form>
    </Dialog>
  );
}
