import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useId } from 'react';
import type { ActionMenuGroup, ActionMenuProps } from './ActionMenu.js';
import styles from './Moderation.module.css';

function Group({ group }: { group: ActionMenuGroup }) {
  const labelId = useId();
  return (
    <DropdownMenu.Group className={styles.menuGroup} aria-labelledby={group.label ? labelId : undefined}>
      {group.label && (
        <DropdownMenu.Label id={labelId} className={styles.menuLabel}>
          {group.label}
        </DropdownMenu.Label>
      )}
      {group.items.map((item) => (
        <DropdownMenu.Item key={item.key} className={item.tone === 'danger' ? `${styles.menuItem} ${styles.danger}` : styles.menuItem} onSelect={item.onSelect}>
          {item.label}
        </DropdownMenu.Item>
      ))}
    </DropdownMenu.Group>
  );
}

/**
 * The Radix menu behind ActionMenu (loaded after the page renders): arrow keys move between items,
 * Enter or a click chooses, Escape closes and gives the focus back to the button.
 */
export function RadixActionMenu({ label, ariaLabel, groups, disabled, className, modal = true, defaultOpen = false }: ActionMenuProps & { defaultOpen?: boolean }) {
  return (
    <DropdownMenu.Root modal={modal} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={className ?? styles.menuButton} aria-label={ariaLabel} disabled={disabled}>
        {label}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="end" sideOffset={4} collisionPadding={8}>
          {groups.map((group, index) => (
            <div key={group.key}>
              {index > 0 && <DropdownMenu.Separator className={styles.menuSeparator} />}
              <Group group={group} />
            </div>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
