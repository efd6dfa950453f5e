import { useFormContext } from 'react-hook-form';
import { formatNaira, NIGERIAN_STATES, SHIPPING_OPTIONS } from '@tapcard/shared/domain';
import { SelectField, TextField } from '../../../components/Field.js';
import { DEFAULT_COUNTRY, type CheckoutForm } from './checkout-form.js';
import styles from './Checkout.module.css';

export const SHIPPING_CHOOSE_STATE = 'Choose your state to see the shipping fee';
export const SHIPPING_FOLLOWS_ADDRESS = 'Set by the delivery address: Within Lagos for Lagos State, Outside Lagos elsewhere.';
import { CountrySelect } from './CountrySelect.js';

/**
 * Delivery: Address, City, State (the 36 states plus FCT for Nigeria), Country and the shipping fee.
 * The shipping zone follows the address (the checkout sets it from State and Country), so it is shown,
 * read-only, never chosen.
 */
export function DeliveryAddressFields() {
  const { register, formState, watch } = useFormContext<CheckoutForm>();
  const { errors } = formState;
  const country = watch('country');
  const state = watch('state');
  const shipping = watch('shipping');
  const zone = SHIPPING_OPTIONS.find((option) => String(option.fee) === shipping);
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
      <TextField
        label="Shipping"
        readOnly
        value={zone && state.trim() ? `${zone.label} (${formatNaira(zone.fee)})` : SHIPPING_CHOOSE_STATE}
        hint={SHIPPING_FOLLOWS_ADDRESS}
        error={errors.shipping?.message}
      />
    </fieldset>
  );
}
