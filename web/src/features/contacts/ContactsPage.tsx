import { useParams } from 'react-router-dom';
import { ContactList } from './ContactList.js';
import { ContactView } from './ContactView.js';

/** Contacts: the list at /contact, the single contact view at /contact/:id. */
export function ContactsPage() {
  const { id } = useParams();
  return id ? <ContactView key={id} id={id} /> : <ContactList />;
}
