import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, ticketHolderCalls } from '@tapcard/shared/contract';
import { messages } from '@tapcard/shared/rules';
import { paths, routes } from '../../lib/paths.js';
import { ada, attendeeToken, EVENT_ID, TID } from '../../test/event-fixtures.js';
import { answer, fail, mockNetwork, ok } from '../../test/network.js';
import { renderRoutes } from '../../test/render.js';
import { EventTokenPage } from './EventTokenPage.js';

const routeObjects = [{ path: routes.eventToken, element: <EventTokenPage /> }];

async function openTicket(token = attendeeToken()) {
  const network = mockNetwork();
  network.on(calls.eventToken, ok(token));
  const rendered = renderRoutes(routeObjects, paths.eventToken(TID));
  await screen.findByRole('heading', { name: 'Registration Successful!' });
  return { network, ...rendered };
}

describe('Edit name on the ticket page', () => {
  it('checks the name with the shared rule under the field, then saves it once and shows it', async () => {
    const { network, user } = await openTicket();
    network.on(ticketHolderCalls.editTicketName, ok({ event_id: EVENT_ID, name: 'Ada King' }, messages.ticketNameSaved));
    await user.click(screen.getByRole('button', { name: 'Edit name' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit your name' });
    const field = within(dialog).getByLabelText('Name');
    expect(field).toHaveValue(ada.name);

    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(messages.nameRequired));
    expect(network.sent(ticketHolderCalls.editTicketName)).toHaveLength(0);

    await user.type(field, 'Ada King');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The page may show the saved name a render after the dialog has closed.
    expect(await screen.findByText('Ada King')).toBeInTheDocument();
    expect(network.sent(ticketHolderCalls.editTicketName)).toEqual([expect.objectContaining({ path: `/event/public/api/token/${TID}/name`, body: { name: 'Ada King' } })]);
  });

  it('shows the refusal after check-in in the dialog', async () => {
    const { network, user } = await openTicket();
    network.on(ticketHolderCalls.editTicketName, fail(messages.ticketCheckedInNoEdit, 409));
    await user.click(screen.getByRole('button', { name: 'Edit name' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit your name' });
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.ticketCheckedInNoEdit);
  });

  it('offers neither change once the attendee is checked in', async () => {
    const token = attendeeToken();
    await openTicket({ ...token, attendee: { ...token.attendee, checked_in: true } });
    expect(screen.queryByRole('button', { name: 'Edit name' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Transfer ticket' })).not.toBeInTheDocument();
  });
});

describe('Transfer ticket on the ticket page', () => {
  it('checks both fields under them, confirms that the QR code stops working, sends once, and then shows the ticket as transferred', async () => {
    const { network, user } = await openTicket();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    network.on(ticketHolderCalls.transferTicket, async () => {
      await held;
      return answer({ success: 'true' as const, message: messages.ticketTransferred, data: { event_id: EVENT_ID } });
    });
    await user.click(screen.getByRole('button', { name: 'Transfer ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer your ticket' });
    const name = within(dialog).getByLabelText('Their name');
    const email = within(dialog).getByLabelText('Their email');

    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(messages.nameRequired));
    expect(email).toHaveAccessibleDescription(messages.emailRequired);

    await user.type(name, 'Grace Hopper');
    await user.type(email, 'grace@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Transfer this ticket?' });
    expect(confirm).toHaveAccessibleDescription('Your ticket goes to Grace Hopper (grace@example.com).');
    expect(within(confirm).getByText(/Your current QR code and ticket link will stop working at once/)).toBeInTheDocument();

    const send = within(confirm).getByRole('button', { name: 'Transfer ticket' });
    await user.click(send);
    await user.click(send);
    release();
    expect(await screen.findByRole('heading', { name: 'This ticket was transferred' })).toBeInTheDocument();
    expect(network.sent(ticketHolderCalls.transferTicket)).toEqual([expect.objectContaining({ path: `/event/public/api/token/${TID}/transfer`, body: { name: 'Grace Hopper', email: 'grace@example.com' } })]);
    expect(screen.queryByRole('img', { name: 'QR code of your ticket for the door' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Grace/)).not.toBeInTheDocument();
  });

  it('takes a field the server refused back to the form, under the field', async () => {
    const { network, user } = await openTicket();
    network.on(ticketHolderCalls.transferTicket, answer({ success: 'false', message: messages.ticketTransferSelf, data: null, errors: [{ field: 'email', message: messages.ticketTransferSelf }] }, 400));
    await user.click(screen.getByRole('button', { name: 'Transfer ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer your ticket' });
    await user.type(within(dialog).getByLabelText('Their name'), 'Ada Again');
    await user.type(within(dialog).getByLabelText('Their email'), 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Transfer this ticket?' })).getByRole('button', { name: 'Transfer ticket' }));
    const back = await screen.findByRole('dialog', { name: 'Transfer your ticket' });
    await waitFor(() => expect(within(back).getByLabelText('Their email')).toHaveAccessibleDescription(messages.ticketTransferSelf));
  });

  it('says a transferred ticket’s old link was transferred, with nothing of the ticket', async () => {
    const network = mockNetwork();
    network.on(calls.eventToken, fail(messages.ticketWasTransferred, 410));
    renderRoutes(routeObjects, paths.eventToken(TID));
    expect(await screen.findByRole('heading', { name: 'This ticket was transferred' })).toBeInTheDocument();
    expect(screen.getByText(/This link and its QR code no longer work/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', routes.home);
    expect(screen.queryByText(ada.name)).not.toBeInTheDocument();
  });
});
