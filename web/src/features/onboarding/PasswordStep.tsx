import { zodResolver } from '@hookform/resolvers/zod';
import { useSetAtom } from 'jotai';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH } from '@tapcard/shared/constants';
import { newPasswordSchema } from '@tapcard/shared/rules';
import { Button } from '../../components/Button.js';
import { PasswordField } from '../../components/Field.js';
import { BackLink } from '../../components/Page.js';
import styles from './Onboarding.module.css';
import { passwordAtom } from './state.js';
import { TEXTS } from './texts.js';
import { useWizardNav } from './useWizardNav.js';
import { WizardScreen } from './WizardScreen.js';

/** Stage 2: password and confirm password (the shared new-password rules). Kept in memory only. */
export function PasswordStep() {
  const setPassword = useSetAtom(passwordAtom);
  const { go, href } = useWizardNav();
  const location = useLocation();
  const lost = (location.state as { passwordLost?: unknown } | null)?.passwordLost === true;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '', confirm_password: '' } });
  return (
    <WizardScreen position="step-two" title="Choose a password" subtitle={`At least ${PASSWORD_MIN_LENGTH} characters, with a lowercase letter, an uppercase letter and a number or special character.`}>
      <BackLink to={href('step-one')}>Back</BackLink>
      {lost && (
        <p className={styles.notice} role="status">
          {TEXTS.passwordAgain}
        </p>
      )}
      <form
        noValidate
        onSubmit={handleSubmit((values) => {
          setPassword(values.password);
          go('step-three');
        })}
      >
        <PasswordField label="Password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
        <PasswordField label="Confirm Password" autoComplete="new-password" error={errors.confirm_password?.message} {...register('confirm_password')} />
        <Button type="submit" block>
          Next
        </Button>
      </form>
    </WizardScreen>
  );
}
