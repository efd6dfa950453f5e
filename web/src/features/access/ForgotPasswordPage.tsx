import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { forgotPasswordSchema, type ForgotPasswordValues } from '@tapcard/shared/rules';
import { Button } from '../../components/Button.js';
import { TextField } from '../../components/Field.js';
import { routes } from '../../lib/paths.js';
import { sendWithToast } from '../../lib/toast.js';
import { forgotPassword } from './api.js';
import { AuthScreen, BackToLogin } from './AuthScreen.js';
import { TEXTS } from './texts.js';

/** Forgot password: 'Sending mail...', then 'Mail sent successfully!' (to login) or 'Unable to send mail!'. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });
  const send = useMutation({
    mutationFn: async (values: ForgotPasswordValues) => {
      const result = await sendWithToast({ loading: TEXTS.sendingMail, success: TEXTS.mailSent, failure: TEXTS.mailFailed }, () => forgotPassword(values));
      if (result.ok) void navigate(routes.login);
    },
  });
  return (
    <AuthScreen title="Forgot Password" subtitle="Enter the email of your account and we will send you a link to reset your password.">
      <form noValidate onSubmit={handleSubmit((values) => send.mutate(values))}>
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
        <Button type="submit" block busy={send.isPending}>
          Send Email
        </Button>
      </form>
      <BackToLogin />
    </AuthScreen>
  );
}
