import { ActionMenu, type ActionMenuGroup } from './ActionMenu.js';
import styles from './MessageMenu.module.css';

export interface MessageMenuAction {
  label: string;
  onSelect: () => void;
  /** Drawn as a destructive action (block, remove). */
  danger?: boolean;
}

export interface MessageMenuProps {
  /** The '⋯' button's accessible name, naming whose message it is. */
  label: string;
  /** One list of actions, or `groups` of them (e.g. 'Mute Bola Ade for' and its durations). */
  actions?: readonly MessageMenuAction[];
  groups?: readonly ActionMenuGroup[];
}

/**
 * A message's '⋯' menu (ChatRoom's `messageMenu`): an ActionMenu on a round icon button, not modal, so
 * a dialog an action opens (report, confirm) gets the focus as usual.
 */
export function MessageMenu({ label, actions = [], groups }: MessageMenuProps) {
  const list: readonly ActionMenuGroup[] = groups ?? [
    { key: 'actions', items: actions.map((a) => ({ key: a.label, label: a.label, onSelect: a.onSelect, ...(a.danger ? { tone: 'danger' as const } : {}) })) },
  ];
  return <ActionMenu label={<span aria-hidden="true">⋯</span>} ariaLabel={label} className={styles.trigger} groups={list} modal={false} />;
}

/**
 * The '⋯' button of a server-rendered chat before its live page has taken over: drawn as the menu's
 * button, so nothing moves when the menu comes, but with nothing to open yet.
 */
export function MessageMenuToCome({ label }: { label: string }) {
  return (
    <button type="button" className={styles.trigger} aria-label={label} aria-disabled="true">
      <span aria-hidden="true">⋯</span>
    </button>
  );
}
