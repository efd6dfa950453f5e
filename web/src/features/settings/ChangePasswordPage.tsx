import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { changePasswordSchema, type ChangePasswordValues } from '@tapcard/shared/rules';
import { Button } from '../../components/Button.js';
import { PasswordField } from '../../components/Field.js';
import { BackLink, Page } from '../../components/Page.js';
import { routes } from '../../lib/paths.js';
import { clearSession } from '../../lib/session.js';
import { sendWithToast } from '../../lib/toast.js';
import { changePassword } from './api.js';
import styles from './Settings.module.css';
import { TEXTS } from './texts.js';

/**
 * Change password: Current Password (ours: the upstream checks it), then New Password and
 * Confirm Password (the shared new-password rules); 'Updating password', then 'Password Updated
 * successfully!' (every session ends: login) or 'Unable to update password!', with the upstream's
 * message under the field it names (a wrong or throttled current password).
 */
const FIELDS = ['current_password', 'password', 'confirm_password'] as const;

export function ChangePasswordPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm({ resolver: zodResolver(changePasswordSchema), defaultValues: { current_password: '', password: '', confirm_password: '' } });
  const change = useMutation({
    mutationFn: async (values: ChangePasswordValues) => {
      const result = await sendWithToast({ loading: TEXTS.updating, success: TEXTS.updated, failure: TEXTS.updateFailed }, () => changePassword(values));
      if (result.ok) {
        clearSession();
        queryClient.clear();
        void navigate(routes.login, { replace: true });
      } else if (result.kind !== 'network') {
        // Too many wrong current passwords: the wait is the current password's to explain.
        const fieldErrors = result.status === 429 ? { current_password: result.message } : result.errors;
        for (const field of FIELDS) {
          const message = fieldErrors[field];
          if (message) setError(field, { type: 'server', message });
        }
        const first = FIELDS.find((field) => fieldErrors[field]);
        if (first) setFocus(first);
      }
    },
  });
  return (
    <Page>
      <BackLink to={routes.settings}>Settings</BackLink>
      <h1>Change Password</h1>
      <div className={styles.card}>
        <form noValidate onSubmit={handleSubmit((values) => change.mutate(values))}>
          <PasswordField label="Current Password" autoComplete="current-password" error={errors.current_password?.message} {...register('current_password')} />
          <PasswordField label="New Password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
          <PasswordField label="Confirm Password" autoComplete="new-password" error={errors.confirm_password?.message} {...register('confirm_password')} />
          <Button type="submit" block busy={change.isPending}>
            Change Password
          </Button>
        </form>
      </div>
    </Page>
  );
}
