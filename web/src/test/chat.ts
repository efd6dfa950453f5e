import { cleanup, screen, waitFor, within, type waitForOptions } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { expect } from 'vitest';
import { renderRoutes } from './render.js';

/** The chat log's item of the message that shows `text`, or null. */
export const chatBubble = (text: string) => within(screen.getByRole('log')).queryByText(text)?.closest('li') ?? null;

/**
 * Sends `text` from the chat page at `path` (the network refuses it), then reloads the page (gone, and
 * rendered again with only the browser's storage): the new page's user, and the failed message's item,
 * kept across the reload.
 */
export async function failedAcrossReload(routes: RouteObject[], path: string, text: string, wait: waitForOptions) {
  const first = renderRoutes(routes, path);
  await first.user.type(await screen.findByRole('textbox', { name: 'Message' }, wait), `${text}{Enter}`);
  await waitFor(() => expect(chatBubble(text)).toHaveAttribute('data-state', 'failed'), wait);

  cleanup();
  const { user } = renderRoutes(routes, path);
  await screen.findByRole('textbox', { name: 'Message' }, wait);
  const kept = await waitFor(() => {
    const item = chatBubble(text);
    expect(item).toHaveAttribute('data-state', 'failed');
    return item as HTMLElement;
  }, wait);
  return { user, kept };
}
