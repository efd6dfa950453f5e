import { Link, useSearchParams } from 'react-router-dom';
import { CONTACTS_PAGE_MAX_WIDTH_PX } from '../../lib/ui.js';
import type { Contact } from '@tapcard/shared/contract';
import { Button } from '../../components/Button.js';
import { Avatar, BackLink, EmptyState } from '../../components/Page.js';
import { Spinner } from '../../components/Spinner.js';
import { paths, routes } from '../../lib/paths.js';
import styles from './Contacts.module.css';
import { ExportMenu } from './ExportMenu.js';
import { contactMatches } from './search.js';
import { TEXTS } from './texts.js';
import { useContacts } from './useContacts.js';

function ContactRow({ contact }: { contact: Contact }) {
  return (
    <li>
      <Link className={styles.row} to={paths.contact(contact.contact_id)}>
        <Avatar src={null} name={contact.full_name} size={44} alt="" />
        <span className={styles.rowText}>
          <span className={styles.rowName}>{contact.full_name}</span>
          {contact.title && <span className={styles.rowTitle}>{contact.title}</span>}
        </span>
      </Link>
    </li>
  );
}

/**
 * The contacts list: back link to connect, the export control, 'Contacts', the search box
 * (kept in the address, so a refresh keeps it) filtering by name, title, phone and email, and the rows.
 */
export function ContactList() {
  const contacts = useContacts();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const all = contacts.data ?? [];
  const shown = query.trim() === '' ? all : all.filter((c) => contactMatches(c, query));

  return (
    <main className={styles.page} style={{ maxWidth: CONTACTS_PAGE_MAX_WIDTH_PX }}>
      <BackLink to={routes.connect}>Connect</BackLink>
      <div className={styles.header}>
        <h1>{TEXTS.heading}</h1>
        <ExportMenu contacts={all} />
      </div>
      <input
        className={styles.search}
        type="search"
        placeholder={TEXTS.search}
        aria-label={TEXTS.search}
        value={query}
        onChange={(event) => setParams(event.target.value ? { q: event.target.value } : {}, { replace: true })}
      />
      <p className="visually-hidden" role="status">
        {contacts.isSuccess && query.trim() !== '' ? TEXTS.matchCount(shown.length) : ''}
      </p>
      {contacts.isPending ? (
        <div className={styles.retry}>
          <Spinner />
        </div>
      ) : contacts.isError ? (
        <div className={styles.retry} role="alert">
          <p>{TEXTS.loadFailed}</p>
          <Button onClick={() => void contacts.refetch()}>Try again</Button>
        </div>
      ) : all.length === 0 ? (
        <EmptyState title={TEXTS.empty} />
      ) : shown.length === 0 ? (
        <EmptyState title={TEXTS.noMatch(query.trim())} />
      ) : (
        <ul className={styles.list} aria-label={TEXTS.heading}>
          {shown.map((contact) => (
            <ContactRow key={contact.contact_id} contact={contact} />
          ))}
        </ul>
      )}
    </main>
  );
}
