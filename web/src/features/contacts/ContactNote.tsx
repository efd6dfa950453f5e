import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Contact } from '@tapcard/shared/contract';
import { contactNoteSchema, validate } from '@tapcard/shared/rules';
import { Button } from '../../components/Button.js';
import { TextAreaField } from '../../components/Field.js';
import { setContactNote, updateContacts } from './api.js';
import styles from './Contacts.module.css';
import { TEXTS } from './texts.js';

/** The note as stored: a blank text is no note. */
const stored = (text: string): string => (text.trim() === '' ? '' : text);

/** Saves the note and puts the saved contact into the cached list, so every view of it shows the note. */
function useSaveNote(contactId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (note: string) => {
      const result = await setContactNote(contactId, note);
      if (result.ok) {
        const saved = result.answer.data;
        updateContacts(queryClient, (list) => list.map((c) => (c.contact_id === saved.contact_id ? saved : c)));
      }
      return result;
    },
  });
}

/**
 * The owner's note on a contact: a labelled text box with the length rule's message under it while
 * the text is too long, and Save. A failed save keeps the text, says so and offers Retry; a saved note
 * is confirmed beside the button.
 */
export function ContactNote({ contact }: { contact: Contact }) {
  const [draft, setDraft] = useState(contact.note ?? '');
  const [savedText, setSavedText] = useState(contact.note ?? '');
  const save = useSaveNote(contact.contact_id);
  const checked = validate(contactNoteSchema, draft);
  const result = save.data;
  const failed = save.isError ? TEXTS.noteSaveFailed : result && !result.ok ? (result.errors.note ?? TEXTS.noteSaveFailed) : undefined;
  const changed = stored(draft) !== stored(savedText);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!checked.ok || save.isPending) return;
    const sent = draft;
    save.mutate(sent, {
      onSuccess: (answer) => {
        if (answer.ok) setSavedText(sent);
      },
    });
  };

  return (
    <form className={styles.note} onSubmit={submit} noValidate>
      <TextAreaField
        label={TEXTS.noteLabel}
        rows={4}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        error={checked.ok ? undefined : checked.errors.root}
      />
      <div className={styles.noteActions}>
        <Button type="submit" busy={save.isPending} disabled={!checked.ok || !changed}>
          {save.isPending ? TEXTS.noteSaving : TEXTS.noteSave}
        </Button>
        <p className={styles.muted} role="status">
          {result?.ok && !changed ? TEXTS.noteSaved : ''}
        </p>
      </div>
      {failed && (
        <div className={styles.noteFailed} role="alert">
          <p>{failed}</p>
          <Button variant="secondary" onClick={() => submit()} busy={save.isPending}>
            {TEXTS.retry}
          </Button>
        </div>
      )}
    </form>
  );
}
