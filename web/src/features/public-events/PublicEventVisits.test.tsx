import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { paths } from '../../lib/paths.js';
import { dates, event, EVENT_ID } from '../../test/event-fixtures.js';
import { mockNetwork, ok } from '../../test/network.js';
import { serverThenBrowser } from '../../test/visitor.js';
import { cardEventsQuery, openEventQuery, publicEventQuery } from './api.js';
import { CardEventsVisit } from './CardEventsVisit.js';
import { CardEventVisit } from './CardEventVisit.js';
import { OpenEventVisit } from './OpenEventVisit.js';

const answer = (data: unknown) => ({ success: 'true', message: 'OK', data });
const people = [{ id: 'att-1', name: 'Bola Ade', image: '', price_category: 'Free' }];

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('the event pages of the light entry', () => {
  it("hydrate the card's events without a mismatch or a request, with plain links and working tabs", async () => {
    const network = mockNetwork();
    const latest = event({ id: 'e1', title: 'Latest Meetup', ...dates.upcoming });
    const old = event({ id: 'e3', title: 'Old Event', ...dates.ended });
    const lists = { upcoming: [latest], past: [old], all: [latest, old] };
    expect(await serverThenBrowser(CardEventsVisit, paths.cardEvents('ada'), [[cardEventsQuery('ada').queryKey, answer(lists)]])).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
    expect(network.sent(calls.cardEvents)).toEqual([]);
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute('href', paths.cardConnect('ada'));
    const featured = within(screen.getByRole('region', { name: 'Latest Event' }));
    expect(featured.getByRole('link', { name: 'Latest Meetup' })).toHaveAttribute('href', paths.cardEvent('e1', 'ada'));
    expect(featured.getByRole('link', { name: 'Register for Latest Meetup' })).toHaveAttribute('href', paths.cardEventRegister('e1', 'ada'));

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Past' }));
    expect(await screen.findByRole('heading', { name: 'Old Event' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Register for Old Event' })).not.toBeInTheDocument();
  });

  it("hydrate a card's event, then add its times, time zone and calendar link, with plain links", async () => {
    const network = mockNetwork();
    const shown = event({ ...dates.upcoming, attendees: people, attendee_count: 1 });
    expect(await serverThenBrowser(CardEventVisit, paths.cardEvent(EVENT_ID, 'ada'), [[publicEventQuery(EVENT_ID).queryKey, answer(shown)]])).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Tech Meetup' })).toBeInTheDocument();
    expect(network.sent(calls.publicEvent)).toEqual([]);
    expect(screen.getByRole('link', { name: /Events/ })).toHaveAttribute('href', paths.cardEvents('ada'));
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', paths.cardEventRegister(EVENT_ID, 'ada'));
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', paths.cardEventAttendees(EVENT_ID, 'ada'));
    expect(await screen.findByText('Time zone')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Add to calendar' })).toHaveAttribute('download', 'tech-meetup.ics');
  });

  it('hydrate the open event link, with REGISTER NOW as a plain link', async () => {
    const network = mockNetwork();
    window.history.replaceState(null, '', paths.openEvent('tech-meetup'));
    const shown = event({ ...dates.upcoming });
    expect(await serverThenBrowser(OpenEventVisit, paths.openEvent('tech-meetup'), [[openEventQuery('tech-meetup').queryKey, answer({ event: shown })]])).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Tech Meetup' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'REGISTER NOW' })).toHaveAttribute('href', paths.openEventRegister('tech-meetup'));
    expect(network.sent(calls.openEvent)).toEqual([]);
    expect(window.location.pathname).toBe(paths.openEvent('tech-meetup'));
  });

  it('replace an open link shared before the event was renamed with its current one, in place', async () => {
    const network = mockNetwork();
    window.history.replaceState(null, '', paths.openEvent('tech-meetup'));
    const length = window.history.length;
    const renamed = event({ ...dates.upcoming, clean_name: 'tech-meetup-lagos' });
    expect(await serverThenBrowser(OpenEventVisit, paths.openEvent('tech-meetup'), [[openEventQuery('tech-meetup').queryKey, answer({ event: renamed })]])).toEqual([]);
    await waitFor(() => expect(window.location.pathname).toBe(paths.openEvent('tech-meetup-lagos')));
    expect(window.history.length).toBe(length);
    expect(screen.getByRole('link', { name: 'REGISTER NOW' })).toHaveAttribute('href', paths.openEventRegister('tech-meetup-lagos'));
    expect(network.sent(calls.openEvent)).toEqual([]);
  });

  it('ask for the event themselves when the server could not load it', async () => {
    const network = mockNetwork();
    network.on(calls.openEvent, ok({ event: event({ ...dates.upcoming }) }));
    expect(await serverThenBrowser(OpenEventVisit, paths.openEvent('tech-meetup'), [])).toEqual([]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tech Meetup' })).toBeInTheDocument();
    expect(network.sent(calls.openEvent).map((request) => request.query.get('id'))).toEqual(['tech-meetup']);
  });

  it('show the not-found view for an event nobody has', async () => {
    const network = mockNetwork();
    await serverThenBrowser(CardEventVisit, paths.cardEvent('no-such-event'), []);
    expect(await screen.findByRole('heading', { name: 'You have found a rare gem!.' })).toBeInTheDocument();
    expect(network.sent(calls.publicEvent)[0]?.path).toContain('no-such-event');
  });

  it("show the card's concluded event as such", async () => {
    mockNetwork();
    const ended = event({ ...dates.ended });
    expect(await serverThenBrowser(OpenEventVisit, paths.openEvent('tech-meetup'), [[openEventQuery('tech-meetup').queryKey, answer({ event: ended })]])).toEqual([]);
    expect(screen.getByText('This event has been concluded')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'REGISTER NOW' })).not.toBeInTheDocument();
  });
});
