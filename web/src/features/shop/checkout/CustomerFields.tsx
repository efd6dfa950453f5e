import { useFormContext } from 'react-hook-form';
import { TextField } from '../../../components/Field.js';
import type { CheckoutForm } from './checkout-form.js';
import styles from './Checkout.module.css';

/** Customer information: Name, Phone, Email. */
export function CustomerFields() {
  const { register, formState } = useFormContext<CheckoutForm>();
  const { errors } = formState;
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>Customer Information</legend>
      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField label="Phone" type="tel" autoComplete="tel" inputMode="tel" hint="e.g. 08012345678 or +2348012345678" error={errors.phone?.message} {...register('phone')} />
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
    </fieldset>
  );
}
