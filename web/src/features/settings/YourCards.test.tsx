import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ownerCardCalls, type OwnedCard, type OwnedCards } from '@tapcard/shared/contract';
import { fail, ok } from '../../test/network.js';
import { networkForEachTest } from '../../test/each-test.js';
import { renderRoutes, TEST_TOKEN } from '../../test/render.js';
import { SettingsPage } from './routes.js';

const pages = [{ path: '/settings', Component: SettingsPage }];

const ACTIVE: OwnedCard = { id: 'NFC-1', type: 'nfc', activated_at: '2026-05-01T09:00:00.000Z', last_tap_at: '2026-05-03T10:00:00.000Z', locked: false, replaced: false };
const OLD: OwnedCard = { id: 'OLD-1', type: 'nfc', activated_at: '2025-01-01T09:00:00.000Z', last_tap_at: null, locked: true, replaced: true };

const net = networkForEachTest('signed-in');

/** Answers my-cards from `state`, and lock / replace by changing it as the server would. */
function serveCards(initial: OwnedCards) {
  const state = { current: initial };
  net.on(ownerCardCalls.myCards, () => ok(state.current));
  net.on(ownerCardCalls.lockCard, (request) => {
    const body = request.body as { locked: boolean; keep_link: boolean };
    state.current = {
      cards: state.current.cards.map((card) => (request.path.endsWith(`/${card.id}/lock`) ? { ...card, locked: body.locked } : card)),
      link_reachable: body.locked ? body.keep_link : true,
    };
    return ok(state.current);
  });
  return state;
}

const cardsList = () => screen.findByRole('list', { name: 'Your cards' });

