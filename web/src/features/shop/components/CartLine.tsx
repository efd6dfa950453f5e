import { Minus, Plus, Trash2 } from 'lucide-react';
import { formatNaira, type CartItem } from '@tapcard/shared/domain';
import { PRODUCT_NAME } from '@tapcard/shared/constants';
import styles from './CartPanel.module.css';

/** One cart line: picture, colour, price, quantity with decrease and increase, and remove. */
export function CartLine({ item, onIncrease, onDecrease, onRemove }: { item: CartItem; onIncrease: () => void; onDecrease: () => void; onRemove: () => void }) {
  const name = `${item.color} card`;
  return (
    <li className={styles.line}>
      <img className={styles.thumb} src={item.image} alt="" width={72} height={45} loading="lazy" decoding="async" />
      <div className={styles.lineInfo}>
        <p className={styles.lineName}>
          {item.color} {PRODUCT_NAME}
        </p>
        <p className={styles.linePrice}>{formatNaira(item.price * item.qty)}</p>
        <div className={styles.lineActions}>
          <div className={styles.qty} role="group" aria-label={`${name} quantity`}>
            <button type="button" onClick={onDecrease} aria-label={`Decrease ${name} quantity`}>
              <Minus aria-hidden size={16} />
            </button>
            <span aria-live="polite" aria-atomic="true">
              <span className="visually-hidden">Quantity </span>
              {item.qty}
            </span>
            <button type="button" onClick={onIncrease} aria-label={`Increase ${name} quantity`}>
              <Plus aria-hidden size={16} />
            </button>
          </div>
          <button type="button" className={styles.remove} onClick={onRemove} aria-label={`Remove ${name}`}>
            <Trash2 aria-hidden size={18} />
          </button>
        </div>
      </div>
    </li>
  );
}
