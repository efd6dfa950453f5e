import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { CARD_CVC_MAX_LENGTH, CARD_EXPIRY_MAX_LENGTH, CARD_NUMBER_MAX_LENGTH } from '@tapcard/shared/constants';
import { formatNaira } from '@tapcard/shared/domain';
import { formatCardNumber, formatCvc, formatExpiry, paymentCardSchema, type PaymentCardValues } from '@tapcard/shared/rules';
import { Button } from '../../../components/Button.js';
import { TextField } from '../../../components/Field.js';
import { Notice } from '../../../components/Page.js';
import styles from './Payment.module.css';

type Field = keyof PaymentCardValues;
const FORMAT: Record<Field, (input: string) => string> = { number: formatCardNumber, expiry: formatExpiry, cvc: formatCvc };

/**
 * The card form: number regrouped in fours (max 19), expiry MM/YY (max 5), CVC digits (max 3), all
 * required. Submitting prevents the page from reloading and nothing more: card payments are taken on
 * the provider's page, which the page says.
 */
export function CardPaymentForm({ total }: { total: number }) {
  const { register, handleSubmit, setValue, formState } = useForm<PaymentCardValues>({
    resolver: zodResolver(paymentCardSchema),
    defaultValues: { number: '', expiry: '', cvc: '' },
  });
  const [submitted, setSubmitted] = useState(false);
  const { errors } = formState;

  const formatted = (field: Field) => {
    const registered = register(field);
    return {
      ...registered,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setValue(field, FORMAT[field](event.target.value), { shouldValidate: formState.isSubmitted });
      },
    };
  };

  return (
    <form onSubmit={handleSubmit(() => setSubmitted(true))} noValidate aria-label="Pay with card">
      <TextField label="Card number" inputMode="numeric" autoComplete="cc-number" placeholder="0000 0000 0000 0000" maxLength={CARD_NUMBER_MAX_LENGTH} error={errors.number?.message} {...formatted('number')} />
      <div className={styles.row}>
        <TextField label="Expiration date (MM/YY)" inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" maxLength={CARD_EXPIRY_MAX_LENGTH} error={errors.expiry?.message} {...formatted('expiry')} />
        <TextField label="CVC" inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={CARD_CVC_MAX_LENGTH} error={errors.cvc?.message} {...formatted('cvc')} />
      </div>
      <p className={styles.note}>Card payments are taken on our payment provider&apos;s secure page when you place your order at checkout.</p>
      <Button type="submit" block>
        Pay {formatNaira(total)}
      </Button>
      {submitted && (
        <div className={styles.after}>
          <Notice>Your card has not been charged. Place your order from checkout to pay on the provider&apos;s secure page.</Notice>
        </div>
      )}
    </form>
  );
}
