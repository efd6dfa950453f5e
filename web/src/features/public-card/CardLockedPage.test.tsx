import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pages as sharedPages } from '@tapcard/shared/pages';
import { networkForEachTest } from '../../test/each-test.js';
import { LocationProbe, renderRoutes } from '../../test/render.js';
import { CardLockedPage } from './routes.js';

const pages = [
  { path: '/card/locked', Component: CardLockedPage },
  { path: '/', element: <LocationProbe label="home page" /> },
];

const net = networkForEachTest();

describe('the locked card page', () => {
  it('says the card is not active, asks nothing of the server and names no one', async () => {
    const { user } = renderRoutes(pages, sharedPages.cardLocked());
    expect(await screen.findByRole('heading', { level: 1, name: 'This card is not active' })).toBeInTheDocument();
    expect(screen.getByText('Its owner has paused it. If you found it, you can keep it safe or hand it in.')).toBeInTheDocument();
    // Nothing of the owner can be shown: the page has nothing to show it from.
    expect(net.requests).toEqual([]);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(1);
    await user.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(await screen.findByText(/home page \//)).toBeInTheDocument();
  });
});
