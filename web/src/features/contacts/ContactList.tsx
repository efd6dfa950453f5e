import { useId, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CONTACTS_PAGE_MAX_WIDTH_PX } from '../../lib/ui.js';
import type { Contact } from '@tapcard/shared/contract';
import { Avatar, BackLink, EmptyState } from '../../components/Page.js';
import { paths, routes } from '../../lib/paths.js';
import { useContacts } from './api.js';
import styles from './Contacts.module.css';
import { ContactsNotLoaded } from './ContactsNotLoaded.js';
import { ExportMenu } from './ExportMenu.js';
import { eventsOf, meeting } from './met-at.js';
import { contactMatches } from './search.js';
import { TEXTS } from './texts.js';

/** The address's query parameters: the search text and the event filter (a refresh keeps both). */
const Q = 'q';
const EVENT = 'event';

function ContactRow({ contact }: { contact: Contact }) {
  const met = meeting(contact);
  return (
    <li>
      <Link className={styles.row} to={paths.contact(contact.contact_id)}>
        <Avatar src={null} name={contact.full_name} size={44} alt="" />
        <span className={styles.rowText}>
          <span className={styles.rowName}>{contact.full_name}</span>
          {contact.title && <span className={styles.rowTitle}>{contact.title}</span>}
          {met && (
            <span className={styles.tag} data-testid="met-tag">
              {TEXTS.metTag(met.title, met.date)}
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

/**
 * The contacts list: back link to connect, the export control, 'Contacts', the search box filtering by
 * name, title, phone and email, the filter by the event a contact was swapped in ('All events' and each
 * event among the contacts), both kept in the address so a refresh keeps them, and the rows, each tagged
 * with its event and the day they met.
 */
export function ContactList() {
  const contacts = useContacts();
  const [params, setParams] = useSearchParams();
  const filterId = useId();
  const query = params.get(Q) ?? '';
  const all = useMemo(() => contacts.data ?? [], [contacts.data]);
  const events = useMemo(() => eventsOf(all), [all]);
  // An event no contact was met at any more (an old link) filters nothing.
  const eventId = events.some((e) => e.id === params.get(EVENT)) ? (params.get(EVENT) ?? '') : '';
  const filtering = query.trim() !== '' || eventId !== '';
  const shown = filtering ? all.filter((c) => (eventId === '' || c.event?.id === eventId) && contactMatches(c, query)) : all;
  const setParam = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  return (
    <main className={styles.page} style={{ maxWidth: CONTACTS_PAGE_MAX_WIDTH_PX }}>
      <BackLink to={routes.connect}>Connect</BackLink>
      <div className={styles.header}>
        <h1>{TEXTS.heading}</h1>
        <ExportMenu contacts={all} />
      </div>
      <div className={styles.filters}>
        <input
          className={styles.search}
          type="search"
          placeholder={TEXTS.search}
          aria-label={TEXTS.search}
          value={query}
          onChange={(event) => setParam(Q, event.target.value)}
        />
        {events.length > 0 && (
          <div className={styles.eventFilter}>
            <label htmlFor={filterId}>{TEXTS.eventFilter}</label>
            <select id={filterId} className={styles.select} value={eventId} onChange={(event) => setParam(EVENT, event.target.value)}>
              <option value="">{TEXTS.allEvents}</option>
              {events.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.title}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <p className="visually-hidden" role="status">
        {contacts.isSuccess && filtering ? TEXTS.matchCount(shown.length) : ''}
      </p>
      {contacts.isPending || contacts.isError ? (
        <ContactsNotLoaded contacts={contacts} />
      ) : all.length === 0 ? (
        <EmptyState title={TEXTS.empty} />
      ) : shown.length === 0 ? (
        <EmptyState title={query.trim() === '' ? TEXTS.noMatchEvent : TEXTS.noMatch(query.trim())} />
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
