import { useQuery } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import { SelectField } from '../../../components/Field.js';
import { countriesQuery } from '../api.js';
import { DEFAULT_COUNTRY, type CheckoutForm } from './checkout-form.js';

/** Country: every country (shared reference data); Nigeria is listed while the list loads. */
export function CountrySelect() {
  const { register, formState, getValues } = useFormContext<CheckoutForm>();
  const countries = useQuery(countriesQuery());
  const current = getValues('country');
  const names = countries.data ?? [...new Set([DEFAULT_COUNTRY, current].filter(Boolean))];
  return (
    <SelectField label="Country" autoComplete="country-name" error={formState.errors.country?.message} aria-busy={countries.isPending || undefined} {...register('country')}>
      <option value="">Select country</option>
      {names.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </SelectField>
  );
}
