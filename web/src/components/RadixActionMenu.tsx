import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useCallback, useId, useRef } from 'react';
import type { ActionMenuGroup, ActionMenuProps, OpenedWith } from './ActionMenu.js';
import styles from './ActionMenu.module.css';

function Group({ group }: { group: ActionMenuGroup }) {
  const labelId = useId();
  return (
    <DropdownMenu.Group aria-labelledby={group.label ? labelId : undefined}>
      {group.label && (
        <DropdownMenu.Label id={labelId} className={styles.menuLabel}>
          {group.label}
        </DropdownMenu.Label>
      )}
      {group.items.map((item) => (
        <DropdownMenu.Item
          key={item.key}
          className={item.tone === 'danger' ? `${styles.menuItem} ${styles.danger}` : styles.menuItem}
          // The action runs once the menu has closed and given the focus back to its button, so a
          // dialog it opens gives the focus back there too.
          onSelect={() => window.setTimeout(item.onSelect, 0)}>
          {item.label}
        </DropdownMenu.Item>
      ))}
    </DropdownMenu.Group>
  );
}

/**
 * The Radix menu behind ActionMenu, put in place of its plain button when that is first pressed, open:
 * arrow keys move between items, Enter or a click chooses, Escape closes and gives the focus back to
 * the button.
 */
export function RadixActionMenu({ label, ariaLabel, groups, disabled, className, modal = true, openedWith }: ActionMenuProps & { openedWith: OpenedWith }) {
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
    <DropdownMenu.Root modal={modal} defaultOpen>
      <DropdownMenu.Trigger className={className ?? styles.menuButton} aria-label={ariaLabel} disabled={disabled}>
        {label}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="end" sideOffset={4} collisionPadding={8} ref={content}>
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
