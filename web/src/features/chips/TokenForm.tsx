import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { chipTokenSchema, type ChipTokenValues } from '@tapcard/shared/rules';
import { Button } from '../../components/Button.js';
import { TextField } from '../../components/Field.js';
import styles from './Chips.module.css';
import { TEXTS } from './texts.js';

/**
 * The access-token entry: the chip page binds the chip with it, the chip chat unlocks posting with it.
 * `onToken` answers an error message to show under the field, or null on success.
 */
export function TokenForm({ title, onToken }: { title: string; onToken: (token: string) => Promise<string | null> }) {
  const form = useForm<ChipTokenValues>({ resolver: zodResolver(chipTokenSchema), defaultValues: { token: '' } });
  const submit = form.handleSubmit(async ({ token }) => {
    const error = await onToken(token);
    if (error) form.setError('token', { message: error }, { shouldFocus: true });
  });
  return (
    <form className={styles.tokenForm} onSubmit={submit} noValidate aria-labelledby="chip-token-title">
      <h2 id="chip-token-title">{title}</h2>
      <p className={styles.muted}>{TEXTS.tokenLead}</p>
      <TextField label={TEXTS.tokenLabel} autoComplete="off" autoCapitalize="off" spellCheck={false} error={form.formState.errors.token?.message} {...form.register('token')} />
      <Button type="submit" block busy={form.formState.isSubmitting}>
        {TEXTS.tokenSubmit}
      </Button>
    </form>
  );
}
