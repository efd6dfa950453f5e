import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths, routes } from '../../lib/paths.js';
import { renderRoutes } from '../../test/render.js';
import { CopyCardLink } from './CopyCardLink.js';

const CLEAN_URL = `${window.location.origin}/card/connect?link=ada`;

// Opened from the QR code: the address still names the source, the copied link must not.
const renderCopyLink = () => renderRoutes([{ path: routes.cardConnect, element: <CopyCardLink link="ada" /> }], paths.cardConnect('ada', 'qr'));

/** The older copy command, which jsdom lacks: records the text selected when it runs. */
function stubCopyCommand(works: boolean) {
  const copied: string[] = [];
  Object.defineProperty(document, 'execCommand', {
    configurable: true,
    value: vi.fn((command: string) => {
      const field = document.activeElement;
      if (command === 'copy' && works && field instanceof HTMLTextAreaElement) copied.push(field.value.slice(field.selectionStart, field.selectionEnd));
      return works && command === 'copy';
    }),
  });
  return copied;
}

/** An in-app browser with no Clipboard API. */
function removeClipboard() {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
}

afterEach(() => {
  Reflect.deleteProperty(document, 'execCommand');
  Reflect.deleteProperty(navigator, 'clipboard');
  vi.restoreAllMocks();
});

describe("the public card's Copy link", () => {
  it("copies the card's plain link, with no view source", async () => {
    const { user } = renderCopyLink();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(CLEAN_URL);
    expect(await navigator.clipboard.readText()).toBe(CLEAN_URL);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it('copies with the copy command where the browser has no Clipboard API', async () => {
    const { user } = renderCopyLink();
    removeClipboard();
    const copied = stubCopyCommand(true);
    const button = screen.getByRole('button', { name: 'Copy link' });
    await user.click(button);
    expect(copied).toEqual([CLEAN_URL]);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    // The hidden field is gone and the focus is back on the button.
    expect(document.querySelector('textarea')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('copies with the copy command where the Clipboard API refuses', async () => {
    const { user } = renderCopyLink();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    const copied = stubCopyCommand(true);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(copied).toEqual([CLEAN_URL]);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it('shows the link selected in a read-only field where nothing could copy', async () => {
    const { user } = renderCopyLink();
    removeClipboard();
    stubCopyCommand(false);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    const field = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Copy this link' });
    expect(field).toHaveValue(CLEAN_URL);
    expect(field).toHaveAttribute('readonly');
    await waitFor(() => expect(field).toHaveFocus());
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, CLEAN_URL.length]);
    expect(screen.queryByText('Link copied')).not.toBeInTheDocument();
  });
});
