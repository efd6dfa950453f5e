import { useState, type MouseEvent } from 'react';
import type * as RadixMenu from './RadixMenu.js';
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
  actions: readonly MessageMenuAction[];
}

/** How the plain button was pressed: the menu then opens as a keyboard user expects (focus on its first item) or not. */
export type OpenedWith = 'keyboard' | 'pointer';

type Menus = typeof RadixMenu;

// Radix's dropdown is fetched when a menu is first pressed, not with the chat's first render (the JS
// budget, tests/budget); and a message's menu becomes a Radix menu only once pressed, so a chat of
// two hundred messages does not hold two hundred menus.
let loaded: Menus | null = null;
let loading: Promise<Menus> | null = null;
function load(): Promise<Menus> {
  if (!loading) {
    loading = import('./RadixMenu.js').then((m) => (loaded = m));
    loading.catch(() => (loading = null));
  }
  return loading;
}

/** A message's '⋯' menu (ChatRoom's `messageMenu`): a button opening a list of actions, for keyboard and screen readers alike. */
export function MessageMenu(props: MessageMenuProps) {
  const [menus, setMenus] = useState(loaded);
  const [opened, setOpened] = useState<OpenedWith | null>(null);
  if (props.actions.length === 0) return null;
  if (menus && opened) return <menus.RadixMessageMenu {...props} openedWith={opened} />;
  const press = (event: MouseEvent) => {
    // A click the keyboard made (Enter, Space) has no pointer position: detail 0.
    setOpened(event.detail === 0 ? 'keyboard' : 'pointer');
    if (!menus) {
      load().then(
        (m) => setMenus(m),
        () => setOpened(null),
      );
    }
  };
  return (
    <button type="button" className={styles.trigger} aria-label={props.label} aria-haspopup="menu" aria-expanded={false} onClick={press}>
      <span aria-hidden="true">⋯</span>
    </button>
  );
}
