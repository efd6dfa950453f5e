import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { avatarFor } from '@tapcard/shared/domain';
import { paths, routes } from '../../lib/paths.js';
import { ADA_REGISTERS, event, EVENT_ID, TID } from '../../test/event-fixtures.js';
import { answer, fail, mockNetwork, ok } from '../../test/network.js';
import { typeInto } from '../../test/forms.js';
import { LocationProbe, renderRoutes } from '../../test/render.js';
import { CardEventRegisterPage } from './CardEventRegisterPage.js';
import { OpenEventPage } from './OpenEventPage.js';
import { OpenEventRegisterPage } from './OpenEventRegisterPage.js';

const routeObjects = [
  { path: routes.cardEventRegister, element: <CardEventRegisterPage /> },
  { path: routes.openEventRegister, element: <OpenEventRegisterPage /> },
  { path: routes.openEvent, element: <OpenEventPage /> },
  { path: routes.eventToken, element: <LocationProbe label="token page" /> },
];


async function fill(user: ReturnType<typeof renderRoutes>['user'], ticket = 'price-free') {
  await typeInto(user, ADA_REGISTERS);
  await user.selectOptions(screen.getByLabelText('Choose Ticket'), ticket);
}

describe('registration form', () => {
  it('shows the messages under the fields and sends nothing', async () => {
    const network = mockNetwork();
    network.on(calls.publicEvent, ok(event()));
    const { user } = renderRoutes(routeObjects, paths.cardEventRegister(EVENT_ID));

    const select = await screen.findByLabelText('Choose Ticket');
    expect(within(select).getByRole('option', { name: 'Select Category' })).toHaveValue('');
    await user.type(screen.getByLabelText('Email Address'), 'not-an-email');
    await user.type(screen.getByLabelText('Phone Number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(screen.getByLabelText('Full Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.getByLabelText('Email Address')).toHaveAccessibleDescription('Email is not valid');
    expect(screen.getByLabelText('Phone Number')).toHaveAccessibleDescription('Phone number is not valid');
    expect(select).toHaveAccessibleDescription('Please select a ticket');
    expect(network.sent(calls.register)).toHaveLength(0);
  });

  it('sends the registration with the image derived from the name and goes to the returned link', async () => {
    const network = mockNetwork();
    network.on(calls.publicEvent, ok(event()));
    network.on(calls.register, { status: 200, json: { success: 'true', link: paths.eventToken(TID) } });
    const { user } = renderRoutes(routeObjects, paths.cardEventRegister(EVENT_ID));
    await screen.findByLabelText('Choose Ticket');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByTestId('location')).toHaveTextContent(`token page ${paths.eventToken(TID)}`);
    expect(network.sent(calls.register)[0]?.body).toEqual({
      name: 'Ada Obi',
      email: 'ada@example.com',
      phone: '+2348012345678',
      event_prices_id: 'price-free',
      event_id: EVENT_ID,
      image: avatarFor('Ada Obi'),
    });
  });

  it("shows a failure in red below the button on the card's event page", async () => {
    const network = mockNetwork();
    network.on(calls.publicEvent, ok(event()));
    network.on(calls.register, fail('This ticket is sold out'));
    const { user } = renderRoutes(routeObjects, paths.cardEventRegister(EVENT_ID));
    await screen.findByLabelText('Choose Ticket');
    await fill(user, 'price-vip');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const message = await screen.findByText('This ticket is sold out');
    expect(message).toHaveAttribute('role', 'alert');
    // Below the button.
    expect(screen.getByRole('button', { name: 'Register' }).compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("opens the 'Something Went Wrong!' dialog on the open event link, closed by 'Try Again!'", async () => {
    const network = mockNetwork();
    network.on(calls.openEvent, ok({ event: event() }));
    network.on(calls.register, fail('This ticket is sold out'));
    const { user } = renderRoutes(routeObjects, paths.openEventRegister('tech-meetup'));
    await screen.findByLabelText('Choose Ticket');
    expect(network.sent(calls.openEvent)[0]?.query.get('id')).toBe('tech-meetup');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const dialog = await screen.findByRole('dialog', { name: 'Something Went Wrong!' });
    expect(within(dialog).getByText('This ticket is sold out')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Try Again!' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Full Name')).toHaveValue('Ada Obi');
  });

  it('reads the event again when the visitor goes back to it after registering (new stock and count)', async () => {
    const network = mockNetwork();
    let registered = 0;
    network.on(calls.openEvent, () => ok({ event: { ...event(), attendee_count: registered } }));
    network.on(calls.register, () => {
      registered = 1;
      return answer({ success: 'true', link: paths.eventToken(TID) });
    });
    const { user, router } = renderRoutes(routeObjects, paths.openEventRegister('tech-meetup'));
    await screen.findByLabelText('Choose Ticket');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByTestId('location');

    await router.navigate(paths.openEvent('tech-meetup'));
    expect(await screen.findByText('1 registered')).toBeInTheDocument();
    expect(network.sent(calls.openEvent)).toHaveLength(2);
  });

  it('shows a repeat registration\'s message under the email field', async () => {
    const network = mockNetwork();
    network.on(calls.publicEvent, ok(event()));
    const taken = 'This email is already registered for this event';
    network.on(calls.register, { status: 409, json: { success: 'false', message: taken, data: null, errors: [{ field: 'email', message: taken }] } });
    const { user } = renderRoutes(routeObjects, paths.cardEventRegister(EVENT_ID));
    await screen.findByLabelText('Choose Ticket');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(screen.getByLabelText('Email Address')).toHaveAccessibleDescription(taken));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('tells the registrant to check their email when the organiser asks for a confirmation', async () => {
    const network = mockNetwork();
    network.on(calls.openEvent, ok({ event: event() }));
    const sent = 'Almost there! Check your email and confirm your registration within 30 minutes to receive your event access.';
    network.on(calls.register, { status: 200, json: { success: 'true', message: sent, link: '', pending: true } });
    const { user } = renderRoutes(routeObjects, paths.openEventRegister('tech-meetup'));
    await screen.findByLabelText('Choose Ticket');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const heading = await screen.findByRole('heading', { name: 'Check your email' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent(sent);
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
