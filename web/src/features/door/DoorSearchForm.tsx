import type { FormEvent } from 'react';
import { Button } from '../../components/Button.js';
import { TextField } from '../../components/Field.js';
import styles from './Door.module.css';
import { TEXTS } from './texts.js';

interface Props {
  text: string;
  onText: (text: string) => void;
  onSubmit: (event: FormEvent) => void;
  online: boolean;
  busy?: boolean;
  /** False while the page's scripts have not hydrated it: text typed then would be the browser's alone. */
  ready?: boolean;
  autoFocus?: boolean;
}

/** The door's search box, which also takes a ticket code typed or pasted into it as a scan. */
export function DoorSearchForm({ text, onText, onSubmit, online, busy = false, ready = true, autoFocus }: Props) {
  return (
    <form className={styles.search} onSubmit={onSubmit} role="search" aria-label={TEXTS.searchLabel}>
      <TextField
        label={TEXTS.searchLabel}
        hint={online ? TEXTS.searchHint : TEXTS.searchHintOffline}
        type="search"
        value={text}
        onChange={(e) => onText(e.target.value)}
        autoComplete="off"
        maxLength={300}
        disabled={!ready}
        autoFocus={autoFocus}
      />
      <Button type="submit" disabled={text.trim() === ''} busy={busy}>
        {TEXTS.search}
      </Button>
    </form>
  );
}
