import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_PREFIX } from '../../../lib/storage.js';
import { mockNetwork } from '../../../test/network.js';
import { renderRoutes } from '../../../test/render.js';
import { line, screenWidth, shopRoutes, startWithCart } from '../test-utils.js';

const stored = (key: string): unknown => JSON.parse(localStorage.getItem(STORAGE_PREFIX + key) ?? 'null');

/** A toast with this text at the bottom centre, and the same words in the page's live region. */
async function expectToast(text: string) {
  await waitFor(() => expect(document.querySelector('.Toastify__toast-container--bottom-center')).toHaveTextContent(text));
  expect(document.querySelector('[aria-live="polite"].visually-hidden')).toHaveTextContent(text);
}

beforeEach(() => {
  mockNetwork();
  startWithCart();
});
afterEach(() => {
  screenWidth(0);
});

describe('card shop on a small screen', () => {
  it('shows the product, price and White as the default colour', async () => {
    renderRoutes(shopRoutes, '/get-card');
    expect(await screen.findByRole('heading', { level: 1, name: 'TapCard Smart Business Card' })).toBeInTheDocument();
    expect(screen.getByText('NGN 10,000')).toBeInTheDocument();
    expect(screen.getByLabelText('Colour')).toHaveValue('White');
    expect(screen.getByLabelText('Quantity')).toHaveValue(1);
    expect(screen.getByRole('img', { name: 'White TapCard card' })).toHaveAttribute('src', '/images/cards/white.svg');
  });

  it("says 'Select Quantity' under the quantity when it is 0 or empty, and adds nothing", async () => {
    const { user } = renderRoutes(shopRoutes, '/get-started');
    await user.click(await screen.findByRole('button', { name: 'Decrease quantity' }));
    expect(screen.getByLabelText('Quantity')).toHaveValue(0);
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Select Quantity')).toBeInTheDocument();
    expect(screen.getByLabelText('Quantity')).toHaveAccessibleDescription('Select Quantity');

    await user.clear(screen.getByLabelText('Quantity'));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByText('Select Quantity')).toBeInTheDocument();
    expect(stored('cartItems')).toEqual([]);
  });

  it('adds cards with the toasts, counts them on the cart button and resets the quantity to 1', async () => {
    const { user } = renderRoutes(shopRoutes, '/get-card');
    await user.selectOptions(await screen.findByLabelText('Colour'), 'Black');
    expect(screen.getByRole('img', { name: 'Black TapCard card' }).closest('[aria-roledescription="slide"]')).not.toHaveAttribute('aria-hidden');
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await expectToast('Black card added to cart');
    expect(screen.getByLabelText('Quantity')).toHaveValue(1);
    expect(screen.getByRole('button', { name: 'Cart, 2 items' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await expectToast('Black card updated in cart');
    expect(screen.getByRole('button', { name: 'Cart, 3 items' })).toBeInTheDocument();
    expect(stored('cartItems')).toEqual([line(1, 'Black', 3)]);
  });

  it('chooses the colour from the carousel', async () => {
    const { user } = renderRoutes(shopRoutes, '/get-card');
    await user.click(await screen.findByRole('button', { name: 'Next card' }));
    expect(screen.getByLabelText('Colour')).toHaveValue('Black');
    await user.click(screen.getByRole('button', { name: 'Show Pink card' }));
    expect(screen.getByLabelText('Colour')).toHaveValue('Pink');
    expect(screen.getByRole('button', { name: 'Show Pink card' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Next card' }));
    expect(screen.getByLabelText('Colour')).toHaveValue('White');
  });

  it('opens the cart as a dialog: lines, subtotal, shipping, VAT and total; decrease below 2 removes with its toast', async () => {
    startWithCart([line(1, 'Black', 2), line(2, 'Pink', 1)]);
    const { user } = renderRoutes(shopRoutes, '/get-card');
    await user.click(await screen.findByRole('button', { name: 'Cart, 3 items' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your Cart' });
    expect(within(dialog).getByText('NGN 30,000')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Shipping')).toHaveValue('within-lagos');
    expect(within(dialog).getByText('NGN 2,250')).toBeInTheDocument();
    expect(within(dialog).getByText('VAT (7.5%)')).toBeInTheDocument();
    expect(within(dialog).getByText('Total (NGN)').nextSibling).toHaveTextContent('34,750');

    await user.selectOptions(within(dialog).getByLabelText('Shipping'), 'Outside Lagos');
    expect(within(dialog).getByText('Total (NGN)').nextSibling).toHaveTextContent('37,250');
    expect(stored('shipping')).toBe('outside-lagos');

    await user.click(within(dialog).getByRole('button', { name: 'Increase Pink card quantity' }));
    await expectToast('Pink card updated in cart');
    await user.click(within(dialog).getByRole('button', { name: 'Decrease Black card quantity' }));
    await user.click(within(dialog).getByRole('button', { name: 'Decrease Black card quantity' }));
    await expectToast('Black card removed from cart');
    expect(stored('cartItems')).toEqual([line(2, 'Pink', 2)]);

    await user.click(within(dialog).getByRole('button', { name: 'Remove Pink card' }));
    await expectToast('Pink card removed from cart');
    expect(within(dialog).getByText('Your Cart is Empty')).toBeInTheDocument();
    expect(within(dialog).getByText('Add something to make me happy :)')).toBeInTheDocument();
  });

  it('goes to checkout from the cart', async () => {
    startWithCart([line(1, 'Green', 1)]);
    const { user, router } = renderRoutes(shopRoutes, '/get-card');
    await user.click(await screen.findByRole('button', { name: 'Cart, 1 item' }));
    await user.click(await screen.findByRole('link', { name: 'Proceed to checkout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
  });
});

describe('card shop on a large screen', () => {
  it('shows the cart beside the product, with no cart button', async () => {
    screenWidth(1280);
    startWithCart([line(1, 'Blue', 1)]);
    renderRoutes(shopRoutes, '/get-card');
    const cart = await screen.findByRole('complementary', { name: 'Your Cart' });
    expect(within(cart).getByText('Blue TapCard')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Cart,/ })).not.toBeInTheDocument();
  });

  it('shows the empty cart texts', async () => {
    screenWidth(1280);
    renderRoutes(shopRoutes, '/get-card');
    const cart = await screen.findByRole('complementary', { name: 'Your Cart' });
    expect(within(cart).getByText('Your Cart is Empty')).toBeInTheDocument();
    expect(within(cart).getByText('Add something to make me happy :)')).toBeInTheDocument();
  });
});
