import { useFormContext } from 'react-hook-form';
import { formatNaira, NIGERIAN_STATES, SHIPPING_OPTIONS } from '@tapcard/shared/domain';
import { SelectField, TextField } from '../../../components/Field.js';
import { DEFAULT_COUNTRY, type CheckoutForm } from './checkout-form.js';
import styles from './Checkout.module.css';
import { CountrySelect } from './CountrySelect.js';

/** Delivery: Address, City, State (the 36 states plus FCT for Nigeria), Country and the shipping fee. */
export function DeliveryAddressFields() {
  const { register, formState, watch } = useFormContext<CheckoutForm>();
  const { errors } = formState;
  const country = watch('country');
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>Delivery Address</legend>
      <TextField label="Address" autoComplete="street-address" error={errors.address?.message} {...register('address')} />
      <TextField label="City" autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
      {country === DEFAULT_COUNTRY || country === '' ? (
        <SelectField label="State" autoComplete="address-level1" error={errors.state?.message} {...register('state')}>
          <option value="">Select state</option>
          {NIGERIAN_STATES.map((state) => (
            <option key={state} value={state}>
              {state}
            </option>
          ))}
        </SelectField>
      ) : (
        <TextField label="State" autoComplete="address-level1" error={errors.state?.message} {...register('state')} />
      )}
      <CountrySelect />
      <SelectField label="Shipping" error={errors.shipping?.message} {...register('shipping')}>
        {SHIPPING_OPTIONS.map((option) => (
          <option key={option.id} value={String(option.fee)}>
            {option.label} ({formatNaira(option.fee)})
          </option>
        ))}
      </SelectField>
    </fieldset>
  );
}
