import { useQuery } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import { SelectField } from '../../../components/Field.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { DEFAULT_COUNTRY, type CheckoutForm } from './checkout-form.js';

/**
 * The countries' names (the order takes the name), a small chunk of its own fetched only when the
 * checkout shows the delivery address; the rest of the country data is not needed here.
 */
const loadCountries = () => import('@tapcard/shared/country-names').then((m) => m.COUNTRY_NAMES);

/** Country: every country (shared reference data); Nigeria is listed while the list loads. */
export function CountrySelect() {
  const { register, formState, getValues } = useFormContext<CheckoutForm>();
  const countries = useQuery({ queryKey: queryKeys.countries(), queryFn: loadCountries, staleTime: Infinity, gcTime: Infinity });
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
