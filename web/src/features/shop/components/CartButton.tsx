import { ShoppingCart } from 'lucide-react';
import styles from './CartButton.module.css';

/**
 * Opens the cart (small screens), with the number of cards as a badge. `count` is null while the cart
 * is not known yet (a server-rendered page before its scripts: the cart lives in the browser's storage).
 */
export function CartButton({ count, onClick }: { count: number | null; onClick: () => void }) {
  const label = count === null ? 'Cart' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <button type="button" className={styles.button} onClick={onClick} aria-haspopup="dialog" aria-label={label}>
      <ShoppingCart aria-hidden size={22} />
      {count !== null && (
        <span className={styles.badge} aria-hidden="true">
          {count}
        </span>
      )}
    </button>
  );
}
