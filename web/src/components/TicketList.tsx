import { formatNaira } from '@tapcard/shared/domain';
import styles from './EventParts.module.css';

/** What is left of a ticket category: its stock less the tickets already taken. */
export function inStock(price: { attendees: number; sold?: number }): number {
  return Math.max(0, price.attendees - (price.sold ?? 0));
}

/** What a ticket category with none left says. */
export const SOLD_OUT = 'Sold out';

/** An event whose every ticket category is taken (an event without tickets is not sold out). */
export function isSoldOut(prices: readonly { attendees: number; sold?: number }[]): boolean {
  return prices.length > 0 && prices.every((price) => inStock(price) === 0);
}

/** An event's ticket categories: title, amount in naira and 'N in stock', or 'Sold out' when none is left. */
export function TicketList({ prices }: { prices: readonly { id: string; title: string; amount: number; attendees: number; sold?: number }[] }) {
  return (
    <ul className={styles.tickets}>
      {prices.map((price) => (
        <li key={price.id} className={styles.ticket}>
          <span className={styles.ticketTitle}>{price.title}</span>
          <span className={styles.ticketAmount}>{formatNaira(price.amount)}</span>
          <span className={styles.muted}>{inStock(price) === 0 ? SOLD_OUT : `${inStock(price)} in stock`}</span>
        </li>
      ))}
    </ul>
  );
}
