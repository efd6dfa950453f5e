import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, type Event } from '@tapcard/shared/contract';
import { icsUtc, timeZoneLabel } from '@tapcard/shared/domain';
import { paths, routes } from '../../lib/paths.js';
import { dates, event, EVENT_ID } from '../../test/event-fixtures.js';
import { mockNetwork, ok } from '../../test/network.js';
import { renderRoutes } from '../../test/render.js';
import { CardEventPage } from './CardEventPage.js';
import { CardEventRegisterPage } from './CardEventRegisterPage.js';
import { CardEventsPage } from './CardEventsPage.js';
import { OpenEventPage } from './OpenEventPage.js';
import { OpenEventRegisterPage } from './OpenEventRegisterPage.js';

const routeObjects = [
  { path: routes.cardEvents, element: <CardEventsPage /> },
  { path: routes.cardEvent, element: <CardEventPage /> },
  { path: routes.cardEventRegister, element: <CardEventRegisterPage /> },
  { path: routes.openEvent, element: <OpenEventPage /> },
  { path: routes.openEventRegister, element: <OpenEventRegisterPage /> },
];


/** Every ticket of the fixture taken. */
function soldOutEvent(overrides: Partial<Event> = {}): Event {
  const base = event({ ...dates.upcoming, ...overrides });
  return { ...base, prices: base.prices.map((price) => ({ ...price, sold: price.attendees })) };
}

