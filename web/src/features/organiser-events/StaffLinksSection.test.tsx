import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { doorCalls, type DoorSettings, type StaffLink } from '@tapcard/shared/contract';
import { messages } from '@tapcard/shared/rules';
import { fail, mockNetwork, ok } from '../../test/network.js';
import { renderRoutes, signIn, signOut } from '../../test/render.js';
import { StaffLinksSection } from './StaffLinksSection.js';

const EVENT_ID = 'e1';
const routeObjects = [{ path: '/event/:id', element: <StaffLinksSection eventId={EVENT_ID} /> }];
const later = new Date(Date.now() + 3 * 24 * 3_600_000).toISOString();
const link = (over: Partial<StaffLink> = {}): StaffLink => ({
  id: 'l1',
  label: 'North gate',
  role: 'scan',
  expires_at: later,
  revoked_at: null,
  created_at: new Date().toISOString(),
  state: 'active',
  ...over,
});

/** The fake network with the event's door settings answered (check-out off unless said). */
function doorNetwork(checkOut = false) {
  return mockNetwork().on(doorCalls.doorSettings, ok({ event_id: EVENT_ID, settings: { check_out: checkOut } }));
}

/** The section with no staff links and check-out tracking as `checkOut`, whose switch saves what it is sent: the switch, found. */
async function openCheckOutSwitch(checkOut: boolean) {
  const network = doorNetwork(checkOut);
  network.on(doorCalls.listStaffLinks, ok({ event_id: EVENT_ID, links: [] }));
  network.on(doorCalls.setDoorSettings, (request) => ok({ event_id: EVENT_ID, settings: request.body as DoorSettings }));
  const { user } = renderRoutes(routeObjects, `/event/${EVENT_ID}`);
  return { network, user, toggle: await screen.findByRole('switch', { name: 'Track check-out' }) };
}

beforeEach(() => signIn());
afterEach(() => {
  signOut();
});

describe('staff links section', () => {
  it('says when there are no staff links yet', async () => {
    const network = doorNetwork();
    network.on(doorCalls.listStaffLinks, ok({ event_id: EVENT_ID, links: [] }));
    renderRoutes(routeObjects, `/event/${EVENT_ID}`);
    expect(await screen.findByText('No staff links yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Staff links' })).toBeInTheDocument();
  });

  it('offers to try again when the list fails to load', async () => {
    const network = doorNetwork();
    network.on(doorCalls.listStaffLinks, fail('Server error', 500));
    const { user } = renderRoutes(routeObjects, `/event/${EVENT_ID}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The staff links could not be loaded.');
    network.on(doorCalls.listStaffLinks, ok({ event_id: EVENT_ID, links: [link()] }));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('North gate')).toBeInTheDocument();
  });

  it('checks the gate name before sending, then shows the new link once with its QR code and lists it', async () => {
    const network = doorNetwork();
    let links: StaffLink[] = [];
    network.on(doorCalls.listStaffLinks, () => ok({ event_id: EVENT_ID, links }));
    network.on(doorCalls.createStaffLink, () => {
      links = [link()];
      return ok({ event_id: EVENT_ID, link: link(), path: '/door/the-secret' });
    });
    const { user } = renderRoutes(routeObjects, `/event/${EVENT_ID}`);
    await screen.findByText('No staff links yet.');

    await user.click(screen.getByRole('button', { name: 'Create staff link' }));
    expect(await screen.findByText(messages.gateLabelRequired)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Gate name' })).toHaveFocus();
    expect(network.sent(doorCalls.createStaffLink)).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Gate name' }), 'North gate');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Works until' }), '24h');
    await user.click(screen.getByRole('button', { name: 'Create staff link' }));

    const created = await screen.findByRole('region', { name: 'Staff link for North gate' });
    expect(within(created).getByRole('textbox', { name: 'Staff link' })).toHaveValue(`${window.location.origin}/door/the-secret`);
    expect(within(created).getByRole('img', { name: 'QR code of the staff link for North gate' })).toBeInTheDocument();
    expect(network.sent(doorCalls.createStaffLink)[0]?.body).toEqual({ label: 'North gate', expiry: '24h' });
    const list = await screen.findByRole('list', { name: 'Staff links' });
    expect(within(list).getByText('Active')).toBeInTheDocument();

    await user.click(within(created).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('region', { name: 'Staff link for North gate' })).not.toBeInTheDocument();
  });

  it('revokes a link after the confirmation, and shows it revoked', async () => {
    const network = doorNetwork();
    let links = [link(), link({ id: 'l2', label: 'Old gate', state: 'expired' })];
    network.on(doorCalls.listStaffLinks, () => ok({ event_id: EVENT_ID, links }));
    network.on(doorCalls.revokeStaffLink, () => {
      links = [link({ state: 'revoked', revoked_at: new Date().toISOString() }), links[1]!];
      return ok({ event_id: EVENT_ID, link: links[0]! });
    });
    const { user } = renderRoutes(routeObjects, `/event/${EVENT_ID}`);
    // Only an active link can be revoked.
    expect(await screen.findByRole('button', { name: 'Revoke the staff link for North gate' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke the staff link for Old gate' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoke the staff link for North gate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the staff link for North gate?' });
    expect(network.sent(doorCalls.revokeStaffLink)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    await waitFor(() => expect(network.sent(doorCalls.revokeStaffLink)[0]?.path).toBe(`/event/api/staff-links/${EVENT_ID}/revoke/l1`));
    const list = screen.getByRole('list', { name: 'Staff links' });
    await waitFor(() => expect(within(list).getAllByText('Revoked').length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: 'Revoke the staff link for North gate' })).not.toBeInTheDocument();
  });

  it('turns check-out tracking on with the switch, and says what it changes', async () => {
    const { network, user, toggle } = await openCheckOutSwitch(false);
    expect(toggle).not.toBeChecked();
    expect(screen.getByText('Door phones then get an Exit mode, and the count shows who is inside now.')).toBeInTheDocument();

    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Track check-out' })).toBeChecked());
    expect(screen.getByText('On')).toBeInTheDocument();
    const sent = network.sent(doorCalls.setDoorSettings);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.path).toBe(`/event/api/door-settings/${EVENT_ID}`);
    expect(sent[0]?.body).toEqual({ check_out: true });
  });

  it('shows check-out tracking as the server has it, and turns it off', async () => {
    const { network, user, toggle } = await openCheckOutSwitch(true);
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Track check-out' })).not.toBeChecked());
    expect(network.sent(doorCalls.setDoorSettings)[0]?.body).toEqual({ check_out: false });
  });
});
