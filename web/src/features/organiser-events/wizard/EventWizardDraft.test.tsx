import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { paths, routes } from '../../../lib/paths.js';
import { readStored, removeStored, writeStored } from '../../../lib/storage.js';
import { dates, event } from '../../../test/event-fixtures.js';
import { mockNetwork, ok } from '../../../test/network.js';
import { renderRoutes, signIn, signOut } from '../../../test/render.js';
import { EventAddPage } from '../EventAddPage.js';
import { EventUpdatePage } from '../EventUpdatePage.js';
import { eventValues } from './wizard-state.js';

const routeObjects = [
  { path: routes.eventAdd, element: <EventAddPage /> },
  { path: routes.eventUpdate, element: <EventUpdatePage /> },
];

beforeEach(() => signIn());
afterEach(async () => {
  // Unmounting a wizard queues the discard of its draft (a 0 ms timer): let it run now, so it cannot
  // remove the next test's stored draft.
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 0));
  signOut();
  removeStored('eventDraft');
  sessionStorage.clear();
});

const saved = event({ id: 'e1', title: 'Saved Title', ...dates.upcoming });

/** A draft of the update wizard left in storage by an earlier visit (another tab, days ago). */
function leaveStaleDraft() {
  writeStored('eventDraft', { key: 'e1', step: 2, values: { ...eventValues(saved), title: 'Stale Draft Title' }, visit: 'an-earlier-visit' });
}

/** Opens the saved event's wizard over a draft an earlier visit left: the prompt about it, found. */
async function openOverStaleDraft() {
  mockNetwork().on(calls.getEvent, ok(saved));
  leaveStaleDraft();
  const { user } = renderRoutes(routeObjects, paths.eventUpdate('e1'));
  return { user, prompt: await screen.findByRole('region', { name: 'Unsaved changes found' }) };
}

describe('event wizard focus', () => {
  it("moves focus to the new step's heading after Next and Previous", async () => {
    mockNetwork();
    const { user } = renderRoutes(routeObjects, routes.eventAdd);
    await screen.findByRole('heading', { name: 'Event Details' });
    await user.type(screen.getByLabelText('Event Name'), 'Launch Party');
    await user.type(screen.getByLabelText('Description'), 'Our product launch');
    await user.type(screen.getByLabelText('Location'), 'Lagos');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Ticket Details' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Event Details' })).toHaveFocus());
  });
});

describe('event wizard draft of another visit', () => {
  it('asks whether to resume the draft or start from the saved event; starting over shows the saved event', async () => {
    const { user, prompt } = await openOverStaleDraft();
    expect(screen.queryByLabelText('Event Name')).not.toBeInTheDocument();
    await user.click(within(prompt).getByRole('button', { name: 'Start from the saved event' }));

    await waitFor(() => expect(screen.getByLabelText('Event Name')).toHaveValue('Saved Title'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Event Details' })).toHaveFocus());
    expect(readStored('eventDraft', (value) => value as { values: { title: string } })?.values.title).toBe('Saved Title');
  });

  it('resumes the draft where it was left when asked to', async () => {
    const { user, prompt } = await openOverStaleDraft();
    await user.click(within(prompt).getByRole('button', { name: 'Resume draft' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Ticket Details' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByLabelText('Event Name')).toHaveValue('Stale Draft Title');
  });

  it('resumes without asking after a reload of the same visit', async () => {
    mockNetwork().on(calls.getEvent, ok(saved));
    const first = renderRoutes(routeObjects, paths.eventUpdate('e1'));
    await screen.findByRole('heading', { name: 'Event Details' });
    expect(screen.queryByRole('region', { name: 'Unsaved changes found' })).not.toBeInTheDocument();
    await first.user.type(screen.getByLabelText('Event Name'), ' Renamed');

    // A reload: the page's memory is gone, the tab (and its draft) are the same.
    const stored = readStored('eventDraft', (value) => value as Record<string, unknown>);
    first.unmount();
    await waitFor(() => expect(readStored('eventDraft', (value) => value)).toBeNull());
    writeStored('eventDraft', stored);
    renderRoutes(routeObjects, paths.eventUpdate('e1'));
    await waitFor(() => expect(screen.getByLabelText('Event Name')).toHaveValue('Saved Title Renamed'));
    expect(screen.queryByRole('region', { name: 'Unsaved changes found' })).not.toBeInTheDocument();
  });
});
