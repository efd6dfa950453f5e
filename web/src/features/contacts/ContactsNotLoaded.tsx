import { Button } from '../../components/Button.js';
import { Spinner } from '../../components/Spinner.js';
import type { useContacts } from './api.js';
import styles from './Contacts.module.css';
import { TEXTS } from './texts.js';

/** While the contacts load, a spinner; when they failed to, the message and Try again. */
export function ContactsNotLoaded({ contacts }: { contacts: ReturnType<typeof useContacts> }) {
  return contacts.isPending ? (
    <div className={styles.retry}>
      <Spinner />
    </div>
  ) : (
    <div className={styles.retry} role="alert">
      <p>{TEXTS.loadFailed}</p>
      <Button onClick={() => void contacts.refetch()}>Try again</Button>
    </div>
  );
}
