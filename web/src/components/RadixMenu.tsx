import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useCallback, useRef } from 'react';
import type { MessageMenuProps, OpenedWith } from './MessageMenu.js';
import styles from './MessageMenu.module.css';

/**
 * The message menu itself (Radix DropdownMenu: arrow keys, Escape, focus back on the button); MessageMenu
 * puts it in place of its plain button when that is first pressed, open.
 */
export function RadixMessageMenu({ label, actions, openedWith }: MessageMenuProps & { openedWith: OpenedWith }) {
  // The first opening came from the plain button: a keyboard press puts the focus on the first item, as
  // Radix does for its own trigger.
  const first = useRef<OpenedWith | null>(openedWith);
  const content = useCallback((node: HTMLDivElement | null) => {
    const how = first.current;
    if (!node || how === null) return;
    first.current = null;
    // After Radix has focused the menu itself.
    if (how === 'keyboard') window.setTimeout(() => node.querySelector<HTMLElement>('[role="menuitem"]')?.focus(), 0);
  }, []);
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger className={styles.trigger} aria-label={label}>
        <span aria-hidden="true">⋯</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align="end" sideOffset={4} collisionPadding={8} ref={content}>
          {actions.map((action) => (
            // The action runs once the menu has closed and given the focus back to its button, so a dialog
            // it opens returns the focus there too.
            <DropdownMenu.Item key={action.label} className={styles.item} data-danger={action.danger || undefined} onSelect={() => window.setTimeout(action.onSelect, 0)}>
              {action.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
