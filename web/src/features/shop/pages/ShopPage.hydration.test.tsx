import { act, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { StrictMode, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartItem } from '@tapcard/shared/domain';
import { line, screenWidth, startWithCart } from '../test-utils.js';
import { ShopPage } from './ShopPage.js';

/** The page in a fresh store, as the server's render and the browser's first render each make it. */
const page = (): ReactNode => (
  <StrictMode>
    <JotaiProvider store={createStore()}>
      <MemoryRouter initialEntries={['/get-started']}>
        <ShopPage />
      </MemoryRouter>
    </JotaiProvider>
  </StrictMode>
);

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  screenWidth(0);
});

/**
 * The server's markup (no storage there: an empty cart), then the browser's hydration of it with
 * `items` in storage; any mismatch is collected (React repairs it by a client render and reports it here).
 */
async function serverThenHydrate(items: CartItem[]): Promise<{ markup: string; mismatches: unknown[] }> {
  startWithCart([]);
  const markup = renderToString(page());
  startWithCart(items);
  const container = document.createElement('div');
  container.innerHTML = markup;
  document.body.append(container);
  const mismatches: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, page(), { onRecoverableError: (error) => mismatches.push(error) });
  });
  return { markup, mismatches };
}

describe('the shop rendered on the server', () => {
  it('hydrates on a small screen without a mismatch, then counts the stored cart on the cart button', async () => {
    const error = vi.spyOn(console, 'error');
    const { markup, mismatches } = await serverThenHydrate([line(1, 'Black', 2), line(2, 'Pink', 1)]);
    expect(markup).toContain('TapCard Smart Business Card');
    // The form's defaults are in the markup, not only set by the scripts.
    expect(markup).toMatch(/<input[^>]*name="quantity" value="1"/);
    expect(markup).toContain('aria-label="Cart"');
    expect(markup).not.toContain('Cart, ');
    expect(mismatches).toEqual([]);
    expect(await screen.findByRole('button', { name: 'Cart, 3 items' })).toBeInTheDocument();
    expect(error.mock.calls.flat().join(' ')).not.toMatch(/hydrat/i);
    error.mockRestore();
  });

  it('hydrates on a large screen without a mismatch, then fills the cart beside the product', async () => {
    screenWidth(1280);
    const { markup, mismatches } = await serverThenHydrate([line(1, 'Blue', 1)]);
    expect(markup).not.toContain('Cart items');
    expect(mismatches).toEqual([]);
    const cart = screen.getByRole('complementary', { name: 'Your Cart' });
    await waitFor(() => expect(within(cart).getByText('Blue TapCard')).toBeInTheDocument());
  });
});