describe('your cards', () => {
  it('lists each physical card with its type, dates and state; a replaced card has no action', async () => {
    serveCards({ cards: [ACTIVE, OLD], link_reachable: true });
    renderRoutes(pages, '/settings');
    const rows = within(await cardsList()).getAllByRole('listitem');
    expect(within(rows[0]!).getByRole('heading')).toHaveTextContent('nfc card NFC-1Active');
    expect(within(rows[0]!).getByRole('button', { name: 'Lock card: nfc card NFC-1' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Replace card, keep profile: nfc card NFC-1' })).toBeInTheDocument();
    expect(within(rows[0]!).getAllByRole('time')).toHaveLength(2);
    expect(within(rows[1]!).getByRole('heading')).toHaveTextContent('Replaced');
    expect(within(rows[1]!).getByText('Never')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(net.sent(ownerCardCalls.myCards)[0]?.headers.get('Authorization')).toBe(TEST_TOKEN);
  });

  it('says a profile without a physical card is a virtual card', async () => {
    serveCards({ cards: [], link_reachable: true });
    renderRoutes(pages, '/settings');
    expect(await screen.findByText(/your card is a virtual card/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your cards' })).toBeNull();
  });

  it('shows an error with a retry that loads the cards', async () => {
    let failing = true;
    net.on(ownerCardCalls.myCards, () => (failing ? fail('Server error', 500) : ok({ cards: [ACTIVE], link_reachable: true })));
    const { user } = renderRoutes(pages, '/settings');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load your cards');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await cardsList()).toBeInTheDocument();
  });

  it('locks a card after the confirmation, keeping the link unless the owner unticks it, then unlocks it', async () => {
    serveCards({ cards: [ACTIVE], link_reachable: true });
    const { user } = renderRoutes(pages, '/settings');
    await user.click(within(await cardsList()).getByRole('button', { name: 'Lock card: nfc card NFC-1' }));
    let dialog = await screen.findByRole('dialog', { name: 'Lock this card?' });
    const keep = within(dialog).getByRole('checkbox', { name: 'Keep my profile reachable by its link' });
    expect(keep).toBeChecked();
    await user.click(keep);
    expect(net.sent(ownerCardCalls.lockCard)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Lock card' }));
    expect(await screen.findByText('Card locked')).toBeInTheDocument();
    const sent = net.sent(ownerCardCalls.lockCard)[0];
    expect(sent?.path).toBe('/v1/connect/api/cards/NFC-1/lock');
    expect(sent?.body).toEqual({ locked: true, keep_link: false });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(await cardsList()).getByRole('heading')).toHaveTextContent('Locked');
    expect(screen.getByText('Your profile is not reachable by its link until you unlock a card.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unlock card: nfc card NFC-1' }));
    expect(await screen.findByText('Card unlocked')).toBeInTheDocument();
    expect(net.sent(ownerCardCalls.lockCard)[1]?.body).toEqual({ locked: false, keep_link: true });
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Your cards' })).getByRole('heading')).toHaveTextContent('Active'));

    // The checkbox starts ticked again on the next lock.
    await user.click(screen.getByRole('button', { name: 'Lock card: nfc card NFC-1' }));
    dialog = await screen.findByRole('dialog', { name: 'Lock this card?' });
    await user.click(within(dialog).getByRole('button', { name: 'Lock card' }));
    await waitFor(() => expect(net.sent(ownerCardCalls.lockCard)).toHaveLength(3));
    expect(net.sent(ownerCardCalls.lockCard)[2]?.body).toEqual({ locked: true, keep_link: true });
  });

  it("toasts the server's message when a lock fails and keeps the dialog open", async () => {
    serveCards({ cards: [ACTIVE], link_reachable: true });
    net.on(ownerCardCalls.lockCard, fail('Card not found', 404));
    const { user } = renderRoutes(pages, '/settings');
    await user.click(within(await cardsList()).getByRole('button', { name: 'Lock card: nfc card NFC-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lock this card?' });
    await user.click(within(dialog).getByRole('button', { name: 'Lock card' }));
    expect(await screen.findByText('Card not found')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Lock this card?' })).toBeInTheDocument();
  });
});

describe('replace card, keep profile', () => {
  async function openReplace() {
    const view = renderRoutes(pages, '/settings');
    await view.user.click(within(await cardsList()).getByRole('button', { name: 'Replace card, keep profile: nfc card NFC-1' }));
    return { ...view, dialog: await screen.findByRole('dialog', { name: 'Replace card, keep profile' }) };
  }

  it("checks the token with the activation rule's message, reads a pasted tap address and sends the new card", async () => {
    const state = serveCards({ cards: [ACTIVE], link_reachable: true });
    const NEW: OwnedCard = { id: 'NEW-2', type: 'metal', activated_at: '2026-05-04T09:00:00.000Z', last_tap_at: null, locked: false, replaced: false };
    net.on(ownerCardCalls.replaceCard, () => {
      state.current = { cards: [NEW, { ...ACTIVE, locked: true, replaced: true }], link_reachable: true };
      return ok(state.current);
    });
    const { user, dialog } = await openReplace();
    await user.type(within(dialog).getByLabelText('Scratch token'), 'AB1');
    await user.click(within(dialog).getByRole('button', { name: 'Replace card' }));
    const token = within(dialog).getByLabelText('Scratch token');
    await waitFor(() => expect(token).toHaveAccessibleDescription('token is invalid'));
    expect(within(dialog).getByLabelText('New card ID')).toHaveAccessibleDescription('Please fill in all information');
    expect(net.sent(ownerCardCalls.replaceCard)).toHaveLength(0);

    await user.click(within(dialog).getByLabelText("New card's tap address (optional)"));
    await user.paste('https://tapcard.example/?id=NEW-2&type=metal');
    expect(within(dialog).getByLabelText('New card ID')).toHaveValue('NEW-2');
    expect(within(dialog).getByLabelText('New card type')).toHaveValue('metal');
    await user.clear(token);
    await user.type(token, 'XY12Z9');
    await user.click(within(dialog).getByRole('button', { name: 'Replace card' }));
    expect(await screen.findByText('Card replaced: your profile is on the new card')).toBeInTheDocument();
    const sent = net.sent(ownerCardCalls.replaceCard)[0];
    expect(sent?.path).toBe('/v1/connect/api/cards/NFC-1/replace');
    expect(sent?.body).toEqual({ card_id: 'NEW-2', type: 'metal', token: 'XY12Z9' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const rows = within(await cardsList()).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual(['metal card NEW-2Active', 'nfc card NFC-1Replaced']);
  });

  it("shows the server's token message under the field, and toasts other failures", async () => {
    serveCards({ cards: [ACTIVE], link_reachable: true });
    net.on(ownerCardCalls.replaceCard, {
      status: 400,
      json: { success: 'false', message: 'token is invalid', data: null, errors: [{ field: 'token', message: 'token is invalid' }] },
    });
    const { user, dialog } = await openReplace();
    await user.type(within(dialog).getByLabelText('New card ID'), 'NEW-2');
    await user.type(within(dialog).getByLabelText('New card type'), 'nfc');
    await user.type(within(dialog).getByLabelText('Scratch token'), 'ZZZZZZ');
    await user.click(within(dialog).getByRole('button', { name: 'Replace card' }));
    const token = within(dialog).getByLabelText('Scratch token');
    await waitFor(() => expect(token).toHaveAccessibleDescription('token is invalid'));
    await vi.waitFor(() => expect(token).toHaveFocus());

    net.on(ownerCardCalls.replaceCard, fail('Choose a new card to replace this one', 400));
    await user.click(within(dialog).getByRole('button', { name: 'Replace card' }));
    expect(await screen.findByText('Choose a new card to replace this one')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Replace card, keep profile' })).toBeInTheDocument();
  });
});
