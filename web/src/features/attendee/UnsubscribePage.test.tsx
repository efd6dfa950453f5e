import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { organiserMessageTexts } from '@tapcard/shared/rules';
import { paths, routes } from '../../lib/paths.js';
import { fail, mockNetwork } from '../../test/network.js';
import { renderRoutes } from '../../test/render.js';
import { UnsubscribePage } from './UnsubscribePage.js';

const TOKEN = 'unsubscribe-Token_0123456789abcdefghij';
const routeObjects = [{ path: routes.messageUnsubscribe, element: <UnsubscribePage /> }];

describe('unsubscribe page', () => {
  it('changes nothing on opening; the button unsubscribes once and says what still arrives', async () => {
    const network = mockNetwork();
    network.on(calls.unsubscribeInfo, () => ({ status: 200, json: { success: 'true' as const, data: { event_title: 'Lagos Tech Mixer', unsubscribed: false } } }));
    network.on(calls.unsubscribe, () => ({ status: 200, json: { success: 'true' as const, message: organiserMessageTexts.unsubscribed } }));
    renderRoutes(routeObjects, paths.messageUnsubscribe(TOKEN));
    expect(await screen.findByRole('heading', { level: 1, name: 'Unsubscribe from event messages' })).toBeInTheDocument();
    expect(screen.getByText('Stop receiving messages from the organiser of Lagos Tech Mixer?')).toBeInTheDocument();
    expect(network.sent(calls.unsubscribe)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(organiserMessageTexts.unsubscribed);
    expect(network.sent(calls.unsubscribe)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', routes.home);
  });

  it('says a link that does not work does not, with the way home', async () => {
    const network = mockNetwork();
    network.on(calls.unsubscribeInfo, fail(organiserMessageTexts.unsubscribeInvalid, 404));
    renderRoutes(routeObjects, paths.messageUnsubscribe(TOKEN));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(organiserMessageTexts.unsubscribeInvalid);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', routes.home);
  });
});
