import { ShoppingCart } from 'lucide-react';
import styles from './CartButton.module.css';

/** Opens the cart (small screens), with the number of cards as a badge. */
export function CartButton({ count, onClick }: { count: number; onClick: () => void }) {
  return (
    <button type="button" className={styles.button} onClick={onClick} aria-haspopup="dialog" aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}>
      <ShoppingCart aria-hidden size={22} />
      <span className={styles.badge} aria-hidden="true">
        {count}
      </span>
    </button>
  );
}
