import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { Toasts } from '../../components/Toasts.js';
import { paths, routes } from '../../lib/paths.js';
import { CONTACT_TOAST_MS } from '../../lib/ui.js';
import { fail, mockNetwork, ok } from '../../test/network.js';
import { LocationProbe, renderRoutes } from '../../test/render.js';
import { CardExchangePage } from './CardExchangePage.js';

const routeObjects = [
  { path: routes.cardConnect, element: <LocationProbe label="card" /> },
  { path: routes.cardExchange, element: <CardExchangePage /> },
  { path: routes.card, element: <LocationProbe label="card tap" /> },
];

afterEach(() => {
  vi.restoreAllMocks();
});

/** Checks the message under each field, by the field's label. */
function expectFieldMessages(messages: Record<string, string>) {
  for (const [label, message] of Object.entries(messages)) expect(screen.getByLabelText(label)).toHaveAccessibleDescription(message);
}

async function fill(user: ReturnType<typeof renderRoutes>['user'], values: { name?: string; title?: string; phone?: string; email?: string }) {
  const fields: [string, string | undefined][] = [
    ['Full Name', values.name],
    ['Job Title', values.title],
    ['Phone Number', values.phone],
    ['Email', values.email],
  ];
  for (const [label, value] of fields) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

describe('contact exchange', () => {
  it('shows the not-found view without an id', async () => {
    mockNetwork();
    renderRoutes(routeObjects, '/card/exchange-contact?type=nfc');
    expect(await screen.findByRole('heading', { name: 'You have found a rare gem!.' })).toBeInTheDocument();
  });

  it('shows the required messages under the fields', async () => {
    const network = mockNetwork();
    const { user } = renderRoutes(routeObjects, paths.cardExchange('card-1', 'nfc'));
    await screen.findByLabelText('Full Name');
    const share = screen.getByRole('button', { name: 'Share' });

    await user.click(share);
    expectFieldMessages({ 'Full Name': 'Full name is required', 'Job Title': 'Job Title is required', 'Phone Number': 'Phone number is required', 'Email': 'Email is required' });

    await fill(user, { name: 'Ada 0bi', title: 'CEO 1', phone: '1234', email: 'ada@' });
    await user.click(share);
    expectFieldMessages({ 'Full Name': 'Full name must only contain alphabets', 'Job Title': 'Job Title can only contain alphabets', 'Phone Number': 'Phone number must contain between 9 and 15 digits', 'Email': 'Email is not valid' });

    await fill(user, { name: 'Ada', title: 'Ab', phone: '+2348012345678', email: 'ada@example.com' });
    await user.click(share);
    expectFieldMessages({ 'Full Name': 'Full name must be at least two words', 'Job Title': 'Job Title must be at least 4 characters' });
    expect(network.sent(calls.exchangeContact)).toHaveLength(0);
  });

  it("sends the contact, says 'Contact saved' and goes back", async () => {
    const network = mockNetwork();
    // The answer waits until the test has seen the loading toast, however slow the machine is.
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    network.on(calls.exchangeContact, () => answered.then(() => ok(undefined, 'Contact saved')));
    const { user, router } = renderRoutes(routeObjects, paths.cardConnect('ada'));
    await router.navigate(paths.cardExchange('card-1', 'nfc'));
    await screen.findByLabelText('Full Name');
    await fill(user, { name: 'Bola Ade', title: 'Designer', phone: '+2348012345678', email: 'bola@example.com' });
    await user.click(screen.getByRole('button', { name: 'Share' }));

    expect(await screen.findByText('Please wait...')).toBeInTheDocument();
    answer();
    expect(await screen.findByText('Contact saved')).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent(`card ${paths.cardConnect('ada')}`);
    expect(network.sent(calls.exchangeContact)[0]?.body).toEqual({
      full_name: 'Bola Ade',
      title: 'Designer',
      phone: '+2348012345678',
      email: 'bola@example.com',
      card_id: 'card-1',
      device_type: 'nfc',
    });
  });

  it("goes to the owner's card, not off the site, when the form was opened from a direct link", async () => {
    const network = mockNetwork();
    network.on(calls.exchangeContact, { status: 200, json: { success: 'true', message: 'Contact saved', link: 'ada' } });
    const { user, router } = renderRoutes(routeObjects, paths.cardExchange('profile-1', 'nfc'));
    await screen.findByLabelText('Full Name');
    await fill(user, { name: 'Bola Ade', title: 'Designer', phone: '+2348012345678', email: 'bola@example.com' });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Contact saved')).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent(`card ${paths.cardConnect('ada')}`);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("goes back to the card's own page when a light card page's link opened it, and the card's page says 'Contact saved'", async () => {
    const network = mockNetwork();
    network.on(calls.exchangeContact, ok(undefined, 'Contact saved'));
    vi.spyOn(document, 'referrer', 'get').mockReturnValue(`${window.location.origin}${paths.cardConnect('ada')}`);
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    const { user } = renderRoutes(routeObjects, paths.cardExchange('card-1', 'nfc'));
    await screen.findByLabelText('Full Name');
    await fill(user, { name: 'Bola Ade', title: 'Designer', phone: '+2348012345678', email: 'bola@example.com' });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(back).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('location')).toBeNull();
    // The next document's toasts show the confirmation.
    expect(JSON.parse(sessionStorage.getItem('carriedToast') ?? 'null')).toEqual({ kind: 'success', text: 'Contact saved', autoClose: CONTACT_TOAST_MS });
    render(<Toasts />);
    // The test shell's container and this one may both show it.
    expect((await screen.findAllByText('Contact saved')).length).toBeGreaterThan(0);
    expect(sessionStorage.getItem('carriedToast')).toBeNull();
  });

  it("says 'Unable to save contact' when the server refuses", async () => {
    const network = mockNetwork();
    network.on(calls.exchangeContact, fail('Card not found', 404));
    const { user } = renderRoutes(routeObjects, paths.cardExchange('card-1', 'nfc'));
    await screen.findByLabelText('Full Name');
    await fill(user, { name: 'Bola Ade', title: 'Designer', phone: '+2348012345678', email: 'bola@example.com' });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Unable to save contact')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Full Name')).toHaveValue('Bola Ade'));
  });
});
