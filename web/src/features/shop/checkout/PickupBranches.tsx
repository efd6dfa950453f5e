import { useFormContext } from 'react-hook-form';
import { PICKUP_BRANCHES } from '@tapcard/shared/domain';
import type { CheckoutForm } from './checkout-form.js';
import styles from './Checkout.module.css';

/** The three Lagos branches to pick up from, each with its Address, Landmark, City, State and Country. */
export function PickupBranches() {
  const { register, formState } = useFormContext<CheckoutForm>();
  const error = formState.errors.pickup?.message;
  return (
    <fieldset className={styles.section} aria-describedby={error ? 'pickup-error' : undefined}>
      <legend className={styles.legend}>Pick up location</legend>
      <div className={styles.choices}>
        {PICKUP_BRANCHES.map((branch) => (
          <label key={branch.id} className={styles.choice}>
            <input type="radio" value={branch.id} aria-invalid={error ? true : undefined} {...register('pickup')} />
            <span>
              <strong>{branch.name}</strong>
              <dl className={styles.branch}>
                <div>
                  <dt>Address</dt>
                  <dd>{branch.address}</dd>
                </div>
                <div>
                  <dt>Landmark</dt>
                  <dd>{branch.landmark}</dd>
                </div>
                <div>
                  <dt>City</dt>
                  <dd>{branch.city}</dd>
                </div>
                <div>
                  <dt>State</dt>
                  <dd>{branch.state}</dd>
                </div>
                <div>
                  <dt>Country</dt>
                  <dd>{branch.country}</dd>
                </div>
              </dl>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p className={styles.error} id="pickup-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
