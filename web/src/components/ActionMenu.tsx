import { useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type * as Radix from './RadixActionMenu.js';
import styles from './ActionMenu.module.css';

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

/** How the plain button was first pressed: a keyboard press opens the menu with the focus on its first item. */
export type OpenedWith = 'keyboard' | 'pointer';

// The menu (Radix, with its positioning) is fetched when a menu is first pressed, not with the page
// (the first-render budgets, tests/budget); and a button becomes a Radix menu only once pressed, so a
// chat of two hundred messages does not hold two hundred menus.
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
 * A button that opens a menu of actions, in named groups. Until it is first used it is a plain button;
 * the first click, Enter, Space or Arrow Down puts the Radix menu in its place, open, and it stays.
 */
export function ActionMenu(props: ActionMenuProps) {
  const [menus, setMenus] = useState(loaded);
  const [opened, setOpened] = useState<OpenedWith | null>(null);
  if (props.groups.every((group) => group.items.length === 0)) return null;
  if (menus && opened) return <menus.RadixActionMenu {...props} openedWith={opened} />;
  const open = (how: OpenedWith) => {
    setOpened(how);
    if (!menus) {
      load().then(
        (m) => setMenus(m),
        () => setOpened(null),
      );
    }
  };
  return (
    <button
      type="button"
      className={props.className ?? styles.menuButton}
      aria-label={props.ariaLabel}
      aria-haspopup="menu"
      aria-expanded={false}
      // Pressed before the menu's code has arrived: it opens as soon as it has.
      aria-busy={opened !== null || undefined}
      disabled={props.disabled}
      // A click the keyboard made (Enter, Space) has no pointer position: detail 0.
      onClick={(event: MouseEvent) => open(event.detail === 0 ? 'keyboard' : 'pointer')}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        open('keyboard');
      }}>
      {props.label}
    </button>
  );
}
