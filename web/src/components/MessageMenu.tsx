import { useEffect, useState } from 'react';
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
  /** Open from the start (pressed before the menu's code arrived). */
  defaultOpen?: boolean;
}

type Menus = typeof RadixMenu;

// Radix's dropdown is fetched once a chat shows a menu, not with the chat's first render (the JS budget,
// tests/budget); until it arrives the '⋯' button shows, and a press on it opens the menu once it has.
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
  // Pressed before the menu arrived: it opens as soon as it has.
  const [pressed, setPressed] = useState(false);
  useEffect(() => {
    if (menus) return;
    let live = true;
    load().then(
      (m) => live && setMenus(m),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [menus]);
  if (props.actions.length === 0) return null;
  if (!menus) {
    return (
      <button type="button" className={styles.trigger} aria-label={props.label} aria-haspopup="menu" aria-expanded={pressed} onClick={() => setPressed(true)}>
        <span aria-hidden="true">⋯</span>
      </button>
    );
  }
  return <menus.RadixMessageMenu {...props} defaultOpen={pressed} />;
}
