import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { newPasswordSchema, type NewPasswordValues } from '@tapcard/shared/rules';
import { Button, ButtonLink } from '../../components/Button.js';
import { PasswordField } from '../../components/Field.js';
import { routes } from '../../lib/paths.js';
import { sendWithToast } from '../../lib/toast.js';
import { resetPassword } from './api.js';
import { AuthScreen, BackToLogin } from './AuthScreen.js';
import { TEXTS } from './texts.js';

/**
 * Reset password (token in the path): New Password and Confirm Password; 'Resetting
 * password...', then 'Password reset successfully!' (to login) or 'Unable to reset Password!'. A link
 * that is used or expired (the upstream's 400 on field token) cannot work whatever is typed: the form
 * gives way to the server's message and a way to ask for a new link.
 */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '', confirm_password: '' } });
  const [deadLink, setDeadLink] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: async (values: NewPasswordValues) => {
      const result = await sendWithToast({ loading: TEXTS.resetting, success: TEXTS.resetDone, failure: TEXTS.resetFailed }, () => resetPassword({ ...values, token }));
      if (result.ok) void navigate(routes.login, { replace: true });
      else if (result.kind !== 'network' && result.errors.token) setDeadLink(result.errors.token);
    },
  });
  if (deadLink) return <DeadLink message={deadLink} />;
  return (
    <AuthScreen title="Reset Password" subtitle="Choose a new password for your account.">
      <form noValidate onSubmit={handleSubmit((values) => reset.mutate(values))}>
        <PasswordField label="New Password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
        <PasswordField label="Confirm Password" autoComplete="new-password" error={errors.confirm_password?.message} {...register('confirm_password')} />
        <Button type="submit" block busy={reset.isPending}>
          Reset Password
        </Button>
      </form>
      <BackToLogin />
    </AuthScreen>
  );
}

/** A used or expired link: says so and leads to the forgot-password page for a new one. */
function DeadLink({ message }: { message: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the focus was in is gone: the notice takes it, so a screen reader reads what happened.
  useEffect(() => heading.current?.focus(), []);
  return (
    <AuthScreen title="Reset Password">
      <div role="alert">
        <h2 ref={heading} tabIndex={-1}>
          {TEXTS.resetLinkDead}
        </h2>
        <p>{message}</p>
      </div>
      <ButtonLink to={routes.forgotPassword} block>
        {TEXTS.sendNewLink}
      </ButtonLink>
      <BackToLogin />
    </AuthScreen>
  );
}
