import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CARD_PRICE_NGN } from '@tapcard/shared/constants';
import { DEFAULT_QUANTITY } from '../../../lib/ui.js';
import { CARD_COLOURS, DEFAULT_COLOUR, formatNaira, type CardColour } from '@tapcard/shared/domain';
import { addToCartSchema } from '@tapcard/shared/rules';
import { Button } from '../../../components/Button.js';
import { SelectField } from '../../../components/Field.js';
import { useCartActions } from '../cart/useCartActions.js';
import { SHOP_TEXTS } from '../texts.js';
import { CardCarousel } from './CardCarousel.js';
import styles from './ProductSection.module.css';
import { QuantityStepper } from './QuantityStepper.js';

type AddToCartInput = z.input<typeof addToCartSchema>;
type AddToCartOutput = z.output<typeof addToCartSchema>;

const DEFAULTS: AddToCartInput = { color: DEFAULT_COLOUR, quantity: String(DEFAULT_QUANTITY) };

/** The product: colour carousel, title, price, description and the add-to-cart form. */
export function ProductSection() {
  const cart = useCartActions();
  const { register, handleSubmit, watch, setValue, formState } = useForm<AddToCartInput, unknown, AddToCartOutput>({
    resolver: zodResolver(addToCartSchema),
    defaultValues: DEFAULTS,
  });
  const colour = watch('color') as CardColour;
  const quantity = watch('quantity');
  const revalidate = { shouldValidate: formState.isSubmitted, shouldDirty: true };

  const onValid = (values: AddToCartOutput) => {
    cart.add(values.color, values.quantity);
    // Quantity resets to 1 after adding.
    setValue('quantity', String(DEFAULT_QUANTITY), { shouldValidate: false });
  };

  return (
    <section className={styles.product} aria-labelledby="product-title">
      <CardCarousel colour={colour} onColourChange={(c) => setValue('color', c, revalidate)} />
      <div className={styles.details}>
        <h1 id="product-title" className={styles.title}>
          {SHOP_TEXTS.productTitle}
        </h1>
        <p className={styles.price}>{formatNaira(CARD_PRICE_NGN)}</p>
        <p className={styles.description}>{SHOP_TEXTS.productDescription}</p>
        <form onSubmit={handleSubmit(onValid)} noValidate aria-label="Add to cart">
          {/* defaultValue: the server's page shows the defaults before the form's scripts set them. */}
          <SelectField label="Colour" error={formState.errors.color?.message} defaultValue={DEFAULTS.color} {...register('color')}>
            {CARD_COLOURS.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
          <QuantityStepper
            label="Quantity"
            error={formState.errors.quantity?.message}
            current={quantity}
            onStep={(n) => setValue('quantity', String(n), revalidate)}
            defaultValue={String(DEFAULT_QUANTITY)}
            {...register('quantity')}
          />
          <Button type="submit" block>
            {SHOP_TEXTS.addToCart}
          </Button>
        </form>
      </div>
    </section>
  );
}
