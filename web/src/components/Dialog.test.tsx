import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog, Dialog, Drawer } from './Dialog.js';

function Opener({ kind }: { kind: 'dialog' | 'drawer' | 'confirm' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Something else</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open it
      </button>
      {kind === 'dialog' && (
        <Dialog open={open} onOpenChange={setOpen} title="A dialog">
          <button type="button">Inside</button>
        </Dialog>
      )}
      {kind === 'drawer' && (
        <Drawer open={open} onOpenChange={setOpen} title="A drawer">
          <button type="button">Inside</button>
        </Drawer>
      )}
      {kind === 'confirm' && <ConfirmDialog open={open} onOpenChange={setOpen} title="Sure?" confirmLabel="Yes" onConfirm={() => setOpen(false)} />}
    </>
  );
}

describe('closing a dialog', () => {
  it.each(['dialog', 'drawer', 'confirm'] as const)('returns the focus to what opened the %s (Escape, the close button)', async (kind) => {
    const user = userEvent.setup();
    render(<Opener kind={kind} />);
    const opener = screen.getByRole('button', { name: 'Open it' });

    await user.click(opener);
    await screen.findByRole('dialog', {}, { timeout: 10_000 });
    await waitFor(() => expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Something else' }));
    await user.click(opener);
    const dialog = await screen.findByRole('dialog');
    await user.click(kind === 'confirm' ? screen.getByRole('button', { name: 'Cancel' }) : screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('returns the focus to the menu button when a dialog opened from the side menu closes (the menu item is gone)', async () => {
    function Menu() {
      const [menu, setMenu] = useState(false);
      const [dialog, setDialog] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setMenu(true)}>
            Open menu
          </button>
          <Drawer open={menu} onOpenChange={setMenu} title="Menu">
            <button
              type="button"
              onClick={() => {
                setMenu(false);
                setDialog(true);
              }}
            >
              Share
            </button>
          </Drawer>
          <Dialog open={dialog} onOpenChange={setDialog} title="Share">
            <button type="button">Copy</button>
          </Dialog>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Menu />);
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    await user.click(menuButton);
    await user.click(await screen.findByRole('button', { name: 'Share' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Share' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(menuButton).toHaveFocus());
  });
});
