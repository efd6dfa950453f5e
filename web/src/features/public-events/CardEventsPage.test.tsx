import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { paths, routes } from '../../lib/paths.js';
import { dates, event } from '../../test/event-fixtures.js';
import { mockNetwork, ok } from '../../test/network.js';
import { renderRoutes } from '../../test/render.js';
import { CardEventsPage } from './CardEventsPage.js';

const routeObjects = [{ path: routes.cardEvents, element: <CardEventsPage /> }];

describe('card events', () => {
  it('shows the latest event with Register, truncated list items, and no Register for past events', async () => {
    const latest = event({ id: 'e1', title: 'Latest Meetup', description: 'D'.repeat(80), ...dates.upcoming });
    const next = event({ id: 'e2', title: 'A very long event title indeed', description: 'x'.repeat(70), ...dates.upcoming });
    const old = event({ id: 'e3', title: 'Old Event', ...dates.ended });
    const network = mockNetwork();
    network.on(calls.cardEvents, ok({ upcoming: [latest, next], past: [old], all: [latest, next, old] }));
    const { user } = renderRoutes(routeObjects, paths.cardEvents('ada'));

    expect(await screen.findByRole('heading', { name: 'Latest Event' })).toBeInTheDocument();
    expect(screen.getByText(`${'D'.repeat(50)}...`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'A very long event titl...' })).toBeInTheDocument();
    expect(screen.getByText(`${'x'.repeat(60)}...`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register for A very long event title indeed' })).toHaveAttribute('href', paths.cardEventRegister('e2', 'ada'));

    await user.click(screen.getByRole('tab', { name: 'Past' }));
    expect(await screen.findByRole('heading', { name: 'Old Event' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Register for Old Event' })).not.toBeInTheDocument();
  });

  it('says when there are no events', async () => {
    const network = mockNetwork();
    network.on(calls.cardEvents, ok({ upcoming: [], past: [], all: [] }));
    const { user } = renderRoutes(routeObjects, paths.cardEvents('ada'));
    expect(await screen.findByText('No Upcoming Events.')).toBeInTheDocument();
    expect(screen.getByText('Your upcoming events will appear here')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Past' }));
    expect(await screen.findByText('No Past Events.')).toBeInTheDocument();
    expect(screen.getByText('Your past events will appear here')).toBeInTheDocument();
  });
});
