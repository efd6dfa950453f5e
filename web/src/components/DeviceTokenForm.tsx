import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { activationTokenSchema, messages } from '@tapcard/shared/rules';
import { ACTIVATION_TOKEN_LENGTH } from '@tapcard/shared/constants';
import { Button } from './Button.js';
import { TextField } from './Field.js';
import { notify } from '../lib/toast.js';

/**
 * The scratch-token form: exactly 6 word characters ('token is invalid' under the field and the
 * 'Invalid Token' toast when it is not), for signing in with a device and for activating a card.
 */
export function DeviceTokenForm({
  label,
  submitLabel,
  defaultToken = '',
  busy,
  onToken,
}: {
  label: string;
  submitLabel: string;
  defaultToken?: string;
  busy: boolean;
  onToken: (token: string) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(activationTokenSchema), defaultValues: { token: defaultToken } });
  return (
    <form
      noValidate
      onSubmit={handleSubmit(
        (values) => onToken(values.token),
        () => notify.error(messages.invalidTokenToast),
      )}
    >
      <TextField
        label={label}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={ACTIVATION_TOKEN_LENGTH + 4}
        error={errors.token?.message}
        {...register('token')}
      />
      <Button type="submit" block busy={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
