import type { Order } from '@tapcard/shared/contract';
import { formatNaira } from '@tapcard/shared/domain';
import { PRODUCT_NAME } from '@tapcard/shared/constants';
import { Button, ButtonLink } from '../../../components/Button.js';
import { Spinner } from '../../../components/Spinner.js';
import { routes } from '../../../lib/paths.js';
import { ShopHeader } from '../components/ShopHeader.js';
import { useOrderLookup, useOrderReference } from '../hooks/useOrderLookup.js';
import { SHOP_TEXTS } from '../texts.js';
import styles from './ResultPage.module.css';

const STATUS_LABEL: Record<Order['payment_status'], string> = { paid: 'Paid', pending: 'Pending', declined: 'Declined' };

/**
 * Order details of the order in ?reference= or the stored transactionRef. Never made-up sample
 * data as an order: without a reference
 * (or for an unknown one) the page says there is no order to show.
 */
export function OrderDetailsPage() {
  const reference = useOrderReference();
  const lookup = useOrderLookup(reference);
  const data = lookup.data;
  const order = data && data.state !== 'missing' ? data.order : null;

  let content;
  if (reference === null || data?.state === 'missing' || (data && !order)) {
    content = (
      <>
        <h1>No order to show</h1>
        <p>{reference === null ? 'There is no order on this device yet.' : 'We could not find an order with this reference.'}</p>
        <div className={styles.actions}>
          <ButtonLink to={routes.getCard}>Shop cards</ButtonLink>
          <ButtonLink to={routes.home} variant="secondary">
            {SHOP_TEXTS.homepage}
          </ButtonLink>
        </div>
      </>
    );
  } else if (lookup.isError) {
    content = (
      <>
        <h1>We could not load your order</h1>
        <p>Please check your connection and try again.</p>
        <Button onClick={() => void lookup.refetch()} busy={lookup.isFetching}>
          Retry
        </Button>
      </>
    );
  } else if (!order) {
    content = (
      <>
        <Spinner size={40} label="" />
        <p>Loading...</p>
      </>
    );
  } else {
    content = <OrderView order={order} />;
  }

  return (
    <>
      <ShopHeader />
      <main className={styles.page}>
        <div className={styles.card} aria-live="polite" aria-busy={lookup.isPending && reference !== null}>
          {content}
        </div>
      </main>
    </>
  );
}

function OrderView({ order }: { order: Order }) {
  const rows: [string, React.ReactNode][] = [
    ['Name', order.name],
    ['Phone Number', order.phone_number],
    ['Email', order.email],
    ['Address', order.address],
    ['City', order.city],
    ['State', order.state],
    ['Total', formatNaira(order.total)],
    ['Final Total', formatNaira(order.final_total)],
    ['VAT', formatNaira(order.vat)],
    ['Shipping', formatNaira(order.shipping)],
    ['Payment Status', <span className={`${styles.status} ${styles[order.payment_status]}`}>{STATUS_LABEL[order.payment_status]}</span>],
  ];
  return (
    <>
      <h1>Order Details</h1>
      <p>Reference {order.payment_reference}</p>
      <ul className={styles.items} aria-label="Items">
        {order.items.map((item) => (
          <li key={item.color}>
            {item.color} {PRODUCT_NAME} × {item.qty} ({formatNaira(item.price * item.qty)})
          </li>
        ))}
      </ul>
      <dl className={styles.details}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.actions}>
        <ButtonLink to={routes.home} variant="secondary">
          {SHOP_TEXTS.homepage}
        </ButtonLink>
      </div>
    </>
  );
}
