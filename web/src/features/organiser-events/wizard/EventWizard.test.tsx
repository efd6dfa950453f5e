import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { routes } from '../../../lib/paths.js';
import { event } from '../../../test/event-fixtures.js';
import { fail, mockNetwork, ok } from '../../../test/network.js';
import { readStored, writeStored } from '../../../lib/storage.js';
import { LocationProbe, renderRoutes, signIn, signOut } from '../../../test/render.js';
import { EventAddPage } from '../EventAddPage.js';

const routeObjects = [
  { path: routes.eventAdd, element: <EventAddPage /> },
  { path: routes.events, element: <LocationProbe label="events list" /> },
];

function isoDay(offset: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

beforeEach(() => signIn());
afterEach(() => {
  signOut();
});

async function fillDetails(user: ReturnType<typeof renderRoutes>['user']) {
  await user.type(screen.getByLabelText('Event Name'), 'Launch Party');
  await user.type(screen.getByLabelText('Description'), 'Our product launch');
  await user.type(screen.getByLabelText('Location'), 'Lagos');
}

/** Adds a Free ticket with `stock` places on the ticket step. */
async function addFreeTicket(user: ReturnType<typeof renderRoutes>['user'], stock: string) {
  await user.click(screen.getByRole('radio', { name: 'Free' }));
  await user.type(screen.getByLabelText('Total in Stock'), stock);
  await user.click(screen.getByRole('button', { name: 'Add Ticket' }));
}

/** Opens the wizard and fills step 1, up to the ticket step. */
async function openTicketStep() {
  const view = renderRoutes(routeObjects, routes.eventAdd);
  await screen.findByRole('heading', { name: 'Event Details' });
  await fillDetails(view.user);
  await view.user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Ticket Details' });
  return view;
}

describe('event wizard', () => {
  it('keeps step 1 on Next and shows each message under its field', async () => {
    mockNetwork();
    const { user } = renderRoutes(routeObjects, routes.eventAdd);
    expect(await screen.findByRole('heading', { name: 'Event Details' })).toBeInTheDocument();
    // Create defaults: start today.
    expect(screen.getByLabelText('Start Date')).toHaveValue(isoDay(0));

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Event Name')).toHaveAccessibleDescription('Please enter event name');
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription('Please enter event description');
    expect(screen.getByLabelText('Location')).toHaveAccessibleDescription('Please enter event location');
    expect(screen.getByRole('heading', { name: 'Event Details' })).toBeInTheDocument();

    await fillDetails(user);
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: isoDay(-3) } });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Start Date')).toHaveAccessibleDescription('Please choose future date!');

    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: isoDay(2) } });
    await user.click(screen.getByRole('button', { name: 'Add End Date' }));
    const end = screen.getByLabelText('End Date');
    expect(end).toHaveValue(isoDay(1));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('End Date')).toHaveAccessibleDescription('End date has to be after than start date');

    await user.click(screen.getByRole('button', { name: 'remove end date' }));
    expect(screen.queryByLabelText('End Date')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Ticket Details' })).toBeInTheDocument();
  });

  it("places the list's '(ONE)' message under the Add button and the ticket form's own messages under their fields", async () => {
    mockNetwork();
    const { user } = await openTicketStep();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    const add = screen.getByRole('button', { name: 'Add Ticket' });
    expect(add).toHaveAccessibleDescription('Please create at least 1 (ONE) ticket');
    expect(screen.getByRole('heading', { name: 'Ticket Details' })).toBeInTheDocument();

    await user.click(add);
    expect(screen.getByLabelText('Ticket Name')).toHaveAccessibleDescription('Ticket title is required');
    expect(screen.getByLabelText('Amount (NGN)')).toHaveAccessibleDescription('Ticket amount must be a valid number');
    expect(screen.getByLabelText('Total in Stock')).toHaveAccessibleDescription('Enter total tickets in stock');

    await user.selectOptions(screen.getByLabelText('Ticket Name'), 'Others');
    await user.type(screen.getByLabelText('Amount (NGN)'), '-5');
    await user.type(screen.getByLabelText('Total in Stock'), '0');
    await user.click(add);
    expect(screen.getByLabelText('Name of Ticket')).toHaveAccessibleDescription('Ticket title is required');
    expect(screen.getByLabelText('Amount (NGN)')).toHaveAccessibleDescription('Ticket amount must be greater than or equal to 0');
    expect(screen.getByLabelText('Total in Stock')).toHaveAccessibleDescription('Ticket in stock must be at least 1');
  });

  it('adds, edits in place and sends tickets, and goes to the list after Create Event', async () => {
    const network = mockNetwork();
    network.on(calls.createEvent, ok(event(), 'Event created'));
    const { user } = await openTicketStep();

    // Free: title Free, amount 0, without chips.
    await user.click(screen.getByRole('radio', { name: 'Free' }));
    expect(screen.getByLabelText('Ticket Name')).toHaveValue('Free');
    expect(screen.getByLabelText('Amount (NGN)')).toHaveValue(0);
    expect(screen.getByRole('radio', { name: 'Without Chips' })).toBeChecked();
    await user.type(screen.getByLabelText('Total in Stock'), '100');
    await user.click(screen.getByRole('button', { name: 'Add Ticket' }));

    // Paid clears the fields.
    await user.click(screen.getByRole('radio', { name: 'Paid' }));
    expect(screen.getByLabelText('Ticket Name')).toHaveValue('');
    await user.selectOptions(screen.getByLabelText('Ticket Name'), 'VIP');
    await user.type(screen.getByLabelText('Amount (NGN)'), '5000');
    await user.type(screen.getByLabelText('Total in Stock'), '10');
    await user.click(screen.getByRole('radio', { name: 'With Chips' }));
    await user.click(screen.getByRole('button', { name: 'Add Ticket' }));

    // Edit the first ticket: saving replaces it at its index.
    await user.click(screen.getByRole('button', { name: 'Edit ticket Free' }));
    const stock = screen.getByLabelText('Total in Stock');
    expect(stock).toHaveValue(100);
    await user.clear(stock);
    await user.type(stock, '80');
    await user.click(screen.getByRole('button', { name: 'Save Ticket' }));
    const names = screen.getAllByRole('button', { name: /^Edit ticket/ }).map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(['Edit ticket Free', 'Edit ticket VIP']);
    expect(screen.getByText('80 in stock · Without Chips')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Review Event' })).toBeInTheDocument();
    expect(screen.getByText(/12:00/)).toBeInTheDocument();
    expect(screen.getByText(/13:00/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('events list /event');
    expect(network.sent(calls.createEvent)[0]?.body).toEqual({
      title: 'Launch Party',
      description: 'Our product launch',
      location: 'Lagos',
      image: '',
      start_date: isoDay(0),
      prices: [
        { title: 'Free', amount: 0, attendees: 80, withChips: 'without' },
        { title: 'VIP', amount: 5000, attendees: 10, withChips: 'with' },
      ],
      gallery: [],
      max_registrations_per_email: 1,
      confirm_email_for_free: false,
      refund_policy: 'none',
      refund_hours: 48,
    });
  });

  it('sets the refund policy: no refunds by default, or a full refund until a number of hours before the start (0 to 720, the message under the field)', async () => {
    const network = mockNetwork();
    network.on(calls.createEvent, ok(event(), 'Event created'));
    const { user } = await openTicketStep();
    await addFreeTicket(user, '20');

    const policy = screen.getByLabelText('Refund policy');
    expect(policy).toHaveValue('none');
    expect(screen.queryByLabelText('Hours before the start')).not.toBeInTheDocument();
    await user.selectOptions(policy, 'before_start');
    const hours = screen.getByLabelText('Hours before the start');
    expect(hours).toHaveValue(48);
    await user.clear(hours);
    await user.type(hours, '1000');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Hours before the start')).toHaveAccessibleDescription('Refund hours must be a whole number from 0 to 720');

    await user.clear(screen.getByLabelText('Hours before the start'));
    await user.type(screen.getByLabelText('Hours before the start'), '24');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Review Event' });
    expect(screen.getByText('Full refund until 24 hours before the start')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await screen.findByTestId('location');
    expect(network.sent(calls.createEvent)[0]?.body).toMatchObject({ refund_policy: 'before_start', refund_hours: 24 });
  });

  it('sets registrations per email (1 to 10, the message under the field) and the email confirmation of free tickets', async () => {
    const network = mockNetwork();
    network.on(calls.createEvent, ok(event(), 'Event created'));
    const { user } = await openTicketStep();
    await addFreeTicket(user, '20');

    // One registration per email and no confirmation unless the organiser changes them.
    const perEmail = screen.getByLabelText('Registrations per email');
    expect(perEmail).toHaveValue(1);
    expect(perEmail).toHaveAccessibleDescription('How many times one email address may register (1 to 10)');
    const confirm = screen.getByRole('switch', { name: 'Confirm email for free tickets' });
    expect(confirm).not.toBeChecked();

    await user.clear(perEmail);
    await user.type(perEmail, '11');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Registrations per email')).toHaveAccessibleDescription('Registrations per email must be a whole number from 1 to 10');
    expect(screen.getByRole('heading', { name: 'Ticket Details' })).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Registrations per email'));
    await user.type(screen.getByLabelText('Registrations per email'), '4');
    await user.click(confirm);
    expect(confirm).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Review Event' });
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await screen.findByTestId('location');
    expect(network.sent(calls.createEvent)[0]?.body).toMatchObject({ max_registrations_per_email: 4, confirm_email_for_free: true });
  });

  it("shows the server's message in the 'Oops...' alert when creation fails", async () => {
    const network = mockNetwork();
    network.on(calls.createEvent, fail('Please choose future date!'));
    const { user } = await openTicketStep();
    await addFreeTicket(user, '5');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Create Event' }));

    const alert = await screen.findByRole('dialog', { name: 'Oops...' });
    expect(within(alert).getByText('Please choose future date!')).toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('keeps the step, the tickets and the settings in the draft, and restores them after a reload', async () => {
    mockNetwork();
    const first = await openTicketStep();
    await addFreeTicket(first.user, '30');
    await first.user.click(screen.getByRole('switch', { name: 'Confirm email for free tickets' }));
    type Stored = { step: number; values: { prices: unknown[]; confirm_email_for_free: boolean } };
    const stored = readStored('eventDraft', (value) => value as Stored);
    expect(stored?.step).toBe(2);
    expect(stored?.values.prices).toEqual([{ title: 'Free', amount: 0, attendees: 30, withChips: 'without' }]);
    expect(stored?.values.confirm_email_for_free).toBe(true);

    first.unmount();
    writeStored('eventDraft', stored);
    renderRoutes(routeObjects, routes.eventAdd);
    expect(await screen.findByRole('button', { name: 'Edit ticket Free' })).toBeInTheDocument();
    expect(screen.getByText('30 in stock · Without Chips')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Confirm email for free tickets' })).toBeChecked();
  });

  it('writes the draft to storage and restores it after a reload', async () => {
    mockNetwork();
    const first = renderRoutes(routeObjects, routes.eventAdd);
    await screen.findByRole('heading', { name: 'Event Details' });
    await first.user.type(screen.getByLabelText('Event Name'), 'Draft Event');
    const stored = readStored('eventDraft', (value) => value as { key: string; values: { title: string } });
    expect(stored?.key).toBe('add');
    expect(stored?.values.title).toBe('Draft Event');

    // A reload: a new page with an empty memory finds the draft in storage.
    first.unmount();
    writeStored('eventDraft', { ...stored, step: 1 });
    renderRoutes(routeObjects, routes.eventAdd);
    await waitFor(() => expect(screen.getByLabelText('Event Name')).toHaveValue('Draft Event'));
  });
});
