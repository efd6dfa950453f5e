import { useEffect, useState, type ReactNode } from 'react';
import type * as Radix from './RadixActionMenu.js';
import styles from './Moderation.module.css';

export interface ActionMenuItem {
  key: string;
  label: string;
  onSelect: () => void;
  tone?: 'danger';
}

export interface ActionMenuGroup {
  key: string;
  /** Names the group for screen readers and shows above its items (e.g. 'Mute Bola Ade for'). */
  label?: string;
  items: readonly ActionMenuItem[];
}

export interface ActionMenuProps {
  /** What the button shows. */
  label: ReactNode;
  /** The button's accessible name when its label is an icon. */
  ariaLabel?: string;
  groups: readonly ActionMenuGroup[];
  disabled?: boolean;
  className?: string;
  /**
   * Whether the rest of the page is inert while the menu is open (the default). A menu whose items
   * open a dialog is not modal, so the dialog gets the page's pointer and focus as usual.
   */
  modal?: boolean;
}

// The menu (Radix, with its positioning) is fetched right after the page that holds it renders, not
// with the organiser's pages (their first-render budget, tests/budget).
let loaded: typeof Radix | null = null;
let loading: Promise<typeof Radix> | null = null;
function load(): Promise<typeof Radix> {
  if (!loading) {
    loading = import('./RadixActionMenu.js').then((m) => (loaded = m));
    loading.catch(() => (loading = null));
  }
  return loading;
}

/**
 * A button that opens a menu of actions, in named groups. Until it is first used it is a plain button
 * (a chat shows one per message: hundreds of menus would each cost their Radix parts on every render);
 * the first click, Enter, Space or Arrow Down puts the Radix menu in its place, open, and it stays.
 */
export function ActionMenu(props: ActionMenuProps) {
  const [menus, setMenus] = useState(loaded);
  const [used, setUsed] = useState(false);
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
  if (menus && used) return <menus.RadixActionMenu {...props} defaultOpen />;
  return (
    <button
      type="button"
      className={props.className ?? styles.menuButton}
      aria-label={props.ariaLabel}
      aria-haspopup="menu"
      aria-expanded={false}
      // Used before the menu's code has arrived: it opens as soon as it has.
      aria-busy={used || undefined}
      disabled={props.disabled}
      onClick={() => setUsed(true)}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        setUsed(true);
      }}>
      {props.label}
    </button>
  );
}
