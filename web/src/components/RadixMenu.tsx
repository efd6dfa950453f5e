import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { MessageMenuProps } from './MessageMenu.js';
import styles from './MessageMenu.module.css';

/** The message menu itself (Radix DropdownMenu: arrow keys, Escape, focus back on the button); loaded by MessageMenu. */
export function RadixMessageMenu({ label, actions, defaultOpen = false }: MessageMenuProps) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={styles.trigger} aria-label={label}>
        <span aria-hidden="true">⋯</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align="end" sideOffset={4} collisionPadding={8}>
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
