import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { MessageMenuProps } from './MessageMenu.js';
import styles from './MessageMenu.module.css';

/** The message menu itself (Radix DropdownMenu: arrow keys, Escape, focus back on the button); loaded by MessageMenu. */
export function RadixMessageMenu({ label, actions }: MessageMenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={styles.trigger} aria-label={label}>
        <span aria-hidden="true">⋯</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align="end" sideOffset={4} collisionPadding={8}>
          {actions.map((action) => (
            <DropdownMenu.Item key={action.label} className={styles.item} data-danger={action.danger || undefined} onSelect={action.onSelect}>
              {action.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