describe('a sold-out event', () => {
  it('says so on the open event page, with no REGISTER NOW, and each ticket says Sold out', async () => {
    const network = mockNetwork();
    network.on(calls.openEvent, ok({ event: soldOutEvent() }));
    renderRoutes(routeObjects, paths.openEvent('tech-meetup'));
    expect(await screen.findByRole('heading', { name: 'Tech Meetup', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Sold out: every ticket has been taken.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'REGISTER NOW' })).not.toBeInTheDocument();
    const tickets = screen.getByRole('region', { name: 'Tickets' });
    expect(within(tickets).getAllByText('Sold out')).toHaveLength(2);
  });

  it('offers no form on either registration page', async () => {
    const network = mockNetwork();
    network.on(calls.openEvent, ok({ event: soldOutEvent() }));
    network.on(calls.publicEvent, ok(soldOutEvent()));
    const open = renderRoutes(routeObjects, paths.openEventRegister('tech-meetup'));
    expect(await screen.findByText('Sold out: every ticket has been taken.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
    open.unmount();

    renderRoutes(routeObjects, paths.cardEventRegister(EVENT_ID, 'ada'));
    expect(await screen.findByText('Sold out: every ticket has been taken.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
  });

  it("shows Sold out instead of Register on the card's event page and list", async () => {
    const network = mockNetwork();
    const full = soldOutEvent({ id: 'e1', title: 'Full House' });
    network.on(calls.publicEvent, ok(full));
    network.on(calls.cardEvents, ok({ upcoming: [full], past: [], all: [full] }));
    const page = renderRoutes(routeObjects, paths.cardEvent('e1', 'ada'));
    expect(await screen.findByText('Sold out: every ticket has been taken.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
    page.unmount();

    renderRoutes(routeObjects, paths.cardEvents('ada'));
    expect(await screen.findByRole('heading', { name: 'Latest Event' })).toBeInTheDocument();
    expect(screen.getAllByText('Sold out').length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: /^Register/ })).not.toBeInTheDocument();
  });

  it('keeps REGISTER NOW while one ticket is left, and says which ticket is sold out', async () => {
    const base = event({ ...dates.upcoming });
    const oneLeft = { ...base, prices: base.prices.map((price, i) => ({ ...price, sold: i === 0 ? price.attendees : price.attendees - 1 })) };
    const network = mockNetwork();
    network.on(calls.openEvent, ok({ event: oneLeft }));
    renderRoutes(routeObjects, paths.openEvent('tech-meetup'));
    expect(await screen.findByRole('link', { name: 'REGISTER NOW' })).toBeInTheDocument();
    const tickets = screen.getByRole('region', { name: 'Tickets' });
    expect(within(tickets).getByText('Sold out')).toBeInTheDocument();
    expect(within(tickets).getByText('1 in stock')).toBeInTheDocument();
  });
});

describe('an open link shared before the event was renamed', () => {
  it('shows the event and replaces the address with its current link, reading it once', async () => {
    const network = mockNetwork();
    network.on(calls.openEvent, ok({ event: event({ ...dates.upcoming, clean_name: 'tech-meetup-lagos' }) }));
    const { router } = renderRoutes(routeObjects, paths.openEvent('tech-meetup'));
    expect(await screen.findByRole('heading', { name: 'Tech Meetup', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.openEvent('tech-meetup-lagos')));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(screen.getByRole('link', { name: 'REGISTER NOW' })).toHaveAttribute('href', paths.openEventRegister('tech-meetup-lagos')));
    expect(network.sent(calls.openEvent).map((request) => request.query.get('id'))).toEqual(['tech-meetup']);
  });

  it('does the same on the registration page', async () => {
    const network = mockNetwork();
    network.on(calls.openEvent, ok({ event: event({ ...dates.upcoming, clean_name: 'tech-meetup-lagos' }) }));
    const { router } = renderRoutes(routeObjects, paths.openEventRegister('tech-meetup'));
    expect(await screen.findByLabelText('Full Name')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.openEventRegister('tech-meetup-lagos')));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('when the event runs', () => {
  const timed = event({ title: 'Tech Meetup, Lagos', start_date: '2030-12-12T10:00', end_date: '2030-12-13T18:30', location: 'Yaba; Lagos' });

  it('shows the start and end with their times and the time zone', async () => {
    const network = mockNetwork();
    network.on(calls.openEvent, ok({ event: timed }));
    renderRoutes(routeObjects, paths.openEvent('tech-meetup'));
    const starts = await screen.findByText('Starts');
    expect(starts.nextElementSibling).toHaveTextContent('Thu, 12 Dec 2030, 10:00');
    expect(screen.getByText('Ends').nextElementSibling).toHaveTextContent('Fri, 13 Dec 2030, 18:30');
    expect(screen.getByText('Time zone').nextElementSibling).toHaveTextContent(timeZoneLabel(new Date(2030, 11, 12, 10)));
    expect(screen.getByText('Location').nextElementSibling).toHaveTextContent('Yaba; Lagos');
  });

  it('offers the event as an .ics download built from it', async () => {
    const network = mockNetwork();
    network.on(calls.publicEvent, ok(timed));
    renderRoutes(routeObjects, paths.cardEvent(EVENT_ID, 'ada'));
    const link = await screen.findByRole('link', { name: 'Add to calendar' });
    expect(link).toHaveAttribute('download', 'tech-meetup.ics');
    const href = link.getAttribute('href') ?? '';
    expect(href.startsWith('data:text/calendar;charset=utf-8,')).toBe(true);
    const text = decodeURIComponent(href.slice(href.indexOf(',') + 1));
    expect(text.endsWith('\r\n')).toBe(true);
    const unfolded = text.replace(/\r\n /g, '').split('\r\n');
    expect(unfolded).toContain(`DTSTART:${icsUtc(new Date(2030, 11, 12, 10))}`);
    expect(unfolded).toContain(`DTEND:${icsUtc(new Date(2030, 11, 13, 18, 30))}`);
    expect(unfolded).toContain('SUMMARY:Tech Meetup\\, Lagos');
    expect(unfolded).toContain('LOCATION:Yaba\\; Lagos');
    expect(unfolded).toContain(`URL:${window.location.origin}/events/l/tech-meetup`);
    expect(unfolded).toContain(`UID:${EVENT_ID}@${window.location.hostname}`);
  });
});
