import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { loginSchema, type LoginValues } from '@tapcard/shared/rules';
import { Button } from '../../components/Button.js';
import { PasswordField, TextField } from '../../components/Field.js';
import { routes } from '../../lib/paths.js';
import styles from './Access.module.css';

/** Email and password; the button is enabled once both are filled in. */
export function LoginForm({ submitLabel, busy, onLogin }: { submitLabel: string; busy: boolean; onLogin: (values: LoginValues) => void }) {
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const [email, password] = watch(['email', 'password']);
  const filled = email.trim() !== '' && password !== '';
  return (
    <form noValidate onSubmit={handleSubmit(onLogin)}>
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
      <PasswordField label="Password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
      <Button type="submit" block busy={busy} disabled={!filled}>
        {submitLabel}
      </Button>
      <div className={styles.links}>
        <Link to={routes.forgotPassword}>Forgot Password</Link>
        <Link to={routes.home}>Take Me Home</Link>
      </div>
    </form>
  );
}
