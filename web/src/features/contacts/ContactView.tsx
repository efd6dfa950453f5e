import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Mail, MessageSquare, Phone, Send } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PRODUCT_NAME } from '@tapcard/shared/constants';
import { CONTACTS_PAGE_MAX_WIDTH_PX } from '../../lib/ui.js';
import type { Contact } from '@tapcard/shared/contract';
import { vcardFileName } from '@tapcard/shared/domain';
import { Button } from '../../components/Button.js';
import { ConfirmDialog } from '../../components/Dialog.js';
import { Avatar, BackLink } from '../../components/Page.js';
import { saveFile, VCARD_MIME } from '../../lib/download.js';
import { routes } from '../../lib/paths.js';
import { notify } from '../../lib/toast.js';
import { ContactNote } from './ContactNote.js';
import { meeting } from './met-at.js';
import { deleteContact, downloadContact, updateContacts, useContacts } from './api.js';
import styles from './Contacts.module.css';
import { ContactsNotLoaded } from './ContactsNotLoaded.js';
import { TEXTS } from './texts.js';

/** A mail inviting the contact to the product. */
export function inviteHref(contact: Contact): string {
  const first = contact.full_name.trim().split(/\s+/)[0] ?? '';
  const subject = `Join me on ${PRODUCT_NAME}`;
  const body = `Hi ${first},\n\nI share my contact details with one tap using ${PRODUCT_NAME}. Get your own card here: ${window.location.origin}${routes.getCard}\n`;
  return `mailto:${encodeURIComponent(contact.email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

function Actions({ contact }: { contact: Contact }) {
  return (
    <div className={styles.actions}>
      {contact.phone && (
        <a className={styles.action} href={`tel:${contact.phone}`}>
          <Phone aria-hidden />
          Call
        </a>
      )}
      {contact.phone && (
        <a className={styles.action} href={`sms:${contact.phone}`}>
          <MessageSquare aria-hidden />
          SMS
        </a>
      )}
      {contact.email && (
        <a className={styles.action} href={`mailto:${contact.email}`}>
          <Mail aria-hidden />
          Mail
        </a>
      )}
    </div>
  );
}

/** Downloads the contact's vCard through the API with the session (the download needs the session, so a plain link cannot do it) and saves it as a .vcf file. */
function useDownload(contact: Contact) {
  return useMutation({
    mutationFn: () => downloadContact(contact.contact_id),
    onSuccess: (result) => {
      if (result.ok) {
        saveFile(vcardFileName(contact.full_name), result.answer, VCARD_MIME);
        notify.success(TEXTS.downloaded);
      } else if (result.kind !== 'network') notify.error(TEXTS.downloadFailed);
    },
  });
}

function ContactCard({ contact }: { contact: Contact }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const download = useDownload(contact);
  const met = meeting(contact);
  const remove = useMutation({
    mutationFn: () => deleteContact(contact.contact_id),
    onSuccess: (result) => {
      if (result.ok) {
        notify.success(TEXTS.deleted);
        updateContacts(queryClient, (list) => list.filter((c) => c.contact_id !== contact.contact_id));
        void navigate(routes.contacts, { replace: true });
      } else if (result.kind !== 'network') notify.error(TEXTS.deleteFailed);
    },
  });

  return (
    <section className={styles.card} aria-labelledby="contact-name">
      <Avatar src={null} name={contact.full_name} size={88} alt="" />
      <h1 id="contact-name">{contact.full_name}</h1>
      {contact.title && <p className={styles.muted}>{contact.title}</p>}
      {contact.phone && <p>{contact.phone}</p>}
      {contact.email && <p>{contact.email}</p>}
      {met && <p className={styles.met}>{TEXTS.metAt(met.title, met.date)}</p>}
      {contact.consent && (
        <section className={styles.consent} aria-labelledby="contact-consent">
          <h2 id="contact-consent">{TEXTS.consentHeading}</h2>
          <p>{contact.consent}</p>
        </section>
      )}
      <Actions contact={contact} />
      <ContactNote contact={contact} />
      <div className={styles.buttons}>
        <Button block busy={download.isPending} onClick={() => download.mutate()}>
          {TEXTS.download}
        </Button>
        {contact.email && (
          <a className={styles.action} href={inviteHref(contact)}>
            <Send aria-hidden />
            {TEXTS.invite}
          </a>
        )}
        <Button block variant="danger" onClick={() => setConfirming(true)}>
          Delete
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this contact?"
        description={`${contact.full_name} will be removed from your contacts.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </section>
  );
}

/** One contact: name, phone, email; where and when they met and the consent they gave (arena swaps); call, SMS and mail; the owner's note; 'Invite to TapCard'; delete; 'Download Contact File'. */
export function ContactView({ id }: { id: string }) {
  const contacts = useContacts();
  const contact = contacts.data?.find((c) => c.contact_id === id);
  return (
    <main className={styles.page} style={{ maxWidth: CONTACTS_PAGE_MAX_WIDTH_PX }}>
      <BackLink to={routes.contacts}>{TEXTS.heading}</BackLink>
      {contacts.isPending || contacts.isError ? (
        <ContactsNotLoaded contacts={contacts} />
      ) : contact ? (
        <ContactCard contact={contact} />
      ) : (
        <div className={styles.retry} role="alert">
          <p>{TEXTS.notFound}</p>
        </div>
      )}
    </main>
  );
}
